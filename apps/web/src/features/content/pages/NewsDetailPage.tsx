import { ArticleDetailScreen } from '../components/ArticleDetailScreen.tsx';

/** /news/newsDetail?id= : an article of the news, policy, announcement or intro channel, with its source, date, views and related articles. */
export default function NewsDetailPage() {
  return <ArticleDetailScreen channel="news" />;
}
