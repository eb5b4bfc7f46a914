import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Form, Input } from 'antd';
import { MobileOutlined } from '@ant-design/icons';
import { PHONE_RE } from '@phjr/contract/auth/sms';
import { runtime } from '../../../lib/runtime.ts';
import { useSmsLogin } from '../api/accounts.ts';
import { SmsCodeField } from './SmsCodeField.tsx';

interface Values {
  phone: string;
  smsCode: string;
}

/** Phone + SMS code on the personal SSO page (ssoOps.smsLogin); the answer is a ticket like the password login's. */
export function SmsLoginForm({ redirect }: { redirect: string }) {
  const { t } = useTranslation('auth');
  const [form] = Form.useForm<Values>();
  const login = useSmsLogin();
  const [leaving, setLeaving] = useState(false);

  const onFinish = (v: Values) =>
    login.mutate(
      { phone: v.phone.trim(), smsCode: v.smsCode, redirect },
      {
        onSuccess: (url) => {
          setLeaving(true);
          runtime().navigate(url);
        },
      },
    );

  return (
    <Form<Values> form={form} layout="vertical" requiredMark={false} onFinish={onFinish} size="large" disabled={leaving}>
      <Form.Item name="phone" label={t('fields.phone')} rules={[{ required: true, pattern: PHONE_RE, message: t('fields.phoneInvalid') }]}>
        <Input prefix={<MobileOutlined />} placeholder={t('fields.phonePlaceholder')} maxLength={11} autoComplete="tel" />
      </Form.Item>
      <Form.Item name="smsCode" label={t('fields.smsCode')} rules={[{ required: true, len: 6, message: t('fields.smsCodeInvalid') }]}>
        <SmsCodeField target={{ kind: 'captcha', purpose: 'LOGIN', phone: () => form.getFieldValue('phone')?.trim(), onMissingPhone: () => void form.validateFields(['phone']) }} />
      </Form.Item>
      <Form.Item style={{ marginBottom: 8 }}>
        <Button type="primary" htmlType="submit" block autoInsertSpace={false} loading={login.isPending || leaving}>
          {t('login.submit')}
        </Button>
      </Form.Item>
    </Form>
  );
}
