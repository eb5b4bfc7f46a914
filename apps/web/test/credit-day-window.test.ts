import { describe, expect, it } from 'vitest';
import { dayWindow } from '../src/features/credit/components/credit-model.ts';

/** Issue 30: "按日（有查询的最近 60 天）" showed February on 2026-11-28: the chart is the last 60 Beijing days. */
describe('the credit figures by day', () => {
  const byDay = [
    { day: '2026-02-03', total: 4, refused: 1 },
    { day: '2026-10-01', total: 2, refused: 0 },
    { day: '2026-11-28', total: 3, refused: 2 },
  ];

  it('draws the 60 calendar days ending today, a quiet day as 0, never a day before the window', () => {
    const w = dayWindow(byDay, '2026-11-28', undefined, 60);
    expect(w).toHaveLength(60);
    expect(w[0]!.day).toBe('2026-09-30');
    expect(w.at(-1)).toEqual({ day: '2026-11-28', total: 3, refused: 2 });
    expect(w.find((d) => d.day === '2026-10-01')).toEqual({ day: '2026-10-01', total: 2, refused: 0 });
    expect(w.find((d) => d.day === '2026-11-01')).toEqual({ day: '2026-11-01', total: 0, refused: 0 });
    expect(w.some((d) => d.day < '2026-09-30')).toBe(false);
  });

  it('ends with the chosen range’s last day when that is before today, and never after today', () => {
    expect(dayWindow(byDay, '2026-11-28', '2026-03-01', 60).at(-1)!.day).toBe('2026-03-01');
    expect(dayWindow(byDay, '2026-11-28', '2026-03-01', 60)[0]!.day).toBe('2026-01-01');
    expect(dayWindow(byDay, '2026-11-28', '2027-01-01', 60).at(-1)!.day).toBe('2026-11-28');
  });

  it('crosses a month and a year end day by day', () => {
    expect(dayWindow([], '2027-01-01', undefined, 3).map((d) => d.day)).toEqual([
      '2026-12-30',
      '2026-12-31',
      '2027-01-01',
    ]);
    expect(dayWindow([], '2028-03-01', undefined, 2).map((d) => d.day)).toEqual(['2028-02-29', '2028-03-01']);
  });
});
