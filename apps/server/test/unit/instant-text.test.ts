import { describe, expect, it } from 'vitest';
import { shanghaiDay } from '@phjr/contract/system/shanghai-time';
import { demandCode } from '../../src/modules/demands/demand-messages.ts';
import { dayAfter, dayStart } from '../../src/db/sql.ts';
import { isoOf, shanghaiDayAfter, shanghaiDayStart, shanghaiDigits } from '../../src/lib/instant-text.ts';

/** A list row's code day and instants by integer arithmetic (issue 17), held to what a Date answers. */
const at = (iso: string) => Date.parse(iso);
const DAY = 86_400_000;

describe("a demand code's day", () => {
  it('turns at Beijing midnight (16:00 UTC), not at UTC midnight', () => {
    expect(shanghaiDigits(at('2026-11-22T15:59:59.999Z'))).toBe('20261122');
    expect(shanghaiDigits(at('2026-11-22T16:00:00.000Z'))).toBe('20261123');
    expect(shanghaiDigits(at('2026-11-23T00:00:00.000Z'))).toBe('20261123');
  });

  it('crosses month and year ends and leap days as the calendar does', () => {
    expect(shanghaiDigits(at('2026-12-31T15:59:59.999Z'))).toBe('20261231');
    expect(shanghaiDigits(at('2026-12-31T16:00:00.000Z'))).toBe('20270101');
    expect(shanghaiDigits(at('2024-02-28T16:00:00.000Z'))).toBe('20240229');
    expect(shanghaiDigits(at('2024-02-29T16:00:00.000Z'))).toBe('20240301');
    expect(shanghaiDigits(at('2100-02-28T16:00:00.000Z'))).toBe('21000301');
    expect(shanghaiDigits(at('2000-02-28T16:00:00.000Z'))).toBe('20000229');
    expect(shanghaiDigits(at('2026-04-30T16:00:00.000Z'))).toBe('20260501');
    expect(shanghaiDigits(at('1970-01-01T00:00:00.000Z'))).toBe('19700101');
    expect(shanghaiDigits(at('1969-12-31T15:59:59.999Z'))).toBe('19691231');
  });

  it('is the day a formatted Date gives, on each side of every Beijing midnight from 1999 to 2041', () => {
    const wrong: string[] = [];
    for (let day = at('1999-01-01T16:00:00Z'); day < at('2041-01-01T00:00:00Z'); day += DAY) {
      for (const ms of [day - 1, day, day + 1, day + 43_200_000.5])
        if (shanghaiDigits(ms) !== shanghaiDay(ms).replace(/-/g, '')) wrong.push(new Date(ms).toISOString());
    }
    expect(wrong).toEqual([]);
  });

  it('makes the code with the id in at least six digits', () => {
    expect(demandCode(42, at('2026-11-22T16:00:00.000Z'))).toBe('XQ20261123000042');
    expect(demandCode(1_234_567, new Date('2026-11-22T15:59:59.999Z'))).toBe('XQ202611221234567');
  });
});

describe("a list row's instants", () => {
  it('are written as toISOString writes them, a fraction of a millisecond dropped', () => {
    expect(isoOf(at('2026-11-24T19:26:52.888Z') + 0.852)).toBe('2026-11-24T19:26:52.888Z');
    expect(isoOf(at('2024-02-29T23:59:59.999Z'))).toBe('2024-02-29T23:59:59.999Z');
    expect(isoOf(at('2026-12-31T23:59:59.999Z') + 1)).toBe('2027-01-01T00:00:00.000Z');
    expect(isoOf(0)).toBe('1970-01-01T00:00:00.000Z');
    expect(isoOf(-0.5)).toBe(new Date(-0.5).toISOString());
    // A year before 1000 keeps its four digits, as toISOString writes it.
    expect(isoOf(at('0999-12-31T23:59:59.999Z'))).toBe('0999-12-31T23:59:59.999Z');
    expect(shanghaiDigits(at('0999-12-31T15:59:59.999Z'))).toBe('09991231');
  });

  it('agree with toISOString at hour edges of every hour of the day from 1999 to 2041, and beyond four-digit years', () => {
    const wrong: string[] = [];
    // Every seventh hour: each hour of the day on every day of a week of days, month ends and leap days among them.
    for (let t = at('1999-01-01T00:00:00Z'); t < at('2041-01-01T00:00:00Z'); t += 7 * 3_600_000) {
      for (const ms of [t - 1, t, t + 1, t + 59_999, t + 1_234.567])
        if (isoOf(ms) !== new Date(ms).toISOString()) wrong.push(`${ms}`);
    }
    for (const ms of [
      at('0999-12-31T23:59:59.999Z'),
      at('0000-01-01T00:00:00.000Z'),
      -62_167_219_200_001,
      253_402_300_800_000,
      at('1900-03-01T12:00:00.001Z'),
    ]) {
      if (isoOf(ms) !== new Date(ms).toISOString()) wrong.push(`${ms}`);
    }
    expect(wrong).toEqual([]);
  });
});

describe("a date filter's instants", () => {
  it('are the instants of db/sql.ts dayStart and dayAfter, as text, across month, year and leap-day ends', () => {
    const wrong: string[] = [];
    for (let t = at('1900-01-01T00:00:00Z'); t < at('2200-01-01T00:00:00Z'); t += 86_400_000) {
      const day = new Date(t).toISOString().slice(0, 10);
      if (
        Date.parse(shanghaiDayStart(day)) !== dayStart(day).getTime() ||
        Date.parse(shanghaiDayAfter(day)) !== dayAfter(day).getTime()
      )
        wrong.push(day);
    }
    expect(wrong).toEqual([]);
    expect(shanghaiDayAfter('2024-02-28')).toBe('2024-02-29T00:00:00+08:00');
    expect(shanghaiDayAfter('2026-12-31')).toBe('2027-01-01T00:00:00+08:00');
  });
});
