import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZArticleAuthResponse } from '@phjr/contract/auth/user-info';
import type { z } from 'zod';
import {
  ZArticleDetail,
  type ZAdminArticlePageQuery,
  type ZArticleIdRequest,
  type ZPinArticleRequest,
  type ZPublishArticleRequest,
  ZArticlePageResponse,
  ZSaveArticleResponse,
  type SaveArticleRequest,
} from '@phjr/contract/content/article';
import { ARTICLE_CHANNELS, type ArticleChannel } from '@phjr/contract/content/channels';
import { ARTICLE_AUTH_URL } from '../../../lib/session.ts';
import { get, post } from '../../../lib/request.ts';

/** The back office's article calls (`/article/api/admin/...`) as TanStack Query hooks. */

const KEY = ['content-admin', 'articles'] as const;

/** The list's filters and page, as the screen holds them (current and pageSize always set). */
export type AdminArticleQuery = z.infer<typeof ZAdminArticlePageQuery>;

/** GET /article/api/auth/list: the channels this user may write in, in the product's channel order. */
export function useWritableChannels() {
  return useQuery({
    queryKey: ['content-admin', 'writable-channels'],
    queryFn: async () => {
      const allowed = new Set((await get(ARTICLE_AUTH_URL, undefined, { schema: ZArticleAuthResponse })).data);
      return ARTICLE_CHANNELS.filter((c): c is ArticleChannel => allowed.has(c));
    },
    staleTime: 5 * 60_000,
  });
}

/** GET /article/api/admin/page.json */
export function useAdminArticlePage(query: AdminArticleQuery) {
  return useQuery({
    queryKey: [...KEY, 'page', query],
    queryFn: async () => (await get('/article/api/admin/page.json', { ...query }, { schema: ZArticlePageResponse })).data,
    placeholderData: keepPreviousData,
  });
}

/** GET /article/api/admin/detail.json?id= : any state, for editing. */
export function useAdminArticle(id: number | null) {
  return useQuery({
    queryKey: [...KEY, 'detail', id],
    enabled: id !== null,
    queryFn: async () => (await get('/article/api/admin/detail.json', { id }, { schema: ZArticleDetail })).data,
    // The form is filled once from this; a background refetch must not overwrite what the operator types.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}

/** Every write answers `{ id }`; the lists and details are refetched after it. */
function useArticleMutation<V>(url: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (req: V) => (await post(url, req, { schema: ZSaveArticleResponse })).data,
    onSuccess: () => qc.invalidateQueries({ queryKey: KEY }),
  });
}

/** POST /article/api/admin/save.json: a new DRAFT (no id) or an edit that keeps the status. */
export const useSaveArticle = () => useArticleMutation<SaveArticleRequest>('/article/api/admin/save.json');
/** POST /article/api/admin/publish.json: now, or at `publishAt` (an ISO instant in the future). */
export const usePublishArticle = () => useArticleMutation<z.input<typeof ZPublishArticleRequest>>('/article/api/admin/publish.json');
/** POST /article/api/admin/offline.json */
export const useOfflineArticle = () => useArticleMutation<z.input<typeof ZArticleIdRequest>>('/article/api/admin/offline.json');
/** POST /article/api/admin/remove.json */
export const useRemoveArticle = () => useArticleMutation<z.input<typeof ZArticleIdRequest>>('/article/api/admin/remove.json');
/** POST /article/api/admin/pin.json */
export const usePinArticle = () => useArticleMutation<z.input<typeof ZPinArticleRequest>>('/article/api/admin/pin.json');
