import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Form, Input } from 'antd';
import { LockOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import type { TFunction } from 'i18next';
import { handleRequestError } from '../../../lib/request.ts';
import { runtime } from '../../../lib/runtime.ts';
import { NO_WHITESPACE } from '../../../lib/validators.ts';
import { useFormRules } from '../../../lib/form-rules.ts';
import { ssoOps } from '@phjr/contract/auth/sso';
import { errorText } from '../../../lib/request-error.ts';
import { useCaptcha } from '../api/captcha.ts';
import { CaptchaPicture } from './CaptchaPicture.tsx';
import { useSsoLogin, type LoginOutcome } from '../api/do-login.ts';
import styles from './sso.module.css';

interface Values {
  username: string;
  password: string;
  captchaCode?: string;
}

/** In the reader's language (errorText: the server's own sentence in Chinese, the stable error code translated otherwise). */
function failureText(outcome: Extract<LoginOutcome, { ok: false }>, t: TFunction): string {
  return (
    errorText({ errorCode: outcome.errorCode ?? undefined, errorMessage: outcome.errorMessage ?? undefined }) ||
    t('auth:login.failed')
  );
}

export interface SsoLoginFormProps {
  redirect: string;
  /** From loginPageInfo: this address has already failed often enough to need the captcha. */
  captchaInitially: boolean;
}

/** Account, password and (when required) the picture captcha; ssoOps.login (docs/sso.md step 3). */
export function SsoLoginForm({ redirect, captchaInitially }: SsoLoginFormProps) {
  const { t } = useTranslation(['auth', 'common', 'errors']);
  const [form] = Form.useForm<Values>();
  const rules = useFormRules(ssoOps.login.body);
  // After registration the new account name arrives in the address (?username=).
  const [initialUsername] = useState(() => new URLSearchParams(runtime().location().search).get('username') ?? '');
  const [captchaNeeded, setCaptchaNeeded] = useState(captchaInitially);
  const [error, setError] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);
  const captcha = useCaptcha(captchaNeeded);
  const login = useSsoLogin();

  const refreshCaptcha = () => {
    form.setFieldValue('captchaCode', '');
    void captcha.refetch();
  };

  const onFinish = (values: Values) => {
    setError(null);
    const withCaptcha = captchaNeeded && captcha.data;
    login.mutate(
      {
        username: values.username.trim(),
        password: values.password,
        redirect,
        ...(withCaptcha ? { captchaId: captcha.data.captchaId, captchaCode: values.captchaCode?.trim() } : {}),
      },
      {
        onSuccess: (outcome) => {
          if (outcome.ok) {
            setLeaving(true);
            runtime().navigate(outcome.redirectUrl);
            return;
          }
          setError(failureText(outcome, t));
          // A captcha is single use: whatever the answer, the one just sent is spent.
          if (captchaNeeded) refreshCaptcha();
          else if (outcome.captchaRequired) setCaptchaNeeded(true);
        },
        onError: (err) => {
          setError(t('auth:login.failed'));
          void handleRequestError(err);
        },
      },
    );
  };

  const accountLabel = t('auth:login.account');
  return (
    <Form<Values>
      form={form}
      layout="vertical"
      requiredMark={false}
      onFinish={onFinish}
      size="large"
      disabled={leaving}
      initialValues={{ username: initialUsername }}
    >
      {error && <Alert type="error" showIcon title={error} role="alert" style={{ marginBottom: 16 }} />}
      <Form.Item
        name="username"
        label={accountLabel}
        rules={[
          ...rules('username', accountLabel),
          { pattern: NO_WHITESPACE, message: t('common:validation.noWhitespace', { label: accountLabel }) },
        ]}
      >
        <Input
          prefix={<UserOutlined />}
          placeholder={t('auth:login.accountPlaceholder')}
          autoComplete="username"
          maxLength={64}
        />
      </Form.Item>
      <Form.Item name="password" label={t('auth:login.password')} rules={rules('password', t('auth:login.password'))}>
        <Input.Password
          prefix={<LockOutlined />}
          placeholder={t('auth:login.passwordPlaceholder')}
          autoComplete="current-password"
          maxLength={128}
        />
      </Form.Item>
      {captchaNeeded && (
        <Form.Item label={t('auth:login.captcha')} required extra={t('auth:login.captchaRefresh')}>
          <div className={styles.captchaRow}>
            <Form.Item
              name="captchaCode"
              noStyle
              rules={rules('captchaCode', t('auth:login.captcha'), { required: true })}
            >
              <Input
                prefix={<SafetyOutlined />}
                placeholder={t('auth:login.captchaPlaceholder')}
                aria-label={t('auth:login.captcha')}
                autoComplete="off"
                maxLength={16}
              />
            </Form.Item>
            <button
              type="button"
              className={styles.captchaButton}
              onClick={refreshCaptcha}
              title={t('auth:login.captchaRefresh')}
              aria-label={t('auth:login.captchaRefresh')}
            >
              <CaptchaPicture captcha={captcha} />
            </button>
          </div>
        </Form.Item>
      )}
      <Form.Item style={{ marginBottom: 8 }}>
        <Button type="primary" htmlType="submit" block autoInsertSpace={false} loading={login.isPending || leaving}>
          {t('auth:login.submit')}
        </Button>
      </Form.Item>
    </Form>
  );
}
