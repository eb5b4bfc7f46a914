import dayjs, { type Dayjs } from 'dayjs';
import utc from 'dayjs/plugin/utc';
import { exportStamp } from '@phjr/contract/system/export-file-name';
import { SHANGHAI_OFFSET_MS, shanghaiWallClock } from '@phjr/contract/system/shanghai-time';
import { currentLocale } from './i18n.ts';

dayjs.extend(utc);

/**
 * The web's one set of formatters (issue 12: four sets disagreed, and three screens showed UTC as Beijing time).
 * Instants are shown in Beijing time (Asia/Shanghai, the platform's calendar, as the server counts days) whatever
 * the browser's zone; numbers with the active language's separators (UI.md: amounts in 万元, rates with %).
 */

/** What the server sends for a moment: an ISO instant (with Z or an offset), epoch ms, or a Date. */
export type Instant = string | number | Date | null | undefined;

const DAY_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const ZONELESS = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?$/;

/** Epoch ms of an instant, or null when there is none. */
function epochMs(at: Instant): number | null {
  if (at === null || at === undefined || at === '') return null;
  const ms = at instanceof Date ? at.getTime() : typeof at === 'number' ? at : Date.parse(at);
  return Number.isFinite(ms) ? ms : null;
}

/**
 * `YYYY-MM-DDTHH:mm:ss` in Beijing time, or null. A calendar day (`2026-11-23`) is a day of the platform's calendar
 * and a time without a zone is already Beijing time: both are taken as written, never shifted by the browser's zone.
 */
function beijing(at: Instant): string | null {
  if (typeof at === 'string') {
    if (DAY_ONLY.test(at)) return `${at}T00:00:00`;
    if (ZONELESS.test(at)) {
      const s = at.replace(' ', 'T');
      return s.length === 16 ? `${s}:00` : s.slice(0, 19);
    }
  }
  const ms = epochMs(at);
  return ms === null ? null : shanghaiWallClock(ms).slice(0, 19);
}

/** `2026-11-24` (Beijing), or `empty`. */
export function formatDate(at: Instant, empty = '-'): string {
  return beijing(at)?.slice(0, 10) ?? empty;
}

/** `2026-11-24 00:30` (Beijing), or `empty`. */
export function formatDateTime(at: Instant, empty = '-'): string {
  return beijing(at)?.slice(0, 16).replace('T', ' ') ?? empty;
}

/** `2026-11-24 00:30:05` (Beijing), or `empty`: audit records and message times. */
export function formatDateTimeSeconds(at: Instant, empty = '-'): string {
  return beijing(at)?.replace('T', ' ') ?? empty;
}

/**
 * A dayjs whose wall clock is Beijing time (UTC mode shifted by the fixed offset, so no DST of the browser's zone can
 * move it), for formats with words in the active language (`dddd`, `D MMMM YYYY`). Now when `at` is left out.
 */
export function beijingDayjs(at: Instant = Date.now()): Dayjs {
  return dayjs.utc((epochMs(at) ?? Date.now()) + SHANGHAI_OFFSET_MS);
}

/**
 * `2026-11-24`: the Beijing calendar day of an instant, today when left out (the day the server counts: a demand's
 * number, "not after today", "not before the posting day"), or `''` for no instant. Calendar days stay as written.
 */
export function beijingDay(at: Instant = Date.now()): string {
  return formatDate(at, '');
}

/** The Beijing year now (footers, the holiday calendar's years): 31 December 16:00 UTC is already the new year. */
export function beijingYear(now: Instant = Date.now()): number {
  return Number(beijingDay(now).slice(0, 4));
}

/**
 * A calendar day (`2026-11-24`) as antd's date pickers hold one: a dayjs at the browser's local midnight of that day,
 * so the picker shows that day, compares it with its cells by their local fields and `format('YYYY-MM-DD')` gives the
 * same day back, in every zone.
 */
export function pickerDay(day: string): Dayjs {
  return dayjs(day);
}

/**
 * Today in Beijing as a picker value: the default and the latest allowed day of "not after today" pickers. A browser on
 * UTC from 16:00 (or in America all evening) is still on yesterday, one east of Beijing already on tomorrow.
 */
export function beijingToday(now: Instant = Date.now()): Dayjs {
  return pickerDay(beijingDay(now));
}

/**
 * Now as a picker value: a local dayjs whose fields are Beijing's wall clock (BeijingDatePicker's "today" and "now").
 * Only within an hour a year when the browser's own zone skips that wall-clock time (a DST gap) is it an hour off.
 */
export function beijingNowValue(now: Instant = Date.now()): Dayjs {
  return dayjs(beijing(now) ?? beijing(Date.now())!);
}

/**
 * A date-time picked as Beijing wall-clock time (a picker value whose fields the user chose), as the ISO instant it
 * names (`2026-11-24T09:00:00+08:00`), whatever the browser's zone: a 09:00 schedule means 09:00 in Beijing.
 */
export function beijingInstant(picked: Dayjs): string {
  return `${picked.format('YYYY-MM-DDTHH:mm:ss')}+08:00`;
}

/** `20261124003005`: Beijing time for file names, 24-hour clock (the contract's exportStamp, as export names use). */
export function fileStamp(at: Instant): string {
  return exportStamp(epochMs(at) ?? Date.now());
}

/** A number with the active language's separators and at most `digits` decimals. */
export function formatNumber(n: number, digits: number): string {
  return new Intl.NumberFormat(currentLocale(), { maximumFractionDigits: digits }).format(n);
}

/** Whole numbers (counts) with thousands separators. */
export function formatCount(n: number): string {
  return formatNumber(Math.round(n), 0);
}

/** An amount in 万元 with thousands separators and at most two decimals (the caller's text adds the unit), or `empty`. */
export function formatAmount(wan: number | null | undefined, empty = '-'): string {
  return wan === null || wan === undefined ? empty : formatNumber(wan, 2);
}

/** A rate in % with at most two decimals (`3.45%`), or `empty`. */
export function formatRate(rate: number | null | undefined, empty = '-'): string {
  return rate === null || rate === undefined ? empty : `${formatNumber(rate, 2)}%`;
}

/** A percentage 0-100 with at most one decimal, without the sign (the caller's text adds it). */
export function formatPercent(p: number): string {
  return formatNumber(p, 1);
}
