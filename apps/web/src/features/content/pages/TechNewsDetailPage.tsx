import { RoutePage } from '../../../components/RoutePage.tsx';

/** /tech/news-detail: Tech finance article. The full text of a tech finance article with its source, date and views. */
export default function TechNewsDetailPage() {
  return <RoutePage kind="detail" />;
}
