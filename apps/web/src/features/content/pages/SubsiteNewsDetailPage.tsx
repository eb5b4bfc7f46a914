import { RoutePage } from '../../../components/RoutePage.tsx';

/** /subsite/newsDetail: Local article. The full text of a local article. */
export default function SubsiteNewsDetailPage() {
  return <RoutePage kind="detail" />;
}
