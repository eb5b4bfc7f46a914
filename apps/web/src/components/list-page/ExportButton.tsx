import { useEffect, useRef, useState } from 'react';
import { App, Button, Modal, Progress } from 'antd';
import { ExportOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ExportProgress } from '../../lib/request.ts';
import './export-button.css';

/**
 * The one export button of the product (issue 30: "progress shown for anything that takes more than a second"): it
 * runs an export (a streaming download, lib/request.ts exportExcel) and, when the file has not arrived after
 * SHOW_AFTER_MS, opens a dialog with the bytes received so far and a cancel button. A quick export shows only the
 * button's spinner; the saved file's name is said in a message either way.
 */

/** After this long without the whole file, the progress dialog opens. */
export const SHOW_AFTER_MS = 1_000;

/** Bytes as a reader reads them: 812 B, 35.2 KB, 4.1 MB. */
export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}

export interface ExportButtonProps {
  /** Runs the export with the dialog's signal and progress callback; resolves to the saved file's name. */
  run: (progress: ExportProgress) => Promise<string>;
  disabled?: boolean;
  /** The button's text (default: 导出 / Export). */
  label?: string;
}

export function ExportButton({ run, disabled, label }: ExportButtonProps) {
  const { t } = useTranslation('common');
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const [open, setOpen] = useState(false);
  const [bytes, setBytes] = useState(0);
  const abort = useRef<AbortController | null>(null);
  // Leaving the page cancels a running export.
  useEffect(() => () => abort.current?.abort(), []);

  async function start() {
    const ctl = new AbortController();
    abort.current = ctl;
    setBusy(true);
    setBytes(0);
    const timer = setTimeout(() => setOpen(true), SHOW_AFTER_MS);
    try {
      const name = await run({ signal: ctl.signal, onProgress: setBytes });
      void message.success(t('list.exported', { name }));
    } catch {
      // A failure is shown by the request layer; a cancel needs no word.
      if (ctl.signal.aborted) void message.info(t('list.exportCancelled'));
    } finally {
      clearTimeout(timer);
      abort.current = null;
      setBusy(false);
      setOpen(false);
    }
  }

  return (
    <>
      <Button icon={<ExportOutlined />} onClick={() => void start()} loading={busy} disabled={disabled}>
        {label ?? t('list.export')}
      </Button>
      <Modal
        open={open}
        title={t('list.exportingTitle')}
        closable={false}
        maskClosable={false}
        keyboard={false}
        footer={
          <Button data-testid="export-cancel" onClick={() => abort.current?.abort()}>
            {t('actions.cancel')}
          </Button>
        }
      >
        <div className="phjr-export-progress" role="status" aria-live="polite" data-testid="export-progress">
          <Progress percent={100} status="active" showInfo={false} aria-hidden />
          <p>{t('list.exportingBytes', { size: formatBytes(bytes) })}</p>
        </div>
      </Modal>
    </>
  );
}
