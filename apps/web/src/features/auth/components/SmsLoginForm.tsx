import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Form, Input } from 'antd';
import { MobileOutlined } from '@ant-design/icons';
import { ssoOps } from '@phjr/contract/auth/sso';
import { useFormRules } from '../../../lib/form-rules.ts';
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
  const rules = useFormRules(ssoOps.smsLogin.body);
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
    <Form<Values>
      form={form}
      layout="vertical"
      requiredMark={false}
      onFinish={onFinish}
      size="large"
      disabled={leaving}
    >
      <Form.Item name="phone" label={t('fields.phone')} rules={rules('phone', t('fields.phone'))}>
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
            purpose: 'LOGIN',
            phone: () => form.getFieldValue('phone')?.trim(),
            onMissingPhone: () => void form.validateFields(['phone']),
          }}
        />
      </Form.Item>
      <Form.Item style={{ marginBottom: 8 }}>
        <Button type="primary" htmlType="submit" block autoInsertSpace={false} loading={login.isPending || leaving}>
          {t('login.submit')}
        </Button>
      </Form.Item>
    </Form>
  );
}
