import { RoutePage } from '../../../components/RoutePage.tsx';

/**
 * /financialChain/chain/interviewDetail: Interview records. Your bank's visit records in detail: date, staff,
 * content, financing intention, result and photos.
 */
export default function FinChainInterviewDetailPage() {
  return <RoutePage kind="list" />;
}
