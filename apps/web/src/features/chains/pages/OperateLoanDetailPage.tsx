import { useSearchParams } from '../../../lib/search-params.ts';
import { RoutePage } from '../../../components/RoutePage.tsx';
import { LoanDetailScreen } from '../components/RecordDetails.tsx';
import { LoanList } from './chain-records.tsx';

/**
 * /operateClient/chain/loanDetail: one bank's loan of a chain enterprise (`?id=`); without an id (the links of the
 * member list) every bank's loans over every chain, filtered by chain, bank, day range and member name, each linking here.
 */
export default function OperateLoanDetailPage() {
  const [params] = useSearchParams();
  return (
    <RoutePage>{params.has('id') ? <LoanDetailScreen /> : <LoanList base="/operateClient" bankFilter />}</RoutePage>
  );
}
