import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import type { DisplayOverview } from '@phjr/contract/stats/reports';
import type { DisplayFormat } from './use-display-format.ts';

type Grant = DisplayOverview['latestGrants'][number];

/** Rows that fit the panel without moving; more than this scroll up by themselves. */
const STILL_ROWS = 7;

/**
 * The latest grants (the API masks persons' and farmers' names): day, borrower, bank and district, amount. When
 * there are more than fit, the list runs upwards in a loop (a CSS animation over the list written twice, the copy
 * hidden from assistive technology), so nothing is timed in script.
 */
export function LatestGrants({ rows, f }: { rows: Grant[]; f: DisplayFormat }) {
  const { t } = useTranslation('display');
  const moving = rows.length > STILL_ROWS;
  const row = (g: Grant, i: number, copy: boolean) => (
    <li key={`${copy ? 'c' : 'r'}${i}`} className="phjr-display-grant" aria-hidden={copy || undefined}>
      <span className="phjr-display-grant-day">{g.day.slice(5)}</span>
      <span title={g.applicantName}>{g.applicantName}</span>
      <span title={`${g.bankName} · ${g.regionName}`}>
        {g.bankName} · {g.regionName}
      </span>
      <span className="phjr-display-grant-amount">{f.wan(g.amount)}</span>
    </li>
  );
  return (
    <>
      <div className="phjr-display-grant phjr-display-grant-head" aria-hidden>
        <span>{t('col.day')}</span>
        <span>{t('col.applicant')}</span>
        <span>
          {t('col.bank')} · {t('col.district')}
        </span>
        <span className="phjr-display-grant-amount">{t('col.amountWan')}</span>
      </div>
      <div
        className={moving ? 'phjr-display-ticker is-moving' : 'phjr-display-ticker'}
        style={{ '--phjr-ticker-seconds': `${rows.length * 3}s` } as CSSProperties}
      >
        <ul className="phjr-display-ticker-track" aria-label={t('panel.latestGrants')}>
          {rows.map((g, i) => row(g, i, false))}
          {moving ? rows.map((g, i) => row(g, i, true)) : null}
        </ul>
      </div>
    </>
  );
}
