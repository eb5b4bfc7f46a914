import { useSearchParams } from '../lib/search-params.ts';
import { useRouteDef } from '../app/route-handle.ts';
import { SiteFrame } from './SiteFrame.tsx';

/**
 * The city portal. /supermarket and /credit also serve the district site: with a `city` query they show the
 * district's frame (PRODUCT.md section 2), one route each.
 */
export default function PortalLayout() {
  const def = useRouteDef();
  const [params] = useSearchParams();
  const city = def?.districtScoped ? params.get('city') || null : null;
  return <SiteFrame district={city !== null} city={city} />;
}
