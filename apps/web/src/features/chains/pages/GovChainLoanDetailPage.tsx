import { useSearchParams } from '../../../lib/search-params.ts';
import { RoutePage } from '../../../components/RoutePage.tsx';
import { LoanDetailScreen } from '../components/RecordDetails.tsx';
import { LoanList } from './chain-records.tsx';

/**
 * /govermentChain/chain/loanDetail: one loan of any bank in the manager's chains (`?id=`); without an id (the menu
 * entry) the list of those loans, each linking here.
 */
export default function GovChainLoanDetailPage() {
  const [params] = useSearchParams();
  return (
    <RoutePage>{params.has('id') ? <LoanDetailScreen /> : <LoanList base="/govermentChain" bankFilter />}</RoutePage>
  );
}
