import { z } from 'zod';
import { ZCreditCode } from './register.ts';

/** One enterprise of the registry (GET /ssoserver/capacity/getEntDetail, getEntListDetail). */
export const ZEntDetail = z.object({
  creditCode: z.string(),
  name: z.string(),
  legalRep: z.string(),
  regCapital: z.string().nullable(),
  establishedOn: z.string().nullable(),
  address: z.string().nullable(),
  businessScope: z.string().nullable(),
  industry: z.string().nullable(),
  status: z.string(),
  regionCode: z.string().nullable(),
});
export type EntDetail = z.infer<typeof ZEntDetail>;

/** GET /ssoserver/capacity/getEntListDetail?keyword=: name or credit code, at most 20 rows. */
export const ZEntListQuery = z.object({ keyword: z.string().trim().min(2).max(100) });
export const ZEntListResponse = z.array(ZEntDetail);

/** GET /ssoserver/capacity/getEntDetail?creditCode=: null when the registry has no such enterprise. */
export const ZEntDetailQuery = z.object({ creditCode: z.string().trim().toUpperCase().max(18) });
export const ZEntDetailResponse = ZEntDetail.nullable();

export const ZCertStatus = z.enum(['NONE', 'PENDING', 'CERTIFIED', 'REJECTED']);
export type CertStatus = z.infer<typeof ZCertStatus>;

/**
 * POST /ssoserver/user/certify.do (form). Enterprises: name + credit code + legal representative, checked against
 * the registry. Persons: name + identity number (format and check digit only).
 */
export const ZCertifyRequest = z.union([
  z.strictObject({
    enterpriseName: z.string().trim().min(2).max(100),
    creditCode: ZCreditCode,
    legalRep: z.string().trim().min(1).max(40),
  }),
  z.strictObject({
    name: z.string().trim().min(1).max(40),
    idNumber: z
      .string()
      .trim()
      .toUpperCase()
      .refine((s) => isValidIdNumber(s), '身份证号码格式或校验位错误'),
  }),
]);
export type CertifyRequest = z.infer<typeof ZCertifyRequest>;

/** data of certify.do and GET /ssoserver/user/certification.json. */
export const ZCertificationResult = z.object({
  status: ZCertStatus,
  reason: z.string().nullable(),
  certifiedAt: z.string().nullable(),
});
export type CertificationResult = z.infer<typeof ZCertificationResult>;

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CHECK = '10X98765432';

/** Resident identity number (GB 11643-1999): 18 characters, a valid birth date, the last a check character. */
export function isValidIdNumber(id: string): boolean {
  if (!/^\d{17}[\dX]$/.test(id)) return false;
  const y = Number(id.slice(6, 10));
  const m = Number(id.slice(10, 12));
  const d = Number(id.slice(12, 14));
  const date = new Date(Date.UTC(y, m - 1, d));
  if (y < 1900 || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return false;
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(id[i]) * ID_WEIGHTS[i];
  return ID_CHECK[sum % 11] === id[17];
}

/** Completes 17 digits with their check character (tests and demo data). */
export function idWithCheck(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * ID_WEIGHTS[i];
  return first17 + ID_CHECK[sum % 11];
}
