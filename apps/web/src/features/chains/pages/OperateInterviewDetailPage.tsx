import { RoutePage } from '../../../components/RoutePage.tsx';
import { VisitDetailScreen } from '../components/RecordDetails.tsx';

/**
 * /operateClient/chain/interviewDetail?id=: Interview records. A bank's visit to a chain enterprise: date, staff,
 * content, financing intention and result, photos.
 */
export default function OperateInterviewDetailPage() {
  return (
    <RoutePage>
      <VisitDetailScreen />
    </RoutePage>
  );
}
