import { useEffect, useState } from 'react';
import { ConfigProvider } from 'antd';
import { Link, useLocation, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Dayjs } from 'dayjs';
import { dashboardTheme } from '../app/theme.ts';
import { LogoMark } from '../components/LogoMark.tsx';
import { RouteOutlet } from '../components/RouteOutlet.tsx';
import './dashboard.css';
import { beijingDayjs } from '../lib/format.ts';

/** UI.md: the dashboard is designed at 1920×1080 and scaled to the window. */
export const STAGE_WIDTH = 1920;
export const STAGE_HEIGHT = 1080;

export function stageScale(width: number, height: number): number {
  return Math.min(width / STAGE_WIDTH, height / STAGE_HEIGHT);
}

function useStageScale(): number {
  const [scale, setScale] = useState(() => stageScale(window.innerWidth, window.innerHeight));
  useEffect(() => {
    const onResize = () => setScale(stageScale(window.innerWidth, window.innerHeight));
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return scale;
}

/** The hall's clock: Beijing time, whatever the zone of the screen's computer. */
function useNow(): Dayjs {
  const [now, setNow] = useState(() => beijingDayjs());
  useEffect(() => {
    const timer = setInterval(() => setNow(beijingDayjs()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

const TABS = [
  { to: '/achievement-display/financial-hall/cityOverview', key: 'title.dashboard.cityOverview' },
  { to: '/achievement-display/financial-hall/districts', key: 'title.dashboard.districts' },
  { to: '/achievement-display/financial-hall/financial-organization', key: 'title.dashboard.financialOrganization' },
  { to: '/achievement-display/secured-financing/cydbd', key: 'title.dashboard.cydbd' },
  { to: '/achievement-display/secured-financing/guarantee', key: 'title.dashboard.securedGuarantee' },
] as const;

/**
 * The achievement display: full screen, dark navy, a 1920×1080 stage scaled to the window, a title bar with the
 * date and the running time, and tabs between the dashboard pages (which keep `isHall`).
 */
export default function DashboardLayout() {
  const { t } = useTranslation(['layout', 'routes']);
  const scale = useStageScale();
  const now = useNow();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const query = params.get('isHall') ? `?isHall=${params.get('isHall')}` : '';
  return (
    <ConfigProvider theme={dashboardTheme}>
      <div className="phjr-dash">
        <div
          className="phjr-dash-stage"
          style={{ width: STAGE_WIDTH, height: STAGE_HEIGHT, transform: `translate(-50%, -50%) scale(${scale})` }}
        >
          <header className="phjr-dash-titlebar">
            <div className="phjr-dash-side">
              <Link to="/home" className="phjr-dash-back">
                <LogoMark size={30} /> {t('dashboard.backToPortal')}
              </Link>
              <time dateTime={now.format('YYYY-MM-DD')}>{now.format(t('dashboard.dateFormat'))}</time>
            </div>
            <h1>{t('dashboard.title')}</h1>
            <div className="phjr-dash-side phjr-dash-side-end">
              <time className="phjr-dash-clock" dateTime={now.format('HH:mm:ss')}>
                {now.format('HH:mm:ss')}
              </time>
            </div>
          </header>
          <nav className="phjr-dash-tabs" aria-label={t('dashboard.sections')}>
            {TABS.map((tab) => (
              <Link
                key={tab.to}
                to={`${tab.to}${query}`}
                className={pathname === tab.to ? 'is-active' : undefined}
                aria-current={pathname === tab.to ? 'page' : undefined}
              >
                {t(`routes:${tab.key}`)}
              </Link>
            ))}
          </nav>
          <main className="phjr-dash-body">
            <RouteOutlet />
          </main>
        </div>
      </div>
    </ConfigProvider>
  );
}
