import { useState } from 'react';
import { Button } from 'antd';
import { EnvironmentOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useSearchParams } from '../../../lib/search-params.ts';
import { useTranslation } from 'react-i18next';
import { RoutePage } from '../../../components/RoutePage.tsx';
import { regionName, useRegions } from '../../../components/use-regions.ts';
import { DistrictChooser, isRegionCode } from '../../../components/DistrictChooser.tsx';
import { usePortalProducts } from '../api/portal-products.ts';
import { MatchDrawer } from '../components/MatchDrawer.tsx';
import { ProductFilterPanel } from '../components/ProductFilterPanel.tsx';
import { ProductList } from '../components/ProductList.tsx';
import { pageQueryOf, useProductParams, type FilterKey } from '../components/use-product-params.ts';

const DISTRICT_OWN: readonly FilterKey[] = ['regionCode'];
const CITY_OWN: readonly FilterKey[] = [];

/**
 * /supermarket (and /supermarket?city=<district>, the district site's supermarket): the LISTED loans, searched,
 * filtered and sorted from the URL, 10 a page, with "match me" beside the search.
 */
export default function SupermarketPage() {
  const { t } = useTranslation('products');
  const [search] = useSearchParams();
  const city = search.get('city');
  const { data: regions } = useRegions();
  const districtName = regionName(regions, city);
  const unknownDistrict = city !== null && (!isRegionCode(city) || (regions !== undefined && !districtName));
  const params = useProductParams(city ? DISTRICT_OWN : CITY_OWN);
  const [matching, setMatching] = useState(false);
  const result = usePortalProducts(pageQueryOf(params, city ? { regionCode: city } : {}), {
    enabled: !unknownDistrict,
  });

  if (unknownDistrict) {
    return (
      <RoutePage>
        <DistrictChooser unknown to="/supermarket" />
      </RoutePage>
    );
  }
  return (
    <RoutePage
      extra={
        <Button type="primary" size="large" icon={<ThunderboltOutlined />} onClick={() => setMatching(true)}>
          {t('match.open')}
        </Button>
      }
    >
      {city ? (
        <div className="phjr-panel phjr-pfilter-note" role="note">
          <span>
            <EnvironmentOutlined aria-hidden /> {t('list.districtNote', { name: districtName ?? city })}
          </span>
          <Link to="/supermarket">{t('list.wholeCityLink')}</Link>
        </div>
      ) : null}
      <ProductFilterPanel params={params} hide={city ? DISTRICT_OWN : CITY_OWN} regionCode={city ?? undefined} />
      <ProductList result={result} params={params} city={city} title={t('list.title')} />
      <MatchDrawer open={matching} onClose={() => setMatching(false)} city={city} />
    </RoutePage>
  );
}
