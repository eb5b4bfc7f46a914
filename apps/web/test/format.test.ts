import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import dayjs from 'dayjs';
import { daysLeft } from '../src/features/demands/components/demand-model.ts';
import { setLocale } from '../src/lib/i18n.ts';
import {
  beijingDay,
  beijingDayjs,
  beijingInstant,
  beijingNowValue,
  beijingToday,
  beijingYear,
  fileStamp,
  formatAmount,
  formatCount,
  formatDate,
  formatDateTime,
  formatDateTimeSeconds,
  formatPercent,
  formatRate,
} from '../src/lib/format.ts';

/**
 * Issue 12: instants are shown in Beijing time whatever the browser's zone. A record made at 00:30 Beijing time
 * (16:30 UTC the day before) showed as the previous day on screens that formatted in the browser's zone or cut the
 * ISO string. Node reads process.env.TZ again on every change, so one file runs the day boundary in several zones.
 */
const ZONES = ['UTC', 'America/Los_Angeles', 'Asia/Shanghai', 'Asia/Tokyo', 'Europe/London'];
const savedTz = process.env.TZ;
afterAll(() => {
  if (savedTz === undefined) delete process.env.TZ;
  else process.env.TZ = savedTz;
});

describe.each(ZONES)('dates in Beijing time with the process in %s', (zone) => {
  it('crosses the day boundary at 16:00 UTC', () => {
    process.env.TZ = zone;
    expect(new Date('2026-11-23T16:30:00Z').getTimezoneOffset()).toBe(
      zone === 'UTC' || zone === 'Europe/London'
        ? 0
        : zone === 'America/Los_Angeles'
          ? 480
          : zone === 'Asia/Tokyo'
            ? -540
            : -480,
    );
    expect(formatDateTime('2026-11-23T16:30:00Z')).toBe('2026-11-24 00:30');
    expect(formatDateTime('2026-11-23T16:30:00.000Z')).toBe('2026-11-24 00:30');
    expect(formatDate('2026-11-23T16:30:00Z')).toBe('2026-11-24');
    expect(formatDateTime('2026-11-23T15:59:59Z')).toBe('2026-11-23 23:59');
    expect(formatDateTimeSeconds('2026-11-23T15:59:59Z')).toBe('2026-11-23 23:59:59');
    expect(formatDate('2026-11-23T15:59:59Z')).toBe('2026-11-23');
    expect(formatDateTime('2026-11-23T23:30:00Z')).toBe('2026-11-24 07:30');
    expect(formatDateTime('2026-11-24T00:30:00+08:00')).toBe('2026-11-24 00:30');
    expect(formatDateTime(Date.parse('2026-11-23T16:30:00Z'))).toBe('2026-11-24 00:30');
    expect(formatDateTime(new Date('2026-11-23T16:30:00Z'))).toBe('2026-11-24 00:30');
  });

  it('keeps calendar days and zoneless Beijing times as written', () => {
    process.env.TZ = zone;
    expect(formatDate('2026-11-23')).toBe('2026-11-23');
    expect(formatDateTime('2026-11-23')).toBe('2026-11-23 00:00');
    expect(formatDateTime('2026-11-23T08:05')).toBe('2026-11-23 08:05');
    expect(formatDateTimeSeconds('2026-11-23 08:05:09')).toBe('2026-11-23 08:05:09');
  });

  it('words dates and stamps file names in Beijing time', async () => {
    process.env.TZ = zone;
    await setLocale('en-US');
    expect(beijingDayjs('2026-11-23T16:30:00Z').format('dddd, D MMMM YYYY HH:mm')).toBe(
      'Tuesday, 24 November 2026 00:30',
    );
    expect(fileStamp('2026-11-23T16:30:05Z')).toBe('20261124003005');
    expect(fileStamp('2026-11-24T05:30:05Z')).toBe('20261124133005');
    // A US spring-forward night (2026-03-08 02:00-03:00 in Los Angeles) has no gap in Beijing time.
    expect(beijingDayjs('2026-03-07T18:30:00Z').format('YYYY-MM-DD HH:mm')).toBe('2026-03-08 02:30');
    await setLocale('zh-CN');
  });
});

/**
 * Issue 13: "today" and the pickers' days are Beijing days too. A browser on UTC after 16:00 (or in Los Angeles all
 * evening) is still on yesterday: its dayjs() made the grant date picker stop a day early and default to a day the
 * server refuses for a demand posted today. Each zone is checked to be in effect before the helpers run in it.
 */
const OFFSET_MIN = { UTC: 0, 'America/Los_Angeles': 480 } as const;
describe.each(Object.keys(OFFSET_MIN) as (keyof typeof OFFSET_MIN)[])(
  'business days with the browser in %s',
  (zone) => {
    const inZone = () => {
      process.env.TZ = zone;
      // 2026-11-23 is winter time in Los Angeles (UTC-8): the process really runs in the zone.
      expect(new Date('2026-11-23T16:00:00Z').getTimezoneOffset()).toBe(OFFSET_MIN[zone]);
    };
    afterEach(() => {
      vi.useRealTimers();
    });

    it("turns the day at 16:00 UTC, not at the browser's midnight", () => {
      inZone();
      expect(beijingDay('2026-11-23T15:59:59Z')).toBe('2026-11-23');
      expect(beijingDay('2026-11-23T16:00:00Z')).toBe('2026-11-24');
      expect(beijingDay(Date.parse('2026-11-23T16:00:00.000Z'))).toBe('2026-11-24');
      expect(beijingDay('2026-11-23')).toBe('2026-11-23');
      expect(beijingDay(null)).toBe('');
      expect(beijingYear('2026-12-31T15:59:59Z')).toBe(2026);
      expect(beijingYear('2026-12-31T16:00:00Z')).toBe(2027);
    });

    it("gives the pickers Beijing's today: the default, the latest allowed day and the picker's own now", () => {
      inZone();
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date('2026-11-23T15:59:59Z'));
      expect(beijingToday().format('YYYY-MM-DD')).toBe('2026-11-23');
      vi.setSystemTime(new Date('2026-11-23T16:00:00Z'));
      // The browser's own calendar is still on the 23rd: what the pickers used before.
      expect(dayjs().format('YYYY-MM-DD')).toBe('2026-11-23');
      const today = beijingToday();
      expect(today.format('YYYY-MM-DD')).toBe('2026-11-24');
      // A picker value: local midnight of that day, compared by its cells' local fields.
      expect(today.format('HH:mm')).toBe('00:00');
      const disabled = (day: string) => dayjs(day).isAfter(today, 'day');
      expect(disabled('2026-11-24')).toBe(false);
      expect(disabled('2026-11-25')).toBe(true);
      expect(beijingNowValue().format('YYYY-MM-DD HH:mm:ss')).toBe('2026-11-24 00:00:00');
      expect(beijingNowValue('2026-11-23T23:30:05Z').format('YYYY-MM-DD HH:mm:ss')).toBe('2026-11-24 07:30:05');
    });

    it('reads a picked date-time as Beijing wall-clock time', () => {
      inZone();
      const picked = dayjs('2026-11-24T09:00:00');
      expect(beijingInstant(picked)).toBe('2026-11-24T09:00:00+08:00');
      expect(new Date(beijingInstant(picked)).toISOString()).toBe('2026-11-24T01:00:00.000Z');
      expect(formatDateTime(beijingInstant(picked))).toBe('2026-11-24 09:00');
      expect(beijingInstant(beijingNowValue('2026-11-23T16:30:00Z'))).toBe('2026-11-24T00:30:00+08:00');
    });
  },
);

describe('empty and broken instants', () => {
  it('show the placeholder', () => {
    for (const v of [null, undefined, '', 'not a date']) {
      expect(formatDate(v)).toBe('-');
      expect(formatDateTime(v, '—')).toBe('—');
    }
  });
});

describe('numbers', () => {
  it('counts, amounts in 万元, rates and percents with separators in the active language', async () => {
    await setLocale('zh-CN');
    expect(formatCount(1234567.4)).toBe('1,234,567');
    expect(formatAmount(12345.678)).toBe('12,345.68');
    expect(formatAmount(null)).toBe('-');
    expect(formatRate(3.456)).toBe('3.46%');
    expect(formatRate(undefined)).toBe('-');
    expect(formatPercent(12.345)).toBe('12.3');
    await setLocale('en-US');
    expect(formatAmount(300)).toBe('300');
    await setLocale('zh-CN');
  });
});

describe('days left to a deadline', () => {
  it('counts Beijing calendar days whatever the browser zone', () => {
    const deadline = '2026-11-25T15:59:59.999Z'; // the end of 2026-11-25, Beijing time
    for (const zone of ZONES) {
      process.env.TZ = zone;
      // 20:00 on the 23rd in Los Angeles is 12:00 on the 24th in Beijing: one day left, not two.
      expect(daysLeft(deadline, Date.parse('2026-11-24T04:00:00Z')), zone).toBe(1);
      expect(daysLeft(deadline, Date.parse('2026-11-23T15:59:59Z')), zone).toBe(2);
      expect(daysLeft(deadline, Date.parse('2026-11-25T16:00:00Z')), zone).toBe(-1);
    }
  });
});
