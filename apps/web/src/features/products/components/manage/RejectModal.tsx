import { App, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { productOps } from '@phjr/contract/products/product-ops';
import { useRejectProduct } from '../../api/manage-products.ts';
import { useFormRules } from '../../../../lib/form-rules.ts';

export interface RejectTarget {
  id: number;
  name: string;
}

/** The operator rejects a product under review with a reason the provider will read (required, 2-300 characters). */
export function RejectModal({ target, onClose }: { target: RejectTarget | null; onClose(): void }) {
  const { t } = useTranslation('products');
  const { message } = App.useApp();
  const [form] = Form.useForm<{ reason: string }>();
  const reject = useRejectProduct();
  const rules = useFormRules(productOps.reject.body);
  async function submit() {
    if (!target) return;
    let reason: string;
    try {
      reason = (await form.validateFields()).reason.trim();
    } catch {
      return; // the form shows what is missing
    }
    try {
      await reject.mutateAsync({ id: target.id, reason });
    } catch {
      return; // the request layer has told the user why
    }
    void message.success(t('msg.reject'));
    onClose();
  }
  return (
    <Modal
      open={target !== null}
      title={t('reject.title', { name: target?.name ?? '' })}
      okText={t('actions.reject')}
      okButtonProps={{ danger: true }}
      confirmLoading={reject.isPending}
      onOk={submit}
      onCancel={onClose}
      destroyOnHidden
      forceRender
    >
      <Form form={form} name="reject" layout="vertical" preserve={false}>
        <p style={{ color: 'rgba(0,0,0,0.6)' }}>{t('reject.hint')}</p>
        <Form.Item name="reason" label={t('reject.reason')} rules={rules('reason', t('reject.reason'))}>
          <Input.TextArea rows={4} maxLength={300} showCount placeholder={t('reject.placeholder')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
