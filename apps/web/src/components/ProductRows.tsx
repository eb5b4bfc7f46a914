import { Skeleton } from 'antd';
import type { ProductCard } from '@phjr/contract/products/product';
import type { Page } from '@phjr/contract/envelope';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageEmpty } from './PageEmpty.tsx';
import { ProductLogo } from './ProductLogo.tsx';
import { amountRange, applyHref, bankDisplayName, productHref, rateRange, termRange } from './product-format.ts';
import './product-rows.css';

export interface ProductRowsProps {
  result: { data?: Page<ProductCard>; isPending: boolean; isError: boolean };
  /** Rows reserved while loading, so nothing moves when the list arrives. */
  rows?: number;
  emptyHint: string;
  /** The district site: links that keep the district. */
  city?: string | null;
}

/**
 * Portal products one per row, for a narrow column or a section landing (the district home, the rural hub): badge,
 * name, bank, amount and term, rate, apply. Texts from the bundled `portal` namespace; no heavy antd component.
 */
export function ProductRows({ result, rows = 6, emptyHint, city }: ProductRowsProps) {
  const { t } = useTranslation('portal');
  if (result.isPending) {
    return (
      <ul className="phjr-fp-rows" aria-busy="true">
        {Array.from({ length: rows }, (_, i) => (
          <li key={i} className="phjr-fp-row">
            <Skeleton active avatar={{ shape: 'square', size: 36 }} paragraph={{ rows: 1 }} title={false} />
          </li>
        ))}
      </ul>
    );
  }
  const list = result.data?.list ?? [];
  if (!list.length) return <PageEmpty kind="list" hint={result.isError ? t('productCard.failed') : emptyHint} />;
  return (
    <ul className="phjr-fp-rows">
      {list.slice(0, rows).map((p) => (
        <li key={p.id} className="phjr-fp-row" aria-labelledby={`phjr-fp-${p.id}`}>
          <ProductLogo product={p} size={36} />
          <div className="phjr-fp-row-main">
            <h3 id={`phjr-fp-${p.id}`}>
              <Link to={productHref(p.id, city)}>{p.name}</Link>
            </h3>
            <p>
              {bankDisplayName(p.bankName)} · {t('productCard.amountValue', { value: amountRange(p) })} ·{' '}
              {t('productCard.termValue', { value: termRange(p) })}
            </p>
          </div>
          <p className="phjr-fp-rate">
            <strong>{rateRange(p)}</strong>
            <span>{t('productCard.rate')}</span>
          </p>
          <Link to={applyHref(p)} className="phjr-fp-row-apply">
            {t('productCard.apply')}
          </Link>
        </li>
      ))}
    </ul>
  );
}
