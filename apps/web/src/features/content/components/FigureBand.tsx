import type { HomepageOverview } from '@phjr/contract/stats/homepage-overview';
import { useTranslation } from 'react-i18next';
import { useHomepageOverview } from '../api/portal-overview.ts';
import { DefinitionTip } from './DefinitionTip.tsx';
import { formatAmount, formatCount, formatPercent } from '../../../lib/format.ts';
import './figure-band.css';

/** The homepage overview figures (PRODUCT.md 11), in the order of the band. */
const FIGURES = [
  'products',
  'banks',
  'demands',
  'amountDemanded',
  'amountGranted',
  'successRate',
  'enterprises',
] as const;
type Figure = (typeof FIGURES)[number];

function format(f: Figure, data: HomepageOverview): string {
  if (f === 'amountDemanded' || f === 'amountGranted') return formatAmount(data[f]);
  if (f === 'successRate') return formatPercent(data[f]);
  return formatCount(data[f]);
}

/** The band of headline figures on /home, each with its definition (口径) on hover and focus. */
export function FigureBand() {
  const { t } = useTranslation('portal');
  const { data, isPending, isError } = useHomepageOverview();
  return (
    <section className="phjr-figures" aria-labelledby="phjr-figures-title" aria-busy={isPending}>
      <h2 id="phjr-figures-title" className="phjr-visually-hidden">
        {t('home.figuresTitle')}
      </h2>
      {FIGURES.map((f) => (
        <div key={f} className="phjr-figure">
          <span className="phjr-figure-value">
            {data ? (
              <>
                {format(f, data)}
                <small>{t(`home.units.${f}`)}</small>
              </>
            ) : (
              <span
                className={isPending ? 'phjr-figure-placeholder is-loading' : 'phjr-figure-placeholder'}
                aria-hidden
              >
                —
              </span>
            )}
          </span>
          <span className="phjr-figure-label">
            <DefinitionTip
              label={t(`home.figures.${f}`)}
              title={t('home.definition')}
              definition={t(`home.definitions.${f}`)}
            />
          </span>
        </div>
      ))}
      {isError && !data ? (
        <p className="phjr-figures-failed" role="status">
          {t('home.figuresFailed')}
        </p>
      ) : null}
    </section>
  );
}
