import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RegionReport as RegionReportData } from '@phjr/contract/stats/reports';
import { RoutePage } from '../../../components/RoutePage.tsx';
import { useRouteTitle } from './labels.ts';
import { exportReport, useRegionReport } from '../api/reports.ts';
import { DrillDrawer } from './DrillDrawer.tsx';
import { FigureTotalRow, useFigureColumns, type DrillTarget } from './figure-columns.tsx';
import { ReportFilterBar, useReportFilters } from './ReportFilters.tsx';
import { ReportTable } from './ReportTable.tsx';
import { ReportTrend } from './ReportTrend.tsx';
import './reports.css';

type Row = RegionReportData['rows'][number];

/**
 * The report by district (the operator's /statistic/district and the supervisors' /report/region): one row per
 * district of the viewer's scope and the total, every count a drill-down, every header its definition.
 */
export function RegionReport() {
  const { t } = useTranslation('stats');
  const title = useRouteTitle(t('report.byDistrict'));
  const filters = useReportFilters();
  const q = useRegionReport(filters.query);
  const [drill, setDrill] = useState<DrillTarget | null>(null);
  const columns = useFigureColumns<Row>({
    nameTitle: t('report.district'),
    nameOf: (r) => r.name,
    figuresOf: (r) => r.figures,
    rowOf: (r) => ({ label: r.name, regionCode: r.regionCode }),
    open: setDrill,
  });
  const totalRow = {
    label: t('report.total'),
    ...(filters.query.regionCode ? { regionCode: filters.query.regionCode } : {}),
  };
  return (
    <RoutePage>
      <section className="phjr-panel phjr-report" aria-label={title}>
        <ReportFilterBar
          filters={filters}
          asOf={q.data?.asOf}
          onExport={() => exportReport('region', filters.query, title)}
        />
        <ReportTrend query={filters.query} />
        <ReportTable<Row>
          caption={t('report.caption', { name: title, from: filters.query.from, to: filters.query.to })}
          query={q}
          columns={columns}
          rows={q.data?.rows ?? []}
          rowKey="regionCode"
          summary={() =>
            q.data ? (
              <FigureTotalRow total={q.data.total} label={t('report.total')} row={totalRow} open={setDrill} />
            ) : null
          }
        />
      </section>
      <DrillDrawer filters={filters.query} target={drill} onClose={() => setDrill(null)} />
    </RoutePage>
  );
}
