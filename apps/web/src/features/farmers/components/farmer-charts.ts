import type { FarmerFigures } from '@phjr/contract/farmers/farmer';
import { FARMER_KINDS } from '@phjr/contract/farmers/farmer-rules';
import { formatAmount, formatCount } from '../../../lib/format.ts';
import type { ChartOption } from '../../../components/EChart.tsx';
import { formatShare, funnelSteps, type FunnelKey } from './farmer-model.ts';

/**
 * The ECharts options of the farmer pages, built from the server's figures in the active language (the caller
 * passes its translate function). Pure, so the same figures give the same picture on the portal and in the clients.
 */

type Translate = (key: string, opts?: Record<string, unknown>) => string;

const STEPS: readonly FunnelKey[] = ['collected', 'rated', 'granted', 'drawn'];

/** Grouped bars: each place (district, township or village) with its four funnel counts. */
export function placesBarOption(
  rows: readonly { name: string; figures: FarmerFigures | null }[],
  t: Translate,
): ChartOption {
  const many = rows.length > 8;
  return {
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    legend: { top: 0, data: STEPS.map((k) => t(`funnel.${k}`)) },
    grid: { left: 8, right: 16, top: 36, bottom: 8, containLabel: true },
    xAxis: {
      type: 'category',
      data: rows.map((r) => r.name),
      axisLabel: { interval: 0, rotate: many ? 35 : 0, fontSize: 12 },
    },
    yAxis: { type: 'value', name: t('units.households'), minInterval: 1 },
    series: STEPS.map((k) => ({
      type: 'bar' as const,
      name: t(`funnel.${k}`),
      barMaxWidth: 18,
      // A withheld place (fewer than SMALL_CELL_MIN records) keeps its name on the axis and has no bar.
      data: rows.map((r) => (r.figures ? r.figures[k] : null)),
    })),
  };
}

/** The funnel collected → rated → granted → drawn, each label with its count and its rate from the step before. */
export function funnelOption(figures: FarmerFigures, t: Translate): ChartOption {
  const steps = funnelSteps(figures);
  return {
    tooltip: {
      trigger: 'item',
      formatter: (p: unknown) => {
        const { name, value } = p as { name: string; value: number };
        return `${name}：${formatCount(value)}`;
      },
    },
    series: [
      {
        type: 'funnel',
        name: t('funnel.title'),
        left: '8%',
        right: '8%',
        top: 8,
        bottom: 16,
        minSize: '18%',
        sort: 'none',
        gap: 2,
        label: {
          show: true,
          position: 'inside',
          color: '#fff',
          formatter: (p: unknown) => {
            const { dataIndex } = p as { dataIndex: number };
            const s = steps[dataIndex];
            const rate = s.rateKey ? ` · ${formatShare(s.rate)}` : '';
            return `${t(`funnel.${s.key}`)} ${formatCount(s.value)}${rate}`;
          },
        },
        data: steps.map((s) => ({ name: t(`funnel.${s.key}`), value: s.value })),
      },
    ],
  };
}

/** The records by kind (household and the four kinds of new agricultural entity), as a ring. */
export function kindsPieOption(figures: FarmerFigures, kindLabel: (code: string) => string, t: Translate): ChartOption {
  return {
    tooltip: { trigger: 'item', formatter: '{b}：{c}（{d}%）' },
    legend: { orient: 'vertical', right: 0, top: 'middle', itemGap: 12 },
    series: [
      {
        type: 'pie',
        name: t('charts.kinds'),
        // The ring leaves room on its left for the outside labels (issue 30: they were clipped at the chart's edge).
        radius: ['36%', '58%'],
        center: ['38%', '50%'],
        avoidLabelOverlap: true,
        label: { formatter: '{d}%', distanceToLabelLine: 2 },
        labelLine: { length: 6, length2: 6 },
        data: FARMER_KINDS.map((k) => ({ name: kindLabel(k), value: figures.kinds[k] })),
      },
    ],
  };
}

/** Credit granted and drawn per place, in 万元 (bars side by side). */
export function amountsBarOption(
  rows: readonly { name: string; figures: FarmerFigures | null }[],
  t: Translate,
): ChartOption {
  const many = rows.length > 8;
  return {
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
      valueFormatter: (v: unknown) => `${formatAmount(Number(v))} ${t('units.wan')}`,
    },
    legend: { top: 0, data: [t('figures.grantedAmount'), t('figures.drawnAmount')] },
    grid: { left: 8, right: 16, top: 36, bottom: 8, containLabel: true },
    xAxis: {
      type: 'category',
      data: rows.map((r) => r.name),
      axisLabel: { interval: 0, rotate: many ? 35 : 0, fontSize: 12 },
    },
    yAxis: { type: 'value', name: t('units.wan') },
    series: [
      {
        type: 'bar',
        name: t('figures.grantedAmount'),
        barMaxWidth: 22,
        data: rows.map((r) => r.figures?.grantedAmount ?? null),
      },
      {
        type: 'bar',
        name: t('figures.drawnAmount'),
        barMaxWidth: 22,
        data: rows.map((r) => r.figures?.drawnAmount ?? null),
      },
    ],
  };
}
