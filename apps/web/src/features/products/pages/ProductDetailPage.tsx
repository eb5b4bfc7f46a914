import { RoutePage } from '../../../components/RoutePage.tsx';
import { ProductDetailView } from '../components/ProductDetailView.tsx';

/**
 * /product/:productId: a LISTED product in full (amount, term, reference rate, conditions, materials, contact),
 * with "apply" and the bank's other products. Unknown and unlisted ids show a not-found page.
 */
export default function ProductDetailPage() {
  return (
    <RoutePage kind="detail">
      <ProductDetailView />
    </RoutePage>
  );
}
