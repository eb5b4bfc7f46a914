/**
 * How the achievement display writes its figures (pure, for the tiles, the charts' labels and the tests). A figure
 * is a number and a unit, read from across a hall: amounts (万元 in the API) from 1 亿元 on are shown in 亿元 with two
 * decimals, smaller ones in 万元 with two decimals; counts whole with separators; rates as % with one decimal; days
 * with one decimal.
 */

export type Unit = 'yi' | 'wan' | 'count' | 'percent' | 'days' | 'none';
export interface Shown {
  /** The number as written (separators of the language). */
  text: string;
  unit: Unit;
}

/** 1 亿元 = 10 000 万元. */
export const WAN_PER_YI = 10_000;

const fmt = (locale: string, digits: number, fixed: boolean) =>
  new Intl.NumberFormat(locale, { maximumFractionDigits: digits, minimumFractionDigits: fixed ? digits : 0 });

export function showAmount(wan: number, locale: string): Shown {
  return Math.abs(wan) >= WAN_PER_YI
    ? { text: fmt(locale, 2, true).format(wan / WAN_PER_YI), unit: 'yi' }
    : { text: fmt(locale, 2, true).format(wan), unit: 'wan' };
}

export function showCount(n: number, locale: string): Shown {
  return { text: fmt(locale, 0, false).format(Math.round(n)), unit: 'count' };
}

/** A percentage 0-100 (the overview's success rate). */
export function showPercent(p: number | null, locale: string): Shown {
  return p === null ? { text: '-', unit: 'none' } : { text: fmt(locale, 1, true).format(p), unit: 'percent' };
}

/** A rate 0..1 (the report figures' rates), as a percentage. */
export function showRate(rate: number | null, locale: string): Shown {
  return showPercent(rate === null ? null : rate * 100, locale);
}

export function showDays(d: number | null, locale: string): Shown {
  return d === null ? { text: '-', unit: 'none' } : { text: fmt(locale, 1, true).format(d), unit: 'days' };
}

export type FigureKind = 'amount' | 'count' | 'percent' | 'rate' | 'days';

export function showFigure(kind: FigureKind, value: number | null, locale: string): Shown {
  if (value === null) return { text: '-', unit: 'none' };
  switch (kind) {
    case 'amount':
      return showAmount(value, locale);
    case 'count':
      return showCount(value, locale);
    case 'percent':
      return showPercent(value, locale);
    case 'rate':
      return showRate(value, locale);
    case 'days':
      return showDays(value, locale);
  }
}

/** Sums a field over rows (the pages' totals), kept to 2 decimals like the API's amounts. */
export function sumOf<T>(rows: readonly T[], pick: (row: T) => number): number {
  return Math.round(rows.reduce((n, r) => n + pick(r), 0) * 100) / 100;
}

/** `2026-11` → `11月` / `Nov`: the trend's axis. */
export function monthLabel(month: string, locale: string): string {
  const [y, m] = month.split('-').map(Number);
  return new Intl.DateTimeFormat(locale, { month: 'short', timeZone: 'UTC' }).format(Date.UTC(y, m - 1, 1));
}

/** Axis labels for amounts in 万元 (the axis is named with its unit): whole numbers with separators. */
export function axisAmount(wan: number, locale: string): string {
  return fmt(locale, 0, false).format(wan);
}
