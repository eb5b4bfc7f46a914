import { useState } from 'react';
import { Alert, App, Drawer, Steps } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MAKEUP_IMPORT_COLUMNS } from '@phjr/contract/demands/calls';
import type { ImportResult } from '@phjr/contract/orgs/user-import';
import { downloadMakeupTemplate, useUploadMakeup } from '../api/makeup.ts';
import { ImportFileActions } from '../../../components/ImportFileActions.tsx';
import { ImportFailuresTable } from '../../../components/ImportFailuresTable.tsx';

export const IMPORT_RECORD_PATH = '/operateClient/demand/makeup/importRecord';

/**
 * The makeup import: download the template, choose a file, check it with a dry run (nothing is written; every
 * refused row with its reason), then import it: good rows, the record and its failed rows in one transaction.
 */
export function MakeupImportDrawer({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation('demands');
  const { message } = App.useApp();
  const [file, setFile] = useState<File | null>(null);
  const [checked, setChecked] = useState<ImportResult | null>(null);
  const [imported, setImported] = useState<ImportResult | null>(null);
  const uploadMakeup = useUploadMakeup();

  function reset() {
    setFile(null);
    setChecked(null);
    setImported(null);
  }

  async function run(dryRun: boolean) {
    if (!file) return;
    try {
      const r = await uploadMakeup.mutateAsync({ file, dryRun });
      if (dryRun) setChecked(r);
      else {
        setImported(r);
        void message.success(t('makeup.importDone', r));
      }
    } catch {
      // Shown by the request layer (a file that is not the template, too large...).
    }
  }

  const step = imported ? 3 : checked ? 2 : file ? 1 : 0;
  const shown = imported ?? checked;

  return (
    <Drawer
      open={open}
      onClose={() => {
        reset();
        onClose();
      }}
      title={t('makeup.importTitle')}
      size="min(820px, 100vw)"
      destroyOnHidden
    >
      <Steps
        size="small"
        current={step}
        style={{ marginBottom: 20 }}
        items={[
          { title: t('makeup.stepTemplate') },
          { title: t('makeup.stepFile') },
          { title: t('makeup.stepCheck') },
          { title: t('makeup.stepImport') },
        ]}
      />
      <Alert
        type="info"
        showIcon
        title={t('makeup.importHint')}
        description={t('makeup.columns', { columns: MAKEUP_IMPORT_COLUMNS.map((c) => c.header).join('、') })}
        style={{ marginBottom: 16 }}
      />
      <ImportFileActions
        labels={{
          downloadTemplate: t('makeup.downloadTemplate'),
          chooseFile: t('makeup.chooseFile'),
          chooseOther: t('makeup.chooseOther'),
          check: t('makeup.check'),
          import: t('makeup.import'),
          fileSize: t('rules.fileSize'),
        }}
        file={file}
        onFile={(f) => {
          reset();
          setFile(f);
        }}
        onTemplate={() => downloadMakeupTemplate(t('makeup.templateName'))}
        canCheck={!!file && !imported}
        canImport={!!checked && checked.succeeded > 0 && !imported}
        pending={uploadMakeup.isPending}
        checked={!!checked}
        onRun={(dryRun) => void run(dryRun)}
        footer={<Link to={IMPORT_RECORD_PATH}>{t('makeup.records')}</Link>}
      />
      {shown ? (
        <section aria-label={t('makeup.report')}>
          <Alert
            type={shown.failed ? 'warning' : 'success'}
            showIcon
            title={shown.dryRun ? t('makeup.checkDone', shown) : t('makeup.importDone', shown)}
            description={shown.dryRun && shown.failed ? t('makeup.checkFailedHint') : undefined}
            style={{ marginBottom: 12 }}
          />
          {shown.failures.length ? <ImportFailuresTable failures={shown.failures} /> : null}
        </section>
      ) : null}
    </Drawer>
  );
}
