import { RoutePage } from '../../../components/RoutePage.tsx';

/**
 * /operateClient/chain/interviewDetail: Interview records. Banks' visits to chain enterprises: date, staff, content,
 * financing intention and result.
 */
export default function OperateInterviewDetailPage() {
  return <RoutePage kind="detail" />;
}
