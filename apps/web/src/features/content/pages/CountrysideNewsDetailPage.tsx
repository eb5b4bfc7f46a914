import { ArticleDetailScreen } from '../components/ArticleDetailScreen.tsx';

/** /countryside-develop/news-detail-countryside?id= : a rural revitalisation article or policy. */
export default function CountrysideNewsDetailPage() {
  return <ArticleDetailScreen channel="countryside-news" />;
}
