import { RoutePage } from '../../../components/RoutePage.tsx';

/** /financialChain/chain/interview: Interviews. Record and review your bank's visits to chain enterprises. */
export default function FinChainInterviewPage() {
  return <RoutePage kind="list" />;
}
