import { useState, type ReactNode } from 'react';
import { Drawer, Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { PickerEmpty } from '../../../components/PickerEmpty.tsx';
import {
  CHAIN_ENTERPRISE_IMPORT_COLUMNS,
  type ChainImportResult,
  type ChainSummary,
} from '@phjr/contract/chains/chain';
import { ImportFileActions, importFileLabels } from '../../../components/ImportFileActions.tsx';
import {
  ImportIntro,
  ImportRefused,
  ImportReport as ImportReportView,
} from '../../../components/import/ImportReport.tsx';
import { useImportRun } from '../../../components/import/use-import-run.ts';
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

function ImportBody({
  chainId,
  onImported,
  footer,
  allowed,
}: {
  chainId: number | null;
  onImported?(result: ChainImportResult): void;
  footer?: ReactNode;
  allowed?: readonly ChainSummary[];
}) {
  const { t } = useTranslation('chains');
  const [chosenChain, setChosenChain] = useState<number | null>(chainId);
  const chains = useCurrentUserChains({ enabled: chainId === null && !allowed });
  const upload = useImportChainEnterprises();
  const im = useImportRun({
    // The button is off until a chain is chosen (canCheck below).
    call: (file, dryRun) => upload.mutateAsync({ industrialChainId: chosenChain!, file, dryRun }),
    doneText: (r) => t('import.importDone', r),
    onImported,
  });

  return (
    <>
      <ImportIntro
        steps={[t('import.stepTemplate'), t('import.stepFile'), t('import.stepCheck'), t('import.stepImport')]}
        current={im.step}
        hint={t('import.hint')}
        description={t('import.columns', {
          columns: CHAIN_ENTERPRISE_IMPORT_COLUMNS.map((c) => (c.required ? `${c.header}*` : c.header)).join('、'),
        })}
      />
      {chainId === null ? (
        <Form layout="vertical">
          <Form.Item label={t('import.chain')} required>
            <Select
              aria-label={t('import.chain')}
              style={{ maxWidth: 360 }}
              showSearch={{ optionFilterProp: 'label' }}
              loading={chains.isFetching}
              notFoundContent={chains.isFetching ? null : <PickerEmpty text={t('pickers.noChain')} />}
              value={chosenChain ?? undefined}
              placeholder={t('placeholders.select')}
              onChange={(v: number) => {
                setChosenChain(v);
                im.reset();
              }}
              options={
                allowed
                  ? chainChoices(allowed, 'import')
                  : (chains.data ?? [])
                      .filter((c) => c.status === 'ACTIVE')
                      .map((c) => ({ value: c.id, label: c.name }))
              }
            />
          </Form.Item>
        </Form>
      ) : null}
      <ImportFileActions
        labels={importFileLabels(t)}
        {...im.fileProps}
        onTemplate={() => downloadImportTemplate(t('import.templateName'))}
        canCheck={!!im.file && chosenChain !== null && !im.imported}
        pending={upload.isPending}
        footer={footer}
      />
      {im.refusal ? (
        <ImportRefused
          title={t('import.refusedTitle', { name: im.refusal.fileName })}
          reason={t('import.refusedReason', { reason: im.refusal.reason.replace(/[。.]\s*$/, '') })}
        />
      ) : null}
      {im.shown ? <ImportReport result={im.shown} /> : null}
    </>
  );
}

/** The counts and every error of a dry run or an import, row by row in the template's column order. */
export function ImportReport({ result }: { result: ChainImportResult }) {
  const { t } = useTranslation('chains');
  const columnLabel = useColumnLabel();
  return (
    <ImportReportView
      sectionLabel={t('import.stepCheck')}
      failed={result.invalid > 0}
      title={result.dryRun ? t('import.checkDone', result) : t('import.importDone', result)}
      description={result.dryRun && result.invalid ? t('import.checkFailedHint') : undefined}
      counts={[
        { key: 'total', text: t('import.total', { n: result.total }) },
        { key: 'valid', text: t('import.valid', { n: result.valid }), color: 'green' },
        { key: 'invalid', text: t('import.invalid', { n: result.invalid }), color: result.invalid ? 'red' : undefined },
        {
          key: 'duplicates',
          text: t('import.duplicates', { n: result.duplicates }),
          color: result.duplicates ? 'orange' : undefined,
        },
      ]}
      rows={importErrorsByRow(result)}
      columnText={(e) => (e.columnKey ? columnLabel(e.columnKey) : e.column) ?? t('import.wholeRow')}
      labels={{ rowNo: t('import.rowNo'), column: t('import.column'), reason: t('import.reason') }}
      columnWidth={220}
    />
  );
}
