import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Input, Modal, Space } from 'antd';
import { SafetyOutlined } from '@ant-design/icons';
import { PHONE_RE, type SmsPurpose } from '@phjr/contract/auth/sms';
import { useFeedback } from '../../../app/feedback.ts';
import { sendOwnSmsCode, sendSmsCode } from '../api/accounts.ts';
import { useCaptcha } from '../api/captcha.ts';
import { CaptchaHelp, CaptchaPicture } from './CaptchaPicture.tsx';
import styles from './sso.module.css';

export type SmsTarget =
  /** Any phone: the picture captcha is asked first (sendSmsVerifyCode). */
  | { kind: 'captcha'; purpose: SmsPurpose; phone: () => string | undefined; onMissingPhone?: () => void }
  /** The signed-in account's own phone (sendSmsVerifyCodeNoCodeValid). */
  | { kind: 'own'; purpose: SmsPurpose };

interface Props {
  target: SmsTarget;
  value?: string;
  onChange?: (v: string) => void;
  id?: string;
}

/** A 6-digit code input with its "get code" button and the 60-second countdown. */
export function SmsCodeField({ target, value, onChange, id }: Props) {
  const { t } = useTranslation('auth');
  const { message } = useFeedback();
  const [left, setLeft] = useState(0);
  const [captchaOpen, setCaptchaOpen] = useState(false);
  const [captchaCode, setCaptchaCode] = useState('');
  const [sending, setSending] = useState(false);
  const captcha = useCaptcha(captchaOpen, 'sms');

  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);

  const sent = (seconds: number) => {
    setLeft(seconds);
    void message.success(t('sms.sent'));
  };

  const ask = async () => {
    if (target.kind === 'own') {
      setSending(true);
      try {
        sent((await sendOwnSmsCode(target.purpose)).resendAfterSeconds);
      } catch {
        // The request layer has shown the reason.
      } finally {
        setSending(false);
      }
      return;
    }
    const phone = target.phone();
    if (!phone || !PHONE_RE.test(phone)) {
      target.onMissingPhone?.();
      void message.warning(t('sms.phoneFirst'));
      return;
    }
    setCaptchaCode('');
    void captcha.refetch();
    setCaptchaOpen(true);
  };

  const confirmCaptcha = async () => {
    if (target.kind !== 'captcha' || !captcha.data) return;
    setSending(true);
    try {
      const res = await sendSmsCode({
        phone: target.phone()!,
        purpose: target.purpose,
        captchaId: captcha.data.captchaId,
        captchaCode: captchaCode.trim(),
      });
      setCaptchaOpen(false);
      sent(res.resendAfterSeconds);
    } catch {
      setCaptchaCode('');
      void captcha.refetch();
    } finally {
      setSending(false);
    }
  };

  return (
    <>
      <Space.Compact style={{ width: '100%' }}>
        <Input
          id={id}
          value={value}
          onChange={(e) => onChange?.(e.target.value.replace(/\D/g, '').slice(0, 6))}
          placeholder={t('sms.codePlaceholder')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
        />
        <Button
          onClick={() => void ask()}
          disabled={left > 0}
          loading={sending && !captchaOpen}
          style={{ minWidth: 120 }}
        >
          {left > 0 ? t('sms.resendIn', { seconds: left }) : t('sms.getCode')}
        </Button>
      </Space.Compact>
      <Modal
        open={captchaOpen}
        title={t('sms.captchaTitle')}
        onCancel={() => setCaptchaOpen(false)}
        onOk={() => void confirmCaptcha()}
        okButtonProps={{ disabled: captchaCode.trim().length < 4, loading: sending }}
        okText={t('sms.send')}
        destroyOnHidden
      >
        <p>{t('sms.captchaHint')}</p>
        <p className={styles.captchaHelp}>
          <CaptchaHelp />
        </p>
        <div className={styles.captchaRow}>
          <Input
            prefix={<SafetyOutlined />}
            value={captchaCode}
            onChange={(e) => setCaptchaCode(e.target.value)}
            onPressEnter={() => void confirmCaptcha()}
            placeholder={t('login.captchaPlaceholder')}
            aria-label={t('login.captcha')}
            autoComplete="off"
            maxLength={16}
            autoFocus
          />
          <button
            type="button"
            className={styles.captchaButton}
            onClick={() => void captcha.refetch()}
            title={t('login.captchaRefresh')}
          >
            <CaptchaPicture captcha={captcha} />
          </button>
        </div>
      </Modal>
    </>
  );
}
