import { useState } from 'react';
import { App, Button, Drawer, Form, Select, Space, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { chainOps } from '@phjr/contract/chains/chain-ops';
import type { ChainFailRecord } from '@phjr/contract/chains/chain';
import { ListFilter, ListTable, defineList, field, useListQuery } from '../../../components/list-page/ListPage.tsx';
import {
  FailStatusTag,
  FailedRowErrors,
  FixHint,
  RowCells as SharedRowCells,
  useImportErrorsOnFields,
} from '../../../components/import/FailedRowParts.tsx';
import { DrawerActions } from '../../../components/DrawerActions.tsx';
import { useFormRules } from '../../../lib/form-rules.ts';
import { formatDateTime } from '../../../lib/format.ts';
import {
  chainListExports,
  downloadFailRecords,
  useChainFailRecords,
  useChainImportRecords,
  useCurrentUserChains,
  useRegisterAgain,
} from '../api/chains.ts';
import { columnKey, failRecordToFields } from './chain-model.ts';
import { useColumnLabel } from './member-columns.tsx';
import { MemberFields, memberRequestFields, type MemberValues } from './MemberFormDrawer.tsx';
import './chains.css';
import { pickerEmpty } from '../../../components/PickerEmpty.tsx';

/**
 * The failed rows of member imports, by chain or by import (`?industrialChainId=`, `?importRecordId=`, `?status=`),
 * with each row as read and its errors by column; a row still FAILED can be fixed in the member form (prefilled
 * with its cells) and registered again; an import's failed rows download as xlsx.
 *
 *   <RoutePage><FailedRowsScreen canFix /></RoutePage>        // operator, lead bank
 *   <RoutePage><FailedRowsScreen canFix={false} /></RoutePage> // government (reads only)
 *
 * Link to it with `?importRecordId=<id>` from an import record.
 */

const STATUSES = ['FAILED', 'REGISTERED'] as const;
export const failList = defineList({
  pageSize: 10,
  filters: { industrialChainId: field.number(), importRecordId: field.number(), status: field.oneOf(STATUSES) },
});

export function FailedRowsScreen({ canFix }: { canFix: boolean }) {
  const { t } = useTranslation('chains');
  const { message } = App.useApp();
  const list = useListQuery(failList);
  const page = useChainFailRecords(list.query);
  const chains = useCurrentUserChains();
  const chainId = list.query.industrialChainId ?? null;
  const records = useChainImportRecords({
    current: 1,
    pageSize: 100,
    ...(chainId ? { industrialChainId: chainId } : {}),
  });
  const [fixing, setFixing] = useState<ChainFailRecord | null>(null);
  const [downloading, setDownloading] = useState(false);
  const importId = list.query.importRecordId ?? null;
  const columnLabel = useColumnLabel();

  async function download() {
    if (importId === null) return;
    setDownloading(true);
    try {
      const name = await downloadFailRecords(importId, t('fail.downloadName'));
      void message.success(name);
    } catch {
      // Shown by the request layer.
    } finally {
      setDownloading(false);
    }
  }

  return (
    <>
      <ListFilter list={list} defaultExpanded>
        <Form.Item name="industrialChainId" label={t('fields.chain')}>
          <Select
            notFoundContent={pickerEmpty(t('common:pickers.noChain'))}
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            style={{ minWidth: 200 }}
            placeholder={t('placeholders.chain')}
            options={(chains.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
          />
        </Form.Item>
        <Form.Item name="importRecordId" label={t('fail.importRecord')}>
          <Select
            notFoundContent={pickerEmpty(t('common:pickers.noImportRecord'))}
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            style={{ minWidth: 260 }}
            placeholder={t('placeholders.any')}
            options={(records.data?.list ?? []).map((r) => ({
              value: r.id,
              label: `#${r.id} ${r.fileName}（${formatDateTime(r.createdAt)}）`,
            }))}
          />
        </Form.Item>
        <Form.Item name="status" label={t('fail.status')}>
          <Select
            allowClear
            style={{ minWidth: 140 }}
            placeholder={t('placeholders.any')}
            options={STATUSES.map((s) => ({ value: s, label: t(`fail.statuses.${s}`) }))}
          />
        </Form.Item>
      </ListFilter>
      <ListTable<ChainFailRecord>
        list={list}
        data={page.data}
        loading={page.isFetching}
        rowKey="id"
        emptyText={t('fail.empty')}
        scroll={{ x: 1300 }}
        exportTo={{ operation: chainListExports.failRecords, fileName: t('fail.exportName') }}
        toolbar={
          <Space>
            <Button
              icon={<DownloadOutlined />}
              disabled={importId === null}
              loading={downloading}
              onClick={() => void download()}
            >
              {t('actions.download')}
            </Button>
            {importId === null ? (
              <Typography.Text type="secondary">{t('fail.downloadNeedsImport')}</Typography.Text>
            ) : null}
          </Space>
        }
        columns={[
          { title: t('import.rowNo'), dataIndex: 'rowNo', width: 70 },
          {
            title: t('fields.chain'),
            key: 'chain',
            width: 170,
            render: (_: unknown, r) => (
              <div>
                <div>{r.chainName}</div>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {t('fail.byImport', { id: r.importRecordId })}
                </Typography.Text>
              </div>
            ),
          },
          // The state next to the row it names, always in view (issue 30: at 1440 px it sat under the fixed action column).
          {
            title: t('fail.status'),
            dataIndex: 'status',
            width: 120,
            render: (s: ChainFailRecord['status']) => <FailStatusTag status={s} label={t(`fail.statuses.${s}`)} />,
          },
          {
            title: t('fail.values'),
            key: 'values',
            width: 340,
            render: (_: unknown, r) => <RowCells values={r.values} />,
          },
          {
            title: t('fail.errors'),
            key: 'errors',
            width: 300,
            render: (_: unknown, r) => <FailedRowErrors errors={r.errors} columnLabel={columnLabel} />,
          },
          {
            title: t('import.importedAt'),
            dataIndex: 'createdAt',
            width: 150,
            render: (v: string) => formatDateTime(v),
          },
          ...(canFix
            ? [
                {
                  title: t('actions.column'),
                  key: 'actions',
                  width: 190,
                  fixed: 'right' as const,
                  render: (_: unknown, r: ChainFailRecord) =>
                    r.status === 'FAILED' ? (
                      <Button type="link" size="small" onClick={() => setFixing(r)}>
                        {t('actions.registerAgain')}
                      </Button>
                    ) : null,
                },
              ]
            : []),
        ]}
      />
      {canFix ? <RegisterAgainDrawer record={fixing} onClose={() => setFixing(null)} /> : null}
    </>
  );
}

/** A failed row's cells as read, each labelled with its field's name in the active language. */
export function RowCells({ values }: { values: Record<string, string> }) {
  const columnLabel = useColumnLabel();
  return <SharedRowCells values={values} label={columnLabel} className="phjr-chain-cells" />;
}

/** The fix-and-register-again form: the member form prefilled with the row's cells, its errors on their fields. */
export function RegisterAgainDrawer({ record, onClose }: { record: ChainFailRecord | null; onClose(): void }) {
  const { t } = useTranslation('chains');
  return (
    <Drawer
      open={record !== null}
      onClose={onClose}
      title={t('fail.fixTitle')}
      size="min(760px, 100vw)"
      destroyOnHidden
    >
      {record ? <RegisterAgainForm record={record} onClose={onClose} /> : null}
    </Drawer>
  );
}

function RegisterAgainForm({ record, onClose }: { record: ChainFailRecord; onClose(): void }) {
  const { t } = useTranslation('chains');
  const { message } = App.useApp();
  const [form] = Form.useForm<MemberValues>();
  const rules = useFormRules(chainOps.registerAgain.body);
  const save = useRegisterAgain();
  useImportErrorsOnFields(form, record.errors, columnKey);

  async function submit() {
    const v = await form.validateFields();
    await save.mutateAsync({ ...memberRequestFields(v), failRecordId: record.id });
    void message.success(t('done.registered', { name: v.name.trim() }));
    onClose();
  }

  return (
    <Form<MemberValues>
      form={form}
      name="chain-register-again"
      layout="vertical"
      requiredMark
      initialValues={{ tags: [], ...failRecordToFields(record) }}
    >
      <FixHint title={t('fail.fixHint')} errors={record.errors} columnKey={columnKey} />
      <Typography.Paragraph type="secondary">
        {record.chainName} · {t('fail.byImport', { id: record.importRecordId })} · {t('import.rowNo')} {record.rowNo}
      </Typography.Paragraph>
      <MemberFields form={form} rules={rules} />
      <DrawerActions>
        <Button onClick={onClose}>{t('actions.cancel')}</Button>
        <Button type="primary" loading={save.isPending} onClick={() => void submit().catch(() => undefined)}>
          {t('actions.registerAgain')}
        </Button>
      </DrawerActions>
    </Form>
  );
}
