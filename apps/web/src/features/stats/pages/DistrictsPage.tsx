import { useRegionLabel } from '../../../components/use-regions.ts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { DisplayDistricts } from '@phjr/contract/stats/reports';
import { useDisplayDistricts } from '../display/api.ts';
import { DisplayChart } from '../display/DisplayChart.tsx';
import { DisplayPage, type DisplayGrid } from '../display/DisplayPage.tsx';
import { DisplayTable, KpiTiles, Panel, RankBadge, type Kpi } from '../display/DisplayParts.tsx';
import { barLineOption, districtMapOption, linesOption } from '../display/chart-options.ts';
import { sumOf } from '../display/display-format.ts';
import { allZero, districtMapItems } from '../display/display-model.ts';
import { useDisplayFormat, type DisplayFormat } from '../display/use-display-format.ts';

const GRID: DisplayGrid = {
  columns: 'repeat(3, minmax(0, 1fr))',
  rows: '112px minmax(0, 1fr) minmax(0, 1fr)',
  areas: ['kpis kpis kpis', 'map table table', 'map trend rates'],
};

type Row = DisplayDistricts['rows'][number];

/**
 * /achievement-display/financial-hall/districts: every district since the platform started (displayOps.districts),
 * ranked by amount granted: the totals, the map, the ranking table, each district's 12 months and its success rate
 * against its time to accept.
 */
export default function DistrictsPage() {
  const { t } = useTranslation(['display', 'routes']);
  const query = useDisplayDistricts();
  return (
    <DisplayPage query={query} grid={GRID} label={t('routes:title.dashboard.districts')}>
      {(data) => <Districts rows={data.rows} />}
    </DisplayPage>
  );
}

function Districts({ rows }: { rows: Row[] }) {
  const { t } = useTranslation('display');
  const f = useDisplayFormat();
  const kpis: Kpi[] = [
    { key: 'districts', label: t('kpi.districts'), kind: 'count', value: rows.length },
    {
      key: 'counted',
      label: t('kpi.counted'),
      kind: 'count',
      value: sumOf(rows, (r) => r.counted),
      definition: 'counted',
    },
    {
      key: 'countedAmount',
      label: t('kpi.amountDemanded'),
      kind: 'amount',
      value: sumOf(rows, (r) => r.countedAmount),
      definition: 'countedAmount',
    },
    {
      key: 'granted',
      label: t('kpi.granted'),
      kind: 'count',
      value: sumOf(rows, (r) => r.granted),
      definition: 'granted',
    },
    {
      key: 'grantedAmount',
      label: t('kpi.amountGranted'),
      kind: 'amount',
      value: sumOf(rows, (r) => r.grantedAmount),
      definition: 'grantedAmount',
    },
    {
      key: 'firstLoan',
      label: t('kpi.firstLoan'),
      kind: 'count',
      value: sumOf(rows, (r) => r.firstLoan),
      definition: 'firstLoan',
    },
  ];
  // District names in the reader's language (issue 30, item 7).
  const regionLabel = useRegionLabel();
  const ranked = useMemo(
    () => [...rows].sort((a, b) => a.rank - b.rank).map((r) => ({ ...r, name: regionLabel(r.regionCode, r.name) })),
    [rows, regionLabel],
  );
  const empty = rows.length === 0;
  return (
    <>
      <KpiTiles kpis={kpis} columns={6} label={t('headline')} style={{ gridArea: 'kpis' }} />
      <MapPanel rows={ranked} f={f} empty={empty} />
      <Panel title={t('panel.districtTable')} area="table" empty={empty} extra={t('daysNote')}>
        <DisplayTable
          caption={t('panel.districtTable')}
          rows={ranked}
          rowKey={(r) => r.regionCode}
          columns={[
            {
              key: 'rank',
              title: t('col.rank'),
              align: 'center',
              width: 72,
              render: (r) => <RankBadge rank={r.rank} />,
            },
            { key: 'name', title: t('col.district'), align: 'left', width: 110, render: (r) => r.name },
            { key: 'counted', title: t('col.counted'), render: (r) => f.count(r.counted) },
            { key: 'granted', title: t('col.granted'), render: (r) => f.count(r.granted) },
            { key: 'grantedAmount', title: t('col.grantedAmount'), render: (r) => f.wan(r.grantedAmount) },
            { key: 'grantRate', title: t('col.grantRate'), render: (r) => f.rate(r.grantRate) },
            { key: 'acceptDaysAvg', title: t('col.acceptDaysAvg'), render: (r) => f.day(r.acceptDaysAvg) },
            { key: 'firstLoan', title: t('col.firstLoan'), render: (r) => f.count(r.firstLoan) },
          ]}
        />
      </Panel>
      <TrendPanel rows={ranked} f={f} />
      <RatesPanel rows={ranked} f={f} empty={empty} />
    </>
  );
}

interface Part {
  rows: Row[];
  f: DisplayFormat;
  empty?: boolean;
}

function MapPanel({ rows, f, empty }: Part) {
  const { t } = useTranslation('display');
  const title = t('panel.districtMap');
  const option = useMemo(
    () =>
      districtMapOption({
        districts: districtMapItems(rows, f, t),
        seriesName: t('series.grantedAmount'),
        format: f.amount,
        short: f.wan0,
        low: t('map.low'),
        high: t('map.high'),
      }),
    [rows, f, t],
  );
  return (
    <Panel title={title} area="map" empty={empty}>
      <DisplayChart option={option} label={title} />
    </Panel>
  );
}

function TrendPanel({ rows, f }: Part) {
  const { t } = useTranslation('display');
  const title = t('panel.districtTrend');
  const option = useMemo(
    () =>
      linesOption({
        categories: (rows[0]?.months ?? []).map((m) => f.month(m.month)),
        lines: rows.map((r) => ({ name: r.name, values: r.months.map((m) => m.grantedAmount), format: f.amount })),
        axisName: f.wanUnit,
        format: f.amount,
        axisFormat: f.axisWan,
      }),
    [rows, f],
  );
  return (
    <Panel title={title} area="trend" empty={allZero(rows.flatMap((r) => r.months.map((m) => m.grantedAmount)))}>
      <DisplayChart option={option} label={title} />
    </Panel>
  );
}

function RatesPanel({ rows, f, empty }: Part) {
  const { t } = useTranslation('display');
  const title = t('panel.districtRates');
  const option = useMemo(
    () =>
      barLineOption({
        categories: rows.map((r) => r.name),
        smooth: false,
        bars: [
          {
            name: t('series.grantRate'),
            values: rows.map((r) => (r.grantRate === null ? 0 : Math.round(r.grantRate * 1000) / 10)),
            format: (v) => `${v}%`,
          },
        ],
        lines: [{ name: t('series.acceptDaysAvg'), values: rows.map((r) => r.acceptDaysAvg ?? 0), format: f.days }],
        axes: [
          { name: '%', format: (v) => `${v}` },
          { name: f.daysUnit, format: (v) => `${v}` },
        ],
        colors: ['#5ad8a6', '#ffb347'],
        rotate: 30,
      }),
    [rows, f, t],
  );
  return (
    <Panel title={title} area="rates" empty={empty}>
      <DisplayChart option={option} label={title} />
    </Panel>
  );
}
