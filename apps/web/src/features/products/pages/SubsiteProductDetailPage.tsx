import { RoutePage } from '../../../components/RoutePage.tsx';

/**
 * /subsite/product/:productId: Product details. A loan product in full, keeping the district while you browse its
 * site.
 */
export default function SubsiteProductDetailPage() {
  return <RoutePage kind="detail" />;
}
