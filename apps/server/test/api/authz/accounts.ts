import { EVERYONE, SIGNED_IN, type AuthzTable } from './who.ts';

/** Registration, SMS, phone login, certification, own-account pages, sub-accounts, SMS templates and outbox. */
export const ACCOUNTS: AuthzTable = {
  'POST /ssoserver/doSmsLogin': EVERYONE,
  'POST /ssoserver/sms/sendSmsVerifyCode': EVERYONE,
  'POST /ssoserver/sms/sendSmsVerifyCodeNoCodeValid': SIGNED_IN,
  'GET /finance/system/sms/template/list.json': ['operator'],
  'POST /finance/system/sms/template/save.json': ['operator'],
  'GET /finance/system/sms/outbox/page.json': ['operator'],
  'POST /zscms/user/frontCreate.json': EVERYONE,
  'GET /ssoserver/user/isAccountExistedByUserName': EVERYONE,
  'GET /ssoserver/capacity/getEntListDetail': SIGNED_IN,
  'GET /ssoserver/capacity/getEntDetail': SIGNED_IN,
  'GET /ssoserver/user/certification.json': SIGNED_IN,
  'POST /ssoserver/user/certify.do': SIGNED_IN,
  'GET /ssoserver/user/accountInfo.json': SIGNED_IN,
  'GET /ssoserver/user/contact.json': SIGNED_IN,
  'POST /ssoserver/user/updateAccountInfo.do': SIGNED_IN,
  'POST /ssoserver/user/updatePassword.do': SIGNED_IN,
  'POST /ssoserver/user/updatePhone.do': SIGNED_IN,
  'POST /ssoserver/user/bindPhone.do': SIGNED_IN,
  'POST /ssoserver/user/forgotPassword.do': EVERYONE,
  'GET /ssoserver/user/relatedSubjects.json': SIGNED_IN,
  'POST /ssoserver/user/relatedSubject.do': SIGNED_IN,
  'POST /ssoserver/user/unrelateSubject.do': SIGNED_IN,
  // The operator holds every permission; the service still answers only an enterprise main account (400 otherwise).
  'GET /ssoserver/user/entChildUsers.json': ['operator', 'enterprise'],
  'POST /ssoserver/user/createOrUpdateEntChildUser.do': ['operator', 'enterprise'],
};
