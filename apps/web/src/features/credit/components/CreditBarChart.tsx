import { useMemo } from 'react';
import { Empty } from 'antd';
import { EChart, type ChartOption } from '../../../components/EChart.tsx';

export interface BarSeries {
  name: string;
  values: number[];
  color: string;
}

/**
 * A stacked bar chart (one bar per category, one segment per series): queries by institution or by purpose
 * (horizontal bars), or by day (columns, `vertical`), shown and refused. The SVG renderer keeps the text crisp in
 * screenshots. `ariaLabel` names the figure for screen readers.
 */
export function CreditBarChart({
  categories,
  series,
  ariaLabel,
  emptyText,
  height,
  vertical,
}: {
  categories: string[];
  series: BarSeries[];
  ariaLabel: string;
  emptyText: string;
  height?: number;
  vertical?: boolean;
}) {
  const shown = categories.length > 0;
  const h = height ?? (vertical ? 220 : Math.max(160, 44 + categories.length * 34));

  const option = useMemo<ChartOption>(
    () => ({
      animation: false,
      grid: { left: 8, right: 24, top: 32, bottom: 8, containLabel: true },
      legend: { top: 0, left: 0, itemWidth: 12, itemHeight: 12 },
      tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
      ...(vertical
        ? { xAxis: { type: 'category', data: categories }, yAxis: { type: 'value', minInterval: 1 } }
        : {
            xAxis: { type: 'value', minInterval: 1 },
            // Top to bottom in the given order: ECharts draws a category axis from the bottom, so it is inverted.
            yAxis: {
              type: 'category',
              data: categories,
              inverse: true,
              axisLabel: { width: 220, overflow: 'truncate' },
            },
          }),
      series: series.map((s) => ({
        name: s.name,
        type: 'bar',
        stack: 'total',
        data: s.values,
        itemStyle: { color: s.color },
        barMaxWidth: 22,
      })),
    }),
    [categories, series, vertical],
  );

  if (!shown)
    return (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={emptyText}
        style={{ height: 160, margin: 0, paddingTop: 32 }}
      />
    );
  return <EChart option={option} height={h} label={ariaLabel} renderer="svg" />;
}
