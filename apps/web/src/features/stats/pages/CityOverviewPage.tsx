import { useRegionLabel } from '../../../components/use-regions.ts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { DisplayOverview } from '@phjr/contract/stats/reports';
import { useDisplayOverview } from '../display/api.ts';
import { DisplayChart } from '../display/DisplayChart.tsx';
import { DisplayPage, type DisplayGrid } from '../display/DisplayPage.tsx';
import { KpiTiles, Panel, type Kpi } from '../display/DisplayParts.tsx';
import { LatestGrants } from '../display/LatestGrants.tsx';
import { barLineOption, districtMapOption, rankingOption, ringOption } from '../display/chart-options.ts';
import { districtMapItems } from '../display/display-model.ts';
import { useDisplayFormat, type DisplayFormat } from '../display/use-display-format.ts';

/**
 * Left: the 12 months and the demand mix; centre: the headline figures over the district map; right: the banks'
 * ranking and the latest grants.
 */
const GRID: DisplayGrid = {
  columns: '540px minmax(0, 1fr) 540px',
  // The tiles' rows hold a wrapped unit in English ("100M CNY", "working days" under the number: issue 30, item 7),
  // and never push into the map: their grid rows are fixed shares of this height (KpiTiles below).
  rows: '340px 100px minmax(0, 1fr)',
  areas: ['trend kpis banks', 'trend map banks', 'mix map latest'],
};

/**
 * /achievement-display/financial-hall/cityOverview: the city overview (displayOps.overview). The headline figures
 * are the homepage overview's plus the display's own, all since the platform started; every panel is a fixed
 * window (12 months, 8 districts, 3 types, top 10 banks, 10 latest grants).
 */
export default function CityOverviewPage() {
  const { t } = useTranslation(['display', 'routes']);
  const query = useDisplayOverview();
  return (
    <DisplayPage query={query} grid={GRID} label={t('routes:title.dashboard.cityOverview')}>
      {(data) => <Overview data={data} />}
    </DisplayPage>
  );
}

function Overview({ data: answer }: { data: DisplayOverview }) {
  const { t } = useTranslation('display');
  // District names in the reader's language (issue 30, item 7): the map's labels and the latest grants.
  const regionLabel = useRegionLabel();
  const data = useMemo(
    () => ({
      ...answer,
      districts: answer.districts.map((d) => ({ ...d, name: regionLabel(d.regionCode, d.name) })),
      latestGrants: answer.latestGrants.map((g) => ({
        ...g,
        regionName: g.regionName ? regionLabel(null, g.regionName) : g.regionName,
      })),
    }),
    [answer, regionLabel],
  );
  const f = useDisplayFormat();
  const h = data.headline;
  const kpis: Kpi[] = [
    {
      key: 'amountGranted',
      label: t('kpi.amountGranted'),
      kind: 'amount',
      value: h.amountGranted,
      definition: 'amountGranted',
      lead: true,
    },
    {
      key: 'amountDemanded',
      label: t('kpi.amountDemanded'),
      kind: 'amount',
      value: h.amountDemanded,
      definition: 'amountDemanded',
    },
    { key: 'demands', label: t('kpi.demands'), kind: 'count', value: h.demands, definition: 'demands' },
    {
      key: 'successRate',
      label: t('kpi.successRate'),
      kind: 'percent',
      value: h.successRate,
      definition: 'successRate',
    },
    {
      key: 'grantDaysAvg',
      label: t('kpi.grantDaysAvg'),
      kind: 'days',
      value: h.grantDaysAvg,
      definition: 'grantDaysAvg',
    },
    { key: 'firstLoan', label: t('kpi.firstLoan'), kind: 'count', value: h.firstLoan, definition: 'firstLoan' },
    { key: 'enterprises', label: t('kpi.enterprises'), kind: 'count', value: h.enterprises, definition: 'enterprises' },
    { key: 'banks', label: t('kpi.banks'), kind: 'count', value: h.banks, definition: 'banks' },
    { key: 'products', label: t('kpi.products'), kind: 'count', value: h.products, definition: 'products' },
    {
      key: 'chainsFinanced',
      label: t('kpi.chainsFinanced'),
      kind: 'count',
      value: h.chainsFinanced,
      definition: 'chainsFinanced',
    },
    {
      key: 'shelterRecovered',
      label: t('kpi.shelterRecovered'),
      kind: 'count',
      value: h.shelterRecovered,
      definition: 'shelterRecovered',
    },
  ];
  return (
    <>
      <KpiTiles
        kpis={kpis}
        columns={4}
        dense
        label={t('headline')}
        style={{ gridArea: 'kpis', gridAutoRows: 'minmax(0, 1fr)', alignContent: 'stretch', overflow: 'hidden' }}
      />
      <Trend data={data} f={f} />
      <DistrictMap data={data} f={f} />
      <Mix data={data} f={f} />
      <Banks data={data} f={f} />
      <Panel title={t('panel.latestGrants')} area="latest" empty={data.latestGrants.length === 0}>
        <LatestGrants rows={data.latestGrants} f={f} />
      </Panel>
    </>
  );
}

interface Part {
  data: DisplayOverview;
  f: DisplayFormat;
}

function Trend({ data, f }: Part) {
  const { t } = useTranslation('display');
  const title = t('panel.monthlyTrend');
  const option = useMemo(
    () =>
      barLineOption({
        categories: data.months.map((m) => f.month(m.month)),
        bars: [
          { name: t('series.countedAmount'), values: data.months.map((m) => m.countedAmount), format: f.amount },
          { name: t('series.grantedAmount'), values: data.months.map((m) => m.grantedAmount), format: f.amount },
        ],
        lines: [{ name: t('series.granted'), values: data.months.map((m) => m.granted), format: f.count }],
        axes: [
          { name: f.wanUnit, format: f.axisWan },
          { name: f.countUnit, format: f.count },
        ],
      }),
    [data.months, f, t],
  );
  const empty = data.months.every((m) => m.counted === 0 && m.granted === 0);
  return (
    <Panel title={title} area="trend" empty={empty} definition="months">
      <DisplayChart option={option} label={title} />
    </Panel>
  );
}

function DistrictMap({ data, f }: Part) {
  const { t } = useTranslation('display');
  const title = t('panel.districtMap');
  const option = useMemo(
    () =>
      districtMapOption({
        districts: districtMapItems(data.districts, f, t),
        seriesName: t('series.grantedAmount'),
        format: f.amount,
        short: f.wan0,
        low: t('map.low'),
        high: t('map.high'),
      }),
    [data.districts, f, t],
  );
  return (
    <Panel title={title} area="map" extra={t('map.hint')} definition="grantedAmount">
      <DisplayChart option={option} label={title} />
    </Panel>
  );
}

function Mix({ data, f }: Part) {
  const { t } = useTranslation('display');
  const title = t('panel.demandMix');
  const option = useMemo(
    () =>
      ringOption({
        items: data.mix.map((m) => ({ name: t(`type.${m.type}`), value: m.counted })),
        seriesName: t('series.counted'),
        format: f.count,
      }),
    [data.mix, f, t],
  );
  return (
    <Panel title={title} area="mix" empty={data.mix.every((m) => m.counted === 0)} definition="counted">
      <DisplayChart option={option} label={title} />
    </Panel>
  );
}

function Banks({ data, f }: Part) {
  const { t } = useTranslation('display');
  const title = t('panel.bankRanking');
  const option = useMemo(
    () =>
      rankingOption({
        items: data.banks.slice(0, 10).map((b) => ({ name: b.name, value: b.grantedAmount })),
        seriesName: t('series.grantedAmount'),
        format: f.wan,
        slots: 10,
      }),
    [data.banks, f, t],
  );
  return (
    <Panel
      title={title}
      area="banks"
      empty={data.banks.length === 0}
      definition="grantedAmount"
      extra={t('unitNote', { unit: f.wanUnit })}
    >
      <DisplayChart option={option} label={title} />
    </Panel>
  );
}
