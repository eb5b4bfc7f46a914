import dayjs, { type Dayjs } from 'dayjs';
import utc from 'dayjs/plugin/utc';
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

/** `20261124003005`: Beijing time for file names; `hour12` gives the 12-hour hh that SPEC 9's export name asks for. */
export function fileStamp(at: Instant, opts: { hour12?: boolean } = {}): string {
  const t = beijingDayjs(at);
  return t.format(opts.hour12 ? 'YYYYMMDDhhmmss' : 'YYYYMMDDHHmmss');
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
