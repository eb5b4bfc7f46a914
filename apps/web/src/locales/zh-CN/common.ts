/** Shared texts: product name, request errors (SPEC 8), HTTP status meanings, generic actions. */
export default {
  appName: '示范市普惠金融服务平台',
  request: {
    defaultError: '请求错误，请重试。',
    sessionExpired: '登录状态已过期，请重新登录',
    httpErrorTitle: '请求错误 {{status}}: {{url}}',
    unknownStatus: '服务器返回了意外的状态。',
    networkErrorTitle: '网络异常',
    networkErrorDescription: '您的网络发生异常，无法连接服务器',
  },
  /** ant-design-pro's table of status meanings. */
  httpStatus: {
    '200': '服务器成功返回请求的数据。',
    '201': '新建或修改数据成功。',
    '202': '一个请求已经进入后台排队（异步任务）。',
    '204': '删除数据成功。',
    '400': '发出的请求有错误，服务器没有进行新建或修改数据的操作。',
    '401': '用户没有权限（令牌、用户名、密码错误）。',
    '403': '用户得到授权，但是访问是被禁止的。',
    '404': '发出的请求针对的是不存在的记录，服务器没有进行操作。',
    '406': '请求的格式不可得。',
    '410': '请求的资源被永久删除，且不会再得到的。',
    '422': '当创建一个对象时，发生一个验证错误。',
    '500': '服务器发生错误，请检查服务器。',
    '502': '网关错误。',
    '503': '服务不可用，服务器暂时过载或维护。',
    '504': '网关超时。',
  },
  importFailures: {
    rowNo: '行号',
    reason: '失败原因',
    data: '原始数据',
    none: '没有失败的行',
  },
  actions: {
    ok: '确定',
    cancel: '取消',
    retry: '重试',
    reload: '刷新页面',
    backHome: '返回首页',
    search: '查询',
    reset: '重置',
    submit: '提交',
  },
  pagination: {
    total: '共 {{total}} 条',
  },
  language: {
    label: '语言',
    'zh-CN': '简体中文',
    'en-US': 'English',
  },
  state: {
    loading: '加载中…',
    empty: '暂无数据',
  },
  validation: {
    required: '请输入{{label}}',
    noWhitespace: '{{label}}不能包含空格',
    notBlank: '{{label}}不能全为空格',
  },
};
