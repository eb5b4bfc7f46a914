import { RoutePage } from '../../../components/RoutePage.tsx';

/**
 * /countryside-develop: Rural revitalisation. The rural revitalisation corner: agricultural loan products, farmer
 * and agricultural-entity records, news and policies.
 */
export default function CountrysidePage() {
  return <RoutePage kind="overview" />;
}
