import { Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRouteDef } from '../app/route-handle.ts';
import { descKey } from './RoutePage.tsx';
import './dashboard-screen.css';

export interface DashboardScreenProps {
  /** Headline figures (keys under layout:dashboard.kpi). */
  kpis?: readonly string[];
  /** Chart panels (keys under layout:dashboard.panel), laid out three to a row. */
  panels: readonly string[];
}

/**
 * The body of an achievement-display page: its description, the headline tiles and the chart panels. Until the
 * figures are wired each tile shows a dash and each panel the empty state, in the dashboard's dark style.
 */
export function DashboardScreen({ kpis = [], panels }: DashboardScreenProps) {
  const def = useRouteDef();
  const { t } = useTranslation(['layout', 'routes']);
  return (
    <div className="phjr-dash-screen">
      {def ? <p className="phjr-dash-desc">{t(descKey(def))}</p> : null}
      {kpis.length ? (
        <ul className="phjr-dash-kpis">
          {kpis.map((k) => (
            <li key={k} className="phjr-dash-kpi">
              <span className="phjr-dash-kpi-label">{t(`dashboard.kpi.${k}`)}</span>
              <span className="phjr-dash-kpi-value" aria-label={t('page.empty')}>
                —
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="phjr-dash-panels">
        {panels.map((p) => (
          <section key={p} className="phjr-dash-panel" aria-label={t(`dashboard.panel.${p}`)}>
            <h2>{t(`dashboard.panel.${p}`)}</h2>
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('dashboard.noFigures')} />
          </section>
        ))}
      </div>
    </div>
  );
}
