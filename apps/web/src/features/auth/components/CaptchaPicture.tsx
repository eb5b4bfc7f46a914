import { useTranslation } from 'react-i18next';
import { Skeleton } from 'antd';
import { CAPTCHA_TTL_MS } from '@phjr/contract/auth/sso';
import { RequestError } from '../../../lib/request-error.ts';
import { SITE_CONTACT } from '../../../lib/site-contact.ts';
import type { useCaptcha } from '../api/captcha.ts';

/**
 * What the captcha button shows: the picture, a placeholder while one loads, or why none came: the address asked for
 * too many in a minute (RATE_LIMITED, CAPTCHA_PER_ADDRESS_PER_MINUTE) or it failed to load; a click asks again.
 */
export function CaptchaPicture({ captcha }: { captcha: ReturnType<typeof useCaptcha> }) {
  const { t } = useTranslation('auth');
  if (captcha.isFetching) return <Skeleton.Button active style={{ width: 120, height: 40 }} />;
  if (captcha.isError) {
    const limited = captcha.error instanceof RequestError && captcha.error.info?.errorCode === 'RATE_LIMITED';
    return <span role="alert">{t(limited ? 'login.captchaTooMany' : 'login.captchaLoadFailed')}</span>;
  }
  if (captcha.data) return <img src={captcha.data.image} alt={t('login.captchaImageAlt')} />;
  return <Skeleton.Button active style={{ width: 120, height: 40 }} />;
}

/** The captcha's time limit, how to renew it, and the hotline for a reader who cannot read a picture. */
export function CaptchaHelp() {
  const { t } = useTranslation('auth');
  return <>{t('login.captchaHelp', { minutes: CAPTCHA_TTL_MS / 60_000, hotline: SITE_CONTACT.hotline })}</>;
}
