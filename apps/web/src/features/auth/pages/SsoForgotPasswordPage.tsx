import { useMemo } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button, Form, Input, Result } from 'antd';
import { MobileOutlined } from '@ant-design/icons';
import { accountOps } from '@phjr/contract/auth/account';
import { confirmRules, useFormRules } from '../../../lib/form-rules.ts';
import { runtime } from '../../../lib/runtime.ts';
import { useForgotPassword } from '../api/accounts.ts';
import { SmsCodeField } from '../components/SmsCodeField.tsx';
import { SsoFrame } from '../components/SsoLoginView.tsx';
import { readRedirect, SSO_PATHS, type SsoVariant } from '../sso-links.ts';

interface Values {
  phone: string;
  smsCode: string;
  newPassword: string;
  confirm: string;
}

/**
 * /sso/forgotPassword (issue 30), reached from both sign-in pages: the phone bound to the account gets a
 * RESET_PASSWORD code (behind the picture captcha), then the new password is set. The server answers alike whether or
 * not the phone has an account; a success ends the account's sessions and leads back to the sign-in page it came from.
 */
export default function SsoForgotPasswordPage() {
  const { t } = useTranslation('auth');
  const { search } = useLocation();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const from: SsoVariant = params.get('from') === 'personal' ? 'personal' : 'institution';
  const redirect = readRedirect(search, runtime().location().origin);
  const back = `${SSO_PATHS[from]}?${new URLSearchParams({ redirect }).toString()}`;
  const [form] = Form.useForm<Values>();
  const rules = useFormRules(accountOps.forgotPassword.body);
  const reset = useForgotPassword();

  const onFinish = (v: Values) =>
    reset.mutate({ phone: v.phone.trim(), smsCode: v.smsCode, newPassword: v.newPassword });

  return (
    <SsoFrame title={t('forgot.title')} hint={t('forgot.hint')}>
      {reset.isSuccess ? (
        <Result
          status="success"
          title={t('forgot.doneTitle')}
          subTitle={t('forgot.doneHint')}
          extra={
            <Link to={back}>
              <Button type="primary">{t('forgot.backToLogin')}</Button>
            </Link>
          }
        />
      ) : (
        <>
          <Form<Values> form={form} layout="vertical" requiredMark={false} onFinish={onFinish}>
            <Form.Item
              name="phone"
              label={t('fields.phone')}
              rules={rules('phone', t('fields.phone'))}
              extra={t('forgot.phoneExtra')}
            >
              <Input
                prefix={<MobileOutlined />}
                placeholder={t('fields.phonePlaceholder')}
                maxLength={11}
                autoComplete="tel"
              />
            </Form.Item>
            <Form.Item name="smsCode" label={t('fields.smsCode')} rules={rules('smsCode', t('fields.smsCode'))}>
              <SmsCodeField
                target={{
                  kind: 'captcha',
                  purpose: 'RESET_PASSWORD',
                  phone: () => form.getFieldValue('phone')?.trim(),
                  onMissingPhone: () => void form.validateFields(['phone']),
                }}
              />
            </Form.Item>
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
            <Form.Item style={{ marginBottom: 8 }}>
              <Button type="primary" htmlType="submit" block loading={reset.isPending}>
                {t('forgot.submit')}
              </Button>
            </Form.Item>
          </Form>
          <div style={{ textAlign: 'center' }}>
            <Link to={back} className="phjr-target">
              {t('forgot.backToLogin')}
            </Link>
          </div>
        </>
      )}
    </SsoFrame>
  );
}
