import { z } from 'zod';
import { ZIdText } from '../bounds.ts';
import { defineOperation } from '../operation.ts';
import {
  ZCertStatus,
  ZCertificationResult,
  ZCertifyRequest,
  ZEntDetailQuery,
  ZEntDetailResponse,
  ZEntListQuery,
  ZEntListResponse,
} from './certification.ts';
import { ZPassword } from './password-policy.ts';
import { ZPhone, ZSmsCode } from './sms.ts';
import {
  ZAccountExistsQuery,
  ZAccountExistsResponse,
  ZCreditCode,
  ZRegisterRequest,
  ZRegisterResponse,
} from './register.ts';
import { ZUsername } from '../orgs/admin-fields.ts';
import { ZRoleRef } from '../orgs/role-admin.ts';
import { captchaFields } from './sso.ts';
import { ZForgotPasswordRequest } from './password-reset.ts';

/** GET /ssoserver/user/accountInfo.json: the own account, phone and identity number masked. */
export const ZAccountInfo = z.object({
  userId: z.number().int(),
  username: z.string(),
  name: z.string(),
  accountType: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  idNumber: z.string().nullable(),
  creditCode: z.string().nullable(),
  legalRep: z.string().nullable(),
  certStatus: ZCertStatus,
  certReason: z.string().nullable(),
  /** A sub-account acts for this enterprise (its main account). */
  actingFor: z.object({ userId: z.number().int(), name: z.string(), creditCode: z.string().nullable() }).nullable(),
  createdAt: z.string(),
});
export type AccountInfo = z.infer<typeof ZAccountInfo>;

/** POST /ssoserver/user/updateAccountInfo.do (form). */
export const ZUpdateAccountInfoRequest = z.strictObject({
  name: z.string().trim().min(1).max(100),
  email: z.union([z.literal(''), z.string().trim().email().max(120)]).optional(),
});

/**
 * Proof of identity for a sensitive change: the current password or an SMS code sent to the current phone. Wrong
 * current passwords count like failed logins, so the captcha may be asked for (data.captchaRequired).
 */
const proof = {
  oldPassword: z.string().min(1).max(128).optional(),
  smsCode: ZSmsCode.optional(),
  ...captchaFields,
};

/**
 * POST /ssoserver/user/updatePassword.do (form): ends the account's other sessions. The new password must differ from
 * the current one (PASSWORD_SAME); it clears a change an administrator's reset made due (issue 30).
 */
export const ZUpdatePasswordRequest = z.strictObject({ ...proof, newPassword: ZPassword });

/** POST /ssoserver/user/updatePhone.do (form): a code to the new phone too; ends the account's other sessions. */
export const ZUpdatePhoneRequest = z.strictObject({ ...proof, newPhone: ZPhone, newSmsCode: ZSmsCode });

/** POST /ssoserver/user/bindPhone.do (form): for accounts without a phone. */
export const ZBindPhoneRequest = z.strictObject({ phone: ZPhone, smsCode: ZSmsCode });

/**
 * POST /ssoserver/user/relatedSubject.do (form): link an enterprise by its SMS code or its main-account password.
 * Wrong passwords count against the enterprise and the caller like failed logins (captcha after 3, lock after 5).
 */
export const ZRelateSubjectRequest = z.strictObject({
  creditCode: ZCreditCode,
  smsCode: ZSmsCode.optional(),
  password: z.string().min(1).max(128).optional(),
  ...captchaFields,
});
/** POST /ssoserver/user/unrelateSubject.do (form). */
export const ZUnrelateSubjectRequest = z.strictObject({ enterpriseUserId: ZIdText });
/** GET /ssoserver/user/relatedSubjects.json. */
export const ZRelatedSubject = z.object({
  enterpriseUserId: z.number().int(),
  name: z.string(),
  creditCode: z.string().nullable(),
  certified: z.boolean(),
  createdAt: z.string(),
});
export type RelatedSubject = z.infer<typeof ZRelatedSubject>;
export const ZRelatedSubjectList = z.array(ZRelatedSubject);

const formBool = z.union([z.boolean(), z.enum(['true', 'false'])]).transform((v) => v === true || v === 'true');

/**
 * POST /ssoserver/user/createOrUpdateEntChildUser.do (form): without id creates (password required), with id edits
 * (password optional) or disables (enabled=false ends its sessions). `roleId`: one of GET /finance/role/assignable.json;
 * creating without one gives the least of them (view only), editing without one keeps the current role.
 */
export const ZSaveEntChildUserRequest = z.strictObject({
  id: ZIdText.optional(),
  username: ZUsername,
  name: z.string().trim().min(1).max(40),
  phone: ZPhone,
  password: z.union([z.literal(''), ZPassword]).optional(),
  enabled: formBool.default(true),
  roleId: ZIdText.optional(),
});
export type SaveEntChildUserRequest = z.infer<typeof ZSaveEntChildUserRequest>;
export const ZEntChildUser = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string(),
  phone: z.string().nullable(),
  enabled: z.boolean(),
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
  /** What the main account gave it (the operator may have given more). */
  roles: z.array(ZRoleRef),
});
export type EntChildUser = z.infer<typeof ZEntChildUser>;
export const ZEntChildUserList = z.array(ZEntChildUser);
export const ZIdResponse = z.object({ id: z.number().int() });

/** data of the own-account changes: nothing. */
const ZNoData = z.null();
const session = 'session' as const;
const subAccounts = { permission: 'enterprise-sub:manage' } as const;

/**
 * Registration, certification and the own-account calls (phone login is with `ssoOps`). The `.do` calls are
 * form-encoded (SPEC section 7); registration is JSON.
 */
export const accountOps = {
  register: defineOperation({
    method: 'POST',
    path: '/zscms/user/frontCreate.json',
    auth: 'public',
    body: ZRegisterRequest,
    response: ZRegisterResponse,
  }),
  exists: defineOperation({
    method: 'GET',
    path: '/ssoserver/user/isAccountExistedByUserName',
    auth: 'public',
    query: ZAccountExistsQuery,
    response: ZAccountExistsResponse,
  }),
  entList: defineOperation({
    method: 'GET',
    path: '/ssoserver/capacity/getEntListDetail',
    auth: session,
    query: ZEntListQuery,
    response: ZEntListResponse,
  }),
  entDetail: defineOperation({
    method: 'GET',
    path: '/ssoserver/capacity/getEntDetail',
    auth: session,
    query: ZEntDetailQuery,
    response: ZEntDetailResponse,
  }),
  certification: defineOperation({
    method: 'GET',
    path: '/ssoserver/user/certification.json',
    auth: session,
    response: ZCertificationResult,
  }),
  certify: defineOperation({
    method: 'POST',
    path: '/ssoserver/user/certify.do',
    auth: session,
    encoding: 'form',
    body: ZCertifyRequest,
    response: ZCertificationResult,
  }),
  info: defineOperation({
    method: 'GET',
    path: '/ssoserver/user/accountInfo.json',
    auth: session,
    response: ZAccountInfo,
    whilePasswordChangeDue: true,
  }),
  updateInfo: defineOperation({
    method: 'POST',
    path: '/ssoserver/user/updateAccountInfo.do',
    auth: session,
    encoding: 'form',
    body: ZUpdateAccountInfoRequest,
    response: ZNoData,
  }),
  updatePassword: defineOperation({
    method: 'POST',
    path: '/ssoserver/user/updatePassword.do',
    auth: session,
    encoding: 'form',
    body: ZUpdatePasswordRequest,
    response: ZNoData,
    whilePasswordChangeDue: true,
  }),
  /** Issue 30: the sign-in pages' forgotten password (password-reset.ts). */
  forgotPassword: defineOperation({
    method: 'POST',
    path: '/ssoserver/user/forgotPassword.do',
    auth: 'public',
    encoding: 'form',
    body: ZForgotPasswordRequest,
    response: ZNoData,
  }),
  updatePhone: defineOperation({
    method: 'POST',
    path: '/ssoserver/user/updatePhone.do',
    auth: session,
    encoding: 'form',
    body: ZUpdatePhoneRequest,
    response: ZNoData,
  }),
  bindPhone: defineOperation({
    method: 'POST',
    path: '/ssoserver/user/bindPhone.do',
    auth: session,
    encoding: 'form',
    body: ZBindPhoneRequest,
    response: ZNoData,
  }),
  relatedSubjects: defineOperation({
    method: 'GET',
    path: '/ssoserver/user/relatedSubjects.json',
    auth: session,
    response: ZRelatedSubjectList,
  }),
  relateSubject: defineOperation({
    method: 'POST',
    path: '/ssoserver/user/relatedSubject.do',
    auth: session,
    encoding: 'form',
    body: ZRelateSubjectRequest,
    response: ZNoData,
  }),
  unrelateSubject: defineOperation({
    method: 'POST',
    path: '/ssoserver/user/unrelateSubject.do',
    auth: session,
    encoding: 'form',
    body: ZUnrelateSubjectRequest,
    response: ZNoData,
  }),
  childUsers: defineOperation({
    method: 'GET',
    path: '/ssoserver/user/entChildUsers.json',
    auth: subAccounts,
    response: ZEntChildUserList,
  }),
  saveChildUser: defineOperation({
    method: 'POST',
    path: '/ssoserver/user/createOrUpdateEntChildUser.do',
    auth: subAccounts,
    encoding: 'form',
    body: ZSaveEntChildUserRequest,
    response: ZIdResponse,
  }),
};
