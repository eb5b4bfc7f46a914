import { RoutePage } from '../../../components/RoutePage.tsx';

/**
 * /financialInstitution/product: Products. Create and maintain your bank's loan products and submit them for review;
 * listed products appear in the supermarket.
 */
export default function BankProductPage() {
  return <RoutePage kind="list" />;
}
