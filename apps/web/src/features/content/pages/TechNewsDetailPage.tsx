import { ArticleDetailScreen } from '../components/ArticleDetailScreen.tsx';

/** /tech/news-detail?id= : a tech finance article with its source, date, views and related articles. */
export default function TechNewsDetailPage() {
  return <ArticleDetailScreen channel="tech" />;
}
