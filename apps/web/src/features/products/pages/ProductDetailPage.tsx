import { RoutePage } from '../../../components/RoutePage.tsx';

/**
 * /product/:productId: Product details. A loan product in full: amount, term, reference rate, conditions, required
 * documents and the bank. Apply online if you qualify.
 */
export default function ProductDetailPage() {
  return <RoutePage kind="detail" />;
}
