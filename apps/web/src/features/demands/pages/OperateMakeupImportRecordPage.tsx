import { useState } from 'react';
import { Button, Drawer } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MAKEUP_IMPORT_COLUMNS } from '@phjr/contract/demands/calls';
import type { ImportJob as Job } from '@phjr/contract/orgs/user-import';
import { RoutePage } from '../../../components/RoutePage.tsx';
import { ListTable, defineList, useListQuery } from '../../../components/list-page/ListPage.tsx';
import { useMakeupImportFailures, useMakeupImportRecords } from '../api/makeup.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { ImportFailuresTable } from '../../../components/ImportFailuresTable.tsx';

/** No filter: the page lives in the address (`?current=2`). */
const recordList = defineList({ pageSize: 10, filters: {} });

const HEADERS = new Map<string, string>(MAKEUP_IMPORT_COLUMNS.map((c) => [c.key, c.header]));

/** A failed row's cells as the file had them: "header: value" for each filled column. */
function rowCells(data: string): string {
  try {
    const row = JSON.parse(data) as Record<string, unknown>;
    return Object.entries(row)
      .filter(([, v]) => v !== null && v !== undefined && v !== '')
      .map(([k, v]) => `${(HEADERS.get(k) ?? k).replace(/（.*）$/, '')}：${String(v)}`)
      .join('；');
  } catch {
    return data;
  }
}

/**
 * /operateClient/demand/makeup/importRecord: Back-fill import records. Each back-fill import: file, rows, succeeded,
 * failed, who and when, and the reason for every failed row.
 */
export default function OperateMakeupImportRecordPage() {
  const { t } = useTranslation('demands');
  const navigate = useNavigate();
  const list = useListQuery(recordList);
  const [job, setJob] = useState<Job | null>(null);
  const records = useMakeupImportRecords(list.query);
  const failures = useMakeupImportFailures(job?.id ?? null);
  return (
    <RoutePage
      extra={
        <Button icon={<ArrowLeftOutlined />} onClick={() => void navigate('/operateClient/demand/makeup')}>
          {t('makeup.back')}
        </Button>
      }
    >
      <ListTable<Job>
        list={list}
        data={records.data}
        loading={records.isFetching}
        rowKey="id"
        emptyText={t('empty.importRecords')}
        showSizeChanger={false}
        columns={[
          { title: t('makeup.fileName'), dataIndex: 'fileName', ellipsis: true },
          { title: t('makeup.totalRows'), dataIndex: 'total', width: 100, align: 'right' },
          { title: t('makeup.succeeded'), dataIndex: 'succeeded', width: 100, align: 'right' },
          {
            title: t('makeup.failed'),
            dataIndex: 'failed',
            width: 100,
            align: 'right',
            render: (n: number) => (n ? <span className="phjr-demand-failed-count">{n}</span> : 0),
          },
          { title: t('makeup.operator'), dataIndex: 'userName', width: 140, render: (n: string | null) => n ?? '-' },
          {
            title: t('makeup.importedAt'),
            dataIndex: 'createdAt',
            width: 170,
            render: (at: string) => formatDateTime(at),
          },
          {
            title: t('actions.title'),
            key: 'a',
            width: 130,
            render: (_: unknown, j: Job) =>
              j.failed ? (
                <Button type="link" size="small" onClick={() => setJob(j)}>
                  {t('makeup.viewFailures')}
                </Button>
              ) : (
                <span className="phjr-demand-muted">{t('makeup.noFailures')}</span>
              ),
          },
        ]}
      />
      <Drawer
        open={job !== null}
        onClose={() => setJob(null)}
        title={job ? t('makeup.failuresOf', { name: job.fileName }) : ''}
        size="min(860px, 100vw)"
      >
        <ImportFailuresTable failures={failures.data ?? []} loading={failures.isLoading} cells={rowCells} />
      </Drawer>
    </RoutePage>
  );
}
