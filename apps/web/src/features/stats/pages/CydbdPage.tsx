import { useRegionLabel } from '../../../components/use-regions.ts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { DisplaySecured } from '@phjr/contract/stats/reports';
import { useDisplaySecured } from '../display/api.ts';
import { DisplayChart } from '../display/DisplayChart.tsx';
import { DisplayPage, type DisplayGrid } from '../display/DisplayPage.tsx';
import { DisplayTable, KpiTiles, Panel, type Kpi } from '../display/DisplayParts.tsx';
import { barLineOption, funnelStepsOption } from '../display/chart-options.ts';
import { allZero } from '../display/display-model.ts';
import { useDisplayFormat, type DisplayFormat } from '../display/use-display-format.ts';

const GRID: DisplayGrid = {
  columns: 'minmax(0, 1fr) minmax(0, 1.5fr)',
  rows: '112px minmax(0, 1fr) minmax(0, 1fr)',
  areas: ['kpis kpis', 'funnel districts', 'table months'],
};

type Cydbd = DisplaySecured['cydbd'];

/**
 * /achievement-display/secured-financing/cydbd: entrepreneurship guarantee loans (创业担保贷, overseen by the HR
 * bureau: the demands posted through a product of the CYDBD policy, displayOps.secured `cydbd`, docs/statistics.md
 * "创业担保贷") since the platform started: the totals, the funnel applied → accepted → granted, per district and over
 * 12 months. The page says what it counts (a visible note under the funnel).
 */
export default function CydbdPage() {
  const { t } = useTranslation(['display', 'routes']);
  const query = useDisplaySecured();
  return (
    <DisplayPage query={query} grid={GRID} label={t('routes:title.dashboard.cydbd')}>
      {(data) => <CydbdBody c={data.cydbd} />}
    </DisplayPage>
  );
}

function CydbdBody({ c: answer }: { c: Cydbd }) {
  const { t } = useTranslation('display');
  // District names in the reader's language (issue 30, item 7).
  const regionLabel = useRegionLabel();
  const c = useMemo(
    () => ({ ...answer, districts: answer.districts.map((d) => ({ ...d, name: regionLabel(d.regionCode, d.name) })) }),
    [answer, regionLabel],
  );
  const f = useDisplayFormat();
  const kpis: Kpi[] = [
    { key: 'applied', label: t('kpi.applied'), kind: 'count', value: c.applied, definition: 'posted' },
    {
      key: 'appliedAmount',
      label: t('kpi.appliedAmount'),
      kind: 'amount',
      value: c.appliedAmount,
      definition: 'countedAmount',
    },
    { key: 'accepted', label: t('kpi.cydbdAccepted'), kind: 'count', value: c.accepted, definition: 'accepted' },
    { key: 'granted', label: t('kpi.cydbdGranted'), kind: 'count', value: c.granted, definition: 'granted' },
    {
      key: 'grantedAmount',
      label: t('kpi.cydbdAmount'),
      kind: 'amount',
      value: c.grantedAmount,
      definition: 'grantedAmount',
    },
    {
      key: 'grantRate',
      label: t('kpi.successRate'),
      kind: 'percent',
      value: c.grantRate === null ? null : Math.round(c.grantRate * 1000) / 10,
      definition: 'grantRate',
    },
    { key: 'rejected', label: t('kpi.rejected'), kind: 'count', value: c.rejected, definition: 'rejected' },
    { key: 'firstLoan', label: t('kpi.firstLoan'), kind: 'count', value: c.firstLoan, definition: 'firstLoan' },
  ];
  return (
    <>
      <KpiTiles kpis={kpis} columns={8} label={t('headline')} style={{ gridArea: 'kpis' }} />
      <Funnel c={c} f={f} />
      <Districts c={c} f={f} />
      <Panel title={t('panel.cydbdTable')} area="table" empty={c.districts.length === 0}>
        <DisplayTable
          caption={t('panel.cydbdTable')}
          rows={c.districts}
          rowKey={(r) => r.regionCode}
          columns={[
            { key: 'name', title: t('col.district'), align: 'left', width: 110, render: (r) => r.name },
            { key: 'applied', title: t('col.applied'), render: (r) => f.count(r.applied) },
            { key: 'accepted', title: t('col.accepted'), render: (r) => f.count(r.accepted) },
            { key: 'granted', title: t('col.granted'), render: (r) => f.count(r.granted) },
            { key: 'grantedAmount', title: t('col.grantedAmount'), render: (r) => f.wan(r.grantedAmount) },
          ]}
        />
      </Panel>
      <Months c={c} f={f} />
    </>
  );
}

interface Part {
  c: Cydbd;
  f: DisplayFormat;
}

function Funnel({ c, f }: Part) {
  const { t } = useTranslation('display');
  const title = t('panel.cydbdFunnel');
  const option = useMemo(
    () =>
      funnelStepsOption({
        steps: [
          { name: t('series.applied'), value: c.applied },
          { name: t('series.accepted'), value: c.accepted },
          { name: t('series.cydbdGranted'), value: c.granted },
        ],
        seriesName: title,
        format: f.count,
      }),
    [c.applied, c.accepted, c.granted, f, t, title],
  );
  return (
    <Panel title={title} area="funnel" empty={c.applied === 0}>
      <DisplayChart option={option} label={title} />
      <p className="phjr-display-note" data-definition="cydbd">
        {t('cydbdDefinition')}
      </p>
    </Panel>
  );
}

function Districts({ c, f }: Part) {
  const { t } = useTranslation('display');
  const title = t('panel.cydbdDistricts');
  const option = useMemo(
    () =>
      barLineOption({
        categories: c.districts.map((d) => d.name),
        smooth: false,
        bars: [
          { name: t('series.applied'), values: c.districts.map((d) => d.applied), format: f.count },
          { name: t('series.accepted'), values: c.districts.map((d) => d.accepted), format: f.count },
        ],
        lines: [{ name: t('series.grantedAmount'), values: c.districts.map((d) => d.grantedAmount), format: f.amount }],
        axes: [
          { name: f.countUnit, format: f.count },
          { name: f.wanUnit, format: f.axisWan },
        ],
      }),
    [c.districts, f, t],
  );
  return (
    <Panel title={title} area="districts" empty={allZero(c.districts.map((d) => d.applied))}>
      <DisplayChart option={option} label={title} />
    </Panel>
  );
}

function Months({ c, f }: Part) {
  const { t } = useTranslation('display');
  const title = t('panel.cydbdMonths');
  const option = useMemo(
    () =>
      barLineOption({
        categories: c.months.map((m) => f.month(m.month)),
        bars: [{ name: t('series.grantedAmount'), values: c.months.map((m) => m.grantedAmount), format: f.amount }],
        lines: [
          { name: t('series.applied'), values: c.months.map((m) => m.applied), format: f.count },
          { name: t('series.accepted'), values: c.months.map((m) => m.accepted), format: f.count },
        ],
        axes: [
          { name: f.wanUnit, format: f.axisWan },
          { name: f.countUnit, format: f.count },
        ],
        colors: ['#36cfc9', '#ffb347', '#9e7bff'],
      }),
    [c.months, f, t],
  );
  return (
    <Panel
      title={title}
      area="months"
      empty={allZero(c.months.flatMap((m) => [m.applied, m.accepted, m.grantedAmount]))}
    >
      <DisplayChart option={option} label={title} />
    </Panel>
  );
}
