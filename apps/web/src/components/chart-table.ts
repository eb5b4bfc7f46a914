/**
 * A chart's data as a table (WCAG 1.1.1: the text alternative of a chart; issue 32), read from the same option the
 * chart draws: for bar and line charts one row per category with a column per series; for pie, funnel and map charts
 * one row per item. EChart renders it, visually hidden, after the picture.
 */
export interface ChartTable {
  head: string[];
  rows: string[][];
}

interface SeriesLike {
  type?: string;
  name?: unknown;
  data?: unknown[];
  nameMap?: Record<string, string>;
}

interface AxisLike {
  type?: string;
  name?: unknown;
  data?: unknown[];
}

const first = <T>(v: T | T[] | undefined): T | undefined => (Array.isArray(v) ? v[0] : v);

function text(value: unknown): string {
  if (value === null || value === undefined || value === '') return '–';
  if (typeof value === 'number') return Number.isFinite(value) ? value.toLocaleString('en-US') : '–';
  if (Array.isArray(value)) return text(value.at(-1));
  if (typeof value === 'object') {
    const v = value as { value?: unknown; name?: unknown };
    return 'value' in v ? text(v.value) : text(v.name);
  }
  return String(value);
}

function itemName(item: unknown, nameMap?: Record<string, string>): string {
  const name = typeof item === 'object' && item !== null && 'name' in item ? String(item.name) : text(item);
  return nameMap?.[name] ?? name;
}

export function chartTable(option: { series?: unknown; xAxis?: unknown; yAxis?: unknown }): ChartTable | null {
  const series = (Array.isArray(option.series) ? option.series : option.series ? [option.series] : []) as SeriesLike[];
  if (series.length === 0) return null;
  const x = first(option.xAxis as AxisLike | AxisLike[] | undefined);
  const y = first(option.yAxis as AxisLike | AxisLike[] | undefined);
  const categoryAxis = x?.data ? x : y?.data ? y : undefined;
  if (categoryAxis?.data && series.every((s) => s.type === 'bar' || s.type === 'line')) {
    return {
      head: [text(categoryAxis.name ?? ''), ...series.map((s) => text(s.name ?? ''))],
      rows: categoryAxis.data.map((category, i) => [text(category), ...series.map((s) => text(s.data?.[i]))]),
    };
  }
  return {
    head: ['', text(series[0]!.name ?? '')],
    rows: series.flatMap((s) => (s.data ?? []).map((item) => [itemName(item, s.nameMap), text(item)])),
  };
}
