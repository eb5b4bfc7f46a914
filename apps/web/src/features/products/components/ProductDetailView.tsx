import { Button, Descriptions, Result, Skeleton } from 'antd';
import { PhoneOutlined, RightOutlined, UserOutlined } from '@ant-design/icons';
import type { ProductDetail } from '@phjr/contract/products/product';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useRegions } from '../../../components/use-regions.ts';
import { useEnum } from '../../../lib/enums.ts';
import { withCity } from '../../../layouts/site-nav.ts';
import { formatCount, formatDate } from '../../../lib/format.ts';
import { isProductNotFound, usePortalProduct } from '../api/portal-reads.ts';
import { usePortalProducts } from '../api/portal-products.ts';
import { ProductFigures } from './ProductCardItem.tsx';
import { ProductLogo } from '../../../components/ProductLogo.tsx';
import { ProductTags } from './ProductTags.tsx';
import {
  amountRange,
  applyHref,
  bankDisplayName,
  featureLines,
  joinList,
  productHref,
  rateRange,
  regionsText,
  termRange,
} from '../../../components/product-format.ts';
import './product-detail.css';

/** The `:productId` of the route; anything but a positive whole number means "no such product". */
export function useProductId(): number | null {
  const { productId = '' } = useParams();
  return /^\d{1,12}$/.test(productId) && Number(productId) > 0 ? Number(productId) : null;
}

/** Lines of a text field as a numbered list (conditions, materials), or as a list of selling points. */
function Lines({ text, ordered }: { text: string; ordered?: boolean }) {
  const lines = featureLines(text);
  const items = lines.map((l) => <li key={l}>{l}</li>);
  return ordered ? (
    <ol className="phjr-pdetail-lines">{items}</ol>
  ) : (
    <ul className="phjr-pdetail-lines is-features">{items}</ul>
  );
}

/** Other listed products of the same bank (or guarantee company). */
function RelatedProducts({ product: p, city }: { product: ProductDetail; city?: string | null }) {
  const { t } = useTranslation('products');
  const related = usePortalProducts({
    sourceValue: p.kind === 'GUARANTEE_SERVICE' ? 'guarantee' : 'supermarket',
    bankId: p.bankId,
    regionCode: city ?? undefined,
    sort: 'POPULAR',
    current: 1,
    pageSize: 7,
  });
  const list = (related.data?.list ?? []).filter((r) => r.id !== p.id).slice(0, 6);
  return (
    <section className="phjr-panel phjr-pdetail-side" aria-labelledby="phjr-pdetail-related">
      <h2 id="phjr-pdetail-related">{t('detail.related', { bank: bankDisplayName(p.bankName) })}</h2>
      {related.isPending ? (
        <Skeleton active title={false} paragraph={{ rows: 4 }} />
      ) : list.length ? (
        <ul className="phjr-pdetail-related">
          {list.map((r) => (
            <li key={r.id}>
              <Link to={productHref(r.id, city)}>{r.name}</Link>
              <span>
                {rateRange(r)} · {t('detail.relatedFigures', { amount: amountRange(r), term: termRange(r) })}
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="phjr-pdetail-muted">{t('detail.relatedEmpty')}</p>
      )}
      <Link className="phjr-pdetail-more" to={withCity(`/supermarket?bankId=${p.bankId}`, city)}>
        {t('detail.moreOfBank')} <RightOutlined aria-hidden style={{ fontSize: 11 }} />
      </Link>
    </section>
  );
}

function Loaded({ product: p, city }: { product: ProductDetail; city?: string | null }) {
  const { t } = useTranslation('products');
  const regions = useRegions();
  const loanType = useEnum('LoanType');
  const guarantee = useEnum('GuaranteeMethod');
  const customer = useEnum('CustomerType');
  const industry = useEnum('Industry');
  const isService = p.kind === 'GUARANTEE_SERVICE';
  const regionText = regionsText(p.regionCodes, regions.data, (name) => t('filter.wholeCity', { name }));
  const list = (codes: readonly string[], label: (c: string) => string) => joinList(codes.map(label));
  const back = isService ? '/guarantee' : withCity('/supermarket', city);
  return (
    <div className="phjr-pdetail">
      <section className="phjr-panel phjr-pdetail-head" aria-labelledby="phjr-pdetail-name">
        <div className="phjr-pdetail-id">
          <ProductLogo product={p} size={72} />
          <div>
            <h2 id="phjr-pdetail-name">{p.name}</h2>
            <p className="phjr-pdetail-bank">
              {p.orgName === p.bankName ? p.bankName : t('card.bankAndUnit', { bank: p.bankName, unit: p.orgName })}
            </p>
            <ProductTags product={p} />
          </div>
        </div>
        <ProductFigures product={p} className="phjr-pfigures phjr-pdetail-figures" />
        <div className="phjr-pdetail-cta">
          <Link to={applyHref(p)} className="phjr-btn-link is-accent is-large">
            {isService ? t('actions.applyGuarantee') : t('actions.applyNow')}
          </Link>
          <p className="phjr-pdetail-counters">
            <span>{t('card.views', { n: formatCount(p.views) })}</span>
            <span>{t('card.applications', { n: formatCount(p.applications) })}</span>
            <span>{t('card.grants', { n: formatCount(p.grants) })}</span>
          </p>
        </div>
      </section>
      <div className="phjr-pdetail-body">
        <div className="phjr-pdetail-main">
          <section className="phjr-panel" aria-labelledby="phjr-pdetail-info">
            <h2 id="phjr-pdetail-info" className="phjr-pdetail-h">
              {t('detail.info')}
            </h2>
            <Descriptions
              // One item a line on a phone: two labels and two values side by side do not fit 375 px in English.
              column={{ xs: 1, sm: 2 }}
              size="small"
              bordered
              items={[
                ...(isService
                  ? []
                  : [{ key: 'loanType', label: t('fields.loanType'), children: loanType.label(p.loanType) }]),
                {
                  key: 'guarantee',
                  label: t('fields.guaranteeMethods'),
                  children: list(p.guaranteeMethods, guarantee.label),
                },
                { key: 'rate', label: isService ? t('fields.feeRate') : t('fields.rate'), children: rateRange(p) },
                {
                  key: 'amount',
                  label: isService ? t('fields.guaranteeAmount') : t('fields.amount'),
                  children: `${amountRange(p)} ${t('units.wan')}`,
                },
                {
                  key: 'term',
                  label: isService ? t('fields.guaranteeTerm') : t('fields.term'),
                  children: `${termRange(p)} ${t('units.months')}`,
                },
                { key: 'customers', label: t('fields.customerTypes'), children: list(p.customerTypes, customer.label) },
                {
                  key: 'industries',
                  label: t('fields.industries'),
                  children: p.industries.length ? list(p.industries, industry.label) : t('detail.anyIndustry'),
                },
                { key: 'regions', label: t('fields.regions'), children: regionText, span: 2 },
                { key: 'org', label: t('fields.unit'), children: p.orgName },
                { key: 'listedAt', label: t('fields.listedAt'), children: formatDate(p.listedAt) || '-' },
              ]}
            />
          </section>
          <section className="phjr-panel" aria-labelledby="phjr-pdetail-features">
            <h2 id="phjr-pdetail-features" className="phjr-pdetail-h">
              {t('fields.features')}
            </h2>
            <Lines text={p.features} />
          </section>
          <section className="phjr-panel" aria-labelledby="phjr-pdetail-conditions">
            <h2 id="phjr-pdetail-conditions" className="phjr-pdetail-h">
              {t('fields.conditions')}
            </h2>
            <Lines text={p.conditions} ordered />
          </section>
          <section className="phjr-panel" aria-labelledby="phjr-pdetail-materials">
            <h2 id="phjr-pdetail-materials" className="phjr-pdetail-h">
              {t('fields.materials')}
            </h2>
            <Lines text={p.materials} ordered />
          </section>
        </div>
        <aside className="phjr-pdetail-aside">
          <section className="phjr-panel phjr-pdetail-side" aria-labelledby="phjr-pdetail-contact">
            <h2 id="phjr-pdetail-contact">{t('detail.contact')}</h2>
            <p>
              <UserOutlined aria-hidden /> {p.contactName}
            </p>
            <p className="phjr-pdetail-phone">
              <PhoneOutlined aria-hidden />{' '}
              <a href={`tel:${p.contactPhone}`} className="phjr-target">
                {p.contactPhone}
              </a>
            </p>
            <p className="phjr-pdetail-muted">{p.orgName}</p>
          </section>
          <section className="phjr-panel phjr-pdetail-side" aria-labelledby="phjr-pdetail-steps">
            <h2 id="phjr-pdetail-steps">{t('detail.steps')}</h2>
            <ol className="phjr-pdetail-steps">
              <li>{isService ? t('detail.stepsGuarantee.apply') : t('detail.stepsLoan.apply')}</li>
              <li>{isService ? t('detail.stepsGuarantee.accept') : t('detail.stepsLoan.accept')}</li>
              <li>{isService ? t('detail.stepsGuarantee.finish') : t('detail.stepsLoan.finish')}</li>
            </ol>
          </section>
          <RelatedProducts product={p} city={city} />
          <Link to={back} className="phjr-btn-link">
            {isService ? t('detail.backToGuarantee') : t('detail.backToSupermarket')}
          </Link>
        </aside>
      </div>
    </div>
  );
}

/** A product's page body: loading, not found (unknown, unlisted), failed, or the product in full. */
export function ProductDetailView({ city }: { city?: string | null }) {
  const { t } = useTranslation('products');
  const id = useProductId();
  const q = usePortalProduct(id);
  if (id === null || (q.isError && isProductNotFound(q.error))) {
    return (
      <section className="phjr-panel">
        <Result
          status="404"
          title={t('detail.notFoundTitle')}
          subTitle={t('detail.notFoundHint')}
          extra={
            <Link to={withCity('/supermarket', city)} className="phjr-btn-link is-primary">
              {t('detail.backToSupermarket')}
            </Link>
          }
        />
      </section>
    );
  }
  if (q.isError) {
    return (
      <section className="phjr-panel">
        <Result
          status="warning"
          title={t('detail.errorTitle')}
          subTitle={t('detail.errorHint')}
          extra={<Button onClick={() => void q.refetch()}>{t('actions.retry')}</Button>}
        />
      </section>
    );
  }
  if (!q.data) {
    return (
      <section className="phjr-panel" aria-busy="true">
        <Skeleton avatar={{ shape: 'square', size: 72 }} active paragraph={{ rows: 3 }} />
        <Skeleton active paragraph={{ rows: 8 }} />
      </section>
    );
  }
  return <Loaded product={q.data} city={city} />;
}
