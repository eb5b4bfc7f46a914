import { useState } from 'react';
import { Alert, Button, Drawer, Result, Table, Typography, type TableColumnsType } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { useTranslation } from 'react-i18next';
import type { DemandStatus, DemandSummary, DemandType } from '@phjr/contract/demands/demand';
import { REPORT_DRILL_SORT, type ReportDrillQuery, type ReportQuery } from '@phjr/contract/stats/reports';
import type { SortOrder } from '@phjr/contract/list-sort';
import { StateTag } from '../../../components/StateTag.tsx';
import { useDemandDetailPath, useReportLabels } from './labels.ts';
import { formatAmount, formatDate } from '../../../lib/format.ts';
import { useReportDrill } from '../api/reports.ts';
import type { DrillTarget } from './figure-columns.tsx';
import { showCount } from './report-model.ts';

const PAGE_SIZE = 10;

/** The drill-down's sort (issue 30): a field of REPORT_DRILL_SORT and its direction, or none (newest first). */
export type DrillSort = { sortField: (typeof REPORT_DRILL_SORT)[number]; sortOrder: SortOrder } | null;

/** The drill-down's call: the page's filters, narrowed to the row (a district, a bank unit) and the reason, in its sort. */
export function drillQuery(
  filters: ReportQuery,
  target: DrillTarget,
  current: number,
  pageSize = PAGE_SIZE,
  sort: DrillSort = null,
): ReportDrillQuery {
  return {
    ...filters,
    ...(target.regionCode ? { regionCode: target.regionCode } : {}),
    ...(target.orgId !== undefined ? { orgId: target.orgId } : {}),
    ...(target.rejectCode ? { rejectCode: target.rejectCode } : {}),
    ...(sort ?? {}),
    measure: target.measure,
    current,
    pageSize,
  };
}

const isDrillField = (k: unknown): k is (typeof REPORT_DRILL_SORT)[number] =>
  (REPORT_DRILL_SORT as readonly unknown[]).includes(k);

/**
 * The demands one figure counts (drill.json), in a drawer over the report: "共 N 条" is the server's exact count, which
 * equals the figure clicked (said in a warning if it ever does not, e.g. a demand changed in between). A row opens the
 * demand's detail: the viewer's demand list with its detail drawer, in a new tab.
 */
export function DrillDrawer({
  filters,
  target,
  onClose,
}: {
  filters: ReportQuery;
  target: DrillTarget | null;
  onClose(): void;
}) {
  const { t } = useTranslation('stats');
  const [current, setCurrent] = useState(1);
  const [sort, setSort] = useState<DrillSort>(null);
  const [shown, setShown] = useState<DrillTarget | null>(target);
  // A new figure starts on its first page, in its own order.
  if (shown !== target) {
    setShown(target);
    setCurrent(1);
    setSort(null);
  }
  const q = useReportDrill(target ? drillQuery(filters, target, current, PAGE_SIZE, sort) : null);
  // The server sorts (the figure's demands may be thousands): a header click asks for the largest/newest first, again
  // for the smallest/oldest, again for the list's own order; a new sort goes back to page 1.
  const sorted = (field: (typeof REPORT_DRILL_SORT)[number]) => ({
    key: field,
    sorter: true,
    sortDirections: ['descend', 'ascend'] as ('descend' | 'ascend')[],
    sortOrder:
      sort?.sortField === field ? (sort.sortOrder === 'asc' ? ('ascend' as const) : ('descend' as const)) : null,
  });
  const onSort = (s: SorterResult<DemandSummary> | SorterResult<DemandSummary>[]) => {
    const one = Array.isArray(s) ? s[0] : s;
    setSort(
      one?.order && isDrillField(one.columnKey)
        ? { sortField: one.columnKey, sortOrder: one.order === 'ascend' ? 'asc' : 'desc' }
        : null,
    );
    setCurrent(1);
  };
  const { type: typeLabel, reason } = useReportLabels();
  const detailPath = useDemandDetailPath();
  const figure = target
    ? t(`figures.${target.measure}`) + (target.rejectCode ? ` · ${reason(target.rejectCode)}` : '')
    : '';

  const columns: TableColumnsType<DemandSummary> = [
    {
      title: t('drill.code'),
      dataIndex: 'code',
      width: 170,
      render: (code: string, d) => (
        // The demand opens on the viewer's demand list (its detail drawer, timeline and actions) in a new tab, so the
        // report and this list stay where they are.
        <a href={detailPath(d)} target="_blank" rel="noopener noreferrer" aria-label={t('drill.view', { code })}>
          {code}
        </a>
      ),
    },
    {
      title: t('drill.applicant'),
      dataIndex: 'applicantName',
      ellipsis: true,
      render: (n: string) => <Typography.Text ellipsis={{ tooltip: n }}>{n}</Typography.Text>,
    },
    { title: t('drill.type'), dataIndex: 'type', width: 100, render: (ty: DemandType) => typeLabel(ty) },
    { title: t('drill.status'), dataIndex: 'status', width: 100, render: (s: DemandStatus) => <StateTag state={s} /> },
    {
      title: t('drill.amount'),
      dataIndex: 'amount',
      width: 120,
      align: 'right',
      render: (n: number, d) => formatAmount(d.grantedAmount ?? n),
      ...sorted('amount'),
    },
    { title: t('drill.term'), dataIndex: 'term', width: 110, align: 'right', ...sorted('term') },
    {
      title: t('drill.createdAt'),
      dataIndex: 'createdAt',
      width: 120,
      render: (at: string) => formatDate(at),
      ...sorted('createdAt'),
    },
    {
      title: t('drill.grantedAt'),
      dataIndex: 'grantedAt',
      width: 120,
      render: (at: string | null) => formatDate(at),
      ...sorted('grantedAt'),
    },
  ];

  const total = q.data?.total;
  return (
    <Drawer
      open={target !== null}
      onClose={onClose}
      title={target ? t('drill.title', { row: target.label, figure }) : ''}
      size="min(960px, 100vw)"
      destroyOnHidden
    >
      {target === null ? null : q.isError ? (
        <Result
          status="warning"
          title={t('report.loadFailed')}
          extra={<Button onClick={() => void q.refetch()}>{t('report.retry')}</Button>}
        />
      ) : (
        <>
          <p className="phjr-report-drill-head">
            {t('drill.period', { from: filters.from, to: filters.to })}
            {total !== undefined ? (
              <strong data-testid="drill-total">{t('drill.total', { n: showCount(total) })}</strong>
            ) : null}
          </p>
          {total !== undefined && total !== target.count ? (
            <Alert
              type="info"
              showIcon
              title={t('drill.changed', { n: showCount(target.count) })}
              style={{ marginBottom: 12 }}
            />
          ) : null}
          <Table<DemandSummary>
            rowKey="id"
            size="small"
            loading={q.isFetching}
            columns={columns}
            dataSource={q.data?.list ?? []}
            onChange={(_p, _f, s, extra) => {
              if (extra.action === 'sort') onSort(s);
            }}
            scroll={{ x: 900 }}
            pagination={{
              current,
              pageSize: PAGE_SIZE,
              total: total ?? 0,
              showSizeChanger: false,
              showTotal: (n) => t('drill.total', { n: showCount(n) }),
              onChange: (page) => setCurrent(page),
            }}
          />
        </>
      )}
    </Drawer>
  );
}
