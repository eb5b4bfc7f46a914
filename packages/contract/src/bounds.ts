import { z } from 'zod';

/**
 * Numbers and dates a request may carry, bounded by what the database holds (apps/server/src/db/schema): a value
 * past a column's range reached PostgreSQL and failed the request with a 500 instead of a 400 naming the field.
 * Every request id, amount, page and day of the contract is built from these.
 */

/** The largest value of a PostgreSQL integer (int4) column. */
export const INT4_MAX = 2_147_483_647;

/**
 * Ids: every table's key is a bigint, but chain ids are stored in integer columns (products.industrial_chain_ids)
 * and the same id travels between them; one bound for every id keeps all of them valid in either column. No table of
 * the product comes near 2^31 rows (the scale target is a million demands).
 */
export const ID_MAX = INT4_MAX;

/** An id in a JSON body. */
export const ZId = z.number().int().positive().max(ID_MAX);
/** An id given as text: a query string, a path parameter, a form field (`12` and `"12"` alike). */
export const ZIdText = z.coerce.number().int().positive().max(ID_MAX);
/** Comma-separated ids in a query string (`industrialChainIds=1,2`), at most 50 of them. */
export const ZIdListText = z
  .string()
  .regex(/^\d{1,10}(,\d{1,10}){0,49}$/)
  .transform((s) => s.split(',').map(Number))
  .pipe(z.array(ZId));

/**
 * Pages: `current` is bounded so that OFFSET stays cheap and finite; 100,000 pages of 10 is a million rows, as far as
 * any list of the product reaches.
 */
export const MAX_PAGE = 100_000;
export const MAX_PAGE_SIZE = 100;
export const ZPageNo = z.coerce.number().int().min(1).max(MAX_PAGE);
export const ZPageSize = z.coerce.number().int().min(1).max(MAX_PAGE_SIZE);

/** Money in 万元 (numeric(12,2) columns): the product's range is 0.1 万元 to 10 亿元. */
export const MAX_AMOUNT = 100_000;
export const ZAmount = z.number().min(0.1, '金额至少0.1万元').max(MAX_AMOUNT, '金额不超过10亿元');
/** Annual rate in percent (numeric(6,3) columns); 36 % is the legal ceiling. */
export const ZRate = z.number().min(0).max(36, '年利率不超过36%');
/** Term in months (integer columns). */
export const ZTerm = z.number().int().min(1, '期限至少1个月').max(360, '期限不超过360个月');
/** A display order (integer columns). */
export const ZSort = z.number().int().min(0).max(9999);

/**
 * A calendar day, YYYY-MM-DD, that exists (no 2026-02-30) and that a date column holds: years 1900 to 2199 cover
 * every birth, loan and report date of the product.
 */
export const ZDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式须为 YYYY-MM-DD')
  .refine(isRealDay, '日期不存在');

const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

export function isRealDay(s: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) return false;
  const y = Number(m[1]);
  const mo = Number(m[2]);
  const d = Number(m[3]);
  if (y < 1900 || y > 2199 || mo < 1 || mo > 12 || d < 1) return false;
  // The Gregorian calendar's month lengths, without a Date (each request's day filters are checked here).
  const leap = (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
  return d <= (mo === 2 ? (leap ? 29 : 28) : MONTH_DAYS[mo - 1]);
}
