import { RoutePage } from '../../../components/RoutePage.tsx';

/** /financialChain/chain/loanDetail: Loan records. Your bank's registered chain loans in detail. */
export default function FinChainLoanDetailPage() {
  return <RoutePage kind="list" />;
}
