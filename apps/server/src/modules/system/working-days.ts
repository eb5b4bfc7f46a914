import { SHANGHAI_OFFSET_MS, shanghaiDay as shanghaiDayOf } from '@phjr/contract/system/shanghai-time';

/**
 * Working days for SLA deadlines (PRODUCT.md section 6). Pure: the caller passes the operator's calendar, so the
 * same rules run in services, jobs and tests. Days are `YYYY-MM-DD` strings of the platform's calendar
 * (Asia/Shanghai); a weekday is a working day unless the calendar marks it HOLIDAY, a Saturday or Sunday is a day
 * off unless the calendar marks it WORKDAY (a swapped working day).
 */
export type DayKind = 'HOLIDAY' | 'WORKDAY';
export type Calendar = ReadonlyMap<string, DayKind>;

const DAY_MS = 86_400_000;
/** The calendar day (Asia/Shanghai) of an instant. */
export function shanghaiDay(at: Date): string {
  return shanghaiDayOf(at.getTime());
}

function parseDay(day: string): number {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) throw new RangeError(`not a day: ${day}`);
  const t = Date.parse(`${day}T00:00:00Z`);
  if (Number.isNaN(t)) throw new RangeError(`not a day: ${day}`);
  return t;
}

function formatDay(t: number): string {
  return new Date(t).toISOString().slice(0, 10);
}

export function isWorkingDay(day: string, calendar: Calendar): boolean {
  const kind = calendar.get(day);
  if (kind === 'HOLIDAY') return false;
  if (kind === 'WORKDAY') return true;
  const weekday = new Date(parseDay(day)).getUTCDay();
  return weekday !== 0 && weekday !== 6;
}

/**
 * The n-th working day after `start` (start itself does not count, whether or not it is a working day); n = 0
 * gives start. A demand submitted on a Friday with 3 working days to accept is due at the end of Wednesday.
 */
export function addWorkingDays(start: string, n: number, calendar: Calendar): string {
  if (!Number.isInteger(n) || n < 0) throw new RangeError(`working days must be a whole number ≥ 0: ${n}`);
  let t = parseDay(start);
  let left = n;
  // A calendar never has more than a few weeks off in a row; the bound only stops a broken calendar looping.
  for (let guard = 0; left > 0; guard += 1) {
    if (guard > n * 7 + 366) throw new RangeError('calendar has no working days');
    t += DAY_MS;
    if (isWorkingDay(formatDay(t), calendar)) left -= 1;
  }
  return formatDay(t);
}

/** Working days after `from` up to and including `to` (0 when to ≤ from). */
export function workingDaysBetween(from: string, to: string, calendar: Calendar): number {
  let t = parseDay(from);
  const end = parseDay(to);
  let count = 0;
  while (t < end) {
    t += DAY_MS;
    if (isWorkingDay(formatDay(t), calendar)) count += 1;
  }
  return count;
}

/**
 * The SLA deadline of something that started at `at`: the end (23:59:59.999, Asia/Shanghai) of the n-th working
 * day after the day it started.
 */
export function workingDeadline(at: Date, n: number, calendar: Calendar): Date {
  const day = addWorkingDays(shanghaiDay(at), n, calendar);
  return new Date(parseDay(day) + DAY_MS - SHANGHAI_OFFSET_MS - 1);
}
