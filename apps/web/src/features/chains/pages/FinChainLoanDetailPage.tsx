import { useSearchParams } from '../../../lib/search-params.ts';
import { RoutePage } from '../../../components/RoutePage.tsx';
import { LoanDetailScreen } from '../components/RecordDetails.tsx';
import { LoanList } from './chain-records.tsx';

/**
 * /financialChain/chain/loanDetail: one of the bank's loans (`?id=`); without an id (the menu entry) the list of its
 * loans, each linking here.
 */
export default function FinChainLoanDetailPage() {
  const [params] = useSearchParams();
  return <RoutePage>{params.has('id') ? <LoanDetailScreen /> : <LoanList base="/financialChain" />}</RoutePage>;
}
