import { Alert, Drawer, Empty, Skeleton } from 'antd';
import { CheckCircleOutlined, CloseCircleOutlined } from '@ant-design/icons';
import type { MatchResult } from '@phjr/contract/products/supermarket';
import { useTranslation } from 'react-i18next';
import { formatPercent } from '../../../lib/format.ts';
import { useMatchProducts } from '../api/product-match.ts';
import { MatchForm } from './MatchForm.tsx';
import { ProductCardItem } from './ProductCardItem.tsx';
import './match.css';

/** Which of the borrower's conditions a product meets (green) and which it does not (red, named). */
export function MatchConditions({ result }: { result: MatchResult }) {
  const { t } = useTranslation('products');
  return (
    <ul className="phjr-match-conds" aria-label={t('match.conditionsLabel')}>
      {result.matched.map((c) => (
        <li key={c} className="is-met">
          <CheckCircleOutlined aria-hidden /> <span className="phjr-visually-hidden">{t('match.met')}</span>
          {t(`match.conditions.${c}`)}
        </li>
      ))}
      {result.failed.map((c) => (
        <li key={c} className="is-failed">
          <CloseCircleOutlined aria-hidden /> <span className="phjr-visually-hidden">{t('match.failed')}</span>
          {t(`match.conditions.${c}`)}
        </li>
      ))}
    </ul>
  );
}

function Score({ score }: { score: number }) {
  const { t } = useTranslation('products');
  const tone = score >= 100 ? 'is-high' : score >= 50 ? 'is-mid' : 'is-low';
  return (
    <p className={`phjr-match-score ${tone}`}>
      <strong>{formatPercent(score)}%</strong>
      <span>{t('match.score')}</span>
    </p>
  );
}

/** The ranked results of "match me", best first, each a product card with its score and conditions. */
export function MatchResultList({ results, city }: { results: readonly MatchResult[]; city?: string | null }) {
  const { t } = useTranslation('products');
  if (!results.length) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('match.noResult')} />;
  }
  return (
    <ol className="phjr-pcards phjr-match-results" aria-label={t('match.resultsLabel')}>
      {results.map((r) => (
        <ProductCardItem key={r.product.id} product={r.product} city={city} aside={<Score score={r.score} />}>
          <MatchConditions result={r} />
        </ProductCardItem>
      ))}
    </ol>
  );
}

export interface MatchDrawerProps {
  open: boolean;
  onClose(): void;
  /** The district site: the region is the district's and the links keep it. */
  city?: string | null;
}

/** "Match me" beside the supermarket: the need on top, the ranked loans below. */
export function MatchDrawer({ open, onClose, city }: MatchDrawerProps) {
  const { t } = useTranslation('products');
  const match = useMatchProducts();
  return (
    <Drawer open={open} onClose={onClose} title={t('match.title')} size="min(1080px, 100vw)" destroyOnHidden={false}>
      <div className="phjr-match">
        <section className="phjr-match-form" aria-label={t('match.formLabel')}>
          <p className="phjr-match-intro">{t('match.intro')}</p>
          <MatchForm
            onSubmit={(req) => match.mutate(req)}
            loading={match.isPending}
            span={8}
            regionLocked={!!city}
            initialValues={city ? { regionCode: city } : undefined}
          />
        </section>
        <section className="phjr-match-output" aria-label={t('match.resultsLabel')} aria-busy={match.isPending}>
          {match.isPending ? (
            <Skeleton active paragraph={{ rows: 8 }} />
          ) : match.isError ? (
            <Alert type="error" showIcon title={t('match.failedTitle')} description={t('match.failedHint')} />
          ) : match.data ? (
            <>
              <h3 className="phjr-match-heading">{t('match.resultsTitle', { n: match.data.length })}</h3>
              <MatchResultList results={match.data} city={city} />
            </>
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('match.waiting')} />
          )}
        </section>
      </div>
    </Drawer>
  );
}
