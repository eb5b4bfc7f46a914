import { useSearchParams } from '../../../lib/search-params.ts';
import { RoutePage } from '../../../components/RoutePage.tsx';
import { VisitDetailScreen } from '../components/RecordDetails.tsx';
import { VisitList } from './chain-records.tsx';

/**
 * /financialChain/chain/interviewDetail: one of the bank's visits (`?id=`); without an id (the menu entry) the list
 * of its visits, each linking here.
 */
export default function FinChainInterviewDetailPage() {
  const [params] = useSearchParams();
  return <RoutePage>{params.has('id') ? <VisitDetailScreen /> : <VisitList base="/financialChain" />}</RoutePage>;
}
