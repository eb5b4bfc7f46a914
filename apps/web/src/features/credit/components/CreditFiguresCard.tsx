import { useMemo } from 'react';
import { Card, Skeleton, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CreditFigures } from '@phjr/contract/credit/credit';
import { beijingDay, formatCount, formatPercent } from '../../../lib/format.ts';
import { CreditBarChart, type BarSeries } from './CreditBarChart.tsx';
import { dayWindow, refusalRate } from './credit-model.ts';

/** The institutions drawn in the chart: the busiest; the table below the chart lists every query anyway. */
const TOP_ORGS = 10;
/** The days drawn by day: the last calendar days of the chosen range, in Beijing time (dayWindow). */
const DAYS_DRAWN = 60;
/** UI.md: the primary blue for what was shown, the warm accent for refusals. */
const COLORS = { shown: '#1456d9', refused: '#d4380d' };

/**
 * The query log's figures for the chosen days (docs/statistics.md, "Credit queries"): queries, shown, refused and
 * the refusal share, then queries by institution and by purpose, each bar split into shown and refused.
 */
export function CreditFiguresCard({
  figures,
  loading,
  rangeText,
  to,
}: {
  figures: CreditFigures | undefined;
  loading: boolean;
  rangeText: string;
  to?: string;
}) {
  const { t } = useTranslation('credit');
  const rate = figures ? refusalRate(figures.total, figures.refused) : null;

  const byOrg = useMemo(() => {
    const rows = [...(figures?.byOrg ?? [])].sort((a, b) => b.total - a.total).slice(0, TOP_ORGS);
    const series: BarSeries[] = [
      { name: t('outcome.SHOWN'), values: rows.map((r) => r.total - r.refused), color: COLORS.shown },
      { name: t('outcome.REFUSED'), values: rows.map((r) => r.refused), color: COLORS.refused },
    ];
    return { categories: rows.map((r) => r.orgName), series };
  }, [figures, t]);
  const byPurpose = useMemo(() => {
    const rows = figures?.byPurpose ?? [];
    const series: BarSeries[] = [
      { name: t('outcome.SHOWN'), values: rows.map((r) => r.total - r.refused), color: COLORS.shown },
      { name: t('outcome.REFUSED'), values: rows.map((r) => r.refused), color: COLORS.refused },
    ];
    return { categories: rows.map((r) => t(`purpose.${r.purpose}`)), series };
  }, [figures, t]);

  const byDay = useMemo(() => {
    const rows = figures ? dayWindow(figures.byDay, beijingDay(), to, DAYS_DRAWN) : [];
    const series: BarSeries[] = [
      { name: t('outcome.SHOWN'), values: rows.map((r) => r.total - r.refused), color: COLORS.shown },
      { name: t('outcome.REFUSED'), values: rows.map((r) => r.refused), color: COLORS.refused },
    ];
    return { categories: rows.map((r) => r.day.slice(5)), series };
  }, [figures, t, to]);

  return (
    <Card
      variant="borderless"
      className="phjr-page-card"
      title={t('figures.title')}
      extra={<span className="phjr-credit-nowrap">{rangeText}</span>}
    >
      {!figures || loading ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : (
        <>
          <dl className="phjr-credit-kpis">
            <Kpi label={t('figures.total')} hint={t('figures.totalDef')} value={formatCount(figures.total)} />
            <Kpi label={t('figures.shown')} hint={t('figures.shownDef')} value={formatCount(figures.shown)} />
            <Kpi
              label={t('figures.refused')}
              hint={t('figures.refusedDef')}
              value={formatCount(figures.refused)}
              refused
            />
            <Kpi
              label={t('figures.refusalRate')}
              hint={t('figures.refusalRateDef')}
              value={rate === null ? '-' : `${formatPercent(rate * 100)}%`}
              refused
            />
          </dl>
          <div className="phjr-credit-charts">
            <figure style={{ margin: 0 }}>
              <h3>{t('figures.byOrg')}</h3>
              <CreditBarChart
                categories={byOrg.categories}
                series={byOrg.series}
                ariaLabel={t('figures.byOrg')}
                emptyText={t('figures.empty')}
              />
            </figure>
            <figure style={{ margin: 0 }}>
              <h3>{t('figures.byPurpose')}</h3>
              <CreditBarChart
                categories={byPurpose.categories}
                series={byPurpose.series}
                ariaLabel={t('figures.byPurpose')}
                emptyText={t('figures.empty')}
              />
            </figure>
          </div>
          <figure style={{ margin: '16px 0 0' }}>
            <h3 className="phjr-credit-chart-title">{t('figures.byDay', { n: DAYS_DRAWN })}</h3>
            <CreditBarChart
              vertical
              categories={byDay.categories}
              series={byDay.series}
              ariaLabel={t('figures.byDay', { n: DAYS_DRAWN })}
              emptyText={t('figures.empty')}
            />
          </figure>
        </>
      )}
    </Card>
  );
}

function Kpi({ label, hint, value, refused }: { label: string; hint: string; value: string; refused?: boolean }) {
  return (
    <div>
      <Tooltip title={hint}>
        <dt tabIndex={0}>{label}</dt>
      </Tooltip>
      <dd className={refused ? 'is-refused' : undefined}>{value}</dd>
    </div>
  );
}
