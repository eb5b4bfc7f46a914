import { RoutePage } from '../../../components/RoutePage.tsx';
import { RecordForMember } from './chain-actions.tsx';
import { LoanList } from './chain-records.tsx';

/**
 * /financialChain/chain/loan: the loans the bank registered for members of its chains (its own only), filtered by
 * chain, enterprise and day; "record a loan" picks a member first.
 */
export default function FinChainLoanPage() {
  return (
    <RoutePage extra={<RecordForMember action="loan" />}>
      <LoanList base="/financialChain" />
    </RoutePage>
  );
}
