import { useState, type ReactNode } from 'react';
import { Alert, App, Drawer, Form, Select, Steps, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { CHAIN_ENTERPRISE_IMPORT_COLUMNS, type ChainImportResult, type ChainSummary } from '@phjr/contract/chains/chain';
import { ImportFileActions } from '../../../components/ImportFileActions.tsx';
import { downloadImportTemplate, useCurrentUserChains, useImportChainEnterprises } from '../api/chains.ts';
import { chainChoices, importErrorsByRow } from './chain-model.ts';
import { useColumnLabel } from './member-columns.tsx';
import './chains.css';

/**
 * The member import (docs/chains.md "The member import"): download the template, choose a file, check it with a dry
 * run (valid / invalid / duplicate counts and every error by sheet row and column; nothing written), then import.
 *
 *   <ImportDrawer open={open} onClose={close} chainId={chainId} />            // into a known chain
 *   <ImportDrawer open={open} onClose={close} />                              // the chain is chosen in the drawer
 *   <ImportDrawer open={open} onClose={close} chains={scoped} />              // …among those whose actions allow `import`
 *   <ImportDrawer … footer={<Link to="…/importFail">{t('chains:import.viewFailed')}</Link>} />
 *
 * `onImported(result)` runs after the real import (its importRecordId leads to the failed rows).
 */
export function ImportDrawer({
  open,
  onClose,
  chainId,
  onImported,
  footer,
  chains,
}: {
  open: boolean;
  onClose(): void;
  chainId?: number | null;
  onImported?(result: ChainImportResult): void;
  footer?: ReactNode;
  /** The caller's chains with their `actions`: only those allowing `import` are offered (default: every active chain). */
  chains?: readonly ChainSummary[];
}) {
  const { t } = useTranslation('chains');
  return (
    <Drawer open={open} onClose={onClose} title={t('import.title')} size="min(860px, 100vw)" destroyOnHidden>
      {open ? <ImportBody chainId={chainId ?? null} onImported={onImported} footer={footer} allowed={chains} /> : null}
    </Drawer>
  );
}

function ImportBody({ chainId, onImported, footer, allowed }: { chainId: number | null; onImported?(result: ChainImportResult): void; footer?: ReactNode; allowed?: readonly ChainSummary[] }) {
  const { t } = useTranslation('chains');
  const { message } = App.useApp();
  const [chosenChain, setChosenChain] = useState<number | null>(chainId);
  const [file, setFile] = useState<File | null>(null);
  const [checked, setChecked] = useState<ChainImportResult | null>(null);
  const [imported, setImported] = useState<ChainImportResult | null>(null);
  const chains = useCurrentUserChains({ enabled: chainId === null && !allowed });
  const upload = useImportChainEnterprises();

  function reset() {
    setChecked(null);
    setImported(null);
  }

  async function run(dryRun: boolean) {
    if (!file || chosenChain === null) return;
    try {
      const r = await upload.mutateAsync({ industrialChainId: chosenChain, file, dryRun });
      if (dryRun) setChecked(r);
      else {
        setImported(r);
        void message.success(t('import.importDone', r));
        onImported?.(r);
      }
    } catch {
      // Shown by the request layer (not the template, too large, an archived chain...).
    }
  }

  const step = imported ? 3 : checked ? 2 : file ? 1 : 0;
  const shown = imported ?? checked;

  return (
    <>
      <Steps
        size="small"
        current={step}
        style={{ marginBottom: 20 }}
        items={[{ title: t('import.stepTemplate') }, { title: t('import.stepFile') }, { title: t('import.stepCheck') }, { title: t('import.stepImport') }]}
      />
      <Alert
        type="info"
        showIcon
        title={t('import.hint')}
        description={t('import.columns', { columns: CHAIN_ENTERPRISE_IMPORT_COLUMNS.map((c) => (c.required ? `${c.header}*` : c.header)).join('、') })}
        style={{ marginBottom: 16 }}
      />
      {chainId === null ? (
        <Form layout="vertical">
          <Form.Item label={t('import.chain')} required>
            <Select
              style={{ maxWidth: 360 }}
              showSearch={{ optionFilterProp: 'label' }}
              loading={chains.isFetching}
              value={chosenChain ?? undefined}
              placeholder={t('placeholders.select')}
              onChange={(v: number) => {
                setChosenChain(v);
                reset();
              }}
              options={allowed ? chainChoices(allowed, 'import') : (chains.data ?? []).filter((c) => c.status === 'ACTIVE').map((c) => ({ value: c.id, label: c.name }))}
            />
          </Form.Item>
        </Form>
      ) : null}
      <ImportFileActions
        labels={{
          downloadTemplate: t('import.downloadTemplate'),
          chooseFile: t('import.chooseFile'),
          chooseOther: t('import.chooseOther'),
          check: t('import.check'),
          import: t('import.import'),
          fileSize: t('import.fileSize'),
        }}
        file={file}
        onFile={(f) => {
          reset();
          setFile(f);
        }}
        onTemplate={() => downloadImportTemplate(t('import.templateName'))}
        canCheck={!!file && chosenChain !== null && !imported}
        canImport={!!checked && checked.valid > 0 && !imported}
        pending={upload.isPending}
        checked={!!checked}
        onRun={(dryRun) => void run(dryRun)}
        footer={footer}
      />
      {shown ? <ImportReport result={shown} /> : null}
    </>
  );
}

/** The counts and every error of a dry run or an import, row by row in the template's column order. */
export function ImportReport({ result }: { result: ChainImportResult }) {
  const { t } = useTranslation('chains');
  const rows = importErrorsByRow(result);
  const columnLabel = useColumnLabel();
  return (
    <section aria-label={t('import.stepCheck')}>
      <Alert
        type={result.invalid ? 'warning' : 'success'}
        showIcon
        title={result.dryRun ? t('import.checkDone', result) : t('import.importDone', result)}
        description={result.dryRun && result.invalid ? t('import.checkFailedHint') : undefined}
        style={{ marginBottom: 12 }}
      />
      <div className="phjr-chain-import-counts">
        <Tag>{t('import.total', { n: result.total })}</Tag>
        <Tag color="green">{t('import.valid', { n: result.valid })}</Tag>
        <Tag color={result.invalid ? 'red' : undefined}>{t('import.invalid', { n: result.invalid })}</Tag>
        <Tag color={result.duplicates ? 'orange' : undefined}>{t('import.duplicates', { n: result.duplicates })}</Tag>
      </div>
      {rows.length ? (
        <Table
          size="small"
          rowKey="key"
          dataSource={rows}
          pagination={{ pageSize: 10, showSizeChanger: false, hideOnSinglePage: true }}
          columns={[
            { title: t('import.rowNo'), dataIndex: 'rowNo', width: 80 },
            { title: t('import.column'), dataIndex: 'column', width: 220, render: (c: string | null, e) => (e.columnKey ? columnLabel(e.columnKey) : c) ?? t('import.wholeRow') },
            { title: t('import.reason'), dataIndex: 'reason' },
          ]}
        />
      ) : null}
    </section>
  );
}
