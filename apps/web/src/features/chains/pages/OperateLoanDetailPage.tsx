import { RoutePage } from '../../../components/RoutePage.tsx';
import { LoanDetailScreen } from '../components/RecordDetails.tsx';

/** /operateClient/chain/loanDetail?id=: a bank's loan to a chain enterprise: amount, rate, term, day, product. */
export default function OperateLoanDetailPage() {
  return (
    <RoutePage>
      <LoanDetailScreen />
    </RoutePage>
  );
}
