import { Button } from 'antd';
import { CloseCircleFilled } from '@ant-design/icons';
import { useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';
import { RequestError } from '../lib/request-error.ts';

function isChunkFailure(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  return (
    err.name === 'ChunkLoadTimeoutError' ||
    /dynamically imported module|Importing a module script failed|error loading dynamically/i.test(err.message)
  );
}

/**
 * The root error boundary: a page's code failed to load (offer a reload), the network is down, or a page crashed.
 * Plain markup: it ships with the first screen, so it must stay small.
 */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  const key = isChunkFailure(error)
    ? 'chunk'
    : error instanceof RequestError && error.kind === 'network'
      ? 'network'
      : 'crash';
  return (
    <main style={{ minHeight: '100vh', display: 'grid', placeItems: 'center', padding: 24, background: '#f4f6fa' }}>
      <div
        role="alert"
        style={{ maxWidth: 520, padding: '40px 32px', textAlign: 'center', background: '#fff', borderRadius: 8 }}
      >
        <CloseCircleFilled style={{ fontSize: 56, color: '#ff4d4f' }} aria-hidden />
        <h1 style={{ margin: '20px 0 8px', fontSize: 22, fontWeight: 600 }}>{t(`layout:error.${key}Title`)}</h1>
        <p style={{ margin: '0 0 24px', color: 'rgba(0,0,0,0.55)', lineHeight: 1.7 }}>{t(`layout:error.${key}Hint`)}</p>
        <div style={{ display: 'flex', gap: 12, justifyContent: 'center' }}>
          <Button type="primary" onClick={() => window.location.reload()}>
            {t('common:actions.reload')}
          </Button>
          <Button href="/home">{t('common:actions.backHome')}</Button>
        </div>
      </div>
    </main>
  );
}
