import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from './LanguageSwitch.tsx';
import { ElderModeSwitch } from './ElderModeSwitch.tsx';
import { LogoMark } from './LogoMark.tsx';

/** A quiet full-page frame for the standalone pages (403, errors, certification result). */
export function StandaloneFrame({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div style={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', background: '#f4f6fa' }}>
      <header
        style={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          gap: '4px 12px',
          padding: '8px clamp(12px, 4vw, 32px)',
          minHeight: 64,
          background: '#fff',
          borderBottom: '1px solid #e6ecf5',
        }}
      >
        <Link
          to="/home"
          style={{
            display: 'inline-flex',
            alignItems: 'center',
            gap: 10,
            color: '#0f2a5c',
            fontWeight: 600,
            fontSize: 18,
          }}
        >
          <LogoMark size={34} />
          {t('common:appName')}
        </Link>
        <span style={{ flex: 1 }} />
        <ElderModeSwitch />
        <LanguageSwitch />
      </header>
      <main style={{ flex: 1, display: 'grid', placeItems: 'center', padding: '32px 16px' }}>
        <div
          style={{
            width: '100%',
            maxWidth: 720,
            background: '#fff',
            borderRadius: 8,
            boxShadow: '0 1px 3px rgba(15,35,80,0.08)',
          }}
        >
          {children}
        </div>
      </main>
    </div>
  );
}
