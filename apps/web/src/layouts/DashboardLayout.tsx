import { useEffect, useState } from 'react';
import { ConfigProvider } from 'antd';
import { Link, useLocation } from 'react-router';
import { useSearchParams } from '../lib/search-params.ts';
import { useTranslation } from 'react-i18next';
import type { Dayjs } from 'dayjs';
import { dashboardTheme } from '../app/theme.ts';
import { useRouteDef } from '../app/route-handle.ts';
import { LanguageSwitch } from '../components/LanguageSwitch.tsx';
import { LogoMark } from '../components/LogoMark.tsx';
import { RouteOutlet } from '../components/RouteOutlet.tsx';
import { DisplayAsOfProvider, useAsOfState } from '../features/stats/display/as-of.tsx';
import { useMediaQuery } from '../lib/media-query.ts';
import { STACKED_QUERY, STAGE_HEIGHT, STAGE_WIDTH, stageScale } from './dashboard-stage.ts';
import './dashboard.css';
import { beijingDayjs, formatDateTimeSeconds } from '../lib/format.ts';

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
 * The achievement display: full screen, dark navy, a 1920×1080 stage scaled to the window (a CSS transform, so the
 * pages lay out in stage pixels and the charts, drawn as SVG, stay sharp at any scale). On a narrow screen (a phone, a
 * tablet held upright: STACKED_QUERY) the stage would shrink its text to nothing; there the panels stand one under the
 * other at their own size instead, and the page scrolls (issue 32). The title bar: the way
 * back to the portal with the platform's name, the display's title and the page's, the date, the running Beijing
 * time and the "as of" time of the figures on screen (each page reports its answer's); the tabs between the pages
 * (which keep `isHall`).
 */
export default function DashboardLayout() {
  const { t } = useTranslation(['layout', 'routes', 'display']);
  const scale = useStageScale();
  const stacked = useMediaQuery(STACKED_QUERY);
  const now = useNow();
  const def = useRouteDef();
  const [asOf, setAsOf] = useAsOfState();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const query = params.get('isHall') ? `?isHall=${params.get('isHall')}` : '';
  return (
    <ConfigProvider theme={dashboardTheme}>
      <div className={stacked ? 'phjr-dash is-stacked' : 'phjr-dash'}>
        <div
          className="phjr-dash-stage"
          data-scale={stacked ? 1 : scale}
          style={
            stacked
              ? undefined
              : { width: STAGE_WIDTH, height: STAGE_HEIGHT, transform: `translate(-50%, -50%) scale(${scale})` }
          }
        >
          <header className="phjr-dash-titlebar">
            <div className="phjr-dash-side">
              {/* Named by its text, the platform's name then "back to the portal" (WCAG 2.5.3). */}
              <Link to="/home" className="phjr-dash-back">
                <LogoMark size={34} />
                <span className="phjr-dash-platform">
                  <span>{t('display:platform')}</span>
                  <small>← {t('dashboard.backToPortal')}</small>
                </span>
              </Link>
            </div>
            <div className="phjr-dash-heading">
              <h1>{t('dashboard.title')}</h1>
              {def ? <p className="phjr-dash-pagetitle">{t(`routes:${def.titleKey}`)}</p> : null}
            </div>
            <div className="phjr-dash-side phjr-dash-side-end">
              <div className="phjr-dash-times">
                <span>
                  <time dateTime={now.format('YYYY-MM-DD')}>{now.format(t('dashboard.dateFormat'))}</time>{' '}
                  <time className="phjr-dash-clock" dateTime={now.format('HH:mm:ss')}>
                    {now.format('HH:mm:ss')}
                  </time>
                </span>
                <span className="phjr-dash-asof" data-as-of={asOf ?? ''}>
                  {asOf ? t('display:asOf', { time: formatDateTimeSeconds(asOf) }) : '\u00a0'}
                </span>
              </div>
              <LanguageSwitch />
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
            <DisplayAsOfProvider onChange={setAsOf}>
              <RouteOutlet />
            </DisplayAsOfProvider>
          </main>
        </div>
      </div>
    </ConfigProvider>
  );
}
