import { RoutePage } from '../../../components/RoutePage.tsx';

/** /news-detail-chain: Chain article. The full text of a chain article. */
export default function ChainNewsDetailPage() {
  return <RoutePage kind="detail" />;
}
