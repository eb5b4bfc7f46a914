import { useTranslation } from 'react-i18next';
import { Alert, Form, Input } from 'antd';
import { SafetyOutlined } from '@ant-design/icons';
import { requiredRule } from '../../../lib/form-rules.ts';
import { errorText } from '../../../lib/request-error.ts';
import type { usePasswordCheckedForm } from '../api/password-checked.ts';
import { CaptchaHelp, CaptchaPicture } from './CaptchaPicture.tsx';
import styles from './sso.module.css';

type Check = ReturnType<typeof usePasswordCheckedForm>;

/**
 * Why the password check was refused: wrong, locked after repeated failures, or the captcha, in the reader's language
 * (errorText: the server's own sentence in Chinese, the stable error code translated otherwise).
 */
export function PasswordCheckAlert({ check }: { check: Check }) {
  const { t } = useTranslation(['auth', 'errors']);
  const { failure } = check;
  if (!failure) return null;
  const text = errorText({ errorCode: failure.errorCode, errorMessage: failure.errorMessage ?? undefined });
  const locked = failure.errorCode.endsWith('_LOCKED');
  return (
    <Alert
      type={locked ? 'warning' : 'error'}
      showIcon
      title={text || t('login.failed')}
      description={locked ? t('guard.lockedHint') : undefined}
      role="alert"
      style={{ marginBottom: 16 }}
    />
  );
}

/** The picture captcha the server asks for after repeated wrong passwords (field `captchaCode`). */
export function CaptchaField({ check }: { check: Check }) {
  const { t } = useTranslation('auth');
  if (!check.captchaNeeded) return null;
  const { captcha } = check;
  return (
    <Form.Item label={t('login.captcha')} required extra={<CaptchaHelp />}>
      <div className={styles.captchaRow}>
        <Form.Item name="captchaCode" noStyle rules={[requiredRule(t, t('login.captcha'))]}>
          <Input
            prefix={<SafetyOutlined />}
            placeholder={t('login.captchaPlaceholder')}
            aria-label={t('login.captcha')}
            autoComplete="off"
            maxLength={16}
          />
        </Form.Item>
        <button
          type="button"
          className={styles.captchaButton}
          onClick={check.refreshCaptcha}
          title={t('login.captchaRefresh')}
          aria-label={t('login.captchaRefresh')}
        >
          <CaptchaPicture captcha={captcha} />
        </button>
      </div>
    </Form.Item>
  );
}
