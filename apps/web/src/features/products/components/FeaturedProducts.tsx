import { Skeleton } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageEmpty } from '../../../components/PageEmpty.tsx';
import { usePortalProducts } from '../api/portal-products.ts';
import { ProductLogo } from '../../../components/ProductLogo.tsx';
import { ProductRows } from '../../../components/ProductRows.tsx';
import { ProductTags } from './ProductTags.tsx';
import { amountRange, applyHref, productHref, rateRange, termRange } from '../../../components/product-format.ts';
import './featured-products.css';

export interface FeaturedProductsProps {
  /** The district site: its district's products, and links that keep it. */
  city?: string | null;
  /** Cards in a grid of this many columns, or one row per product (a narrow column). */
  columns?: 3 | 'rows';
  emptyHint: string;
  /** Put the empty state on a white panel (where the cards stand on the page's background). */
  panel?: boolean;
}

const COUNT = 6;

/**
 * The most applied-for LISTED loans as compact cards (/home and the district home): badge, name, bank, rate,
 * amount, term, tags, details and apply. Texts from the bundled `portal` namespace and no heavy antd component:
 * /home is the portal's first route.
 */
export function FeaturedProducts({ city, columns = 3, emptyHint, panel }: FeaturedProductsProps) {
  const { t } = useTranslation('portal');
  const q = usePortalProducts({
    sourceValue: 'supermarket',
    sort: 'POPULAR',
    regionCode: city ?? undefined,
    current: 1,
    pageSize: COUNT,
  });
  if (columns === 'rows') {
    const rows = <ProductRows result={q} rows={COUNT} emptyHint={emptyHint} city={city} />;
    return panel && !q.isPending && !q.data?.list.length ? <div className="phjr-panel">{rows}</div> : rows;
  }
  const style = { gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` };
  if (q.isPending) {
    return (
      <ul className="phjr-fp" style={style} aria-busy="true">
        {Array.from({ length: COUNT }, (_, i) => (
          <li key={i} className="phjr-fp-card">
            <Skeleton active avatar={{ shape: 'square', size: 40 }} paragraph={{ rows: 3 }} title />
          </li>
        ))}
      </ul>
    );
  }
  const list = q.data?.list ?? [];
  if (!list.length) {
    const empty = <PageEmpty kind="list" hint={q.isError ? t('productCard.failed') : emptyHint} />;
    return panel ? <div className="phjr-panel">{empty}</div> : empty;
  }
  return (
    <ul className="phjr-fp" style={style}>
      {list.map((p) => (
        <li key={p.id} className="phjr-fp-card" aria-labelledby={`phjr-fp-${p.id}`}>
          <div className="phjr-fp-head">
            <ProductLogo product={p} size={40} />
            <div>
              <h3 id={`phjr-fp-${p.id}`}>
                <Link to={productHref(p.id, city)}>{p.name}</Link>
              </h3>
              <p>{p.bankName}</p>
            </div>
          </div>
          <p className="phjr-fp-rate">
            <strong>{rateRange(p)}</strong>
            <span>{t('productCard.rate')}</span>
          </p>
          <dl className="phjr-fp-figures">
            <div>
              <dt>{t('productCard.amount')}</dt>
              <dd>{t('productCard.amountValue', { value: amountRange(p) })}</dd>
            </div>
            <div>
              <dt>{t('productCard.term')}</dt>
              <dd>{t('productCard.termValue', { value: termRange(p) })}</dd>
            </div>
          </dl>
          <ProductTags product={p} customers={false} limit={3} />
          <div className="phjr-fp-actions">
            <Link to={productHref(p.id, city)}>{t('productCard.detail')}</Link>
            <Link to={applyHref(p)} className="is-primary">
              {t('productCard.apply')}
            </Link>
          </div>
        </li>
      ))}
    </ul>
  );
}
