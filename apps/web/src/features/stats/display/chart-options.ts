import type { ChartOption } from '../../../components/EChart.tsx';
import { DEMO_CITY_MAP_NAME } from './map-name.ts';

/**
 * The achievement display's chart options, built from the answer and the texts of the active language (pure, so a
 * refresh builds the same shapes with new numbers: the chart merges them into the same instance). Sized for the
 * 1920×1080 stage: 14-16 px axis text, 16 px legends, the dark palette of the display.
 */

/** Bright enough on navy; the finance blue of the portal is too dark here. */
export const DISPLAY_COLORS = ['#3c9cff', '#36cfc9', '#ffb347', '#9e7bff', '#5ad8a6', '#ff7a7a', '#f6d365', '#8fb0e8'];

const TEXT = '#a9c4f5';
const LINE = 'rgba(92, 160, 255, 0.35)';
const SPLIT = 'rgba(92, 160, 255, 0.12)';
const FONT = 14;

const tooltip = {
  backgroundColor: 'rgba(8, 24, 56, 0.94)',
  borderColor: '#3c8cff',
  textStyle: { color: '#e8f1ff', fontSize: FONT },
  confine: true,
} as const;

const legend = (top = 0) => ({
  top,
  textStyle: { color: TEXT, fontSize: 15 },
  itemWidth: 16,
  itemHeight: 10,
  itemGap: 18,
});

const categoryAxis = (data: string[], extra: Record<string, unknown> = {}) => ({
  type: 'category' as const,
  data,
  axisLine: { lineStyle: { color: LINE } },
  axisTick: { show: false },
  axisLabel: { color: TEXT, fontSize: FONT },
  ...extra,
});

const valueAxis = (name: string, format: (v: number) => string, extra: Record<string, unknown> = {}) => ({
  type: 'value' as const,
  name,
  nameTextStyle: { color: TEXT, fontSize: 13, align: 'center' as const },
  axisLabel: { color: TEXT, fontSize: 13, formatter: format },
  splitLine: { lineStyle: { color: SPLIT } },
  ...extra,
});

/** A vertical gradient for bars, from the colour to its transparent self. */
function gradient(color: string, horizontal = false) {
  return {
    type: 'linear' as const,
    x: 0,
    y: 0,
    x2: horizontal ? 1 : 0,
    y2: horizontal ? 0 : 1,
    colorStops: horizontal
      ? [
          { offset: 0, color: `${color}33` },
          { offset: 1, color },
        ]
      : [
          { offset: 0, color },
          { offset: 1, color: `${color}33` },
        ],
  };
}

export interface SeriesSpec {
  name: string;
  values: number[];
  /** The axis it reads against: 0 left (amounts), 1 right (counts). */
  axis?: 0 | 1;
  format: (v: number) => string;
}

/**
 * Bars and lines over the same categories (months, districts): bars on the left axis, lines on the right, each
 * with its own unit in the tooltip.
 */
export function barLineOption(o: {
  categories: string[];
  bars: SeriesSpec[];
  lines?: SeriesSpec[];
  axes: [{ name: string; format: (v: number) => string }, { name: string; format: (v: number) => string }?];
  colors?: string[];
  rotate?: number;
  /** Long category names (companies) wrap within this width instead of running into each other. */
  labelWidth?: number;
  /** Smooth lines over months; straight ones between districts, which have no "in between". */
  smooth?: boolean;
}): ChartOption {
  const colors = o.colors ?? DISPLAY_COLORS;
  const lines = o.lines ?? [];
  const [left, right] = o.axes;
  return {
    color: colors,
    tooltip: { ...tooltip, trigger: 'axis', axisPointer: { type: 'shadow' } },
    legend: legend(),
    grid: { left: 12, right: 12, top: 56, bottom: 8, containLabel: true },
    xAxis: categoryAxis(o.categories, {
      axisLabel: {
        color: TEXT,
        fontSize: FONT,
        interval: 0,
        rotate: o.rotate ?? 0,
        ...(o.labelWidth ? { width: o.labelWidth, overflow: 'break', lineHeight: 18 } : {}),
      },
    }),
    yAxis: [
      valueAxis(left.name, left.format),
      ...(right ? [valueAxis(right.name, right.format, { splitLine: { show: false } })] : []),
    ],
    series: [
      ...o.bars.map((b, i) => ({
        type: 'bar' as const,
        name: b.name,
        data: b.values,
        yAxisIndex: b.axis ?? 0,
        barMaxWidth: 18,
        itemStyle: { color: gradient(colors[i % colors.length]), borderRadius: [3, 3, 0, 0] },
        tooltip: { valueFormatter: (v: unknown) => b.format(Number(v)) },
      })),
      ...lines.map((l, i) => ({
        type: 'line' as const,
        name: l.name,
        data: l.values,
        yAxisIndex: l.axis ?? (right ? 1 : 0),
        smooth: o.smooth ?? true,
        symbol: 'circle',
        symbolSize: 7,
        lineStyle: { width: 3 },
        itemStyle: { color: colors[(o.bars.length + i) % colors.length] },
        tooltip: { valueFormatter: (v: unknown) => l.format(Number(v)) },
      })),
    ],
  };
}

/** Several lines over the same months (one per district), no area: a legend that wraps above. */
export function linesOption(o: {
  categories: string[];
  lines: SeriesSpec[];
  axisName: string;
  format: (v: number) => string;
  axisFormat: (v: number) => string;
}): ChartOption {
  return {
    color: DISPLAY_COLORS,
    tooltip: { ...tooltip, trigger: 'axis', valueFormatter: (v: unknown) => o.format(Number(v)) },
    legend: { ...legend(), type: 'plain', itemGap: 12, textStyle: { color: TEXT, fontSize: 13 } },
    grid: { left: 12, right: 16, top: 72, bottom: 8, containLabel: true },
    xAxis: categoryAxis(o.categories, { boundaryGap: false }),
    yAxis: valueAxis(o.axisName, o.axisFormat),
    series: o.lines.map((l) => ({
      type: 'line' as const,
      name: l.name,
      data: l.values,
      smooth: true,
      symbol: 'none',
      lineStyle: { width: 2 },
    })),
  };
}

export interface RankItem {
  name: string;
  value: number;
}

/**
 * A ranking as horizontal bars, the first at the top, the value written at the end of each bar. `slots` fixes
 * the number of rows (top 10) so the bars keep their thickness whatever the count.
 */
export function rankingOption(o: {
  items: RankItem[];
  seriesName: string;
  format: (v: number) => string;
  color?: string;
  slots?: number;
}): ChartOption {
  const color = o.color ?? DISPLAY_COLORS[0];
  const slots = Math.max(o.slots ?? o.items.length, o.items.length);
  const pad = Array.from({ length: slots - o.items.length }, () => ({ name: '', value: null as number | null }));
  const rows = [...o.items.map((i) => ({ name: i.name, value: i.value as number | null })), ...pad];
  return {
    tooltip: { ...tooltip, trigger: 'item', valueFormatter: (v: unknown) => o.format(Number(v)) },
    grid: { left: 8, right: 96, top: 4, bottom: 4, containLabel: true },
    xAxis: { type: 'value', show: false },
    yAxis: categoryAxis(
      rows.map((r, i) => (r.name ? `${i + 1}  ${r.name}` : '')),
      {
        inverse: true,
        axisLine: { show: false },
        axisLabel: { color: '#d8e6ff', fontSize: 15, width: 190, overflow: 'truncate', align: 'left', margin: 196 },
      },
    ),
    series: [
      {
        type: 'bar',
        name: o.seriesName,
        data: rows.map((r) => r.value),
        barWidth: '52%',
        barMaxWidth: 26,
        showBackground: true,
        backgroundStyle: { color: 'rgba(92, 160, 255, 0.08)', borderRadius: 8 },
        itemStyle: { color: gradient(color, true), borderRadius: 8 },
        label: {
          show: true,
          position: 'right',
          color: '#fff',
          fontSize: 14,
          formatter: (p: { value: unknown }) =>
            p.value === null || p.value === undefined ? '' : o.format(Number(p.value)),
        },
      },
    ],
  };
}

/** Shares as a ring with the legend beside it. */
export function ringOption(o: { items: RankItem[]; seriesName: string; format: (v: number) => string }): ChartOption {
  return {
    color: DISPLAY_COLORS,
    tooltip: { ...tooltip, trigger: 'item', valueFormatter: (v: unknown) => o.format(Number(v)) },
    legend: { orient: 'vertical', right: 8, top: 'middle', textStyle: { color: TEXT, fontSize: 15 }, itemGap: 14 },
    series: [
      {
        type: 'pie',
        name: o.seriesName,
        radius: ['46%', '72%'],
        center: ['36%', '52%'],
        itemStyle: { borderColor: '#071530', borderWidth: 3 },
        label: { color: '#d8e6ff', fontSize: 14, formatter: '{d}%' },
        labelLine: { length: 10, length2: 8 },
        data: o.items.map((i) => ({ name: i.name, value: i.value })),
      },
    ],
  };
}

/** A funnel of steps (applied → guaranteed → granted), each with its count. */
export function funnelStepsOption(o: {
  steps: RankItem[];
  seriesName: string;
  format: (v: number) => string;
}): ChartOption {
  return {
    color: DISPLAY_COLORS,
    tooltip: { ...tooltip, trigger: 'item', valueFormatter: (v: unknown) => o.format(Number(v)) },
    series: [
      {
        type: 'funnel',
        name: o.seriesName,
        left: '8%',
        right: '8%',
        top: 12,
        bottom: 12,
        sort: 'none',
        gap: 6,
        minSize: '28%',
        label: {
          position: 'inside',
          color: '#fff',
          fontSize: 16,
          formatter: (p: { name: string; value: unknown }) => `${p.name}  ${o.format(Number(p.value))}`,
        },
        itemStyle: { borderWidth: 0 },
        data: o.steps.map((s) => ({ name: s.name, value: s.value })),
      },
    ],
  };
}

export interface MapDistrict {
  regionCode: string;
  name: string;
  /** The name on the map when shorter than `name` (an English name without " District" / " County"). */
  label?: string;
  value: number;
  /** Lines of the tooltip, already written (label: value). */
  lines: string[];
}

/**
 * The district map of the demo city (DEMO_CITY_MAP_NAME): each district coloured by `value` (the amount granted)
 * on a continuous scale, labelled with its name and value, the figures in the tooltip.
 */
export function districtMapOption(o: {
  districts: MapDistrict[];
  seriesName: string;
  format: (v: number) => string;
  /** The value under the district's name on the map (short: the unit is in the panel's title line). */
  short: (v: number) => string;
  low: string;
  high: string;
}): ChartOption {
  const byCode = new Map(o.districts.map((d) => [d.regionCode, d]));
  const max = Math.max(1, ...o.districts.map((d) => d.value));
  return {
    tooltip: {
      ...tooltip,
      trigger: 'item',
      formatter: (p: unknown) => {
        const d = byCode.get((p as { name: string }).name);
        return d ? [`<b>${escapeHtml(d.name)}</b>`, ...d.lines.map(escapeHtml)].join('<br/>') : '';
      },
    },
    visualMap: {
      type: 'continuous',
      min: 0,
      max,
      left: 8,
      bottom: 8,
      itemHeight: 120,
      calculable: false,
      text: [o.high, o.low],
      textStyle: { color: TEXT, fontSize: 13 },
      inRange: { color: ['#12336f', '#1f6fd6', '#36cfc9'] },
      formatter: (v: unknown) => o.format(Number(v)),
    },
    series: [
      {
        type: 'map',
        map: DEMO_CITY_MAP_NAME,
        name: o.seriesName,
        roam: false,
        layoutCenter: ['50%', '50%'],
        layoutSize: '100%',
        aspectScale: 1,
        selectedMode: false,
        itemStyle: { borderColor: '#7fb2ff', borderWidth: 1.5, areaColor: '#12336f' },
        emphasis: { itemStyle: { areaColor: '#ffb347' }, label: { color: '#071530' } },
        label: {
          show: true,
          color: '#fff',
          textBorderColor: '#071530',
          textBorderWidth: 3,
          rich: {
            name: { fontSize: 15, lineHeight: 20, color: '#fff', textBorderColor: '#071530', textBorderWidth: 3 },
            value: { fontSize: 14, lineHeight: 18, color: '#ffd591', textBorderColor: '#071530', textBorderWidth: 3 },
          },
          formatter: (p: unknown) => {
            const d = byCode.get((p as { name: string }).name);
            return d ? `{name|${d.label ?? d.name}}\n{value|${o.short(d.value)}}` : '';
          },
        },
        // Matched to the map's regions by code; the district's name is what the chart's data table reads (chart-table).
        data: o.districts.map((d) => ({ name: d.regionCode, value: d.value, displayName: d.name })),
      },
    ],
  };
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
