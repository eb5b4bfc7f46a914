import { useTranslation } from 'react-i18next';
import { App, Button, Form, Input, Skeleton } from 'antd';
import { accountOps } from '@phjr/contract/auth/account';
import { RoutePage } from '../../../components/RoutePage.tsx';
import { useAccountInfo } from '../api/accounts.ts';
import { usePasswordCheckedForm } from '../api/password-checked.ts';
import { CaptchaField, PasswordCheckAlert } from '../components/PasswordCheckFields.tsx';
import { ProofFields, proofFields, type ProofMode } from '../components/ProofFields.tsx';
import { confirmRules, useFormRules } from '../../../lib/form-rules.ts';

interface Values {
  proof: ProofMode;
  oldPassword?: string;
  smsCode?: string;
  newPassword: string;
  confirm: string;
  captchaCode?: string;
}

/** /userClient/my/editPassword: the current password or an SMS code, then the new password; other sessions end. */
export default function UserEditPasswordPage() {
  const { t } = useTranslation('auth');
  const { message } = App.useApp();
  const info = useAccountInfo();
  const [form] = Form.useForm<Values>();
  const rules = useFormRules(accountOps.updatePassword.body);
  const proof = Form.useWatch('proof', form) ?? 'password';
  const save = usePasswordCheckedForm(accountOps.updatePassword);

  const onFinish = (v: Values) =>
    save.submit({ ...proofFields(v), newPassword: v.newPassword, captchaCode: v.captchaCode }, (outcome) => {
      if (!outcome.ok) {
        form.setFieldValue('captchaCode', '');
        return;
      }
      void message.success(t('password.done'));
      form.resetFields();
    });

  return (
    <RoutePage>
      <section className="phjr-panel">
        {info.isPending ? (
          <Skeleton active />
        ) : (
          <Form<Values> form={form} layout="vertical" onFinish={onFinish} initialValues={{ proof: 'password' }} style={{ maxWidth: 480 }}>
            <PasswordCheckAlert check={save} />
            <ProofFields mode={proof} hasPhone={!!info.data?.phone} />
            {proof === 'password' && <CaptchaField check={save} />}
            <Form.Item name="newPassword" label={t('fields.newPassword')} rules={rules('newPassword', t('fields.newPassword'))} extra={t('fields.passwordHint')}>
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
            <p style={{ color: 'rgba(0,0,0,0.45)' }}>{t('common.otherSessionsEnd')}</p>
            <Button type="primary" htmlType="submit" loading={save.pending}>
              {t('password.submit')}
            </Button>
          </Form>
        )}
      </section>
    </RoutePage>
  );
}
