import { RoutePage } from '../../../components/RoutePage.tsx';

/**
 * /countryside-develop/news-list-countryside: Rural revitalisation news. Work updates and news on rural
 * revitalisation.
 */
export default function CountrysideNewsListPage() {
  return <RoutePage kind="list" />;
}
