import { describe, expect, it } from 'vitest';
import { calendar2026 } from '../../src/modules/system/calendar-2026.ts';
import {
  addWorkingDays,
  isWorkingDay,
  shanghaiDay,
  workingDaysBetween,
  workingDeadline,
  type Calendar,
} from '../../src/modules/system/working-days.ts';

const empty: Calendar = new Map();
const cal2026: Calendar = new Map(calendar2026().map((h) => [h.day, h.kind]));

describe('isWorkingDay', () => {
  it('weekdays work, weekends do not, without a calendar', () => {
    expect(isWorkingDay('2026-03-06', empty)).toBe(true); // Friday
    expect(isWorkingDay('2026-03-07', empty)).toBe(false); // Saturday
    expect(isWorkingDay('2026-03-08', empty)).toBe(false); // Sunday
    expect(isWorkingDay('2026-03-09', empty)).toBe(true); // Monday
  });

  it('a public holiday on a weekday is off; a swapped weekend day is worked', () => {
    expect(isWorkingDay('2026-10-01', cal2026)).toBe(false); // Thursday, National Day
    expect(isWorkingDay('2026-10-10', cal2026)).toBe(true); // Saturday, swapped
    expect(isWorkingDay('2026-01-04', cal2026)).toBe(true); // Sunday, swapped
  });

  it('refuses something that is not a day', () => {
    expect(() => isWorkingDay('2026-13-01', empty)).toThrow(RangeError);
    expect(() => isWorkingDay('tomorrow', empty)).toThrow(RangeError);
  });
});

describe('addWorkingDays', () => {
  it('skips a weekend: Friday + 3 working days is Wednesday', () => {
    expect(addWorkingDays('2026-03-06', 3, empty)).toBe('2026-03-11');
    expect(addWorkingDays('2026-03-06', 1, empty)).toBe('2026-03-09');
  });

  it('counts from the next working day when it starts on a weekend', () => {
    expect(addWorkingDays('2026-03-07', 1, empty)).toBe('2026-03-09');
    expect(addWorkingDays('2026-03-07', 0, empty)).toBe('2026-03-07');
  });

  it('skips a public holiday: the day before National Day + 1 is the swapped Saturday after it', () => {
    // 2026-09-30 (Wed) → 10-01..10-07 off, 10-08 (Thu) and 10-09 (Fri) work, 10-10 (Sat) swapped working day.
    expect(addWorkingDays('2026-09-30', 1, cal2026)).toBe('2026-10-08');
    expect(addWorkingDays('2026-09-30', 3, cal2026)).toBe('2026-10-10');
    expect(addWorkingDays('2026-09-30', 4, cal2026)).toBe('2026-10-12');
  });

  it('counts a swapped working day on a weekend', () => {
    // 2026-09-18 (Fri) + 1: Saturday 09-19 is off, Sunday 09-20 is a swapped working day.
    expect(addWorkingDays('2026-09-18', 1, cal2026)).toBe('2026-09-20');
    expect(addWorkingDays('2026-09-18', 1, empty)).toBe('2026-09-21');
  });

  it('the 15-day decision clock across the Spring Festival', () => {
    // 2026-02-13 (Fri): 02-14 (Sat) swapped working day, 02-15..02-23 off, then working days again.
    expect(addWorkingDays('2026-02-13', 1, cal2026)).toBe('2026-02-14');
    expect(addWorkingDays('2026-02-13', 2, cal2026)).toBe('2026-02-24');
    expect(addWorkingDays('2026-02-13', 15, cal2026)).toBe('2026-03-12'); // 02-28 (Sat) is a swapped working day;
  });

  it('crosses a month and a year end', () => {
    expect(addWorkingDays('2025-12-31', 1, cal2026)).toBe('2026-01-04');
    expect(addWorkingDays('2026-02-27', 1, empty)).toBe('2026-03-02');
  });

  it('refuses a negative or fractional count', () => {
    expect(() => addWorkingDays('2026-03-06', -1, empty)).toThrow(RangeError);
    expect(() => addWorkingDays('2026-03-06', 1.5, empty)).toThrow(RangeError);
  });

  it('stops on a calendar without working days instead of looping', () => {
    const allOff = new Map<string, 'HOLIDAY'>();
    for (let t = Date.parse('2026-01-01T00:00:00Z'); t < Date.parse('2028-01-01T00:00:00Z'); t += 86_400_000) {
      allOff.set(new Date(t).toISOString().slice(0, 10), 'HOLIDAY');
    }
    expect(() => addWorkingDays('2026-01-01', 2, allOff)).toThrow(RangeError);
  });
});

describe('workingDaysBetween and workingDeadline', () => {
  it('counts the working days after from up to to', () => {
    expect(workingDaysBetween('2026-03-06', '2026-03-11', empty)).toBe(3);
    expect(workingDaysBetween('2026-09-30', '2026-10-10', cal2026)).toBe(3);
    expect(workingDaysBetween('2026-03-11', '2026-03-06', empty)).toBe(0);
  });

  it('uses the Shanghai calendar day and ends at Shanghai midnight', () => {
    // 2026-03-06 17:00 UTC is already Saturday 01:00 in Shanghai.
    expect(shanghaiDay(new Date('2026-03-06T17:00:00Z'))).toBe('2026-03-07');
    const due = workingDeadline(new Date('2026-03-06T02:00:00Z'), 3, empty);
    expect(due.toISOString()).toBe('2026-03-11T15:59:59.999Z');
  });
});
