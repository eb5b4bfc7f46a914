import { z } from 'zod';
import { ZIdText } from '../bounds.ts';
import { ZPassword } from './password-policy.ts';
import { ZPhone, ZSmsCode } from './sms.ts';

/**
 * Issue 30, item 2: the forgotten-password path of the sign-in pages and an administrator's reset (docs/sso.md, "My
 * account, forgotten password, reset (issue 30)").
 */

/**
 * Wrong forgotten-password tries (a wrong code, or a phone without an account: one answer) one address may make in an
 * hour; past it the call answers RATE_LIMITED whatever it is given. Each code also dies at its fifth wrong try.
 */
export const FORGOT_PASSWORD_FAILURES_PER_ADDRESS_PER_HOUR = 10;
/** Password resets one administrator may make in an hour (RATE_LIMITED past it). */
export const ADMIN_PASSWORD_RESETS_PER_HOUR = 30;

/**
 * POST /ssoserver/user/forgotPassword.do (form): the phone bound to the account, the RESET_PASSWORD code sent to it
 * (POST /ssoserver/sms/sendSmsVerifyCode, behind the picture captcha, answers alike for any phone) and the new
 * password. A wrong code and a phone without an account get the same answer (PASSWORD_RESET_FAILED). Ends every
 * session of the account.
 */
export const ZForgotPasswordRequest = z.strictObject({ phone: ZPhone, smsCode: ZSmsCode, newPassword: ZPassword });
export type ForgotPasswordRequest = z.infer<typeof ZForgotPasswordRequest>;

/**
 * POST /finance/user/resetPassword.json (the operator, any institution's or government account) and
 * POST /finance/org/staff/resetPassword.json (an institution's admin, its own staff): a temporary password, shown once
 * in the answer; the account's sessions end and its next sign-in must set a new password first.
 */
export const ZResetPasswordRequest = z.object({ userId: ZIdText }).strict();
export const ZResetPasswordResponse = z.object({ userId: z.number().int(), temporaryPassword: z.string() });
export type ResetPasswordResponse = z.infer<typeof ZResetPasswordResponse>;
