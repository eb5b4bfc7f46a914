import { useSearchParams } from '../../../lib/search-params.ts';
import { RoutePage } from '../../../components/RoutePage.tsx';
import { VisitDetailScreen } from '../components/RecordDetails.tsx';
import { VisitList } from './chain-records.tsx';

/**
 * /operateClient/chain/interviewDetail: one bank's visit of a chain enterprise (`?id=`); without an id (the links of the
 * member list) every bank's visits over every chain, filtered by chain, bank, day range and member name, each linking here.
 */
export default function OperateInterviewDetailPage() {
  const [params] = useSearchParams();
  return (
    <RoutePage>{params.has('id') ? <VisitDetailScreen /> : <VisitList base="/operateClient" bankFilter />}</RoutePage>
  );
}
