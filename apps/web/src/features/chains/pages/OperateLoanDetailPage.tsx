import { RoutePage } from '../../../components/RoutePage.tsx';

/**
 * /operateClient/chain/loanDetail: Loan records. Loans registered by banks to chain enterprises: amount, rate, term
 * and date.
 */
export default function OperateLoanDetailPage() {
  return <RoutePage kind="detail" />;
}
