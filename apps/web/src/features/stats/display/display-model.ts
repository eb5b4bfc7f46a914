import type { DisplayDistricts, DisplayOverview } from '@phjr/contract/stats/reports';
import type { MapDistrict } from './chart-options.ts';

type Translate = (key: string) => string;
interface Formats {
  amount: (v: number) => string;
  count: (v: number) => string;
  rate: (v: number | null) => string;
  days: (v: number | null) => string;
}

type District = DisplayOverview['districts'][number] | DisplayDistricts['rows'][number];

/** The map's districts: coloured by the amount granted, every figure of the district in its tooltip. */
export function districtMapItems(districts: readonly District[], f: Formats, t: Translate): MapDistrict[] {
  return districts.map((d) => ({
    regionCode: d.regionCode,
    name: d.name,
    // On the map an English name drops its " District" / " County" (the tooltip keeps it): the centre's districts
    // are small, and "Chengguan District" ran into "Donghu District" at 1920 × 1080.
    label: d.name.replace(/ (District|County)$/, ''),
    value: d.grantedAmount,
    lines: [
      `${t('series.counted')}: ${f.count(d.counted)}`,
      `${t('series.countedAmount')}: ${f.amount(d.countedAmount)}`,
      `${t('series.granted')}: ${f.count(d.granted)}`,
      `${t('series.grantedAmount')}: ${f.amount(d.grantedAmount)}`,
      `${t('series.grantRate')}: ${f.rate(d.grantRate)}`,
      `${t('series.acceptDaysAvg')}: ${f.days(d.acceptDaysAvg)}`,
      `${t('series.firstLoan')}: ${f.count(d.firstLoan)}`,
    ],
  }));
}

/** The first `n` rows by a figure, largest first (ties keep the answer's order); rows without it are left out. */
export function topBy<T>(rows: readonly T[], pick: (row: T) => number | null, n: number, ascending = false): T[] {
  return rows
    .map((row, i) => ({ row, i, v: pick(row) }))
    .filter((x): x is { row: T; i: number; v: number } => x.v !== null)
    .sort((a, b) => (ascending ? a.v - b.v : b.v - a.v) || a.i - b.i)
    .slice(0, n)
    .map((x) => x.row);
}

/** True when every value is zero (or there are none): the panel shows "no figures" instead of a flat chart. */
export function allZero(values: readonly (number | null)[]): boolean {
  return values.every((v) => !v);
}
