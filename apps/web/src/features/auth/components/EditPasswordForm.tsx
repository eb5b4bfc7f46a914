import { useTranslation } from 'react-i18next';
import { Button, Form, Input } from 'antd';
import { useFeedback } from '../../../app/feedback.ts';
import { accountOps } from '@phjr/contract/auth/account';
import { useAccountInfo } from '../api/accounts.ts';
import { usePasswordCheckedForm } from '../api/password-checked.ts';
import { CaptchaField, PasswordCheckAlert } from './PasswordCheckFields.tsx';
import { ProofFields, proofFields, type ProofMode } from './ProofFields.tsx';
import { confirmRules, useFormRules } from '../../../lib/form-rules.ts';

interface Values {
  proof: ProofMode;
  oldPassword?: string;
  smsCode?: string;
  newPassword: string;
  confirm: string;
  captchaCode?: string;
}

/**
 * The own password of every account kind (accountOps.updatePassword): the current password or an SMS code, then the
 * new one under the one password policy; the account's other sessions end. `forced`: the change an administrator's
 * reset made due, proved by the temporary password (issue 30).
 */
export function EditPasswordForm({ forced = false, onDone }: { forced?: boolean; onDone?: () => void }) {
  const { t } = useTranslation('auth');
  const { message } = useFeedback();
  const info = useAccountInfo();
  const [form] = Form.useForm<Values>();
  const rules = useFormRules(accountOps.updatePassword.body);
  const proof = Form.useWatch('proof', form) ?? 'password';
  const save = usePasswordCheckedForm(accountOps.updatePassword);

  const onFinish = (v: Values) =>
    save.submit(
      {
        ...proofFields(forced ? { ...v, proof: 'password' } : v),
        newPassword: v.newPassword,
        captchaCode: v.captchaCode,
      },
      (outcome) => {
        if (!outcome.ok) {
          form.setFieldValue('captchaCode', '');
          return;
        }
        void message.success(t(forced ? 'forced.done' : 'password.done'));
        form.resetFields();
        onDone?.();
      },
    );

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      onFinish={onFinish}
      initialValues={{ proof: 'password' }}
      style={{ maxWidth: 480 }}
    >
      <PasswordCheckAlert check={save} />
      {forced ? (
        <Form.Item
          name="oldPassword"
          label={t('forced.currentLabel')}
          rules={rules('oldPassword', t('forced.currentLabel'), { required: true })}
        >
          <Input.Password maxLength={128} autoComplete="current-password" />
        </Form.Item>
      ) : (
        <ProofFields mode={proof} hasPhone={!!info.data?.phone} />
      )}
      {(forced || proof === 'password') && <CaptchaField check={save} />}
      <Form.Item
        name="newPassword"
        label={t('fields.newPassword')}
        rules={rules('newPassword', t('fields.newPassword'))}
        extra={t('fields.passwordHint')}
      >
        <Input.Password maxLength={64} autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="confirm"
        label={t('fields.confirmPassword')}
        dependencies={['newPassword']}
        rules={confirmRules(t, 'newPassword', t('fields.newPassword'))}
      >
        <Input.Password maxLength={64} autoComplete="new-password" />
      </Form.Item>
      <p style={{ color: 'rgba(0,0,0,0.65)' }}>{t('common.otherSessionsEnd')}</p>
      <Button type="primary" htmlType="submit" loading={save.pending}>
        {t('password.submit')}
      </Button>
    </Form>
  );
}
