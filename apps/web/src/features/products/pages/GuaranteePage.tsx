import { Button, Empty, Input, Skeleton } from 'antd';
import { EnvironmentOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BankBadge } from '../../../components/BankBadge.tsx';
import { RoutePage } from '../../../components/RoutePage.tsx';
import { formatCount } from '../../../lib/format.ts';
import { usePortalProducts } from '../api/portal-products.ts';
import { ProductList } from '../components/ProductList.tsx';
import { pageQueryOf, useProductParams } from '../components/use-product-params.ts';
import { useGuaranteeOrgs } from '../api/guarantee-orgs.ts';
import '../components/product-card.css';
import './guarantee.css';

const POST_DEMAND = '/financing?type=GUARANTEE';

/** The guarantee companies as cards: badge, name, district, how many services they list, and what to do next. */
function Companies({ selected, onSelect }: { selected?: number; onSelect(id?: number): void }) {
  const { t } = useTranslation('products');
  const orgs = useGuaranteeOrgs();
  if (orgs.isPending) {
    return (
      <ul className="phjr-gorgs" aria-busy="true">
        {Array.from({ length: 4 }, (_, i) => (
          <li key={i} className="phjr-gorg">
            <Skeleton active avatar={{ shape: 'square', size: 48 }} paragraph={{ rows: 2 }} />
          </li>
        ))}
      </ul>
    );
  }
  const list = orgs.data ?? [];
  if (!list.length) {
    return (
      <div className="phjr-panel">
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={orgs.isError ? t('guarantee.orgsFailed') : t('guarantee.orgsEmpty')}
        />
      </div>
    );
  }
  return (
    <ul className="phjr-gorgs">
      {list.map((o) => (
        <li
          key={o.id}
          className={selected === o.id ? 'phjr-gorg is-selected' : 'phjr-gorg'}
          aria-labelledby={`phjr-gorg-${o.id}`}
        >
          <div className="phjr-gorg-head">
            <BankBadge name={o.name} size={48} />
            <div>
              <h3 id={`phjr-gorg-${o.id}`}>{o.name}</h3>
              <p>
                <EnvironmentOutlined aria-hidden /> {o.regionName ?? o.regionCode}
              </p>
            </div>
          </div>
          <p className="phjr-gorg-count">
            <SafetyCertificateOutlined aria-hidden /> {t('guarantee.services', { n: formatCount(o.services) })}
          </p>
          <div className="phjr-gorg-actions">
            <Button
              size="small"
              disabled={!o.services}
              aria-pressed={selected === o.id}
              onClick={() => onSelect(selected === o.id ? undefined : o.id)}
            >
              {selected === o.id ? t('guarantee.showAll') : t('guarantee.showServices')}
            </Button>
            <Link
              to={`${POST_DEMAND}&orgId=${o.id}`}
              className="phjr-btn-link is-primary"
              style={{ height: 24, padding: '0 10px', fontSize: 14 }}
            >
              {t('guarantee.postTo')}
            </Link>
          </div>
        </li>
      ))}
    </ul>
  );
}

/**
 * /guarantee: the city's guarantee companies and their LISTED guarantee services (`sourceValue=guarantee`), and the
 * way to post a guarantee demand (PRODUCT.md 8). The company filter and the search live in the URL.
 */
export default function GuaranteePage() {
  const { t } = useTranslation('products');
  const params = useProductParams();
  const result = usePortalProducts(pageQueryOf(params, { sourceValue: 'guarantee' }));
  return (
    <RoutePage
      extra={
        <Link to={POST_DEMAND} className="phjr-btn-link is-accent is-large">
          {t('guarantee.postDemand')}
        </Link>
      }
    >
      <section className="phjr-panel phjr-gsteps" aria-labelledby="phjr-gsteps">
        <h2 id="phjr-gsteps">{t('guarantee.howTitle')}</h2>
        <ol>
          <li>
            <strong>{t('guarantee.how.post')}</strong>
            <span>{t('guarantee.how.postText')}</span>
          </li>
          <li>
            <strong>{t('guarantee.how.guarantee')}</strong>
            <span>{t('guarantee.how.guaranteeText')}</span>
          </li>
          <li>
            <strong>{t('guarantee.how.bank')}</strong>
            <span>{t('guarantee.how.bankText')}</span>
          </li>
        </ol>
      </section>
      <section aria-labelledby="phjr-gorgs-title" className="phjr-gsection">
        <h2 id="phjr-gorgs-title" className="phjr-gsection-title">
          {t('guarantee.orgsTitle')}
        </h2>
        <Companies selected={params.filters.bankId} onSelect={(bankId) => params.setFilters({ bankId })} />
      </section>
      <div className="phjr-panel phjr-gsearch">
        <Input.Search
          key={params.filters.keyword ?? ''}
          defaultValue={params.filters.keyword}
          placeholder={t('guarantee.searchPlaceholder')}
          aria-label={t('guarantee.searchLabel')}
          maxLength={40}
          allowClear
          enterButton={t('filter.search')}
          onSearch={(keyword) => params.setFilters({ keyword })}
        />
      </div>
      <ProductList
        result={result}
        params={params}
        title={t('guarantee.servicesTitle')}
        emptyHint={t('guarantee.servicesEmpty')}
      />
    </RoutePage>
  );
}
