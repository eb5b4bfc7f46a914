import { ArticleDetailScreen } from '../components/ArticleDetailScreen.tsx';

/** /news-detail-chain?id= : a chain article, read through the chain call of SPEC 7 (/article/api/chain/detail). */
export default function ChainNewsDetailPage() {
  return <ArticleDetailScreen source="chain" channel="chain" />;
}
