import { RoutePage } from '../../../components/RoutePage.tsx';

/**
 * /countryside-develop/news-detail-countryside: Rural revitalisation article. The full text of a rural
 * revitalisation article or policy.
 */
export default function CountrysideNewsDetailPage() {
  return <RoutePage kind="detail" />;
}
