import { useMemo, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button, Checkbox, Form, Input, Tabs } from 'antd';
import { ZRegisterRequest } from '@phjr/contract/auth/register';
import { confirmRules, mustAgree, useFormRules } from '../../../lib/form-rules.ts';
import { useFeedback } from '../../../app/feedback.ts';
import { runtime } from '../../../lib/runtime.ts';
import { accountExists, useRegister } from '../api/accounts.ts';
import { SmsCodeField } from '../components/SmsCodeField.tsx';
import { RegisterAgreement } from '../components/RegisterAgreement.tsx';
import { useShownAgreements } from '../api/agreements.ts';
import { RequestError } from '../../../lib/request.ts';
import { SsoFrame } from '../components/SsoLoginView.tsx';
import { readRedirect } from '../sso-links.ts';
import styles from '../components/sso.module.css';

type Kind = 'PERSON' | 'ENTERPRISE';

interface Values {
  name?: string;
  enterpriseName?: string;
  creditCode?: string;
  legalRep?: string;
  phone: string;
  smsCode: string;
  password: string;
  confirm: string;
  agreement: boolean;
}

/** /sso/register: persons and enterprise main accounts; afterwards the login page with the account filled in. */
export default function SsoRegisterPage() {
  const { t } = useTranslation('auth');
  const { search } = useLocation();
  const navigate = useNavigate();
  const { message } = useFeedback();
  const redirect = useMemo(() => readRedirect(search, runtime().location().origin), [search]);
  const [kind, setKind] = useState<Kind>('PERSON');
  const [form] = Form.useForm<Values>();
  const register = useRegister();
  const agreements = useShownAgreements();
  const rules = useFormRules(ZRegisterRequest);

  /** The one call that says whether an account exists; a failed check lets the server decide on submit. */
  const notTaken = (label: string) => async (_: unknown, value: string | undefined) => {
    if (!value) return;
    if ((await accountExists(value.trim())) === true) throw new Error(t('register.taken', { label }));
  };

  const onFinish = (v: Values) => {
    const common = {
      phone: v.phone.trim(),
      smsCode: v.smsCode,
      password: v.password,
      agreement: true as const,
      agreementIds: agreements.ids,
    };
    const req =
      kind === 'PERSON'
        ? { type: 'PERSON' as const, name: v.name!.trim(), ...common }
        : {
            type: 'ENTERPRISE' as const,
            enterpriseName: v.enterpriseName!.trim(),
            creditCode: v.creditCode!.trim().toUpperCase(),
            legalRep: v.legalRep!.trim(),
            ...common,
          };
    register.mutate(req, {
      onSuccess: ({ username }) => {
        void message.success(t('register.done'));
        void navigate(`/sso/login?${new URLSearchParams({ redirect, username }).toString()}`);
      },
      onError: (err) => {
        // A newer version was published since the page loaded (the request layer says so): show it, agree again.
        if (err instanceof RequestError && err.info?.errorCode === 'AGREEMENT_OUTDATED') {
          form.setFieldValue('agreement', false);
          void agreements.reload();
        }
      },
    });
  };

  const enterprise = kind === 'ENTERPRISE';
  return (
    <SsoFrame title={t('register.title')} hint={t('register.hint')} wide>
      <Tabs
        centered
        activeKey={kind}
        onChange={(k) => setKind(k as Kind)}
        items={[
          { key: 'PERSON', label: t('register.person') },
          { key: 'ENTERPRISE', label: t('register.enterprise') },
        ]}
      />
      <Form<Values> form={form} layout="vertical" requiredMark onFinish={onFinish} size="large" key={kind}>
        {enterprise ? (
          <>
            <Form.Item
              name="enterpriseName"
              label={t('fields.enterpriseName')}
              rules={rules('enterpriseName', t('fields.enterpriseName'))}
            >
              <Input maxLength={100} placeholder={t('fields.enterpriseNamePlaceholder')} />
            </Form.Item>
            <Form.Item
              name="creditCode"
              label={t('fields.creditCode')}
              validateDebounce={400}
              rules={[...rules('creditCode', t('fields.creditCode')), { validator: notTaken(t('fields.creditCode')) }]}
            >
              <Input
                maxLength={18}
                placeholder={t('fields.creditCodePlaceholder')}
                style={{ textTransform: 'uppercase' }}
              />
            </Form.Item>
            <Form.Item name="legalRep" label={t('fields.legalRep')} rules={rules('legalRep', t('fields.legalRep'))}>
              <Input maxLength={40} />
            </Form.Item>
          </>
        ) : (
          <Form.Item name="name" label={t('fields.name')} rules={rules('name', t('fields.name'))}>
            <Input maxLength={40} placeholder={t('fields.namePlaceholder')} />
          </Form.Item>
        )}
        <Form.Item
          name="phone"
          label={enterprise ? t('fields.contactPhone') : t('fields.phone')}
          validateDebounce={400}
          rules={[
            ...rules('phone', enterprise ? t('fields.contactPhone') : t('fields.phone')),
            { validator: notTaken(t('fields.phone')) },
          ]}
        >
          <Input maxLength={11} placeholder={t('fields.phonePlaceholder')} autoComplete="tel" />
        </Form.Item>
        <Form.Item name="smsCode" label={t('fields.smsCode')} rules={rules('smsCode', t('fields.smsCode'))}>
          <SmsCodeField
            target={{
              kind: 'captcha',
              purpose: 'REGISTER',
              phone: () => form.getFieldValue('phone')?.trim(),
              onMissingPhone: () => void form.validateFields(['phone']),
            }}
          />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('fields.password')}
          rules={rules('password', t('fields.password'))}
          extra={t('fields.passwordHint')}
        >
          <Input.Password maxLength={64} autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirm"
          label={t('fields.confirmPassword')}
          dependencies={['password']}
          rules={confirmRules(t, 'password', t('fields.password'))}
        >
          <Input.Password maxLength={64} autoComplete="new-password" />
        </Form.Item>
        <Form.Item>
          <Form.Item
            name="agreement"
            valuePropName="checked"
            noStyle
            rules={[mustAgree(t, t('register.agreementLink'))]}
          >
            <Checkbox>{t('register.agree')}</Checkbox>
          </Form.Item>
          <RegisterAgreement
            onAccept={() => {
              form.setFieldValue('agreement', true);
              void form.validateFields(['agreement']);
            }}
          />
        </Form.Item>
        <Form.Item style={{ marginBottom: 8 }}>
          <Button type="primary" htmlType="submit" block loading={register.isPending}>
            {t('register.submit')}
          </Button>
        </Form.Item>
      </Form>
      <div className={styles.switchRow}>
        <Link to={`/sso/login?${new URLSearchParams({ redirect }).toString()}`}>{t('register.toLogin')}</Link>
      </div>
    </SsoFrame>
  );
}
