import { useEffect } from 'react';
import { Button, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';

/** What the server's sanitizer keeps in an href: http(s), mailto, or a path of this site. */
export const LINK_RE = /^(https?:\/\/\S+|mailto:\S+|\/(?!\/)\S*)$/i;

interface LinkDialogProps {
  open: boolean;
  /** The link under the cursor, or ''. */
  href: string;
  onClose(): void;
  /** '' removes the link. */
  onApply(href: string): void;
}

/** Sets, changes or removes the link of the selected text. */
export function LinkDialog({ open, href, onClose, onApply }: LinkDialogProps) {
  const { t } = useTranslation('content');
  const [form] = Form.useForm<{ href: string }>();
  useEffect(() => {
    if (open) form.setFieldsValue({ href });
  }, [open, href, form]);

  return (
    <Modal
      open={open}
      title={t('editor.linkTitle')}
      onCancel={onClose}
      forceRender
      footer={[
        href ? (
          <Button key="remove" danger onClick={() => onApply('')}>
            {t('editor.unlink')}
          </Button>
        ) : null,
        <Button key="cancel" onClick={onClose}>
          {t('actions.cancel')}
        </Button>,
        <Button key="ok" type="primary" onClick={() => form.submit()}>
          {t('actions.ok')}
        </Button>,
      ]}
    >
      <Form form={form} name="editor-link" layout="vertical" onFinish={(v) => onApply(v.href.trim())}>
        <Form.Item
          name="href"
          label={t('editor.linkHref')}
          extra={t('editor.linkHint')}
          rules={[
            { required: true, whitespace: true, message: t('editor.linkRequired') },
            { pattern: LINK_RE, message: t('editor.linkInvalid') },
          ]}
        >
          <Input placeholder="https://" maxLength={500} autoComplete="off" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
