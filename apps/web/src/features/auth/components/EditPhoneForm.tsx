import { useTranslation } from 'react-i18next';
import { App, Button, Descriptions, Form, Input, Skeleton } from 'antd';
import { accountOps } from '@phjr/contract/auth/account';
import { RoutePage } from '../../../components/RoutePage.tsx';
import { useAccountInfo } from '../api/accounts.ts';
import { usePasswordCheckedForm } from '../api/password-checked.ts';
import { CaptchaField, PasswordCheckAlert } from './PasswordCheckFields.tsx';
import { ProofFields, proofFields, type ProofMode } from './ProofFields.tsx';
import { SmsCodeField } from './SmsCodeField.tsx';
import { useFormRules } from '../../../lib/form-rules.ts';

interface Values {
  proof: ProofMode;
  oldPassword?: string;
  smsCode?: string;
  newPhone: string;
  newSmsCode: string;
  captchaCode?: string;
}

/** Change phone (every account kind): proof of identity + a code to the new phone; other sessions end. */
export function EditPhoneForm() {
  const { t } = useTranslation('auth');
  const { message } = App.useApp();
  const info = useAccountInfo();
  const [form] = Form.useForm<Values>();
  const rules = useFormRules(accountOps.updatePhone.body);
  const proof = Form.useWatch('proof', form) ?? 'password';
  const save = usePasswordCheckedForm(accountOps.updatePhone);

  const onFinish = (v: Values) =>
    save.submit(
      { ...proofFields(v), newPhone: v.newPhone.trim(), newSmsCode: v.newSmsCode, captchaCode: v.captchaCode },
      (outcome) => {
        if (!outcome.ok) {
          form.setFieldValue('captchaCode', '');
          return;
        }
        void message.success(t('phone.done'));
        form.resetFields();
      },
    );

  return (
    <>
      <Descriptions
        column={1}
        style={{ marginBottom: 24, maxWidth: 560 }}
        items={[{ key: 'phone', label: t('phone.current'), children: info.data?.phone ?? t('phone.none') }]}
      />
      <Form<Values>
        form={form}
        layout="vertical"
        onFinish={onFinish}
        initialValues={{ proof: 'password' }}
        style={{ maxWidth: 480 }}
      >
        <PasswordCheckAlert check={save} />
        <ProofFields mode={proof} hasPhone={!!info.data?.phone} />
        {proof === 'password' && <CaptchaField check={save} />}
        <Form.Item name="newPhone" label={t('phone.new')} rules={rules('newPhone', t('phone.new'))}>
          <Input maxLength={11} autoComplete="tel" />
        </Form.Item>
        <Form.Item name="newSmsCode" label={t('phone.newCode')} rules={rules('newSmsCode', t('phone.newCode'))}>
          <SmsCodeField
            target={{
              kind: 'captcha',
              purpose: 'CHANGE_PHONE',
              phone: () => form.getFieldValue('newPhone')?.trim(),
              onMissingPhone: () => void form.validateFields(['newPhone']),
            }}
          />
        </Form.Item>
        <p style={{ color: 'rgba(0,0,0,0.65)' }}>{t('common.otherSessionsEnd')}</p>
        <Button type="primary" htmlType="submit" loading={save.pending}>
          {t('phone.submit')}
        </Button>
      </Form>
    </>
  );
}

/** The change-phone pages (user, bank and guarantee clients): the form in the page frame. */
export function EditPhoneScreen() {
  const info = useAccountInfo();
  return (
    <RoutePage>
      <section className="phjr-panel">{info.isPending ? <Skeleton active /> : <EditPhoneForm />}</section>
    </RoutePage>
  );
}
