/** Strings of the platform screens: settings, holiday calendar, messages, audit log. */
export default {
  messages: {
    title: '站内消息',
    all: '全部',
    unread: '未读',
    unreadWithCount: '未读（{{count}}）',
    readAll: '全部已读',
    markRead: '标为已读',
    open: '查看',
    empty: '暂无消息',
    noUnread: '没有未读消息',
  },
  /**
   * In-site messages worded from their kind and params (packages/contract/src/notify/message-kinds.ts). A kind
   * `a.b` is under messageKinds.a.b; each param is {{name}}; a param that may be empty is worded by messageParams.
   */
  messageKinds: {
    demand: {
      submitted: {
        title: '融资需求已提交',
        content: '您的融资需求{{demandNo}}已提交，请等待{{org}}{{deadline}}受理。',
      },
      accepted: {
        title: '融资需求已受理',
        content: '您的融资需求{{demandNo}}已由{{org}}受理，请保持电话畅通，留意银行联系。',
      },
      granted: {
        title: '融资需求已放款',
        content:
          '您的融资需求{{demandNo}}已由{{org}}放款{{amount}}万元（年利率{{rate}}%，期限{{term}}个月，放款日期{{grantedAt}}）。',
      },
      rejected: {
        title: '融资需求未获通过',
        content: '您的融资需求{{demandNo}}经{{org}}审核未获通过。原因：{{rejectCode}}{{detail}}。',
      },
      withdrawn: { title: '融资需求已撤回', content: '您已撤回融资需求{{demandNo}}{{reason}}。' },
      expired: {
        title: '融资需求受理超时',
        content: '您的融资需求{{demandNo}}未在受理时限内被受理，监管部门将督促重新安排机构受理。',
      },
      reassigned: { title: '融资需求已重新分派', content: '您的融资需求{{demandNo}}已由监管部门分派至{{org}}受理。' },
      statusChanged: {
        title: '融资需求状态已更新',
        content: '您的融资需求{{demandNo}}状态已更新为{{status}}{{reason}}。',
      },
      pooled: {
        title: '融资需求已转为公开需求',
        content: '您的融资需求{{demandNo}}已转入公开需求池，辖内银行均可受理。',
      },
      guaranteeAccepted: {
        title: '担保需求已受理',
        content: '您的担保需求{{demandNo}}已由{{org}}受理，请保持电话畅通。',
      },
      guaranteed: {
        title: '担保机构同意担保',
        content: '{{org}}同意为您的需求{{demandNo}}提供担保（{{amount}}万元），并将为您推荐合作银行。',
      },
      handedToBank: { title: '担保需求已转交银行', content: '您的担保需求{{demandNo}}已由担保机构转交{{org}}办理。' },
      targeted: {
        title: '收到新的定向融资需求',
        content: '{{applicant}}提交了融资需求{{demandNo}}（{{amount}}万元），请{{deadline}}受理。',
      },
      guaranteeRequested: {
        title: '收到新的担保需求',
        content: '{{applicant}}提交了融资需求{{demandNo}}（{{amount}}万元），请{{deadline}}受理。',
      },
      withdrawnByApplicant: {
        title: '融资需求已被申请人撤回',
        content: '{{applicant}}撤回了融资需求{{demandNo}}{{reason}}。',
      },
      assigned: {
        title: '监管部门分派了融资需求',
        content: '融资需求{{demandNo}}（{{applicant}}，{{amount}}万元）已分派给贵机构，请{{deadline}}受理。',
      },
      handedOver: {
        title: '担保机构转交了融资需求',
        content:
          '融资需求{{demandNo}}（{{applicant}}，担保金额{{amount}}万元）已由担保机构转交贵机构，请{{deadline}}办结。',
      },
      dispatched: {
        title: '收到分派的融资需求',
        content: '融资需求{{demandNo}}（{{applicant}}，{{amount}}万元）已分派给贵机构办理，请{{deadline}}办结。',
      },
      urged: { title: '融资需求督办', content: '{{supervisor}}督办融资需求{{demandNo}}（{{status}}）：{{text}}' },
      acceptDeadlineNear: {
        title: '融资需求即将超过受理时限',
        content: '融资需求{{demandNo}}（{{applicant}}，{{amount}}万元）须{{deadline}}受理，请及时办理。',
      },
      decideDeadlineNear: {
        title: '融资需求即将超过办结时限',
        content: '融资需求{{demandNo}}（{{applicant}}，{{amount}}万元）须{{deadline}}办结，请及时办理。',
      },
      overdue: {
        title: '融资需求受理超时',
        content: '融资需求{{demandNo}}（{{applicant}}，{{amount}}万元）未在受理时限内被受理，请及时督办或重新分派。',
      },
    },
    shelter: {
      submitted: {
        title: '金融方舱申请已提交',
        content: '您的金融方舱申请{{caseNo}}已提交，监管部门将按入舱条件审核，请留意消息。',
      },
      reviewing: { title: '金融方舱申请审核中', content: '您的金融方舱申请{{caseNo}}已进入审核。' },
      admitted: {
        title: '金融方舱申请已准予入舱',
        content:
          '您的金融方舱申请{{caseNo}}已准予入舱，主办银行为{{leadBank}}{{helperBanks}}，银行将与您联系落实帮扶措施。',
      },
      refused: { title: '金融方舱申请未获准入舱', content: '您的金融方舱申请{{caseNo}}未获准入舱。原因：{{why}}' },
      withdrawn: { title: '金融方舱申请已撤回', content: '您已撤回金融方舱申请{{caseNo}}{{reason}}。' },
      exited: { title: '金融方舱帮扶已结束', content: '您的金融方舱申请{{caseNo}}已出舱（{{outcome}}{{detail}}）。' },
      helped: {
        title: '金融方舱帮扶措施已落实',
        content:
          '您的金融方舱申请{{caseNo}}有新的帮扶措施：{{help}}{{amount}}{{rateUp}}{{rateDown}}{{newDueDate}}{{penaltyWaived}}（{{givenOn}}）。',
      },
      bankAssigned: {
        title: '金融方舱帮扶任务',
        content: '{{enterprise}}（{{caseNo}}）已入驻金融方舱，贵行被指定为{{role}}，请及时联系企业并记录帮扶措施。',
      },
      urged: {
        title: '金融方舱督办',
        content: '{{supervisor}}督办金融方舱企业{{enterprise}}（{{caseNo}}）的帮扶：{{text}}',
      },
      applied: { title: '收到新的金融方舱申请', content: '{{enterprise}}提交了金融方舱申请{{caseNo}}，请及时审核。' },
    },
    chain: {
      claim: {
        lapsing: {
          title: '产业链企业认领即将到期',
          content: '贵机构认领的{{chain}}企业{{enterprise}}将于{{until}}到期，请在到期前走访或释放认领。',
        },
      },
    },
    product: {
      approved: { title: '产品审核通过', content: '您提交的产品「{{product}}」已通过平台审核，已在金融超市上架。' },
      rejected: {
        title: '产品审核未通过',
        content: '您提交的产品「{{product}}」未通过平台审核。驳回原因：{{why}}。请修改后重新提交。',
      },
      delisted: { title: '产品已被平台下架', content: '您的产品「{{product}}」已被平台下架，如有疑问请联系平台运营。' },
      submitted: { title: '收到待审核的产品', content: '{{provider}}提交了产品「{{product}}」，请及时审核。' },
    },
    credit: {
      queried: {
        title: '信用信息查询提醒',
        content: '{{institution}}（{{user}}）于{{day}}以“{{purpose}}”用途查询了贵企业的信用信息。',
      },
      queryRefused: {
        title: '信用信息查询提醒',
        content: '{{institution}}（{{user}}）于{{day}}以“{{purpose}}”用途查询贵企业的信用信息，因无有效授权已被拒绝。',
      },
      consentGiven: {
        title: '收到信用查询授权',
        content: '{{subject}}授权贵机构以“{{purpose}}”用途查询其信用信息，有效期至{{expiresOn}}。',
      },
      consentRevoked: {
        title: '信用查询授权已撤销',
        content: '{{subject}}已撤销对贵机构“{{purpose}}”用途的信用查询授权，此后查询将被拒绝。',
      },
    },
    account: {
      welcome: {
        title: '欢迎使用示范市普惠金融服务平台',
        content: '您的账号已开通。请在“我的”中核对账号信息并绑定手机号，以便及时接收业务提醒。',
      },
    },
    password: {
      locked: {
        title: '密码错误次数过多，已暂停密码验证',
        content:
          '您的账号{{username}}在{{minutes}}分钟内连续{{count}}次密码验证失败，密码登录和密码验证已暂停{{minutes}}分钟。如非本人操作，请尽快修改密码。',
      },
    },
  },
  /** How a param that may be empty reads: `some` wraps a value, `none` stands for none (nothing when it has no `none`). */
  messageParams: {
    org: { some: '{{value}}', none: '银行机构' },
    deadline: { some: '在{{value}}前', none: '尽快' },
    reason: { some: '，原因：{{value}}' },
    detail: { some: '：{{value}}' },
    supervisor: { some: '{{value}}', none: '监管部门' },
    institution: { some: '{{value}}', none: '金融机构' },
    provider: { some: '{{value}}', none: '机构' },
    helperBanks: { some: '，协办银行为{{value}}' },
    amount: { some: '，{{value}}万元' },
    rateUp: { some: '，利率上调{{value}}个基点' },
    rateDown: { some: '，利率下调{{value}}个基点' },
    newDueDate: { some: '，新到期日{{value}}' },
    penaltyWaived: { some: '，减免罚息{{value}}万元' },
  },
  /** Joins the names of a list param. */
  messageListSeparator: '、',
  settings: {
    tabSettings: '系统参数',
    tabHolidays: '节假日日历',
    session: '会话',
    sessionIdleMinutes: '空闲超时（分钟）',
    sessionIdleHelp: '超过该时长无操作需重新登录，5 至 1440 分钟',
    sessionAbsoluteHours: '最长登录时长（小时）',
    sessionAbsoluteHelp: '自登录起最长有效时长，不短于空闲超时',
    sla: '需求办理时限',
    slaAcceptDays: '受理时限（工作日）',
    slaAcceptHelp: '银行须在该工作日数内受理需求，默认 3 个工作日',
    slaDecisionDays: '审批时限（工作日）',
    slaDecisionHelp: '受理后须在该工作日数内给出放款或拒绝结果，默认 15 个工作日',
    links: '外部链接',
    toSyxUrl: '信用管理系统（toSYX）地址',
    toSyxUrlHelp: '留空则不显示外部信用系统链接；各端信用管理页面仍可使用平台内的授权与查询记录',
    firstLoanCentreUrl: '首贷中心地址',
    allowlist: '登录回调白名单',
    allowlistHelp: '单点登录只会跳转到白名单内的地址：协议、域名、端口须完全一致，路径须在所填路径之下。',
    builtIn: '内置（由部署配置决定）',
    allowlistEntry: '回调地址',
    allowlistPlaceholder: 'https://example.gov.cn/client/',
    addEntry: '添加地址',
    removeEntry: '删除',
    save: '保存设置',
    reset: '还原',
    saved: '设置已保存，所有服务将在数秒内生效',
  },
  holidays: {
    year: '年份',
    add: '添加日期',
    day: '日期',
    weekday: '星期',
    kind: '类型',
    name: '名称',
    namePlaceholder: '如：国庆节、国庆节调休上班',
    actions: '操作',
    edit: '修改',
    remove: '删除',
    removeConfirm: '确定从日历中删除 {{day}}？',
    removed: '已删除',
    saved: '已保存',
    addTitle: '添加节假日或调休工作日',
    editTitle: '修改 {{day}}',
    kindHelp: '节假日：工作日放假；调休工作日：周六或周日上班',
    workdayOnWeekday: '调休工作日须为周六或周日',
    hint: '周一至周五默认为工作日，周六、周日默认休息；这里只需登记例外的日期。受理与审批时限按工作日计算。',
    summary: '{{year}} 年：{{holidays}} 天节假日，{{workdays}} 天调休工作日',
    empty: '该年份尚未登记节假日，点击“添加日期”登记',
  },
  audit: {
    username: '账号',
    usernamePlaceholder: '登录账号，精确匹配',
    action: '操作',
    actionPlaceholder: '全部操作',
    dateRange: '日期',
    target: '对象',
    targetPlaceholder: '对象中包含的文字',
    at: '时间',
    who: '操作人',
    ip: 'IP 地址',
    detail: '详情',
    detailTitle: '操作详情',
    noDetail: '无更多信息',
    system: '系统',
    exportName: '审计日志',
    empty: '没有符合条件的记录，请调整筛选条件',
  },
};
