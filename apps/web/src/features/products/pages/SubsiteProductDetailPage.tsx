import { useSearchParams } from '../../../lib/search-params.ts';
import { RoutePage } from '../../../components/RoutePage.tsx';
import { isRegionCode } from '../../../components/DistrictChooser.tsx';
import { ProductDetailView } from '../components/ProductDetailView.tsx';

/**
 * /subsite/product/:productId?city=: the product page of the district site; every link keeps the district, and the
 * bank's other products are those serving it.
 */
export default function SubsiteProductDetailPage() {
  const [params] = useSearchParams();
  const raw = params.get('city');
  const city = isRegionCode(raw) ? raw : null;
  return (
    <RoutePage kind="detail">
      <ProductDetailView city={city} />
    </RoutePage>
  );
}
