import { z } from 'zod';
import { ZAmount, ZDay, ZId, ZTerm } from '../bounds.ts';

/**
 * What a guarantee company states when it issues a guarantee (issue 13, point 10): what a bank needs to lend on it.
 * The amount guaranteed, the guarantee fee rate (% of the amount a year), the guarantee term, the guarantee
 * contract's number, the day it was signed and the guarantee period (first and last day). Days are Beijing days.
 */

/**
 * The ceiling of a guarantee fee rate, % a year. Government-backed guarantees charge 1–1.5 % and commercial ones
 * rarely above 3–4 %; 10 % leaves room for any real contract while catching a rate typed as a loan's rate or
 * 100 times too large. 0 is allowed: fee-free guarantees exist (创业担保贷).
 */
export const GUARANTEE_FEE_RATE_MAX = 10;
export const ZGuaranteeFeeRate = z
  .number()
  .min(0, '担保费率不能为负数')
  .max(GUARANTEE_FEE_RATE_MAX, `担保费率不超过${GUARANTEE_FEE_RATE_MAX}%`);
export const ZGuaranteeContractNo = z
  .string()
  .trim()
  .min(2, '请填写担保合同编号')
  .max(40, '担保合同编号不超过40个字符')
  .regex(/^[\p{L}\p{N}\-_/()（）〔〕[\]【】#·.]+$/u, '担保合同编号只能包含文字、数字和 - _ / ( ) 〔 〕 [ ] # . 等符号');

/** The day `months` months after `day` (YYYY-MM-DD); a day the month lacks falls on its last day (01-31 + 1 → 02-28). */
export function addMonthsToDay(day: string, months: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const total = y * 12 + (m - 1) + months;
  const ny = Math.floor(total / 12);
  const nm = total - ny * 12;
  const last = new Date(Date.UTC(ny, nm + 1, 0)).getUTCDate();
  return `${String(ny).padStart(4, '0')}-${String(nm + 1).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}

/**
 * The last days a guarantee period of `term` months starting on `start` may have: the day before the same date
 * `term` months later (2026-01-01 … 2026-12-31), or that date itself (2026-01-01 … 2027-01-01); both ways of
 * writing a period are in use. The first is what the form proposes.
 */
export function guaranteeEndDays(start: string, term: number): [string, string] {
  const same = addMonthsToDay(start, term);
  // The day before, by calendar arithmetic rather than Date parsing: a start near 9999-12-31 gives a five-digit
  // year, which Date.parse refuses (the fuzz test found the RangeError a bad request then caused).
  const [y, m, d] = same.split('-').map(Number) as [number, number, number];
  const before =
    d > 1
      ? `${same.slice(0, -2)}${String(d - 1).padStart(2, '0')}`
      : addMonthsToDay(`${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-31`, -1);
  return [before, same];
}

/** POST /finance/demand/guarantee.json (guarantee company): the guarantee it issues. */
export const ZGuaranteeDemandRequest = z
  .strictObject({
    id: ZId,
    amount: ZAmount,
    feeRate: ZGuaranteeFeeRate,
    term: ZTerm,
    contractNo: ZGuaranteeContractNo,
    /** The day the guarantee contract was signed: not in the future nor before the demand was posted (server). */
    signedAt: ZDay,
    /** The guarantee period: from `startDate` (not before the signing) for `term` months to `endDate`. */
    startDate: ZDay,
    endDate: ZDay,
  })
  .refine((r) => r.startDate >= r.signedAt, { message: '保证期间起始日不能早于合同签订日', path: ['startDate'] })
  .refine((r) => r.endDate > r.startDate, { message: '保证期间截止日须晚于起始日', path: ['endDate'] })
  // A term or a start day that already failed above (zod still runs this refinement) has no end day to compute.
  .refine(
    (r) =>
      r.endDate <= r.startDate ||
      !ZTerm.safeParse(r.term).success ||
      !ZDay.safeParse(r.startDate).success ||
      guaranteeEndDays(r.startDate, r.term).includes(r.endDate),
    {
      message: '保证期间须与担保期限一致（截止日为起始日加担保期限）',
      path: ['endDate'],
    },
  );
