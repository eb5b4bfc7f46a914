import { useTranslation } from 'react-i18next';
import { App, Button, Form, Input, Result, Skeleton } from 'antd';
import { Link } from 'react-router';
import { accountOps } from '@phjr/contract/auth/account';
import { RoutePage } from '../../../components/RoutePage.tsx';
import { useAccountForm, useAccountInfo } from '../api/accounts.ts';
import { SmsCodeField } from '../components/SmsCodeField.tsx';
import { useFormRules } from '../../../lib/form-rules.ts';

/** /userClient/my/bindPhone: accounts without a phone bind one with an SMS code. */
export default function UserBindPhonePage() {
  const { t } = useTranslation('auth');
  const { message } = App.useApp();
  const info = useAccountInfo();
  const [form] = Form.useForm<{ phone: string; smsCode: string }>();
  const save = useAccountForm(accountOps.bindPhone);
  const rules = useFormRules(accountOps.bindPhone.body);

  let body;
  if (info.isPending) body = <Skeleton active />;
  else if (info.data?.phone)
    body = (
      <Result
        status="success"
        title={t('bind.already', { phone: info.data.phone })}
        extra={
          <Link to="/userClient/my/editPhone">
            <Button type="primary">{t('bind.toEdit')}</Button>
          </Link>
        }
      />
    );
  else
    body = (
      <Form
        form={form}
        layout="vertical"
        style={{ maxWidth: 480 }}
        onFinish={(v) =>
          save.mutate(
            { phone: v.phone.trim(), smsCode: v.smsCode },
            { onSuccess: () => void message.success(t('bind.done')) },
          )
        }
      >
        <Form.Item name="phone" label={t('fields.phone')} rules={rules('phone', t('fields.phone'))}>
          <Input maxLength={11} autoComplete="tel" />
        </Form.Item>
        <Form.Item name="smsCode" label={t('fields.smsCode')} rules={rules('smsCode', t('fields.smsCode'))}>
          <SmsCodeField
            target={{ kind: 'captcha', purpose: 'BIND_PHONE', phone: () => form.getFieldValue('phone')?.trim() }}
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t('bind.submit')}
        </Button>
      </Form>
    );
  return (
    <RoutePage>
      <section className="phjr-panel">{body}</section>
    </RoutePage>
  );
}
