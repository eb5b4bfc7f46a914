import type { DayKind } from './working-days.ts';

/**
 * The 2026 public holidays of the mainland calendar and their swapped working days, as the demo (and a fresh
 * production database, until the operator edits it) starts with. Every day of a holiday period is listed as
 * HOLIDAY, weekends included, so the calendar screen shows the whole period.
 */
const PERIODS: { name: string; from: string; to: string; workdays: string[] }[] = [
  { name: '元旦', from: '2026-01-01', to: '2026-01-03', workdays: ['2026-01-04'] },
  { name: '春节', from: '2026-02-15', to: '2026-02-23', workdays: ['2026-02-14', '2026-02-28'] },
  { name: '清明节', from: '2026-04-04', to: '2026-04-06', workdays: [] },
  { name: '劳动节', from: '2026-05-01', to: '2026-05-05', workdays: ['2026-05-09'] },
  { name: '端午节', from: '2026-06-19', to: '2026-06-21', workdays: [] },
  { name: '中秋节', from: '2026-09-25', to: '2026-09-27', workdays: [] },
  { name: '国庆节', from: '2026-10-01', to: '2026-10-07', workdays: ['2026-09-20', '2026-10-10'] },
];

export function calendar2026(): { day: string; kind: DayKind; name: string }[] {
  const rows: { day: string; kind: DayKind; name: string }[] = [];
  for (const p of PERIODS) {
    for (let t = Date.parse(`${p.from}T00:00:00Z`); t <= Date.parse(`${p.to}T00:00:00Z`); t += 86_400_000) {
      rows.push({ day: new Date(t).toISOString().slice(0, 10), kind: 'HOLIDAY', name: p.name });
    }
    for (const day of p.workdays) rows.push({ day, kind: 'WORKDAY', name: `${p.name}调休上班` });
  }
  return rows.sort((a, b) => a.day.localeCompare(b.day));
}
