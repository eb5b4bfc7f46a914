import { RoutePage } from '../../../components/RoutePage.tsx';

/** /govermentChain/chain/interviewDetail: Interview records. Every bank's visits to chain enterprises, in detail. */
export default function GovChainInterviewDetailPage() {
  return <RoutePage kind="list" />;
}
