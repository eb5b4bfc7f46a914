import { RoutePage } from '../../../components/RoutePage.tsx';

/** /news/newsDetail: Article. The full text of an article with its source, date, views and related articles. */
export default function NewsDetailPage() {
  return <RoutePage kind="detail" />;
}
