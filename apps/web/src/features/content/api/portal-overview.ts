import { useQuery } from '@tanstack/react-query';
import type { HomepageOverview } from '@phjr/contract/stats/homepage-overview';
import { callFirstRoute, firstRouteOps } from '../../../lib/first-route-client.ts';

/** GET …/getHomepageTotalOverviewData.json (public): the headline figures of /home (PRODUCT.md 11). */
export function useHomepageOverview(enabled = true) {
  return useQuery({
    queryKey: ['portal', 'homepage-overview'],
    queryFn: ({ signal }): Promise<HomepageOverview> => callFirstRoute(firstRouteOps.homepageOverview, {}, { signal }),
    staleTime: 60_000,
    enabled,
  });
}
