import { Table } from 'antd';
import { useTranslation } from 'react-i18next';

export interface ImportFailure {
  rowNo: number;
  reason: string;
  /** The row's cells as the file had them (JSON), in an import record. */
  data?: string;
}

/**
 * The failed rows of an Excel import (a check, an import, or a stored import record): the row number, the reason
 * and, when `cells` is given, the row's own cells, ten rows a page.
 */
export function ImportFailuresTable({
  failures,
  loading,
  cells,
}: {
  failures: ImportFailure[];
  loading?: boolean;
  cells?: (data: string) => string;
}) {
  const { t } = useTranslation('common');
  return (
    <Table
      size="small"
      rowKey="rowNo"
      loading={loading}
      dataSource={failures}
      locale={{ emptyText: t('importFailures.none') }}
      pagination={{ pageSize: 10, showSizeChanger: false }}
      columns={[
        { title: t('importFailures.rowNo'), dataIndex: 'rowNo', width: 80 },
        { title: t('importFailures.reason'), dataIndex: 'reason', width: cells ? 240 : undefined },
        ...(cells ? [{ title: t('importFailures.data'), dataIndex: 'data', render: (d: string) => cells(d) }] : []),
      ]}
    />
  );
}
