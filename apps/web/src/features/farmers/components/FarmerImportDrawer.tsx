import type { ReactNode } from 'react';
import { Drawer } from 'antd';
import { useTranslation } from 'react-i18next';
import { FARMER_IMPORT_COLUMNS, type FarmerImportResult } from '@phjr/contract/farmers/farmer';
import { ImportFileActions, importFileLabels } from '../../../components/ImportFileActions.tsx';
import {
  ImportIntro,
  ImportRefused,
  ImportReport as ImportReportView,
} from '../../../components/import/ImportReport.tsx';
import { useImportRun } from '../../../components/import/use-import-run.ts';
import { downloadFarmerTemplate, useImportFarmers } from '../api/farmers.ts';
import { importErrorsByRow } from './farmer-model.ts';
import { useColumnLabel } from './FailedRowCells.tsx';
import './farmers.css';

/**
 * The farmer import (docs/farmers.md "Import"), as the chain member import looks: download the template, choose a
 * file, check it with a dry run (accepted / updating / refused rows and every error by sheet row and column; nothing
 * written), then import the accepted rows all at once. Refused rows are kept as failed rows to fix and register again
 * (`footer` links to them). A file whose header names a column the platform must not hold (health, political status,
 * religion, ethnicity) is refused whole by the server, which says which column.
 *
 *   <FarmerImportDrawer open={open} onClose={close} onImported={(r) => showFailed(r.importRecordId)} />
 */
export function FarmerImportDrawer({
  open,
  onClose,
  onImported,
  footer,
}: {
  open: boolean;
  onClose(): void;
  onImported?(r: FarmerImportResult): void;
  footer?: ReactNode;
}) {
  const { t } = useTranslation('farmers');
  return (
    <Drawer open={open} onClose={onClose} title={t('import.title')} size="min(860px, 100vw)" destroyOnHidden>
      {open ? <ImportBody onImported={onImported} footer={footer} /> : null}
    </Drawer>
  );
}

function ImportBody({ onImported, footer }: { onImported?(r: FarmerImportResult): void; footer?: ReactNode }) {
  const { t } = useTranslation('farmers');
  const upload = useImportFarmers();
  const im = useImportRun({
    call: (file, dryRun) => upload.mutateAsync({ file, dryRun }),
    doneText: (r) => t('import.importDone', r),
    onImported,
  });
  return (
    <>
      <ImportIntro
        steps={[t('import.stepTemplate'), t('import.stepFile'), t('import.stepCheck'), t('import.stepImport')]}
        current={im.step}
        hint={t('import.hint')}
        description={
          <>
            <div>
              {t('import.columns', {
                columns: FARMER_IMPORT_COLUMNS.map((c) => (c.required ? `${c.header}*` : c.header)).join('、'),
              })}
            </div>
            <div style={{ marginTop: 6 }}>{t('import.forbidden')}</div>
          </>
        }
      />
      <ImportFileActions
        labels={importFileLabels(t)}
        {...im.fileProps}
        onTemplate={() => downloadFarmerTemplate(t('import.templateName'))}
        canCheck={!!im.file && !im.imported}
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
export function ImportReport({ result }: { result: FarmerImportResult }) {
  const { t } = useTranslation('farmers');
  const columnLabel = useColumnLabel();
  return (
    <ImportReportView
      sectionLabel={t('import.stepCheck')}
      failed={result.invalid > 0}
      title={result.dryRun ? t('import.checkDone', result) : t('import.importDone', result)}
      description={
        result.dryRun && result.invalid
          ? t('import.checkFailedHint')
          : !result.dryRun && result.invalid
            ? t('import.failedKept')
            : undefined
      }
      counts={[
        { key: 'total', text: t('import.total', { n: result.total }) },
        { key: 'valid', text: t('import.valid', { n: result.valid }), color: 'green' },
        {
          key: 'updated',
          text: t('import.updated', { n: result.updated }),
          color: result.updated ? 'blue' : undefined,
        },
        { key: 'invalid', text: t('import.invalid', { n: result.invalid }), color: result.invalid ? 'red' : undefined },
        {
          key: 'duplicates',
          text: t('import.duplicates', { n: result.duplicates }),
          color: result.duplicates ? 'orange' : undefined,
        },
      ]}
      rows={importErrorsByRow(result)}
      columnText={(e) => columnLabel(e.column) ?? t('import.wholeRow')}
      labels={{ rowNo: t('import.rowNo'), column: t('import.column'), reason: t('import.reason') }}
      columnWidth={200}
    />
  );
}
