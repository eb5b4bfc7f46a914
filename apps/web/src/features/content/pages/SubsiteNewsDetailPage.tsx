import { useSearchParams } from '../../../lib/search-params.ts';
import { ArticleDetailScreen } from '../components/ArticleDetailScreen.tsx';

/** /subsite/newsDetail?id=&city= : a district's article; every link on it keeps the district. */
export default function SubsiteNewsDetailPage() {
  const [params] = useSearchParams();
  return <ArticleDetailScreen channel="city" city={params.get('city')} />;
}
