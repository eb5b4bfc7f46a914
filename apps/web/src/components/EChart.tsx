import { useEffect, useRef } from 'react';
import * as echarts from 'echarts/core';
import { BarChart, FunnelChart, PieChart, type BarSeriesOption, type FunnelSeriesOption, type PieSeriesOption } from 'echarts/charts';
import {
  AriaComponent,
  GridComponent,
  LegendComponent,
  TooltipComponent,
  type AriaComponentOption,
  type GridComponentOption,
  type LegendComponentOption,
  type TooltipComponentOption,
} from 'echarts/components';
import { CanvasRenderer, SVGRenderer } from 'echarts/renderers';

/**
 * The product's one ECharts canvas (modular `echarts/core` imports, ENGINEERING.md: only the charts the pages draw,
 * and only on the routes that import this file, which are all lazy: never import it from the shell or a first
 * route). The option is built by the caller in the active language.
 *
 *   <EChart option={option} height={300} label={t('farmers:charts.byDistrict')} />
 *
 * The box is an image to assistive technology (`label`). It follows its box's width (ResizeObserver) and is disposed
 * with the component. `renderer="svg"` keeps small text crisp (screenshots, the credit log's long institution names).
 */

echarts.use([BarChart, FunnelChart, PieChart, GridComponent, LegendComponent, TooltipComponent, AriaComponent, CanvasRenderer, SVGRenderer]);

export type ChartOption = echarts.ComposeOption<
  BarSeriesOption | FunnelSeriesOption | PieSeriesOption | GridComponentOption | LegendComponentOption | TooltipComponentOption | AriaComponentOption
>;

/** The product's palette (UI.md): the finance blue first, the rural green, the warm accent, then antd's presets. */
export const CHART_COLORS = ['#1456d9', '#389e0d', '#d4380d', '#13a8a8', '#722ed1', '#faad14', '#eb2f96', '#8c8c8c'];

export function EChart({ option, height, label, renderer = 'canvas' }: { option: ChartOption; height: number; label: string; renderer?: 'canvas' | 'svg' }) {
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
    chart.current?.setOption({ color: CHART_COLORS, aria: { enabled: true }, ...option }, { notMerge: true });
  }, [option, renderer]);

  return <div ref={box} role="img" aria-label={label} style={{ width: '100%', height }} />;
}
