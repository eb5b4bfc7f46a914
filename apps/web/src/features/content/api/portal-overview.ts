import { useQuery } from '@tanstack/react-query';
import type { HomepageOverview } from '@phjr/contract/stats/homepage-overview';
import { get } from '../../../lib/request.ts';

export const OVERVIEW_URL = '/finance/portal/statistics/portal/getHomepageTotalOverviewData.json';

/** GET …/getHomepageTotalOverviewData.json (public): the headline figures of /home (PRODUCT.md 11). */
export function useHomepageOverview() {
  return useQuery({
    queryKey: ['portal', 'homepage-overview'],
    queryFn: async ({ signal }) => (await get<HomepageOverview>(OVERVIEW_URL, undefined, { signal })).data,
    staleTime: 60_000,
  });
}
