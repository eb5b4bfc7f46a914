import { RoutePage } from '../../../components/RoutePage.tsx';

/** /govermentChain/chain/loanDetail: Loan records. Every bank's registered loans to chain enterprises, in detail. */
export default function GovChainLoanDetailPage() {
  return <RoutePage kind="list" />;
}
