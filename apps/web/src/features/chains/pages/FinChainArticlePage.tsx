import { RoutePage } from '../../../components/RoutePage.tsx';

/** /financialChain/chain/article: Chain articles. Publish and manage news for the chains your bank takes part in. */
export default function FinChainArticlePage() {
  return <RoutePage kind="list" />;
}
