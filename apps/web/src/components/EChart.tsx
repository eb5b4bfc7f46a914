import { useEffect, useMemo, useRef } from 'react';
import * as echarts from 'echarts/core';
import { BarChart, FunnelChart, PieChart } from 'echarts/charts';
import type {
  BarSeriesOption,
  FunnelSeriesOption,
  LineSeriesOption,
  MapSeriesOption,
  PieSeriesOption,
} from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import type {
  GridComponentOption,
  LegendComponentOption,
  TooltipComponentOption,
  VisualMapComponentOption,
} from 'echarts/components';
import { CanvasRenderer, SVGRenderer } from 'echarts/renderers';
import { chartTable } from './chart-table.ts';

/**
 * The product's one ECharts canvas (modular `echarts/core` imports, ENGINEERING.md: only the charts the pages draw,
 * and only on the routes that import this file, which are all lazy: never import it from the shell or a first
 * route). The option is built by the caller in the active language.
 *
 *   <EChart option={option} height={300} label={t('farmers:charts.byDistrict')} />
 *
 * The box is an image to assistive technology (`label`), followed by its data as a table that only assistive technology
 * reads (chart-table.ts; WCAG 1.1.1), so ECharts' own spoken summary is off. It follows its box's width
 * (ResizeObserver) and is disposed with the component. `renderer="svg"` keeps small text crisp (screenshots, the
 * credit log's long institution names).
 *
 * The line and map charts and the visual map are typed here but registered only by the achievement display
 * (features/stats/display/display-echarts.ts), so the other pages' chunks do not carry them.
 */

echarts.use([
  BarChart,
  FunnelChart,
  PieChart,
  GridComponent,
  LegendComponent,
  TooltipComponent,
  CanvasRenderer,
  SVGRenderer,
]);

export type ChartOption = echarts.ComposeOption<
  | BarSeriesOption
  | FunnelSeriesOption
  | PieSeriesOption
  | LineSeriesOption
  | MapSeriesOption
  | GridComponentOption
  | LegendComponentOption
  | TooltipComponentOption
  | VisualMapComponentOption
>;

/** The product's palette (UI.md): the finance blue first, the rural green, the warm accent, then antd's presets. */
export const CHART_COLORS = ['#1456d9', '#389e0d', '#d4380d', '#13a8a8', '#722ed1', '#faad14', '#eb2f96', '#8c8c8c'];

export interface EChartProps {
  option: ChartOption;
  /** Pixels, or a CSS length such as '100%' (the box then follows its parent's height). */
  height: number | string;
  label: string;
  renderer?: 'canvas' | 'svg';
  /**
   * Merge each new option into the chart instead of replacing it: a periodic refresh of the same shape of data
   * (the dashboard's fixed-length windows) then animates from the last values on the same instance.
   */
  merge?: boolean;
}

export function EChart({ option, height, label, renderer = 'canvas', merge = false }: EChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const c = echarts.init(el, undefined, { renderer });
    chart.current = c;
    const observer = new ResizeObserver(() => c.resize());
    observer.observe(el);
    return () => {
      observer.disconnect();
      c.dispose();
      chart.current = null;
    };
  }, [renderer]);

  useEffect(() => {
    // notMerge: a new district or language replaces the series instead of mixing with the last ones.
    chart.current?.setOption({ color: CHART_COLORS, ...option }, { notMerge: !merge });
  }, [option, renderer, merge]);
  const table = useMemo(() => chartTable(option), [option]);

  return (
    <>
      <div ref={box} role="img" aria-label={label} style={{ width: '100%', height }} />
      {table ? (
        // In a hidden box: a table grows to its content whatever width it is given, and widened a phone's page.
        <div className="phjr-visually-hidden">
          <table>
            <caption>{label}</caption>
            <thead>
              <tr>
                {table.head.map((h, i) => (
                  <th key={i} scope="col">
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {table.rows.map((row, r) => (
                <tr key={r}>
                  {row.map((cell, i) =>
                    i === 0 ? (
                      <th key={i} scope="row">
                        {cell}
                      </th>
                    ) : (
                      <td key={i}>{cell}</td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </>
  );
}
