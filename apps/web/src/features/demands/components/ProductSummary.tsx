import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ProductDetail } from '@phjr/contract/products/product';
import { BankBadge } from '../../../components/BankBadge.tsx';
import { formatAmount, formatRate } from '../../../lib/format.ts';

const range = (a: number, b: number, f: (n: number) => string) => (a === b ? f(a) : `${f(a)}–${f(b)}`);

/** The product a demand applies for, as a compact card: badge, name, provider, rate, amount and term ranges. */
export function ProductSummary({ product: p }: { product: ProductDetail }) {
  const { t } = useTranslation('demands');
  return (
    <section className="phjr-demand-product" aria-label={t('form.productCard')}>
      <BankBadge name={p.bankName} size={48} />
      <div className="phjr-demand-product-body">
        <h2>
          <Link to={`/product/${p.id}`}>{p.name}</Link>
        </h2>
        <p className="phjr-demand-muted">{p.orgName}</p>
        <dl>
          <div>
            <dt>{t('form.productRate')}</dt>
            <dd>{range(p.rateMin, p.rateMax, (n) => formatRate(n))}</dd>
          </div>
          <div>
            <dt>{t('form.productAmount')}</dt>
            <dd>{t('units.wanValue', { n: range(p.amountMin, p.amountMax, formatAmount) })}</dd>
          </div>
          <div>
            <dt>{t('form.productTerm')}</dt>
            <dd>{t('units.monthsValue', { n: range(p.termMin, p.termMax, String) })}</dd>
          </div>
        </dl>
      </div>
    </section>
  );
}
