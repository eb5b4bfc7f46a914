import { RoutePage } from '../../../components/RoutePage.tsx';

/**
 * /operateClient/product: Products. Review products submitted by banks (list them, or reject with a reason) and
 * delist listed products.
 */
export default function OperateProductPage() {
  return <RoutePage kind="list" />;
}
