import { RoutePage } from '../../../components/RoutePage.tsx';

/** /news-list-chain: Chain news. News published for each industrial chain; filter by chain. */
export default function ChainNewsListPage() {
  return <RoutePage kind="list" />;
}
