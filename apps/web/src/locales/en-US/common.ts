import type zh from '../zh-CN/common.ts';

/** Typed by the Chinese file, so a missing or extra key fails the typecheck as well as the parity test. */
const common: typeof zh = {
  appName: 'Demonstration City Inclusive Finance Service Hall',
  request: {
    defaultError: 'Request error, please retry.',
    sessionExpired: 'Your login status has expired, please log in again',
    httpErrorTitle: 'Request error {{status}}: {{url}}',
    unknownStatus: 'The server returned an unexpected status.',
    networkErrorTitle: 'Network anomaly',
    networkErrorDescription: 'Your network has an error and cannot connect to the server',
  },
  httpStatus: {
    '200': 'The server returned the requested data.',
    '201': 'The data was created or modified.',
    '202': 'The request has been queued in the background (asynchronous task).',
    '204': 'The data was deleted.',
    '400': 'The request was wrong; the server did not create or modify any data.',
    '401': 'The user is not authorised (wrong token, user name or password).',
    '403': 'The user is authorised, but access is forbidden.',
    '404': 'The request refers to a record that does not exist; the server did nothing.',
    '406': 'The requested format is not available.',
    '410': 'The requested resource has been permanently deleted and will not come back.',
    '422': 'A validation error occurred while creating an object.',
    '500': 'The server had an error; please check the server.',
    '502': 'Bad gateway.',
    '503': 'The service is unavailable; the server is overloaded or under maintenance.',
    '504': 'Gateway time-out.',
  },
  importFailures: {
    rowNo: 'Row',
    reason: 'Reason',
    data: 'Row data',
    none: 'No failed rows',
  },
  actions: {
    ok: 'OK',
    cancel: 'Cancel',
    retry: 'Retry',
    reload: 'Reload page',
    backHome: 'Back to home',
    search: 'Search',
    reset: 'Reset',
    submit: 'Submit',
    expandFilter: 'More filters',
    collapseFilter: 'Fewer filters',
  },
  pagination: {
    total: '{{total}} items in total',
  },
  language: {
    label: 'Language',
    'zh-CN': '简体中文',
    'en-US': 'English',
  },
  state: {
    loading: 'Loading…',
    empty: 'No data',
  },
  validation: {
    required: 'Please enter {{label}}',
    noWhitespace: '{{label}} must not contain spaces',
    notBlank: '{{label}} must not be only spaces',
  },
};

export default common;
