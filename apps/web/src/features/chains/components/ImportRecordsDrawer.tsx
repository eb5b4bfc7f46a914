import { useState } from 'react';
import { Drawer, Table, Typography } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { ZChainImportRecord } from '@phjr/contract/chains/chain';
import { formatDateTime } from '../../../lib/format.ts';
import { useChainImportRecords } from '../api/chains.ts';

/**
 * The member imports (chainOps.importRecords), newest first, each linking to its failed rows.
 *
 *   <ImportRecordsDrawer open={open} onClose={close} chainId={chainId} failPath="/operateClient/chain/importFail" />
 *
 * `failPath` is the client's failed-rows page (it receives `?importRecordId=`); `chainId` narrows to one chain.
 */
type ImportRecord = z.infer<typeof ZChainImportRecord>;

export function ImportRecordsDrawer({
  open,
  onClose,
  chainId,
  failPath,
}: {
  open: boolean;
  onClose(): void;
  chainId?: number | null;
  failPath: string;
}) {
  const { t } = useTranslation('chains');
  return (
    <Drawer open={open} onClose={onClose} title={t('import.recordsTitle')} size="min(960px, 100vw)" destroyOnHidden>
      {open ? <ImportRecordsTable chainId={chainId ?? null} failPath={failPath} /> : null}
    </Drawer>
  );
}

export function ImportRecordsTable({ chainId, failPath }: { chainId: number | null; failPath: string }) {
  const { t } = useTranslation('chains');
  const [current, setCurrent] = useState(1);
  const q = useChainImportRecords({ current, pageSize: 10, ...(chainId ? { industrialChainId: chainId } : {}) });
  return (
    <Table<ImportRecord>
      size="small"
      rowKey="id"
      loading={q.isFetching}
      dataSource={q.data?.list ?? []}
      locale={{ emptyText: t('import.noRecords') }}
      scroll={{ x: 880 }}
      pagination={{ current, pageSize: 10, total: q.data?.total ?? 0, showSizeChanger: false, onChange: setCurrent }}
      columns={[
        { title: t('import.importedAt'), dataIndex: 'createdAt', width: 150, render: (v: string) => formatDateTime(v) },
        { title: t('fields.chain'), dataIndex: 'chainName', width: 150, ellipsis: true },
        { title: t('import.fileName'), dataIndex: 'fileName', ellipsis: true },
        { title: t('import.totalRows'), dataIndex: 'total', width: 70, align: 'right' },
        { title: t('import.succeeded'), dataIndex: 'succeeded', width: 70, align: 'right' },
        {
          title: t('import.failed'),
          dataIndex: 'failed',
          width: 70,
          align: 'right',
          render: (n: number) => (n ? <Typography.Text type="danger">{n}</Typography.Text> : n),
        },
        { title: t('import.pending'), dataIndex: 'pending', width: 80, align: 'right' },
        {
          title: t('import.importedBy'),
          key: 'by',
          width: 160,
          render: (_: unknown, r) => (
            <div>
              <div>{r.userName ?? '-'}</div>
              {r.orgName ? (
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {r.orgName}
                </Typography.Text>
              ) : null}
            </div>
          ),
        },
        {
          title: t('actions.column'),
          key: 'actions',
          width: 100,
          fixed: 'right',
          render: (_: unknown, r) =>
            r.failed ? <Link to={`${failPath}?importRecordId=${r.id}`}>{t('import.viewFailed')}</Link> : null,
        },
      ]}
    />
  );
}
