import { useState } from 'react';
import { App, Button, Space, Typography, Upload } from 'antd';
import { DeleteOutlined, PictureOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { MAX_UPLOAD_BYTES, fileViewUrl } from '@phjr/contract/files/upload';
import { uploadProductLogo } from '../../api/product-chains.ts';
import { LOGO_ACCEPT, logoProblem } from '../product-chains.ts';

export interface ProductLogoInputProps {
  /** The logo's file id (a PUBLIC image), or null. */
  value?: string | null;
  onChange?(id: string | null): void;
  /** Set by antd's Form.Item: the button carries it, so the field's label names it. */
  id?: string;
  /** Told while an upload runs (the form waits for it before saving). */
  onBusy?(busy: boolean): void;
}

/** The product form's logo: uploaded as a PUBLIC image at once, previewed as the cards show it, replaceable, removable. */
export function ProductLogoInput({ value, onChange, id, onBusy }: ProductLogoInputProps) {
  const { t } = useTranslation('products');
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const mb = MAX_UPLOAD_BYTES / 1024 / 1024;
  const action = value ? t('form.logoReplace') : t('form.logoUpload');

  async function send(file: File) {
    const problem = logoProblem(file);
    if (problem) {
      void message.error(problem === 'type' ? t('form.logoType') : t('form.logoSize', { mb }));
      return;
    }
    setBusy(true);
    onBusy?.(true);
    try {
      onChange?.((await uploadProductLogo(file)).id);
    } catch {
      // The request layer has shown the reason.
    } finally {
      setBusy(false);
      onBusy?.(false);
    }
  }

  return (
    <Space align="start" size={16}>
      <div className="phjr-product-logo-box">
        {value ? <img src={fileViewUrl(value)} alt={t('form.labels.logoFileId')} /> : <PictureOutlined aria-hidden />}
      </div>
      <Space orientation="vertical" size={6}>
        <Upload accept={LOGO_ACCEPT} showUploadList={false} customRequest={({ file }) => void send(file as File)}>
          {/* Named by its action too: the field's <label for> alone would hide the visible text. */}
          <Button
            id={id}
            icon={<UploadOutlined />}
            loading={busy}
            aria-label={`${t('form.labels.logoFileId')} ${action}`}
          >
            {action}
          </Button>
        </Upload>
        {value ? (
          <Button
            type="link"
            danger
            size="small"
            icon={<DeleteOutlined />}
            onClick={() => onChange?.(null)}
            style={{ paddingInline: 0 }}
          >
            {t('form.logoRemove')}
          </Button>
        ) : null}
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('form.logoHint', { mb })}
        </Typography.Text>
      </Space>
    </Space>
  );
}
