/** Strings of the platform screens: settings, holiday calendar, messages, audit log. */
export default {
  messages: {
    title: 'Messages',
    all: 'All',
    unread: 'Unread',
    unreadWithCount: 'Unread ({{count}})',
    readAll: 'Mark all read',
    markRead: 'Mark read',
    open: 'Open',
    empty: 'No messages yet',
    noUnread: 'No unread messages',
  },
  messageKinds: {
    demand: {
      submitted: {
        title: 'Demand submitted',
        content: 'Your demand {{demandNo}} has been submitted; {{org}} will accept it {{deadline}}.',
      },
      accepted: {
        title: 'Demand accepted',
        content:
          'Your demand {{demandNo}} has been accepted by {{org}}. Please keep your phone on; the bank will contact you.',
      },
      granted: {
        title: 'Loan granted',
        content:
          'Your demand {{demandNo}}: {{org}} granted {{amount}} × 10k CNY (annual rate {{rate}}%, {{term}} months, granted on {{grantedAt}}).',
      },
      rejected: {
        title: 'Demand not approved',
        content: 'Your demand {{demandNo}} was not approved by {{org}}. Reason: {{rejectCode}}{{detail}}.',
      },
      withdrawn: { title: 'Demand withdrawn', content: 'You withdrew demand {{demandNo}}{{reason}}.' },
      expired: {
        title: 'Demand not accepted in time',
        content:
          'Your demand {{demandNo}} was not accepted within the deadline; the supervising department will arrange for an institution to take it.',
      },
      reassigned: {
        title: 'Demand reassigned',
        content: 'The supervising department assigned your demand {{demandNo}} to {{org}}.',
      },
      statusChanged: {
        title: 'Demand status updated',
        content: 'Your demand {{demandNo}} is now {{status}}{{reason}}.',
      },
      pooled: {
        title: 'Demand made public',
        content: 'Your demand {{demandNo}} is now in the public pool; every bank of the district may accept it.',
      },
      guaranteeAccepted: {
        title: 'Guarantee demand accepted',
        content: 'Your guarantee demand {{demandNo}} has been accepted by {{org}}. Please keep your phone on.',
      },
      guaranteed: {
        title: 'Guarantee agreed',
        content:
          '{{org}} agreed to guarantee your demand {{demandNo}} ({{amount}} × 10k CNY) and will recommend a partner bank.',
      },
      handedToBank: {
        title: 'Guarantee demand handed to a bank',
        content: 'The guarantee institution handed your demand {{demandNo}} to {{org}}.',
      },
      targeted: {
        title: 'New demand addressed to you',
        content: '{{applicant}} submitted demand {{demandNo}} ({{amount}} × 10k CNY); please accept it {{deadline}}.',
      },
      guaranteeRequested: {
        title: 'New guarantee demand',
        content: '{{applicant}} submitted demand {{demandNo}} ({{amount}} × 10k CNY); please accept it {{deadline}}.',
      },
      withdrawnByApplicant: {
        title: 'Demand withdrawn by the applicant',
        content: '{{applicant}} withdrew demand {{demandNo}}{{reason}}.',
      },
      assigned: {
        title: 'Demand assigned by the supervisor',
        content:
          'Demand {{demandNo}} ({{applicant}}, {{amount}} × 10k CNY) has been assigned to your institution; please accept it {{deadline}}.',
      },
      handedOver: {
        title: 'Demand handed over by a guarantee institution',
        content:
          'Demand {{demandNo}} ({{applicant}}, guaranteed {{amount}} × 10k CNY) has been handed to your institution; please decide it {{deadline}}.',
      },
      dispatched: {
        title: 'Demand dispatched to you',
        content:
          'Demand {{demandNo}} ({{applicant}}, {{amount}} × 10k CNY) has been dispatched to your institution; please decide it {{deadline}}.',
      },
      urged: { title: 'Demand urged', content: '{{supervisor}} urged demand {{demandNo}} ({{status}}): {{text}}' },
      acceptDeadlineNear: {
        title: 'Acceptance deadline near',
        content: 'Demand {{demandNo}} ({{applicant}}, {{amount}} × 10k CNY) must be accepted {{deadline}}.',
      },
      decideDeadlineNear: {
        title: 'Decision deadline near',
        content: 'Demand {{demandNo}} ({{applicant}}, {{amount}} × 10k CNY) must be decided {{deadline}}.',
      },
      overdue: {
        title: 'Demand not accepted in time',
        content:
          'Demand {{demandNo}} ({{applicant}}, {{amount}} × 10k CNY) was not accepted within the deadline; please urge or reassign it.',
      },
    },
    shelter: {
      submitted: {
        title: 'Shelter application submitted',
        content:
          'Your shelter application {{caseNo}} has been submitted; the supervisor will review it against the admission conditions.',
      },
      reviewing: {
        title: 'Shelter application under review',
        content: 'Your shelter application {{caseNo}} is under review.',
      },
      admitted: {
        title: 'Admitted to the shelter',
        content:
          'Your shelter application {{caseNo}} has been admitted. Lead bank: {{leadBank}}{{helperBanks}}. The banks will contact you about the help.',
      },
      refused: {
        title: 'Shelter application not admitted',
        content: 'Your shelter application {{caseNo}} was not admitted. Reason: {{why}}',
      },
      withdrawn: {
        title: 'Shelter application withdrawn',
        content: 'You withdrew shelter application {{caseNo}}{{reason}}.',
      },
      exited: {
        title: 'Shelter help ended',
        content: 'Your shelter case {{caseNo}} has exited ({{outcome}}{{detail}}).',
      },
      helped: {
        title: 'Shelter help given',
        content:
          'Your shelter case {{caseNo}} has a new measure of help: {{help}}{{amount}}{{rateUp}}{{rateDown}}{{newDueDate}}{{penaltyWaived}} ({{givenOn}}).',
      },
      bankAssigned: {
        title: 'Shelter help task',
        content:
          '{{enterprise}} ({{caseNo}}) is in the shelter and your bank is its {{role}}; please contact the enterprise and record the help.',
      },
      urged: {
        title: 'Shelter help urged',
        content: '{{supervisor}} urged the help of shelter enterprise {{enterprise}} ({{caseNo}}): {{text}}',
      },
      applied: {
        title: 'New shelter application',
        content: '{{enterprise}} applied to the shelter ({{caseNo}}); please review it.',
      },
    },
    chain: {
      claim: {
        lapsing: {
          title: 'Chain claim about to lapse',
          content:
            "Your institution's claim on {{enterprise}} of {{chain}} lapses on {{until}}; visit it or release the claim before then.",
        },
      },
    },
    product: {
      approved: {
        title: 'Product approved',
        content: 'Your product "{{product}}" passed the platform review and is listed in the supermarket.',
      },
      rejected: {
        title: 'Product not approved',
        content:
          'Your product "{{product}}" did not pass the platform review. Reason: {{why}}. Please edit it and submit again.',
      },
      delisted: {
        title: 'Product delisted',
        content: 'The platform delisted your product "{{product}}"; contact the operator with any question.',
      },
      submitted: {
        title: 'Product to review',
        content: '{{provider}} submitted the product "{{product}}"; please review it.',
      },
    },
    credit: {
      queried: {
        title: 'Credit query notice',
        content: "{{institution}} ({{user}}) queried your enterprise's credit information on {{day}} for {{purpose}}.",
      },
      queryRefused: {
        title: 'Credit query notice',
        content:
          "{{institution}} ({{user}}) tried to query your enterprise's credit information on {{day}} for {{purpose}}; it was refused for lack of a live consent.",
      },
      consentGiven: {
        title: 'Credit consent received',
        content:
          '{{subject}} consents to your institution querying its credit information for {{purpose}} until {{expiresOn}}.',
      },
      consentRevoked: {
        title: 'Credit consent revoked',
        content: '{{subject}} revoked its consent for {{purpose}}; further queries will be refused.',
      },
    },
    account: {
      welcome: {
        title: 'Welcome to the inclusive finance service platform',
        content:
          'Your account is open. Check your account details under My account and bind a mobile number to receive reminders in time.',
      },
    },
    password: {
      locked: {
        title: 'Too many wrong passwords: password checks paused',
        content:
          'Account {{username}} failed {{count}} password checks within {{minutes}} minutes; password sign-in and checks are paused for {{minutes}} minutes. If this was not you, change your password soon.',
      },
    },
  },
  messageParams: {
    org: { some: '{{value}}', none: 'a bank' },
    deadline: { some: 'by {{value}}', none: 'as soon as possible' },
    reason: { some: ' (reason: {{value}})' },
    detail: { some: ': {{value}}' },
    supervisor: { some: '{{value}}', none: 'The supervising department' },
    institution: { some: '{{value}}', none: 'A financial institution' },
    provider: { some: '{{value}}', none: 'An institution' },
    helperBanks: { some: '; helping banks: {{value}}' },
    amount: { some: ', {{value}} × 10k CNY' },
    rateUp: { some: ', rate up {{value}} bp' },
    rateDown: { some: ', rate down {{value}} bp' },
    newDueDate: { some: ', new due date {{value}}' },
    penaltyWaived: { some: ', penalty interest of {{value}} × 10k CNY waived' },
  },
  messageListSeparator: ', ',
  settings: {
    tabSettings: 'Settings',
    tabHolidays: 'Holiday calendar',
    session: 'Sessions',
    sessionIdleMinutes: 'Idle timeout (minutes)',
    sessionIdleHelp: 'Sign in again after this long without activity, 5 to 1440 minutes',
    sessionAbsoluteHours: 'Longest session (hours)',
    sessionAbsoluteHelp: 'How long a sign-in lasts at most; not shorter than the idle timeout',
    sla: 'Demand deadlines',
    slaAcceptDays: 'Acceptance deadline (working days)',
    slaAcceptHelp: 'A bank accepts a demand within this many working days; 3 by default',
    slaDecisionDays: 'Decision deadline (working days)',
    slaDecisionHelp: 'After acceptance, the loan is granted or refused within this many working days; 15 by default',
    links: 'External links',
    toSyxUrl: 'Credit management system (toSYX) address',
    toSyxUrlHelp:
      'Leave empty to hide the external credit system link; every credit page still shows the consents and query log of the platform',
    firstLoanCentreUrl: 'First-loan centre address',
    allowlist: 'Sign-in redirect allowlist',
    allowlistHelp:
      'Single sign-on only returns to addresses on this list: same scheme, host and port, and a path under the one given.',
    builtIn: 'Built in (from the deployment)',
    allowlistEntry: 'Redirect address',
    allowlistPlaceholder: 'https://example.gov.cn/client/',
    addEntry: 'Add address',
    removeEntry: 'Remove',
    save: 'Save settings',
    reset: 'Revert',
    saved: 'Settings saved; every server applies them within seconds',
  },
  holidays: {
    year: 'Year',
    add: 'Add a day',
    day: 'Date',
    weekday: 'Weekday',
    kind: 'Kind',
    name: 'Name',
    namePlaceholder: 'e.g. National Day, National Day swapped working day',
    actions: 'Actions',
    edit: 'Edit',
    remove: 'Remove',
    removeConfirm: 'Remove {{day}} from the calendar?',
    removed: 'Removed',
    saved: 'Saved',
    addTitle: 'Add a holiday or a swapped working day',
    editTitle: 'Edit {{day}}',
    kindHelp: 'Holiday: a weekday off; swapped working day: a Saturday or Sunday worked',
    workdayOnWeekday: 'A swapped working day must be a Saturday or Sunday',
    hint: 'Monday to Friday are working days and weekends are off unless listed here. Deadlines count working days.',
    summary: '{{year}}: {{holidays}} holidays, {{workdays}} swapped working days',
    empty: 'No days recorded for this year yet; use "Add a day"',
  },
  audit: {
    username: 'Account',
    usernamePlaceholder: 'Exact account name',
    action: 'Action',
    actionPlaceholder: 'All actions',
    dateRange: 'Date',
    target: 'Target',
    targetPlaceholder: 'Text in the target',
    at: 'Time',
    who: 'User',
    ip: 'IP address',
    detail: 'Details',
    detailTitle: 'Action details',
    noDetail: 'Nothing more recorded',
    system: 'System',
    exportName: 'Audit log',
    empty: 'No records match; change the filters',
  },
};
