import { useTranslation } from 'react-i18next';
import { Alert, Form, Input, Skeleton } from 'antd';
import { SafetyOutlined } from '@ant-design/icons';
import { requiredRule } from '../../../lib/form-rules.ts';
import { DEFAULT_LOCALE } from '../../../locales/index.ts';
import type { usePasswordCheckedForm } from '../api/password-checked.ts';
import styles from './sso.module.css';

type Check = ReturnType<typeof usePasswordCheckedForm>;

/**
 * Why the password check was refused: wrong, locked after repeated failures, or the captcha. In Chinese the server's
 * own sentence is shown; other languages translate the stable error code.
 */
export function PasswordCheckAlert({ check }: { check: Check }) {
  const { t, i18n } = useTranslation('auth');
  const { failure } = check;
  if (!failure) return null;
  const translated = t(`errors.${failure.errorCode}`, { defaultValue: '' });
  const text = i18n.language === DEFAULT_LOCALE ? failure.errorMessage || translated : translated || failure.errorMessage;
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
    <Form.Item label={t('login.captcha')} required extra={t('login.captchaRefresh')}>
      <div className={styles.captchaRow}>
        <Form.Item name="captchaCode" noStyle rules={[requiredRule(t, t('login.captcha'))]}>
          <Input prefix={<SafetyOutlined />} placeholder={t('login.captchaPlaceholder')} aria-label={t('login.captcha')} autoComplete="off" maxLength={16} />
        </Form.Item>
        <button type="button" className={styles.captchaButton} onClick={check.refreshCaptcha} title={t('login.captchaRefresh')} aria-label={t('login.captchaRefresh')}>
          {captcha.data && !captcha.isFetching ? (
            <img src={captcha.data.image} alt={t('login.captchaImageAlt')} />
          ) : captcha.isError ? (
            <span>{t('login.captchaLoadFailed')}</span>
          ) : (
            <Skeleton.Button active style={{ width: 120, height: 40 }} />
          )}
        </button>
      </div>
    </Form.Item>
  );
}
