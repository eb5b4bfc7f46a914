import type { z } from 'zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZAchievementIdResponse, ZAchievementListResponse, type SaveAchievementRequest, type ZAchievementIdRequest } from '@phjr/contract/content/achievement';
import { get, post } from '../../../lib/request.ts';

/** The back office's achievement calls (`/finance/door/achievement/...`, content:manage). */

const KEY = ['content-admin', 'achievements'] as const;

/** GET /finance/door/achievement/list.json: every item, active or not. */
export function useAchievements() {
  return useQuery({
    queryKey: KEY,
    queryFn: async () => (await get('/finance/door/achievement/list.json', undefined, { schema: ZAchievementListResponse })).data,
  });
}

function useAchievementMutation<V>(url: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (req: V) => (await post(url, req, { schema: ZAchievementIdResponse })).data,
    onSuccess: () => qc.invalidateQueries({ queryKey: KEY }),
  });
}

/** POST /finance/door/achievement/save.json */
export const useSaveAchievement = () => useAchievementMutation<SaveAchievementRequest>('/finance/door/achievement/save.json');
/** POST /finance/door/achievement/remove.json */
export const useRemoveAchievement = () => useAchievementMutation<z.input<typeof ZAchievementIdRequest>>('/finance/door/achievement/remove.json');
