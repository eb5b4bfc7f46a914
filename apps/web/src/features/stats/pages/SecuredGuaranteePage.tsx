import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { DisplaySecured } from '@phjr/contract/stats/reports';
import { useDisplaySecured } from '../display/api.ts';
import { DisplayChart } from '../display/DisplayChart.tsx';
import { DisplayPage, type DisplayGrid } from '../display/DisplayPage.tsx';
import { DisplayTable, KpiTiles, Panel, RankBadge, type Kpi } from '../display/DisplayParts.tsx';
import { barLineOption, rankingOption } from '../display/chart-options.ts';
import { sumOf } from '../display/display-format.ts';
import { allZero, topBy } from '../display/display-model.ts';
import { useDisplayFormat, type DisplayFormat } from '../display/use-display-format.ts';

const GRID: DisplayGrid = {
  columns: 'repeat(3, minmax(0, 1fr))',
  // The table takes the height of its rows (at most ten companies); the charts the rest.
  rows: '104px minmax(0, 1fr) auto',
  areas: ['kpis kpis kpis', 'ranking business trend', 'table table table'],
};

const TOP = 10;

type Company = DisplaySecured['companies'][number];

/**
 * /achievement-display/secured-financing/guarantee: the guarantee companies' business since the platform started
 * (displayOps.secured `companies`): the totals, the companies by amount guaranteed and by business, the guarantees
 * of the last 12 months and every company's figures.
 */
export default function SecuredGuaranteePage() {
  const { t } = useTranslation(['display', 'routes']);
  const query = useDisplaySecured();
  return (
    <DisplayPage query={query} grid={GRID} label={t('routes:title.dashboard.securedGuarantee')}>
      {(data) => <Guarantee data={data} />}
    </DisplayPage>
  );
}

function Guarantee({ data }: { data: DisplaySecured }) {
  const { t } = useTranslation('display');
  const f = useDisplayFormat();
  const rows = data.companies;
  const kpis: Kpi[] = [
    { key: 'companies', label: t('kpi.companies'), kind: 'count', value: rows.length },
    {
      key: 'applied',
      label: t('kpi.applied'),
      kind: 'count',
      value: sumOf(rows, (r) => r.applied),
      definition: 'counted',
    },
    {
      key: 'guaranteed',
      label: t('kpi.guaranteed'),
      kind: 'count',
      value: sumOf(rows, (r) => r.guaranteed),
      definition: 'guaranteed',
    },
    {
      key: 'guaranteedAmount',
      label: t('kpi.guaranteedAmount'),
      kind: 'amount',
      value: sumOf(rows, (r) => r.guaranteedAmount),
      definition: 'guaranteedAmount',
    },
    {
      key: 'granted',
      label: t('kpi.grantedAfter'),
      kind: 'count',
      value: sumOf(rows, (r) => r.granted),
      definition: 'granted',
    },
    {
      key: 'grantedAmount',
      label: t('kpi.grantedAfterAmount'),
      kind: 'amount',
      value: sumOf(rows, (r) => r.grantedAmount),
      definition: 'grantedAmount',
    },
  ];
  const top = useMemo(() => topBy(rows, (r) => r.guaranteedAmount, TOP), [rows]);
  const empty = rows.length === 0;
  return (
    <>
      <KpiTiles kpis={kpis} columns={6} label={t('headline')} style={{ gridArea: 'kpis' }} />
      <RankingPanel top={top} f={f} empty={empty} />
      <BusinessPanel top={top} f={f} empty={empty} />
      <TrendPanel months={data.guaranteeMonths} f={f} />
      <Panel title={t('panel.guaranteeTable')} area="table" empty={empty} extra={t('daysNote')}>
        <DisplayTable<Company>
          caption={t('panel.guaranteeTable')}
          rows={top}
          rowKey={(r) => String(r.orgId)}
          columns={[
            {
              key: 'rank',
              title: t('col.rank'),
              align: 'center',
              width: 72,
              render: (_r, i) => <RankBadge rank={i + 1} />,
            },
            {
              key: 'name',
              title: t('col.company'),
              align: 'left',
              width: '24%',
              render: (r) => <span title={r.name}>{r.name}</span>,
            },
            { key: 'applied', title: t('col.applied'), render: (r) => f.count(r.applied) },
            { key: 'accepted', title: t('col.accepted'), render: (r) => f.count(r.accepted) },
            { key: 'guaranteed', title: t('col.guaranteed'), render: (r) => f.count(r.guaranteed) },
            { key: 'guaranteedAmount', title: t('col.guaranteedAmount'), render: (r) => f.wan(r.guaranteedAmount) },
            { key: 'granted', title: t('col.granted'), render: (r) => f.count(r.granted) },
            { key: 'grantedAmount', title: t('col.grantedAmount'), render: (r) => f.wan(r.grantedAmount) },
            { key: 'rejected', title: t('col.rejected'), render: (r) => f.count(r.rejected) },
            { key: 'acceptDaysAvg', title: t('col.acceptDaysAvg'), render: (r) => f.day(r.acceptDaysAvg) },
          ]}
        />
      </Panel>
    </>
  );
}

interface Part {
  top: Company[];
  f: DisplayFormat;
  empty: boolean;
}

function RankingPanel({ top, f, empty }: Part) {
  const { t } = useTranslation('display');
  const title = t('panel.guaranteeRanking');
  const option = useMemo(
    () =>
      rankingOption({
        items: top.map((r) => ({ name: r.name, value: r.guaranteedAmount })),
        seriesName: t('series.guaranteedAmount'),
        format: f.wan,
        color: '#9e7bff',
        slots: top.length,
      }),
    [top, f, t],
  );
  return (
    <Panel title={title} area="ranking" empty={empty} extra={t('unitNote', { unit: f.wanUnit })}>
      <DisplayChart option={option} label={title} />
    </Panel>
  );
}

function BusinessPanel({ top, f, empty }: Part) {
  const { t } = useTranslation('display');
  const title = t('panel.guaranteeBusiness');
  const option = useMemo(
    () =>
      barLineOption({
        categories: top.map((r) => r.name),
        bars: [
          { name: t('series.applied'), values: top.map((r) => r.applied), format: f.count },
          { name: t('series.guaranteed'), values: top.map((r) => r.guaranteed), format: f.count },
          { name: t('series.cydbdGranted'), values: top.map((r) => r.granted), format: f.count },
          { name: t('series.rejected'), values: top.map((r) => r.rejected), format: f.count },
        ],
        axes: [{ name: f.countUnit, format: f.count }],
        colors: ['#3c9cff', '#9e7bff', '#5ad8a6', '#ff7a7a'],
        labelWidth: top.length ? Math.floor(500 / top.length) - 12 : 120,
      }),
    [top, f, t],
  );
  return (
    <Panel title={title} area="business" empty={empty}>
      <DisplayChart option={option} label={title} />
    </Panel>
  );
}

function TrendPanel({ months, f }: { months: DisplaySecured['guaranteeMonths']; f: DisplayFormat }) {
  const { t } = useTranslation('display');
  const title = t('panel.guaranteeTrend');
  const option = useMemo(
    () =>
      barLineOption({
        categories: months.map((m) => f.month(m.month)),
        bars: [{ name: t('series.guaranteedAmount'), values: months.map((m) => m.guaranteedAmount), format: f.amount }],
        lines: [{ name: t('series.guaranteed'), values: months.map((m) => m.guaranteed), format: f.count }],
        axes: [
          { name: f.wanUnit, format: f.axisWan },
          { name: f.countUnit, format: f.count },
        ],
        colors: ['#9e7bff', '#ffb347'],
      }),
    [months, f, t],
  );
  return (
    <Panel title={title} area="trend" empty={allZero(months.flatMap((m) => [m.guaranteed, m.guaranteedAmount]))}>
      <DisplayChart option={option} label={title} />
    </Panel>
  );
}
