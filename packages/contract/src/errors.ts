/**
 * Stable business error codes with their Chinese message (the client may translate them by code).
 * Add new codes here; never reuse one for another meaning.
 */
export const ERROR_CODES = {
  VALIDATION: '参数校验失败',
  NOT_FOUND: '记录不存在',
  FORBIDDEN: '无权访问',
  UNAUTHENTICATED: '请先登录',
  SESSION_EXPIRED: '登录状态已过期，请重新登录',
  SESSION_INVALID: '登录状态无效，请重新登录',
  LOGIN_FAILED: '账号或密码错误',
  LOGIN_LOCKED: '登录失败次数过多，请15分钟后再试',
  CAPTCHA_REQUIRED: '请输入图形验证码',
  CAPTCHA_INVALID: '图形验证码错误或已过期',
  ACCOUNT_DISABLED: '账号或密码错误',
  TICKET_INVALID: '登录票据无效或已过期',
  REDIRECT_NOT_ALLOWED: '不允许的登录回调地址',
  RATE_LIMITED: '操作过于频繁，请稍后再试',
  CONFLICT: '数据已被修改，请刷新后重试',
  USERNAME_TAKEN: '账号已存在',
  PHONE_TAKEN: '手机号已被使用',
  ORG_NAME_TAKEN: '机构名称已存在',
  ORG_PARENT_INVALID: '上级机构不正确',
  ROLE_BUILTIN: '内置角色不能删除',
  ROLE_IN_USE: '角色仍有用户使用，不能删除',
  IMPORT_FILE_INVALID: '导入文件无法读取，请使用下载的模板',
  INTERNAL: '系统繁忙',
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;
