import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { DisplayOrganizations } from '@phjr/contract/stats/reports';
import { useDisplayOrganizations } from '../display/api.ts';
import { DisplayChart } from '../display/DisplayChart.tsx';
import { DisplayPage, type DisplayGrid } from '../display/DisplayPage.tsx';
import { DisplayTable, KpiTiles, Panel, RankBadge, type Kpi } from '../display/DisplayParts.tsx';
import { barLineOption, rankingOption } from '../display/chart-options.ts';
import { sumOf } from '../display/display-format.ts';
import { allZero, topBy } from '../display/display-model.ts';
import { useDisplayFormat, type DisplayFormat } from '../display/use-display-format.ts';

const GRID: DisplayGrid = {
  columns: 'repeat(3, minmax(0, 1fr))',
  rows: '104px minmax(0, 1fr) minmax(0, 1.2fr)',
  areas: ['kpis kpis kpis', 'amount count speed', 'trend table table'],
};

/** The display's fixed window: ten banks per ranking and in the table. */
const TOP = 10;

type Data = DisplayOrganizations;
type Bank = Data['rows'][number];

/**
 * /achievement-display/financial-hall/financial-organization: every bank since the platform started
 * (displayOps.organizations), ranked by amount granted, by loans granted and by time to accept (the fastest
 * first), with the city's 12 months and the ten first banks side by side.
 */
export default function FinancialOrganizationPage() {
  const { t } = useTranslation(['display', 'routes']);
  const query = useDisplayOrganizations();
  return (
    <DisplayPage query={query} grid={GRID} label={t('routes:title.dashboard.financialOrganization')}>
      {(data) => <Organizations data={data} />}
    </DisplayPage>
  );
}

function Organizations({ data }: { data: Data }) {
  const { t } = useTranslation('display');
  const f = useDisplayFormat();
  const rows = data.rows;
  const kpis: Kpi[] = [
    { key: 'banks', label: t('kpi.banks'), kind: 'count', value: rows.length },
    {
      key: 'accepted',
      label: t('kpi.accepted'),
      kind: 'count',
      value: sumOf(rows, (r) => r.accepted),
      definition: 'accepted',
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
  ];
  const ranked = useMemo(() => [...rows].sort((a, b) => a.rank - b.rank).slice(0, TOP), [rows]);
  const lists = useMemo(
    () => ({
      amount: ranked.map((b) => ({ name: b.name, value: b.grantedAmount })),
      count: topBy(rows, (b) => b.granted, TOP).map((b) => ({ name: b.name, value: b.granted })),
      speed: topBy(rows, (b) => b.acceptDaysAvg, TOP, true).map((b) => ({ name: b.name, value: b.acceptDaysAvg ?? 0 })),
    }),
    [rows, ranked],
  );
  const empty = rows.length === 0;
  return (
    <>
      <KpiTiles kpis={kpis} columns={4} label={t('headline')} style={{ gridArea: 'kpis' }} />
      <Ranking
        area="amount"
        title={t('panel.orgAmount')}
        items={lists.amount}
        series={t('series.grantedAmount')}
        format={f.wan}
        unit={f.wanUnit}
        empty={empty}
      />
      <Ranking
        area="count"
        title={t('panel.orgCount')}
        items={lists.count}
        series={t('series.granted')}
        format={f.count}
        color="#36cfc9"
        empty={empty}
      />
      <Ranking
        area="speed"
        title={t('panel.orgSpeed')}
        items={lists.speed}
        series={t('series.acceptDaysAvg')}
        format={f.day}
        unit={f.daysUnit}
        color="#ffb347"
        empty={rows.every((b) => b.acceptDaysAvg === null)}
      />
      <Trend months={data.months} f={f} />
      <Panel title={t('panel.orgTable')} area="table" empty={empty} extra={t('daysNote')}>
        <DisplayTable<Bank>
          caption={t('panel.orgTable')}
          rows={ranked}
          rowKey={(r) => String(r.bankId)}
          columns={[
            {
              key: 'rank',
              title: t('col.rank'),
              align: 'center',
              width: 72,
              render: (r) => <RankBadge rank={r.rank} />,
            },
            {
              key: 'name',
              title: t('col.bank'),
              align: 'left',
              width: '24%',
              render: (r) => <span title={r.name}>{r.name}</span>,
            },
            { key: 'accepted', title: t('col.accepted'), render: (r) => f.count(r.accepted) },
            { key: 'granted', title: t('col.granted'), render: (r) => f.count(r.granted) },
            { key: 'grantedAmount', title: t('col.grantedAmount'), render: (r) => f.wan(r.grantedAmount) },
            { key: 'grantRate', title: t('col.grantRate'), render: (r) => f.rate(r.grantRate) },
            { key: 'acceptDaysAvg', title: t('col.acceptDaysAvg'), render: (r) => f.day(r.acceptDaysAvg) },
            { key: 'grantDaysAvg', title: t('col.grantDaysAvg'), render: (r) => f.day(r.grantDaysAvg) },
          ]}
        />
      </Panel>
    </>
  );
}

function Ranking(props: {
  area: string;
  title: string;
  items: { name: string; value: number }[];
  series: string;
  format: (v: number) => string;
  unit?: string;
  color?: string;
  empty: boolean;
}) {
  const { area, title, items, series, format, unit, color, empty } = props;
  const { t } = useTranslation('display');
  const option = useMemo(
    () => rankingOption({ items, seriesName: series, format, color, slots: TOP }),
    [items, series, format, color],
  );
  return (
    <Panel title={title} area={area} empty={empty} extra={unit ? t('unitNote', { unit }) : undefined}>
      <DisplayChart option={option} label={title} />
    </Panel>
  );
}

function Trend({ months, f }: { months: Data['months']; f: DisplayFormat }) {
  const { t } = useTranslation('display');
  const title = t('panel.orgTrend');
  const option = useMemo(
    () =>
      barLineOption({
        categories: months.map((m) => f.month(m.month)),
        bars: [{ name: t('series.grantedAmount'), values: months.map((m) => m.grantedAmount), format: f.amount }],
        lines: [{ name: t('series.granted'), values: months.map((m) => m.granted), format: f.count }],
        axes: [
          { name: f.wanUnit, format: f.axisWan },
          { name: f.countUnit, format: f.count },
        ],
        colors: ['#3c9cff', '#ffb347'],
      }),
    [months, f, t],
  );
  return (
    <Panel title={title} area="trend" empty={allZero(months.map((m) => m.granted))}>
      <DisplayChart option={option} label={title} />
    </Panel>
  );
}
