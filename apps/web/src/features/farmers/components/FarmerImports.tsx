import { useState } from 'react';
import { App, Button, Select, Space, Table, Typography } from 'antd';
import { DownloadOutlined, ImportOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { FarmerFailRecord } from '@phjr/contract/farmers/farmer';
import { FailStatusTag, FailedRowErrors } from '../../../components/import/FailedRowParts.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { downloadFarmerFailRecords, useFarmerFailRecords, useFarmerImportRecords } from '../api/farmers.ts';
import { RowCells, useColumnLabel } from './FailedRowCells.tsx';
import { RegisterAgainDrawer } from './RegisterAgainDrawer.tsx';
import './farmers.css';

const STATUSES = ['FAILED', 'REGISTERED'] as const;
type Status = (typeof STATUSES)[number];

/**
 * The imports tab of the farmer-data screen (farmer:import): the caller's imports (their counts and the rows still to
 * fix), and the failed rows of one import or of all, each with its cells as read (masked) and its errors by column;
 * a FAILED row is fixed and registered again in the record's form; an import's failed rows download as xlsx. The
 * two tables page on their own (the records list owns the address's `current`).
 *
 *   <FarmerImports importId={id} onImportId={setId} onImport={openDrawer} />
 */
export function FarmerImports({
  importId,
  onImportId,
  onImport,
}: {
  importId: number | null;
  onImportId(id: number | null): void;
  onImport(): void;
}) {
  const { t } = useTranslation('farmers');
  const { message } = App.useApp();
  const [recordsPage, setRecordsPage] = useState(1);
  const [failPage, setFailPage] = useState({ current: 1, pageSize: 10 });
  const [status, setStatus] = useState<Status | undefined>('FAILED');
  const [fixing, setFixing] = useState<FarmerFailRecord | null>(null);
  const [downloading, setDownloading] = useState<number | null>(null);
  const records = useFarmerImportRecords({ current: recordsPage, pageSize: 5 });
  const fails = useFarmerFailRecords({
    ...failPage,
    ...(importId ? { importRecordId: importId } : {}),
    ...(status ? { status } : {}),
  });
  const columnLabel = useColumnLabel();

  async function download(id: number) {
    setDownloading(id);
    try {
      const name = await downloadFarmerFailRecords(id, t('fail.downloadName'));
      void message.success(t('fail.downloaded', { name }));
    } catch {
      // Shown by the request layer.
    } finally {
      setDownloading(null);
    }
  }

  return (
    <>
      <section aria-labelledby="phjr-farmer-imports" style={{ marginBottom: 24 }}>
        <div className="phjr-farmer-section-head">
          <h2 id="phjr-farmer-imports">{t('imports.title')}</h2>
          <Button type="primary" icon={<ImportOutlined />} onClick={onImport}>
            {t('actions.import')}
          </Button>
        </div>
        <Table
          size="small"
          rowKey="id"
          loading={records.isFetching}
          dataSource={records.data?.list ?? []}
          locale={{ emptyText: t('imports.empty') }}
          rowClassName={(r) => (r.id === importId ? 'ant-table-row-selected' : '')}
          pagination={{
            current: recordsPage,
            pageSize: 5,
            total: records.data?.total ?? 0,
            showSizeChanger: false,
            onChange: setRecordsPage,
            showTotal: (n) => t('places.total', { n }),
          }}
          scroll={{ x: 1090 }}
          columns={[
            { title: t('imports.id'), dataIndex: 'id', width: 80, render: (v: number) => `#${v}` },
            { title: t('imports.fileName'), dataIndex: 'fileName', ellipsis: true },
            { title: t('import.totalCol'), dataIndex: 'total', width: 80, align: 'right' },
            { title: t('imports.succeeded'), dataIndex: 'succeeded', width: 90, align: 'right' },
            { title: t('imports.failed'), dataIndex: 'failed', width: 80, align: 'right' },
            {
              title: t('imports.pending'),
              dataIndex: 'pending',
              width: 90,
              align: 'right',
              render: (v: number) => (v > 0 ? <Typography.Text type="danger">{v}</Typography.Text> : v),
            },
            {
              title: t('imports.by'),
              key: 'by',
              width: 160,
              render: (_: unknown, r) => [r.userName, r.orgName].filter(Boolean).join(' · ') || '-',
            },
            { title: t('imports.at'), dataIndex: 'createdAt', width: 150, render: (v: string) => formatDateTime(v) },
            {
              title: t('actions.column'),
              key: 'actions',
              width: 290,
              fixed: 'right',
              render: (_: unknown, r) =>
                r.failed > 0 ? (
                  <Space size={4}>
                    <Button type="link" size="small" onClick={() => onImportId(r.id)}>
                      {t('imports.viewFailed')}
                    </Button>
                    <Button
                      type="link"
                      size="small"
                      icon={<DownloadOutlined />}
                      loading={downloading === r.id}
                      onClick={() => void download(r.id)}
                    >
                      {t('actions.download')}
                    </Button>
                  </Space>
                ) : null,
            },
          ]}
        />
      </section>

      <section aria-labelledby="phjr-farmer-fails">
        <div className="phjr-farmer-section-head">
          <h2 id="phjr-farmer-fails">{importId ? t('fail.titleOf', { id: importId }) : t('fail.title')}</h2>
          <Space wrap>
            {importId ? (
              <Button size="small" onClick={() => onImportId(null)}>
                {t('fail.allImports')}
              </Button>
            ) : null}
            <Select<Status>
              allowClear
              size="small"
              style={{ minWidth: 140 }}
              aria-label={t('fail.status')}
              placeholder={t('placeholders.any')}
              value={status}
              onChange={(v) => {
                setStatus(v);
                setFailPage((p) => ({ ...p, current: 1 }));
              }}
              options={STATUSES.map((s) => ({ value: s, label: t(`fail.statuses.${s}`) }))}
            />
          </Space>
        </div>
        <Table<FarmerFailRecord>
          size="small"
          rowKey="id"
          loading={fails.isFetching}
          dataSource={fails.data?.list ?? []}
          locale={{ emptyText: t('fail.empty') }}
          scroll={{ x: 1410 }}
          pagination={{
            ...failPage,
            total: fails.data?.total ?? 0,
            showTotal: (n) => t('places.total', { n }),
            onChange: (current, pageSize) => setFailPage({ current, pageSize }),
          }}
          columns={[
            { title: t('import.rowNo'), dataIndex: 'rowNo', width: 70 },
            { title: t('fail.import'), dataIndex: 'importRecordId', width: 90, render: (v: number) => `#${v}` },
            {
              title: t('fail.values'),
              key: 'values',
              width: 520,
              render: (_: unknown, r) => <RowCells values={r.values} />,
            },
            {
              title: t('fail.errors'),
              key: 'errors',
              width: 320,
              render: (_: unknown, r) => <FailedRowErrors errors={r.errors} columnLabel={columnLabel} />,
            },
            {
              title: t('fail.status'),
              dataIndex: 'status',
              width: 110,
              render: (s: Status) => <FailStatusTag status={s} label={t(`fail.statuses.${s}`)} />,
            },
            { title: t('imports.at'), dataIndex: 'createdAt', width: 150, render: (v: string) => formatDateTime(v) },
            {
              title: t('actions.column'),
              key: 'actions',
              width: 200,
              fixed: 'right',
              render: (_: unknown, r) =>
                r.status === 'FAILED' ? (
                  <Button type="link" size="small" onClick={() => setFixing(r)}>
                    {t('actions.registerAgain')}
                  </Button>
                ) : null,
            },
          ]}
        />
      </section>
      <RegisterAgainDrawer record={fixing} onClose={() => setFixing(null)} />
    </>
  );
}
