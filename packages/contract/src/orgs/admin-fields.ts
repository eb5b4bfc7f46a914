import { z } from 'zod';

/**
 * The one account-name rule of the product (operator users, institution admins and staff, enterprise sub-accounts):
 * 4 to 32 letters, digits or underscores, starting with a letter. The leading letter keeps a chosen name from ever
 * reading as a phone number or a credit code, which persons and enterprises sign in with. Case is kept as typed but
 * never tells two accounts apart: names are unique and signed in with case-insensitively (lower(username)).
 * Phones and passwords have one rule each too: ZPhone (auth/sms.ts) and ZPassword (auth/password-policy.ts).
 */
export const USERNAME_RE = /^[A-Za-z][A-Za-z0-9_]{2,31}$/;
export const USERNAME_MESSAGE = '账号须以字母开头，3-32位字母、数字或下划线';
export const ZUsername = z.string().trim().regex(USERNAME_RE, USERNAME_MESSAGE);
export const ZStatus = z.enum(['ACTIVE', 'DISABLED']);
export type Status = z.infer<typeof ZStatus>;
/** Text that must contain a non-space character (SPEC section 5). */
export const ZText = (max: number) => z.string().trim().min(1).max(max);
export const ZOptText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));
/**
 * An optional e-mail address of a back-office account (staff, platform users, a supervisor's own settings): the forms
 * checked the format, the server did not; now both check this one.
 */
export const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const ZOptEmail = ZOptText(120).refine((v) => v === null || EMAIL_RE.test(v), '邮箱格式不正确');
