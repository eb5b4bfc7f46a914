import { z } from 'zod';
import { ZPageNo, ZPageSize } from '../bounds.ts';
import { defineOperation } from '../operation.ts';

/** What an SMS code is for; a code only verifies the purpose it was sent for. */
/** RESET_PASSWORD: the forgotten-password path of the sign-in pages (a code to the account's bound phone, issue 30). */
export const SMS_PURPOSES = [
  'REGISTER',
  'LOGIN',
  'VERIFY',
  'CHANGE_PHONE',
  'BIND_PHONE',
  'RELATE_SUBJECT',
  'RESET_PASSWORD',
] as const;
export const ZSmsPurpose = z.enum(SMS_PURPOSES);
export type SmsPurpose = z.infer<typeof ZSmsPurpose>;

/**
 * The one mobile-number rule of the product (registration, SMS, sign-in, operator and institution forms, imports,
 * demand contacts): a mainland mobile number, 11 digits, a leading 1 and a second digit 3-9 (no mainland mobile
 * range starts 10, 11 or 12). A masked number (138****0001) is not one.
 */
export const PHONE_RE = /^1[3-9]\d{9}$/;
export const PHONE_MESSAGE = '请输入正确的11位手机号';
export const ZPhone = z.string().trim().regex(PHONE_RE, PHONE_MESSAGE);
export const ZSmsCode = z
  .string()
  .trim()
  .regex(/^\d{6}$/, '请输入6位短信验证码');

/** POST /ssoserver/sms/sendSmsVerifyCode (form): any phone, behind a valid picture captcha. */
export const ZSendSmsCodeRequest = z.strictObject({
  phone: ZPhone,
  purpose: ZSmsPurpose,
  captchaId: z.string().min(1).max(64),
  captchaCode: z.string().min(1).max(16),
});
export type SendSmsCodeRequest = z.infer<typeof ZSendSmsCodeRequest>;

/** POST /ssoserver/sms/sendSmsVerifyCodeNoCodeValid (form): the signed-in user's own phone only. */
export const ZSendOwnSmsCodeRequest = z.strictObject({ purpose: ZSmsPurpose });

/** data of both sends: seconds until the next code may be asked for. */
export const ZSendSmsCodeResponse = z.object({ resendAfterSeconds: z.number().int() });

/** SMS templates (Platform → SMS). Placeholders are written {name}. */
export const ZSmsTemplate = z.object({
  code: z.string(),
  name: z.string(),
  content: z.string(),
  enabled: z.boolean(),
  placeholders: z.array(z.string()),
  updatedAt: z.string(),
});
export type SmsTemplate = z.infer<typeof ZSmsTemplate>;
export const ZSmsTemplateListResponse = z.array(ZSmsTemplate);

/** POST /finance/system/sms/template/save.json: edit content and switch on/off; placeholders must stay the same. */
export const ZSaveSmsTemplateRequest = z.strictObject({
  code: z.string().min(1).max(48),
  content: z.string().trim().min(1).max(300),
  enabled: z.boolean(),
});

/** GET /finance/system/sms/outbox/page.json: newest first. */
export const ZSmsOutboxQuery = z.object({
  phone: z.string().trim().max(20).optional(),
  current: ZPageNo.default(1),
  pageSize: ZPageSize.default(10),
});
export const ZSmsOutboxItem = z.object({
  id: z.number().int(),
  phone: z.string(),
  templateCode: z.string(),
  content: z.string(),
  status: z.enum(['SENT', 'SKIPPED']),
  createdAt: z.string(),
});
export type SmsOutboxItem = z.infer<typeof ZSmsOutboxItem>;
export const ZSmsOutboxPage = z.object({
  list: z.array(ZSmsOutboxItem),
  total: z.number().int(),
  current: z.number().int(),
  pageSize: z.number().int(),
});

/** The SMS calls: codes for the SSO and own-account pages (form-encoded, SPEC section 7), the operator's templates and outbox. */
export const smsOps = {
  sendCode: defineOperation({
    method: 'POST',
    path: '/ssoserver/sms/sendSmsVerifyCode',
    auth: 'public',
    encoding: 'form',
    body: ZSendSmsCodeRequest,
    response: ZSendSmsCodeResponse,
  }),
  sendOwnCode: defineOperation({
    method: 'POST',
    path: '/ssoserver/sms/sendSmsVerifyCodeNoCodeValid',
    auth: 'session',
    encoding: 'form',
    body: ZSendOwnSmsCodeRequest,
    response: ZSendSmsCodeResponse,
  }),
  templates: defineOperation({
    method: 'GET',
    path: '/finance/system/sms/template/list.json',
    auth: { permission: 'sms:read' },
    response: ZSmsTemplateListResponse,
  }),
  saveTemplate: defineOperation({
    method: 'POST',
    path: '/finance/system/sms/template/save.json',
    auth: { permission: 'sms:manage' },
    body: ZSaveSmsTemplateRequest,
    response: ZSmsTemplate,
  }),
  outbox: defineOperation({
    method: 'GET',
    path: '/finance/system/sms/outbox/page.json',
    auth: { permission: 'sms:read' },
    query: ZSmsOutboxQuery,
    response: ZSmsOutboxPage,
  }),
};
