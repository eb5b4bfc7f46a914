import { RoutePage } from '../../../components/RoutePage.tsx';

/**
 * /financialChain/chain/loan: Loan registration. Register loans your bank granted to chain enterprises: amount,
 * rate, term, date and product.
 */
export default function FinChainLoanPage() {
  return <RoutePage kind="list" />;
}
