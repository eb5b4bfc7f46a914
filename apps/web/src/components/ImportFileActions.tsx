import type { ReactNode } from 'react';
import { App, Button, Space, Typography, Upload } from 'antd';
import { DownloadOutlined, FileExcelOutlined, UploadOutlined } from '@ant-design/icons';
import { MAX_UPLOAD_BYTES } from '@phjr/contract/files/upload';

/** The caller's own wording (each import keeps its feature's texts). */
export interface ImportFileLabels {
  downloadTemplate: string;
  chooseFile: string;
  chooseOther: string;
  check: string;
  import: string;
  fileSize: string;
}

/** The labels of an import whose feature names them `<prefix>.downloadTemplate`, `<prefix>.chooseFile`… in its own texts. */
export function importFileLabels(t: (key: string) => string, prefix = 'import'): ImportFileLabels {
  const keys = ['downloadTemplate', 'chooseFile', 'chooseOther', 'check', 'import', 'fileSize'] as const;
  return Object.fromEntries(keys.map((k) => [k, t(`${prefix}.${k}`)])) as unknown as ImportFileLabels;
}

/**
 * The file part of an Excel import drawer: download the template, choose one .xlsx (refused above the upload limit
 * before it is sent), then check it (dry run) and import it. The caller keeps the state and runs the upload.
 */
export function ImportFileActions({
  labels,
  file,
  onFile,
  onTemplate,
  canCheck,
  canImport,
  pending,
  checked,
  onRun,
  footer,
}: {
  labels: ImportFileLabels;
  file: File | null;
  /** A new file was chosen: the caller clears the previous check and import. */
  onFile(file: File): void;
  onTemplate(): Promise<unknown>;
  canCheck: boolean;
  canImport: boolean;
  pending: boolean;
  /** Whether a dry run has come back: the spinner then belongs to the import button. */
  checked: boolean;
  onRun(dryRun: boolean): void;
  footer?: ReactNode;
}) {
  const { message } = App.useApp();
  return (
    <>
      <Space wrap style={{ marginBottom: 16 }}>
        <Button icon={<DownloadOutlined />} onClick={() => void onTemplate().catch(() => undefined)}>
          {labels.downloadTemplate}
        </Button>
        <Upload
          accept=".xlsx"
          maxCount={1}
          showUploadList={false}
          beforeUpload={(f) => {
            if (f.size > MAX_UPLOAD_BYTES) {
              void message.error(labels.fileSize);
              return Upload.LIST_IGNORE;
            }
            onFile(f);
            return false;
          }}
        >
          <Button icon={<UploadOutlined />}>{file ? labels.chooseOther : labels.chooseFile}</Button>
        </Upload>
        {file ? (
          <Typography.Text>
            <FileExcelOutlined aria-hidden /> {file.name}
          </Typography.Text>
        ) : null}
      </Space>
      <Space wrap style={{ display: 'flex', marginBottom: 16 }}>
        <Button type="primary" ghost disabled={!canCheck} loading={pending && !checked} onClick={() => onRun(true)}>
          {labels.check}
        </Button>
        <Button type="primary" disabled={!canImport} loading={pending && checked} onClick={() => onRun(false)}>
          {labels.import}
        </Button>
        {footer}
      </Space>
    </>
  );
}
