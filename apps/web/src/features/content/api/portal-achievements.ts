import { useQuery } from '@tanstack/react-query';
import type { Achievement } from '@phjr/contract/content/achievement';
import { callFirstRoute, firstRouteOps } from '../../../lib/first-route-client.ts';

/** GET /finance/portal/achievement/list.json (public): the active showcase items by sort. */
export function usePortalAchievements() {
  return useQuery({
    queryKey: ['portal', 'achievements'],
    queryFn: async ({ signal }): Promise<Achievement[]> =>
      (await callFirstRoute(firstRouteOps.portalAchievements, {}, { signal })) ?? [],
    staleTime: 5 * 60_000,
  });
}
