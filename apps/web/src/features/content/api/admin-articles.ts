import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { articleOps, type ZAdminArticlePageQuery } from '@phjr/contract/content/article';
import { ARTICLE_CHANNELS, type ArticleChannel } from '@phjr/contract/content/channels';
import type { OperationInput } from '@phjr/contract/operation';
import { callOperation } from '../../../lib/operation-client.ts';

/** The back office's article calls (`articleOps`) as TanStack Query hooks. */

const KEY = ['content-admin', 'articles'] as const;

/** The list's filters and page, as the screen holds them (current and pageSize always set). */
export type AdminArticleQuery = z.infer<typeof ZAdminArticlePageQuery>;

/** The channels this user may write in, in the product's channel order. */
export function useWritableChannels() {
  return useQuery({
    queryKey: ['content-admin', 'writable-channels'],
    queryFn: async () => {
      const allowed = new Set(await callOperation(articleOps.authList, {}));
      return ARTICLE_CHANNELS.filter((c): c is ArticleChannel => allowed.has(c));
    },
    staleTime: 5 * 60_000,
  });
}

/** The back office's list. */
export function useAdminArticlePage(query: AdminArticleQuery) {
  return useQuery({
    queryKey: [...KEY, 'page', query],
    queryFn: ({ signal }) => callOperation(articleOps.adminPage, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** One article in any state, for editing. */
export function useAdminArticle(id: number | null) {
  return useQuery({
    queryKey: [...KEY, 'detail', id],
    enabled: id !== null,
    queryFn: ({ signal }) => callOperation(articleOps.adminDetail, { query: { id: id! } }, { signal }),
    // The form is filled once from this; a background refetch must not overwrite what the operator types.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}

type WriteOp = (typeof articleOps)['save' | 'publish' | 'offline' | 'pin' | 'remove'];

/** Every write answers `{ id }`; the lists and details are refetched after it. */
function useArticleMutation<O extends WriteOp>(op: O) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: OperationInput<O>['body']) => callOperation(op, { body } as OperationInput<O>),
    onSuccess: () => qc.invalidateQueries({ queryKey: KEY }),
  });
}

/** A new DRAFT (no id) or an edit that keeps the status. */
export const useSaveArticle = () => useArticleMutation(articleOps.save);
/** Publishes now, or at `publishAt` (an ISO instant in the future). */
export const usePublishArticle = () => useArticleMutation(articleOps.publish);
export const useOfflineArticle = () => useArticleMutation(articleOps.offline);
export const useRemoveArticle = () => useArticleMutation(articleOps.remove);
export const usePinArticle = () => useArticleMutation(articleOps.pin);
