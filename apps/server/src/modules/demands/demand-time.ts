import { SHANGHAI_OFFSET_MS } from '@phjr/contract/system/shanghai-time';

/**
 * The instants of list rows as text, by integer arithmetic on epoch ms. Every row of a demand list has a code (its
 * Beijing day) and two instants: through a Date they cost ~0.4 µs each (Date.prototype.toISOString is a call into the
 * runtime), about 10 µs of a 10-row page; these take a quarter of that. The unit tests hold them to the Date's answers.
 */

const DAY_MS = 86_400_000;
/** 0..999 written with two or three digits: the parts of a time are picked, not padded. */
const TWO = Array.from({ length: 100 }, (_, i) => String(i).padStart(2, '0'));
const THREE = Array.from({ length: 1000 }, (_, i) => String(i).padStart(3, '0'));
/** The instants toISOString writes with a four-digit year (0000-01-01 to 9999-12-31, UTC). */
const FOUR_DIGIT_YEARS = [-62_167_219_200_000, 253_402_300_799_999];

/**
 * The civil (proleptic Gregorian) day `days` after 1970-01-01 as the number yyyymmdd (H. Hinnant's civil_from_days):
 * days are counted from 0000-03-01 so that a year runs March to February, with the leap day last.
 */
function civilDay(days: number): number {
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const dayOfEra = z - era * 146_097;
  const yearOfEra = Math.floor((dayOfEra - Math.floor(dayOfEra / 1_460) + Math.floor(dayOfEra / 36_524) - Math.floor(dayOfEra / 146_096)) / 365);
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const m = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * m + 2) / 5) + 1;
  const month = m < 10 ? m + 3 : m - 9;
  return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0)) * 10_000 + month * 100 + day;
}

/** The Beijing day of an instant as the number yyyymmdd (20261123). */
export function shanghaiYmd(ms: number): number {
  return civilDay(Math.floor((ms + SHANGHAI_OFFSET_MS) / DAY_MS));
}

/** new Date(ms).toISOString(): the instant in UTC to the millisecond (a fraction of one is dropped, as a Date drops it). */
export function isoOf(ms: number): string {
  const t = Math.trunc(ms);
  if (!(t >= FOUR_DIGIT_YEARS[0] && t <= FOUR_DIGIT_YEARS[1])) return new Date(ms).toISOString();
  const days = Math.floor(t / DAY_MS);
  const ymd = civilDay(days);
  let rest = t - days * DAY_MS;
  const hours = Math.floor(rest / 3_600_000);
  rest -= hours * 3_600_000;
  const minutes = Math.floor(rest / 60_000);
  rest -= minutes * 60_000;
  const seconds = Math.floor(rest / 1_000);
  const year = Math.floor(ymd / 10_000);
  return `${year < 1000 ? String(year).padStart(4, '0') : year}-${TWO[Math.floor(ymd / 100) % 100]}-${TWO[ymd % 100]}T${TWO[hours]}:${TWO[minutes]}:${TWO[seconds]}.${THREE[rest - seconds * 1_000]}Z`;
}
