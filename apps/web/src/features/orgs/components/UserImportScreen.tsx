import { useState } from 'react';
import { Alert, App, Button, Checkbox, Drawer, Space, Table, Upload } from 'antd';
import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ImportJob as Job, ImportResult } from '@phjr/contract/orgs/user-import';
import { RoutePage } from '../../../components/RoutePage.tsx';
import { downloadUserImportTemplate, useImportFailures, useImportRecords, useUploadUsers } from '../api/orgs-admin.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { ImportFailuresTable } from '../../../components/ImportFailuresTable.tsx';
import { ListTable, defineList, useListQuery } from '../../../components/list-page/ListPage.tsx';

/** A failed row's cells, as the file had them. */
const cellsOf = (d: string) =>
  Object.values(JSON.parse(d) as Record<string, string>)
    .filter(Boolean)
    .join(' / ');

/** The records' page lives in the address; the generated passwords' table (one upload's answer) pages by itself. */
const recordList = defineList({ filters: {} });

/** Users import: template, upload (every row checked first, good rows in one transaction), records and failed rows. */
export function UserImportScreen() {
  const { t } = useTranslation('orgs');
  const { message } = App.useApp();
  const [dryRun, setDryRun] = useState(false);
  const [result, setResult] = useState<ImportResult | null>(null);
  const list = useListQuery(recordList);
  const [jobId, setJobId] = useState<number | null>(null);
  const records = useImportRecords(list.query);
  const failures = useImportFailures(jobId);
  const uploadUsers = useUploadUsers();

  const columns = [
    { title: t('fields.fileName'), dataIndex: 'fileName' },
    { title: t('fields.total'), dataIndex: 'total', width: 90 },
    { title: t('fields.succeeded'), dataIndex: 'succeeded', width: 90 },
    { title: t('fields.failed'), dataIndex: 'failed', width: 90 },
    { title: t('fields.operator'), dataIndex: 'userName' },
    { title: t('fields.createdAt'), dataIndex: 'createdAt', render: (at: string | null) => formatDateTime(at) },
    {
      title: '',
      key: 'a',
      render: (_: unknown, j: Job) =>
        j.failed ? (
          <Button type="link" size="small" onClick={() => setJobId(j.id)}>
            {t('actions.viewFailures')}
          </Button>
        ) : null,
    },
  ];

  return (
    <RoutePage
      extra={
        <Button icon={<DownloadOutlined />} onClick={() => downloadUserImportTemplate(t('title.importRecords'))}>
          {t('actions.downloadTemplate')}
        </Button>
      }
    >
      <section className="phjr-panel" style={{ padding: 16 }}>
        <Alert type="info" showIcon title={t('hint.import')} style={{ marginBottom: 16 }} />
        <Space>
          <Upload
            accept=".xlsx"
            showUploadList={false}
            customRequest={async ({ file, onSuccess, onError }) => {
              try {
                const out = await uploadUsers.mutateAsync({ file: file as File, dryRun });
                setResult(out);
                message.success(out.dryRun ? t('msg.dryRunDone', out) : t('msg.importDone', out));
                onSuccess?.(out);
              } catch (e) {
                onError?.(e as Error);
              }
            }}
          >
            <Button type="primary" icon={<UploadOutlined />} loading={uploadUsers.isPending}>
              {t('actions.upload')}
            </Button>
          </Upload>
          <Checkbox checked={dryRun} onChange={(e) => setDryRun(e.target.checked)}>
            {t('actions.dryRun')}
          </Checkbox>
        </Space>
      </section>

      {result ? (
        <section className="phjr-panel" style={{ padding: 16, marginTop: 16 }} aria-label={t('title.importResult')}>
          <h2 style={{ fontSize: 16 }}>{t('title.importResult')}</h2>
          <Alert
            type={result.failed ? 'warning' : 'success'}
            showIcon
            title={result.dryRun ? t('msg.dryRunDone', result) : t('msg.importDone', result)}
            style={{ marginBottom: 12 }}
          />
          {result.failures.length ? <ImportFailuresTable failures={result.failures} /> : null}
          {result.accounts.some((a) => a.password) ? (
            <>
              <h3 style={{ fontSize: 14, marginTop: 12 }}>{t('title.generatedPasswords')}</h3>
              <Table
                size="small"
                rowKey="rowNo"
                dataSource={result.accounts.filter((a) => a.password)}
                pagination={{ pageSize: 10, showSizeChanger: false }}
                columns={[
                  { title: t('fields.rowNo'), dataIndex: 'rowNo', width: 80 },
                  { title: t('fields.username'), dataIndex: 'username' },
                  { title: t('fields.password'), dataIndex: 'password', render: (p: string) => <code>{p}</code> },
                ]}
              />
            </>
          ) : null}
        </section>
      ) : null}

      <section className="phjr-panel" style={{ padding: 16, marginTop: 16 }}>
        <h2 style={{ fontSize: 16 }}>{t('title.importRecords')}</h2>
        <ListTable<Job>
          list={list}
          data={records.data}
          loading={records.isLoading}
          rowKey="id"
          plain
          showSizeChanger={false}
          columns={columns}
        />
      </section>

      <Drawer open={jobId !== null} onClose={() => setJobId(null)} title={t('title.failures')} size={720}>
        <ImportFailuresTable failures={failures.data ?? []} loading={failures.isLoading} cells={cellsOf} />
      </Drawer>
    </RoutePage>
  );
}
