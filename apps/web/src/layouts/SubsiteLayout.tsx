import { useSearchParams } from '../lib/search-params.ts';
import { SiteFrame } from './SiteFrame.tsx';

/** The district site: the portal's frame with the district from the `city` query, carried from page to page. */
export default function SubsiteLayout() {
  const [params] = useSearchParams();
  return <SiteFrame district city={params.get('city') || null} />;
}
