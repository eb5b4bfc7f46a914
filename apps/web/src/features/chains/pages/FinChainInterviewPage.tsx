import { RoutePage } from '../../../components/RoutePage.tsx';
import { RecordForMember } from './chain-actions.tsx';
import { VisitList } from './chain-records.tsx';

/**
 * /financialChain/chain/interview: the bank's visits to members of its chains (the server answers its own bank's
 * only), filtered by chain, enterprise, intention, result and day; "record a visit" picks a member first.
 */
export default function FinChainInterviewPage() {
  return (
    <RoutePage extra={<RecordForMember action="visit" />}>
      <VisitList base="/financialChain" />
    </RoutePage>
  );
}
