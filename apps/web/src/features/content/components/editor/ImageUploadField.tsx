import { useState } from 'react';
import { App, Button, Space, Typography, Upload } from 'antd';
import { DeleteOutlined, PictureOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { MAX_UPLOAD_BYTES } from '@phjr/contract/files/upload';
import { IMAGE_ACCEPT, imageProblem, uploadPublicImage } from '../../api/files-upload.ts';
import './door-admin.css';

export interface ImageUploadFieldProps {
  /** The image's view link (`fileViewUrl`), or null. */
  value?: string | null;
  onChange?(url: string | null): void;
  /** Set by antd's Form.Item: the upload button carries it, so the field's label names the button. */
  id?: string;
  /** The field's name: the picture's alt text and part of the button's name. */
  alt: string;
  /** Preview box size in px; banners are wide, covers less so. */
  width?: number;
  height?: number;
}

/** One image of a form (cover, banner, logo): uploaded as PUBLIC at once, previewed, replaceable, removable. */
export function ImageUploadField({ value, onChange, id, alt, width = 200, height = 112 }: ImageUploadFieldProps) {
  const { t } = useTranslation('content');
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const action = value ? t('upload.replace') : t('upload.choose');

  async function send(file: File) {
    const problem = imageProblem(file);
    if (problem) {
      void message.error(t(`upload.${problem}`));
      return;
    }
    setBusy(true);
    try {
      onChange?.((await uploadPublicImage(file)).url);
    } catch {
      // The request layer has shown the reason.
    } finally {
      setBusy(false);
    }
  }

  return (
    <Space align="start" size={16}>
      <div className="phjr-image-field-box" style={{ width, height }}>
        {value ? (
          <img src={value} alt={alt} />
        ) : (
          <PictureOutlined aria-hidden style={{ fontSize: 28, color: 'rgba(0,0,0,0.25)' }} />
        )}
      </div>
      <Space orientation="vertical" size={6}>
        <Upload accept={IMAGE_ACCEPT} showUploadList={false} customRequest={({ file }) => void send(file as File)}>
          {/* Named with the field and the action: the field's <label for> would otherwise hide the visible text. */}
          <Button
            id={id}
            icon={<UploadOutlined />}
            loading={busy}
            aria-label={t('upload.buttonOf', { name: alt, action })}
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
            {t('upload.remove')}
          </Button>
        ) : null}
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('upload.hint', { mb: MAX_UPLOAD_BYTES / 1024 / 1024 })}
        </Typography.Text>
      </Space>
    </Space>
  );
}
