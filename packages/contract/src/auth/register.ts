import { z } from 'zod';
import { ZId } from '../bounds.ts';
import { isValidCreditCode } from '../orgs/credit-code.ts';
import { ZPhone, ZSmsCode } from './sms.ts';
import { ZPassword } from './password-policy.ts';

export const ZCreditCode = z
  .string()
  .trim()
  .toUpperCase()
  .refine((s) => isValidCreditCode(s), '统一社会信用代码格式或校验位错误');

const common = {
  phone: ZPhone,
  smsCode: ZSmsCode,
  password: ZPassword,
  /** The user agreement and privacy policy (/pact) must be accepted. */
  agreement: z.literal(true, { error: '请阅读并同意用户协议' }),
  /**
   * The ids of the agreement versions the page showed (agreementOps.latest of each kind): the server records them
   * with the account, and refuses the registration (AGREEMENT_OUTDATED) when one is no longer the version in force.
   */
  agreementIds: z.array(ZId).max(8),
};

/** POST /zscms/user/frontCreate.json (JSON): registration of a person or an enterprise main account. */
export const ZRegisterRequest = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('PERSON'), name: z.string().trim().min(1).max(40), ...common }),
  z.strictObject({
    type: z.literal('ENTERPRISE'),
    enterpriseName: z.string().trim().min(2).max(100),
    creditCode: ZCreditCode,
    legalRep: z.string().trim().min(1).max(40),
    ...common,
  }),
]);
export type RegisterRequest = z.infer<typeof ZRegisterRequest>;
/** data: the account name to sign in with (phone for persons, credit code for enterprises). */
export const ZRegisterResponse = z.object({ username: z.string() });

/** GET /ssoserver/user/isAccountExistedByUserName?username=: the only call that tells whether an account exists. */
export const ZAccountExistsQuery = z.object({ username: z.string().trim().min(1).max(64) });
export const ZAccountExistsResponse = z.boolean();

/** POST /ssoserver/doSmsLogin (JSON): phone + SMS code on the personal SSO page. */
export const ZSmsLoginRequest = z.strictObject({
  phone: ZPhone,
  smsCode: ZSmsCode,
  redirect: z.string().url().max(2000),
});
export type SmsLoginRequest = z.infer<typeof ZSmsLoginRequest>;
