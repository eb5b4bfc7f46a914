import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { RoutePage } from '../../../components/RoutePage.tsx';
import { useEnum } from '../../../lib/enums.ts';
import { SectionLayout } from '../../../components/SectionLayout.tsx';
import { usePortalProducts } from '../api/portal-products.ts';
import { ProductFilterPanel } from '../components/ProductFilterPanel.tsx';
import { ProductList } from '../components/ProductList.tsx';
import { pageQueryOf, useProductParams, type FilterKey } from '../components/use-product-params.ts';

/** The tab is the URL's `customerType`: every rural customer, farmers, or new agricultural entities. */
const TABS = ['', 'FARMER', 'NEW_AGRI_ENTITY'] as const;
const OWN: readonly FilterKey[] = ['customerType'];

/**
 * /countryside-develop/product-list-countryside: the supermarket's loans for farmers and new agricultural entities
 * (`countryside=true`), one tab each, with the supermarket's filters and cards.
 */
export default function CountrysideProductListPage() {
  const { t } = useTranslation('products');
  const customer = useEnum('CustomerType');
  const params = useProductParams(OWN);
  const tab = TABS.find((c) => c === params.filters.customerType) ?? '';
  const result = usePortalProducts(pageQueryOf(params, { countryside: 'true', customerType: tab || undefined }));
  return (
    <RoutePage>
      <SectionLayout section="countryside" active="products">
        <Tabs
          className="phjr-panel phjr-countryside-tabs"
          activeKey={tab || 'ALL'}
          onChange={(k) => params.setFilters({ customerType: k === 'ALL' ? undefined : k })}
          items={TABS.map((c) => ({ key: c || 'ALL', label: c ? customer.label(c) : t('countryside.all') }))}
          tabBarStyle={{ margin: 0 }}
          style={{ padding: '4px 28px 0' }}
        />
        <ProductFilterPanel params={params} hide={['customerType', 'industrialChainIds']} />
        <ProductList
          result={result}
          params={params}
          title={t('countryside.title')}
          emptyHint={t('countryside.emptyHint')}
        />
      </SectionLayout>
    </RoutePage>
  );
}
