import { SHANGHAI_OFFSET_MS } from '@phjr/contract/system/shanghai-time';

/**
 * The instants of list rows as text, by integer arithmetic on epoch ms. Every row of a demand or shelter list has a
 * code (its Beijing day) and instants: through a Date they cost ~0.4 us each (Date.prototype.toISOString is a call
 * into the runtime), about 10 us of a 10-row page. Here a day's text is made once (a page's instants fall on a few days) and
 * the time of day is put together from texts made at start, so an instant costs ~0.1 us and three strings. The unit
 * tests hold them to the Date's answers.
 */

const DAY_MS = 86_400_000;
const TWO = Array.from({ length: 100 }, (_, i) => String(i).padStart(2, '0'));
/** `HH:MM:` of each minute of the day, `SS.` of each second, `mmmZ` of each millisecond. */
const MINUTE_TEXT = Array.from({ length: 1_440 }, (_, i) => `${TWO[Math.floor(i / 60)]}:${TWO[i % 60]}:`);
const SECOND_TEXT = TWO.slice(0, 60).map((s) => `${s}.`);
const MILLI_TEXT = Array.from({ length: 1_000 }, (_, i) => `${String(i).padStart(3, '0')}Z`);
/** The instants toISOString writes with a four-digit year (0000-01-01 to 9999-12-31, UTC). */
const FIRST_MS = -62_167_219_200_000;
const LAST_MS = 253_402_300_799_999;

/**
 * The civil (proleptic Gregorian) day `days` after 1970-01-01 as the number yyyymmdd (H. Hinnant's civil_from_days):
 * days are counted from 0000-03-01 so that a year runs March to February, with the leap day last.
 */
function civilDay(days: number): number {
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const dayOfEra = z - era * 146_097;
  const yearOfEra = Math.floor(
    (dayOfEra - Math.floor(dayOfEra / 1_460) + Math.floor(dayOfEra / 36_524) - Math.floor(dayOfEra / 146_096)) / 365,
  );
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const m = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * m + 2) / 5) + 1;
  const month = m < 10 ? m + 3 : m - 9;
  return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0)) * 10_000 + month * 100 + day;
}

/** Texts of days by day number, made on first use; emptied now and then, so a long-running process keeps a bounded few. */
function dayTexts(write: (ymd: number) => string): (days: number) => string {
  const made = new Map<number, string>();
  return (days) => {
    let text = made.get(days);
    if (text === undefined) {
      if (made.size >= 4_096) made.clear();
      made.set(days, (text = write(civilDay(days))));
    }
    return text;
  };
}

const year = (ymd: number) => String(Math.floor(ymd / 10_000)).padStart(4, '0');
/** `YYYY-MM-DDT` of a UTC day. */
const isoDay = dayTexts((ymd) => `${year(ymd)}-${TWO[Math.floor(ymd / 100) % 100]}-${TWO[ymd % 100]}T`);
/** `YYYYMMDD` of a Beijing day. */
const digitsDay = dayTexts((ymd) => `${year(ymd)}${TWO[Math.floor(ymd / 100) % 100]}${TWO[ymd % 100]}`);

/** The Beijing day of an instant as `YYYYMMDD` (20261123). */
export function shanghaiDigits(ms: number): string {
  return digitsDay(Math.floor((ms + SHANGHAI_OFFSET_MS) / DAY_MS));
}

/** new Date(ms).toISOString(): the instant in UTC to the millisecond (a fraction of one is dropped, as a Date drops it). */
export function isoOf(ms: number): string {
  const t = Math.trunc(ms);
  if (!(t >= FIRST_MS && t <= LAST_MS)) return new Date(ms).toISOString();
  const days = Math.floor(t / DAY_MS);
  const ofDay = t - days * DAY_MS;
  const minute = Math.floor(ofDay / 60_000);
  const ofMinute = ofDay - minute * 60_000;
  const second = Math.floor(ofMinute / 1_000);
  return isoDay(days) + MINUTE_TEXT[minute] + SECOND_TEXT[second] + MILLI_TEXT[ofMinute - second * 1_000];
}

/**
 * The first instant of a Beijing day `YYYY-MM-DD` (a real day: the request schemas check it) as text PostgreSQL reads
 * as that instant: a list's "from" is `>=` it. Bound as a Date (db/sql.ts dayStart), it was parsed from this text and
 * written back by pg (~1.5 us for a date filter's two).
 */
export const shanghaiDayStart = (day: string) => `${day}T00:00:00+08:00`;

/** The first instant of the Beijing day after `day`, as text: a list's "to" (that day included) is `<` it. */
export function shanghaiDayAfter(day: string): string {
  const next = Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10))) / DAY_MS + 1;
  return `${isoDay(next)}00:00:00+08:00`;
}
