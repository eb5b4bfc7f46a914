import { useQuery } from '@tanstack/react-query';
import type { Achievement } from '@phjr/contract/content/achievement';
import { get } from '../../../lib/request.ts';

export const ACHIEVEMENTS_URL = '/finance/portal/achievement/list.json';

/** GET /finance/portal/achievement/list.json (public): the active showcase items by sort. */
export function usePortalAchievements() {
  return useQuery({
    queryKey: ['portal', 'achievements'],
    queryFn: async ({ signal }) => (await get<Achievement[]>(ACHIEVEMENTS_URL, undefined, { signal })).data ?? [],
    staleTime: 5 * 60_000,
  });
}
