import { z } from 'zod';

/** Fields shared by the administration contracts (institutions, users, staff, roles). */
export const PHONE_RE = /^1[3-9]\d{9}$/;
export const ZPhone = z.string().regex(PHONE_RE, '手机号格式不正确');
/** 4 to 32 letters, digits, underscore, dot or hyphen; no whitespace. */
export const ZUsername = z.string().regex(/^[A-Za-z0-9_.-]{4,32}$/, '账号为4-32位字母、数字或_.-');
/** PRODUCT.md section 4: 8 to 64 characters; letters and digits both present. */
export const ZNewPassword = z
  .string()
  .min(8, '密码至少8位')
  .max(64, '密码最多64位')
  .regex(/^(?=.*[A-Za-z])(?=.*\d)\S+$/, '密码须同时包含字母和数字，且不含空格');
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
