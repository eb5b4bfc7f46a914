import { RoutePage } from '../../../components/RoutePage.tsx';

/** /subsite/cityNews: Local news. Work updates and notices published by the district. */
export default function SubsiteCityNewsPage() {
  return <RoutePage kind="list" />;
}
