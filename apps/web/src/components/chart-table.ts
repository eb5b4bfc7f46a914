/**
 * A chart's data as a table (WCAG 1.1.1: the text alternative of a chart; issue 32), read from the same option the
 * chart draws: for bar and line charts one row per category with a column per series; for pie, funnel and map charts
 * one row per item, named by the item's `displayName` where its `name` is an identifier the chart matches on (a map's
 * region codes; ECharts ignores the extra field). EChart renders it, visually hidden, after the picture.
 */
export interface ChartTable {
  head: string[];
  rows: string[][];
}

interface SeriesLike {
  type?: string;
  name?: unknown;
  data?: unknown[];
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

function itemName(item: unknown): string {
  if (typeof item !== 'object' || item === null) return text(item);
  const { displayName, name } = item as { displayName?: unknown; name?: unknown };
  return text(displayName ?? name);
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
    rows: series.flatMap((s) => (s.data ?? []).map((item) => [itemName(item), text(item)])),
  };
}
