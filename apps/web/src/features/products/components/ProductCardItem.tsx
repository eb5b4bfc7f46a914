import type { ReactNode } from 'react';
import { EyeOutlined, FileDoneOutlined } from '@ant-design/icons';
import type { ProductCard } from '@phjr/contract/products/product';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatCount } from '../../../lib/format.ts';
import { ProductLogo } from '../../../components/ProductLogo.tsx';
import { ProductTags } from './ProductTags.tsx';
import {
  amountRange,
  applyHref,
  featureLines,
  productHref,
  rateRange,
  termRange,
} from '../../../components/product-format.ts';
import './product-card.css';

/** The three figures a borrower compares: rate (or guarantee fee), amount and term. */
export function ProductFigures({ product: p, className }: { product: ProductCard; className?: string }) {
  const { t } = useTranslation('products');
  const service = p.kind === 'GUARANTEE_SERVICE';
  return (
    <dl className={className ?? 'phjr-pfigures'}>
      <div>
        <dt>{service ? t('card.feeRate') : t('card.rate')}</dt>
        <dd className="is-rate">{rateRange(p)}</dd>
      </div>
      <div>
        <dt>{service ? t('card.guaranteeAmount') : t('card.amount')}</dt>
        <dd>{amountRange(p)}</dd>
      </div>
      <div>
        <dt>{service ? t('card.guaranteeTerm') : t('card.term')}</dt>
        <dd>{termRange(p)}</dd>
      </div>
    </dl>
  );
}

export interface ProductCardItemProps {
  product: ProductCard;
  /** The district site's district, carried by the links. */
  city?: string | null;
  /** Extra content under the card's body (the match result's conditions). */
  children?: ReactNode;
  /** Replaces the counters line (the match score). */
  aside?: ReactNode;
}

/**
 * One product of the supermarket (UI.md "Lists"): badge, name, bank and unit, tags, selling points, the three
 * figures, the counters, "details" and "apply".
 */
export function ProductCardItem({ product: p, city, children, aside }: ProductCardItemProps) {
  const { t } = useTranslation('products');
  const href = productHref(p.id, city);
  const features = featureLines(p.features).slice(0, 3);
  return (
    <li className="phjr-pcard" aria-labelledby={`phjr-pcard-${p.id}`}>
      <div className="phjr-pcard-logo">
        <ProductLogo product={p} size={56} />
      </div>
      <div className="phjr-pcard-main">
        <h3 id={`phjr-pcard-${p.id}`} className="phjr-pcard-title">
          <Link to={href}>{p.name}</Link>
        </h3>
        <p className="phjr-pcard-bank">
          {p.orgName === p.bankName ? p.bankName : t('card.bankAndUnit', { bank: p.bankName, unit: p.orgName })}
        </p>
        <ProductTags product={p} />
        {features.length ? (
          <ul className="phjr-pcard-features" aria-label={t('fields.features')}>
            {features.map((f) => (
              <li key={f}>{f}</li>
            ))}
          </ul>
        ) : null}
        {children}
      </div>
      <ProductFigures product={p} />
      <div className="phjr-pcard-side">
        <div className="phjr-pcard-actions">
          <Link to={applyHref(p)} className="phjr-btn-link is-primary">
            {t('actions.apply')}
          </Link>
          <Link to={href} className="phjr-btn-link">
            {t('actions.detail')}
          </Link>
        </div>
        {aside ?? (
          <p className="phjr-pcard-counters">
            <span title={t('fields.views')}>
              <EyeOutlined aria-hidden /> {t('card.views', { n: formatCount(p.views) })}
            </span>
            <span title={t('fields.applications')}>
              <FileDoneOutlined aria-hidden /> {t('card.applications', { n: formatCount(p.applications) })}
            </span>
          </p>
        )}
      </div>
    </li>
  );
}
