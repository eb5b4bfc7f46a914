import { useMemo, useState } from 'react';
import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { RoutePage } from '../../../components/RoutePage.tsx';
import { useRouteTitle } from './labels.ts';
import { exportReport, useBankReport, useScorecard } from '../api/reports.ts';
import { DrillDrawer } from './DrillDrawer.tsx';
import { FigureTotalRow, useFigureColumns, type DrillTarget } from './figure-columns.tsx';
import { ReportFilterBar, useReportFilters } from './ReportFilters.tsx';
import { ReportTable } from './ReportTable.tsx';
import { ScorecardTable } from './ScorecardTable.tsx';
import { bankTree, type BankTreeRow } from './report-model.ts';
import { ReportTrend } from './ReportTrend.tsx';
import './reports.css';

type Tab = 'tree' | 'scorecard';

/**
 * The report by bank (the operator's /statistic/bank and the supervisors' /report/bank), in two tabs held by the
 * address: the bank tree (head office → branches → sub-branches, each node its subtree's figures, expandable) and the
 * scorecard (ranked). The export saves the tab on screen, with the same filters.
 */
export function BankReport() {
  const { t } = useTranslation('stats');
  const title = useRouteTitle(t('report.byBank'));
  const filters = useReportFilters();
  const tab: Tab = filters.params.get('tab') === 'scorecard' ? 'scorecard' : 'tree';
  // The tree is read on both tabs: the scorecard opens its SLA breaches by kind from the head offices' figures.
  const bank = useBankReport(filters.query);
  const score = useScorecard(filters.query, tab === 'scorecard');
  const [drill, setDrill] = useState<DrillTarget | null>(null);
  const tree = useMemo(() => bankTree(bank.data?.rows ?? []), [bank.data]);
  const columns = useFigureColumns<BankTreeRow>({
    nameTitle: t('report.bank'),
    nameOf: (r) => (
      <span className={`phjr-report-bank-name phjr-report-depth-${Math.min(r.depth, 2)}`} title={r.name}>
        {r.shortName}
      </span>
    ),
    figuresOf: (r) => r.figures,
    rowOf: (r) => ({
      label: r.name,
      orgId: r.orgId,
      ...(filters.query.regionCode ? { regionCode: filters.query.regionCode } : {}),
    }),
    open: setDrill,
  });
  // The total row is the banks' total (guarantee-only and unassigned demands are not in it): drill.json has no filter
  // for "any bank", so its counts are plain numbers (open={null}); every bank's own row drills.
  const tabLabel = t(`report.tabs.${tab}`);
  const asOf = tab === 'scorecard' ? score.data?.asOf : bank.data?.asOf;
  const caption = t('report.caption', {
    name: `${title} · ${tabLabel}`,
    from: filters.query.from,
    to: filters.query.to,
  });

  return (
    <RoutePage>
      <section className="phjr-panel phjr-report" aria-label={title}>
        <ReportFilterBar
          filters={filters}
          asOf={asOf}
          onExport={() => exportReport(tab === 'scorecard' ? 'scorecard' : 'bank', filters.query, [title, tabLabel])}
        />
        <ReportTrend query={filters.query} />
        <Tabs
          activeKey={tab}
          onChange={(k) => filters.update({ tab: k === 'scorecard' ? 'scorecard' : undefined })}
          items={[
            {
              key: 'tree',
              label: t('report.tabs.tree'),
              children: (
                <ReportTable<BankTreeRow>
                  caption={caption}
                  query={bank}
                  columns={columns}
                  rows={tree}
                  rowKey="key"
                  expandable={{ indentSize: 18 }}
                  summary={() =>
                    bank.data ? (
                      <FigureTotalRow
                        total={bank.data.total}
                        label={t('report.total')}
                        row={{ label: t('report.total') }}
                        open={null}
                      />
                    ) : null
                  }
                />
              ),
            },
            {
              key: 'scorecard',
              label: t('report.tabs.scorecard'),
              children: (
                <ScorecardTable
                  caption={caption}
                  query={score}
                  rows={score.data?.rows ?? []}
                  heads={bank.data?.rows.filter((r) => r.parentId === null)}
                  open={setDrill}
                />
              ),
            },
          ]}
        />
      </section>
      <DrillDrawer filters={filters.query} target={drill} onClose={() => setDrill(null)} />
    </RoutePage>
  );
}
