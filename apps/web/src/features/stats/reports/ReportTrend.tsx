import { useMemo } from 'react';
import { Empty, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ReportQuery, ReportTrend as Trend } from '@phjr/contract/stats/reports';
import { EChart, type ChartOption } from '../../../components/EChart.tsx';
import { formatAmount, formatCount, formatNumber } from '../../../lib/format.ts';
import { useReportTrend } from '../api/reports.ts';

type Measure = Trend['comparison']['measures'][number];

/** A change as a signed percentage (one decimal), or "—" on a zero base. */
function change(v: number | null): string {
  if (v === null) return '—';
  const p = formatNumber(Math.abs(v) * 100, 1);
  return v > 0 ? `+${p}%` : v < 0 ? `−${p}%` : `${p}%`;
}

/**
 * The report pages' chart and period comparison (issue 30; docs/statistics.md "Period comparison"): the amounts
 * demanded and granted per month of the range (the rollup's month rows, the same figures as the table), and the last
 * month against the month before (环比) and the same month a year before (同比), each figure with both changes.
 */
export function ReportTrend({ query }: { query: ReportQuery }) {
  const { t } = useTranslation('stats');
  const q = useReportTrend(query);
  const data = q.data;
  const option = useMemo<ChartOption | null>(() => {
    if (!data) return null;
    return {
      animation: false,
      grid: { left: 8, right: 16, top: 52, bottom: 8, containLabel: true },
      legend: { top: 0, left: 0, itemWidth: 12, itemHeight: 12 },
      tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
      xAxis: { type: 'category', data: data.months.map((m) => m.month) },
      yAxis: { type: 'value', name: t('trend.wan') },
      series: [
        {
          name: t('trend.countedAmount'),
          type: 'bar',
          data: data.months.map((m) => m.countedAmount),
          itemStyle: { color: '#1677ff' },
          barMaxWidth: 22,
        },
        {
          name: t('trend.grantedAmount'),
          type: 'bar',
          data: data.months.map((m) => m.grantedAmount),
          itemStyle: { color: '#13a8a8' },
          barMaxWidth: 22,
        },
      ],
    };
  }, [data, t]);
  const value = (m: Measure) =>
    m.key === 'countedAmount' || m.key === 'grantedAmount'
      ? t('trend.wanValue', { n: formatAmount(m.value) })
      : formatCount(m.value);
  return (
    <section className="phjr-report-trend" aria-label={t('trend.title')}>
      <h2 className="phjr-panel-title">{t('trend.title')}</h2>
      {!data ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : (
        <div className="phjr-report-trend-body">
          <div className="phjr-report-trend-chart">
            {data.months.every((m) => m.countedAmount === 0 && m.grantedAmount === 0) ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('trend.empty')} />
            ) : (
              <EChart
                option={option!}
                height={260}
                label={t('trend.chartLabel', {
                  from: data.months[0]?.month,
                  to: data.months[data.months.length - 1]?.month,
                })}
                renderer="svg"
              />
            )}
          </div>
          <table className="phjr-report-compare" data-month={data.comparison.month}>
            <caption>
              {t('trend.compareCaption', {
                month: data.comparison.month,
                previous: data.comparison.previousMonth,
                lastYear: data.comparison.lastYearMonth,
              })}
            </caption>
            <thead>
              <tr>
                <th scope="col">{t('trend.measure')}</th>
                <th scope="col">{data.comparison.month}</th>
                <th scope="col">{t('trend.mom')}</th>
                <th scope="col">{t('trend.yoy')}</th>
              </tr>
            </thead>
            <tbody>
              {data.comparison.measures.map((m) => (
                <tr key={m.key} data-measure={m.key} data-mom={m.mom ?? ''} data-yoy={m.yoy ?? ''}>
                  <th scope="row">{t(`trend.measures.${m.key}`)}</th>
                  <td>{value(m)}</td>
                  <td title={t('trend.base', { value: m.previous })}>{change(m.mom)}</td>
                  <td title={t('trend.base', { value: m.lastYear })}>{change(m.yoy)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
