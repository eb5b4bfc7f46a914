import { useSearchParams } from '../../../lib/search-params.ts';
import { RoutePage } from '../../../components/RoutePage.tsx';
import { VisitDetailScreen } from '../components/RecordDetails.tsx';
import { VisitList } from './chain-records.tsx';

/**
 * /govermentChain/chain/interviewDetail: one visit of any bank in the manager's chains (`?id=`); without an id (the
 * menu entry) the list of those visits, each linking here.
 */
export default function GovChainInterviewDetailPage() {
  const [params] = useSearchParams();
  return (
    <RoutePage>{params.has('id') ? <VisitDetailScreen /> : <VisitList base="/govermentChain" bankFilter />}</RoutePage>
  );
}
