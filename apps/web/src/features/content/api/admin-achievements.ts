import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { achievementOps } from '@phjr/contract/content/achievement';
import type { OperationInput } from '@phjr/contract/operation';
import { callOperation } from '../../../lib/operation-client.ts';

/** The back office's achievement calls (`achievementOps`, content:manage). */

const KEY = ['content-admin', 'achievements'] as const;

/** Every item, active or not. */
export function useAchievements() {
  return useQuery({
    queryKey: KEY,
    queryFn: ({ signal }) => callOperation(achievementOps.list, {}, { signal }),
  });
}

type WriteOp = (typeof achievementOps)['save' | 'remove'];

function useAchievementMutation<O extends WriteOp>(op: O) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: OperationInput<O>['body']) => callOperation(op, { body } as OperationInput<O>),
    onSuccess: () => qc.invalidateQueries({ queryKey: KEY }),
  });
}

export const useSaveAchievement = () => useAchievementMutation(achievementOps.save);
export const useRemoveAchievement = () => useAchievementMutation(achievementOps.remove);
