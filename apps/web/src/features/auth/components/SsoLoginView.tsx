import { useEffect, useMemo, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button, Card, Result, Spin, Tabs } from 'antd';
import { BankOutlined, GlobalOutlined } from '@ant-design/icons';
import { ElderModeSwitch } from '../../../components/ElderModeSwitch.tsx';
import { currentLocale, setLocale } from '../../../lib/i18n.ts';
import { runtime } from '../../../lib/runtime.ts';
import { useLoginPageInfo } from '../api/login-page-info.ts';
import { useSsoTicket } from '../api/sso-ticket.ts';
import { forgotPasswordPage, otherSsoPage, readRedirect, type SsoVariant } from '../sso-links.ts';
import { SmsLoginForm } from './SmsLoginForm.tsx';
import { SsoLoginForm } from './SsoLoginForm.tsx';
import styles from './sso.module.css';

function Waiting({ text }: { text: string }) {
  return (
    <div className={styles.placeholder}>
      <Spin size="large" description={text} />
    </div>
  );
}

function LanguageSwitch() {
  const { t } = useTranslation('common');
  const next = currentLocale() === 'zh-CN' ? 'en-US' : 'zh-CN';
  return (
    <Button type="text" icon={<GlobalOutlined />} style={{ color: '#fff' }} onClick={() => void setLocale(next)}>
      {t(`language.${next}`)}
    </Button>
  );
}

/**
 * The platform's own SSO page (docs/sso.md step 2): a live SSO session goes straight back with a ticket; otherwise
 * the form, unless the return address is not allowed.
 */
export function SsoLoginView({ variant }: { variant: SsoVariant }) {
  const { t } = useTranslation(['auth', 'common']);
  const { search } = useLocation();
  const redirect = useMemo(() => readRedirect(search, runtime().location().origin), [search]);
  const ticket = useSsoTicket(redirect);
  const pageInfo = useLoginPageInfo(redirect);

  useEffect(() => {
    if (ticket.data) runtime().navigate(ticket.data);
  }, [ticket.data]);

  let body: ReactNode;
  if (ticket.data) body = <Waiting text={t('auth:login.redirecting')} />;
  else if (ticket.isPending || pageInfo.isPending) body = <Waiting text={t('auth:login.checkingSession')} />;
  else if (pageInfo.isError) {
    body = (
      <Result
        status="warning"
        title={t('auth:login.pageInfoFailedTitle')}
        subTitle={t('auth:login.pageInfoFailedDescription')}
        extra={<Button onClick={() => void pageInfo.refetch()}>{t('common:actions.retry')}</Button>}
      />
    );
  } else if (!pageInfo.data.redirectAllowed) {
    body = (
      <Result
        status="error"
        title={t('auth:login.redirectNotAllowedTitle')}
        subTitle={t('auth:login.redirectNotAllowedDescription')}
        extra={
          <Button type="primary" href="/home">
            {t('common:actions.backHome')}
          </Button>
        }
      />
    );
  } else {
    body = (
      <>
        {variant === 'personal' ? (
          <Tabs
            centered
            items={[
              {
                key: 'password',
                label: t('auth:login.tabPassword'),
                children: <SsoLoginForm redirect={redirect} captchaInitially={pageInfo.data.captchaRequired} />,
              },
              { key: 'sms', label: t('auth:login.tabSms'), children: <SmsLoginForm redirect={redirect} /> },
            ]}
          />
        ) : (
          <SsoLoginForm redirect={redirect} captchaInitially={pageInfo.data.captchaRequired} />
        )}
        <div className={styles.switchRow}>
          <Link to={otherSsoPage(variant, redirect)}>
            {variant === 'personal' ? t('auth:login.toInstitution') : t('auth:login.toPersonal')}
          </Link>
          {variant === 'personal' && (
            <Link to={`/sso/register?${new URLSearchParams({ redirect }).toString()}`} style={{ marginLeft: 24 }}>
              {t('auth:login.register')}
            </Link>
          )}
          <Link to={forgotPasswordPage(variant, redirect)} style={{ marginLeft: 24 }}>
            {t('auth:login.forgotPassword')}
          </Link>
        </div>
      </>
    );
  }

  const personal = variant === 'personal';
  return (
    <SsoFrame
      title={personal ? t('auth:login.personalTitle') : t('auth:login.institutionTitle')}
      hint={personal ? t('auth:login.personalHint') : t('auth:login.institutionHint')}
    >
      {body}
    </SsoFrame>
  );
}

/** The frame of the SSO pages (login, welcome, register): brand, a card, the footer. */
export function SsoFrame({
  title,
  hint,
  children,
  wide,
}: {
  title: string;
  hint: string;
  children: ReactNode;
  wide?: boolean;
}) {
  const { t } = useTranslation(['auth', 'common']);
  return (
    <main className={wide ? `${styles.page} ${styles.tall}` : styles.page}>
      <div className={styles.topBar}>
        <ElderModeSwitch />
        <LanguageSwitch />
      </div>
      <header className={styles.brand}>
        <span className={styles.emblem} aria-hidden="true">
          <BankOutlined />
        </span>
        <div>
          <h1 className={styles.brandName}>{t('common:appName')}</h1>
          <p className={styles.brandSub}>{t('auth:login.subtitle')}</p>
        </div>
      </header>
      <Card className={styles.card} variant="borderless" style={wide ? { maxWidth: 520, flexShrink: 0 } : undefined}>
        <h2 className={styles.cardTitle}>{title}</h2>
        <p className={styles.cardHint}>{hint}</p>
        {children}
      </Card>
      <footer className={styles.footer}>{t('auth:login.footer')}</footer>
    </main>
  );
}
