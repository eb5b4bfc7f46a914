import type { CSSProperties, ReactNode } from 'react';
import { Button, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../../lib/i18n.ts';
import { WAN_PER_YI, showFigure, type FigureKind, type Unit } from './display-format.ts';
import { useCountUp } from './use-count-up.ts';
import { useFigureDefinitions } from './api.ts';
import { DISPLAY_REFRESH_SECONDS } from '@phjr/contract/stats/reports';

/** The keys of display:unit for each shown unit (counts carry their unit in the tile's label). */
const UNIT_KEY: Partial<Record<Unit, string>> = { yi: 'yi', wan: 'wan', percent: 'percent', days: 'days' };

/** A figure's definition (口径) for its hover text, in the active language, when docs/statistics.md has one. */
export function useDefinition() {
  const { data } = useFigureDefinitions();
  const zh = currentLocale() === 'zh-CN';
  return (key: string | undefined): string | undefined => {
    const d = key ? data?.find((x) => x.key === key) : undefined;
    return d ? `${zh ? d.zh : d.en}: ${zh ? d.textZh : d.text}` : undefined;
  };
}

export interface Kpi {
  /** Names the tile for tests and styles (`data-kpi`). */
  key: string;
  label: string;
  kind: FigureKind;
  value: number | null;
  /** The figure's key in definitions.json, when it has one. */
  definition?: string;
  /** The page's main figure: larger, two cells wide. */
  lead?: boolean;
}

/** One headline figure: its label, and its number counting up to the value with the unit after it. */
function KpiTile({ kpi, hover }: { kpi: Kpi; hover?: string }) {
  const { t } = useTranslation('display');
  const locale = currentLocale();
  const shown = useCountUp(kpi.value);
  // The unit is the final value's, so a count from 0 to 2.5 亿元 does not start in 万元.
  const final = showFigure(kpi.kind, kpi.value, locale);
  const scale = final.unit === 'yi' ? WAN_PER_YI : 1;
  const text =
    shown === null
      ? '-'
      : kpi.kind === 'amount'
        ? new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(shown / scale)
        : showFigure(kpi.kind, shown, locale).text;
  const unitKey = UNIT_KEY[final.unit];
  return (
    <li
      className={kpi.lead ? 'phjr-display-kpi is-lead' : 'phjr-display-kpi'}
      style={kpi.lead ? { gridColumn: 'span 2' } : undefined}
      data-kpi={kpi.key}
      data-value={kpi.value ?? ''}
      title={hover}
    >
      <span className="phjr-display-kpi-label">{kpi.label}</span>
      <span className="phjr-display-kpi-value">
        <span className="phjr-display-kpi-number">{text}</span>
        {unitKey ? <span className="phjr-display-kpi-unit">{t(`unit.${unitKey}`)}</span> : null}
      </span>
    </li>
  );
}

/** The headline tiles in a grid of `columns` (the figures' definitions on hover). */
export function KpiTiles({
  kpis,
  columns,
  label,
  style,
  dense,
}: {
  kpis: Kpi[];
  columns: number;
  label: string;
  style?: CSSProperties;
  dense?: boolean;
}) {
  const define = useDefinition();
  return (
    <ul
      className={dense || columns >= 7 ? 'phjr-display-kpis is-dense' : 'phjr-display-kpis'}
      aria-label={label}
      style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`, ...style }}
    >
      {kpis.map((k) => (
        <KpiTile key={k.key} kpi={k} hover={define(k.definition) ?? k.label} />
      ))}
    </ul>
  );
}

/**
 * A framed panel of the display with its title (the definition of its figure on hover); `area` places it in the
 * page's grid. `empty` shows the dark "no figures" state instead of the body (an answer with nothing to draw).
 */
export function Panel(props: {
  title: string;
  area: string;
  empty?: boolean;
  children: ReactNode;
  extra?: ReactNode;
  definition?: string;
}) {
  const { title, area, empty, children, extra, definition } = props;
  const { t } = useTranslation('display');
  const define = useDefinition();
  return (
    <section className="phjr-display-panel" style={{ gridArea: area }} aria-label={title} data-panel={area}>
      <h2 title={define(definition)}>
        <span>{title}</span>
        {extra ? <span className="phjr-display-panel-extra">{extra}</span> : null}
      </h2>
      <div className="phjr-display-panel-body">
        {empty ? <p className="phjr-display-empty">{t('noFigures')}</p> : children}
      </div>
    </section>
  );
}

/** While the first answer is on its way: the page's grid with skeletons in place of the panels (no layout shift). */
export function DisplayLoading({ areas }: { areas: string[] }) {
  return (
    <>
      {areas.map((a) => (
        <section key={a} className="phjr-display-panel" style={{ gridArea: a }} aria-busy="true">
          <Skeleton active title paragraph={{ rows: 5 }} />
        </section>
      ))}
    </>
  );
}

/** No answer at all: what happened and that the screen tries again by itself (a wall screen has nobody at it). */
export function DisplayError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('display');
  return (
    <div className="phjr-display-error" role="alert">
      <p className="phjr-display-error-title">{t('loadFailed')}</p>
      <p>{t('retryHint', { seconds: DISPLAY_REFRESH_SECONDS })}</p>
      <Button type="primary" ghost size="large" onClick={onRetry}>
        {t('retry')}
      </Button>
    </div>
  );
}

/** A poll failed while figures are on screen: they stay, and the title bar says they are from the last answer. */
export function StaleNote({ show }: { show: boolean }) {
  const { t } = useTranslation('display');
  return show ? (
    <p className="phjr-display-stale" role="status">
      {t('stale')}
    </p>
  ) : null;
}

export interface Column<T> {
  key: string;
  title: string;
  render: (row: T, index: number) => ReactNode;
  align?: 'left' | 'right' | 'center';
  width?: number | string;
}

/** A plain table in the display's style (no pagination: the display shows fixed windows). */
export function DisplayTable<T>({
  rows,
  columns,
  rowKey,
  caption,
}: {
  rows: T[];
  columns: Column<T>[];
  rowKey: (row: T) => string;
  caption: string;
}) {
  return (
    <div className="phjr-display-table-wrap">
      <table className="phjr-display-table">
        <caption className="phjr-visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.key} scope="col" style={{ textAlign: c.align ?? 'right', width: c.width }}>
                {c.title}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => (
            <tr key={rowKey(r)}>
              {columns.map((c) => (
                <td key={c.key} style={{ textAlign: c.align ?? 'right' }}>
                  {c.render(r, i)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A rank as a badge: the first three stand out. */
export function RankBadge({ rank }: { rank: number }) {
  return <span className={`phjr-display-rank${rank <= 3 ? ` is-top is-top-${rank}` : ''}`}>{rank}</span>;
}
