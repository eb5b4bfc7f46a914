import { RoutePage } from '../../../components/RoutePage.tsx';

/**
 * /countryside-develop/product-list-countryside: Agricultural loan products. Loan products for farmers, family farms
 * and cooperatives; filter by amount, term and guarantee method.
 */
export default function CountrysideProductListPage() {
  return <RoutePage kind="list" />;
}
