import { useMemo, type ReactNode, type TableHTMLAttributes } from 'react';
import { Button, Result, Skeleton, Table, type TableColumnsType, type TableProps } from 'antd';

/** The width the columns ask for (leaves of groups included): the table scrolls from there, headers wrap inside it. */
export function columnsWidth<R>(columns: TableColumnsType<R>): number {
  return columns.reduce(
    (sum, c) =>
      sum + ('children' in c && c.children ? columnsWidth(c.children) : typeof c.width === 'number' ? c.width : 0),
    0,
  );
}
import { useTranslation } from 'react-i18next';

/**
 * A report's table with its states (UI.md): a skeleton of the table's height while the first answer loads (no
 * layout shift), a Result with a retry on failure, and a caption for screen readers naming what the table holds.
 */
export function ReportTable<R extends object>({
  caption,
  query,
  columns,
  rows,
  summary,
  rowKey,
  expandable,
}: {
  caption: string;
  query: { isPending: boolean; isError: boolean; isFetching: boolean; refetch(): unknown };
  columns: TableColumnsType<R>;
  rows: R[];
  summary?: () => ReactNode;
  rowKey: TableProps<R>['rowKey'];
  expandable?: TableProps<R>['expandable'];
}) {
  const { t } = useTranslation('stats');
  // One component per caption: a new function on every render would be a new element type, and React would remount
  // the whole table (closing its popovers and losing its expanded rows) whenever the page re-renders.
  const components = useMemo(
    () => ({
      table: (props: TableHTMLAttributes<HTMLTableElement>) => (
        <table {...props}>
          <caption className="phjr-visually-hidden">{caption}</caption>
          {props.children}
        </table>
      ),
    }),
    [caption],
  );
  if (query.isPending) return <Skeleton active paragraph={{ rows: 10 }} className="phjr-report-skeleton" />;
  if (query.isError)
    return (
      <Result
        status="warning"
        title={t('report.loadFailed')}
        subTitle={t('report.loadFailedHint')}
        extra={<Button onClick={() => void query.refetch()}>{t('report.retry')}</Button>}
      />
    );
  return (
    <Table<R>
      className="phjr-report-table"
      rowKey={rowKey}
      size="small"
      bordered
      loading={query.isFetching}
      columns={columns}
      dataSource={rows}
      pagination={false}
      tableLayout="fixed"
      scroll={{ x: columnsWidth(columns) }}
      summary={summary}
      expandable={expandable}
      locale={{ emptyText: t('report.empty') }}
      components={components}
    />
  );
}
