import { RoutePage } from '../../../components/RoutePage.tsx';

/** /operateClient/chain/article: Chain articles. Publish and manage articles for each industrial chain. */
export default function OperateChainArticlePage() {
  return <RoutePage kind="list" />;
}
