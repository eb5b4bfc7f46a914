import { EVERYONE, SIGNED_IN, type AuthzTable } from './who.ts';

export const FOUNDATION: AuthzTable = {
  'GET /getSsoAuthUrl': EVERYONE,
  'GET /ssoserver/loginPageInfo': EVERYONE,
  'GET /ssoserver/captcha': EVERYONE,
  'POST /ssoserver/doLogin': EVERYONE,
  'POST /ssoserver/ssoTicket': EVERYONE,
  'POST /doLoginByTicket': EVERYONE,
  'GET /isLogin': EVERYONE,
  'GET /ssoserver/isLogin': EVERYONE,
  'POST /ssoserver/logout': SIGNED_IN,
  'GET /zscms/user/getUserInfo.json': SIGNED_IN,
  'GET /ssoserver/user/getUserById': SIGNED_IN,
  'GET /finance/org/getChainAccess.json': SIGNED_IN,
  'GET /finance/region/list.json': EVERYONE,
  'GET /finance/portal/system/sysImageInfo/getAllPcSimpleImages': EVERYONE,
  'GET /finance/portal/system/links.json': EVERYONE,
  'GET /anon/finance/enumMeta/getEnumBySimpleName/:name': EVERYONE,
  'GET /finance/system/config/get.json': ['operator'],
  'GET /article/api/auth/list': SIGNED_IN,
};
