import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ArticleDetail, ZPortalArticlePageQuery } from '@phjr/contract/content/article';
import type { z } from 'zod';
import type { articleOps } from '@phjr/contract/content/article';
import { callFirstRoute, firstRouteOps } from '../../../lib/first-route-client.ts';
import type { FirstRouteOp } from '../../../lib/first-route-ops.ts';
import { RequestError, handleRequestError } from '../../../lib/request.ts';

/**
 * The portal's reading calls for articles. The contract is imported as types only: /home shows these lists and
 * zod would add about 25 KB gzipped to its first route; the server validates every answer with the contract.
 */

/** The query as the server reads it (page and size given). */
export type PortalArticlePageQuery = z.infer<typeof ZPortalArticlePageQuery>;

/** GET /article/api/portal/page.json: published articles of one channel, pinned first, then newest. */
export function usePortalArticles(query: PortalArticlePageQuery, opts: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: ['portal', 'articles', query],
    queryFn: async ({ signal }) => callFirstRoute(firstRouteOps.portalArticles, { query }, { signal }),
    placeholderData: keepPreviousData,
    enabled: opts.enabled ?? true,
  });
}

/** GET /article/api/portal/detail.json?id= : one published article (each call counts one view). */
export function usePortalArticle(id: number | null) {
  return useQuery<ArticleDetail>({ ...portalArticleQuery(id ?? 0), enabled: id !== null });
}

/** The detail query of one article, for pages that load several at once (useQueries). */
export function portalArticleQuery(id: number) {
  return {
    queryKey: ['portal', 'article', id] as const,
    queryFn: ({ signal }: { signal?: AbortSignal }) => fetchArticleDetail(firstRouteOps.portalArticle, id, signal),
    ...DETAIL_QUERY_OPTIONS,
  };
}

/** Answers that mean "no such article for you": the page shows its not-found state instead of a toast. */
const NOT_FOUND_CODES = new Set(['ARTICLE_NOT_FOUND', 'NOT_FOUND', 'VALIDATION']);

export function isArticleNotFound(err: unknown): boolean {
  return (
    err instanceof RequestError &&
    ((err.kind === 'business' && NOT_FOUND_CODES.has(err.info?.errorCode ?? '')) ||
      (err.kind === 'http' && err.status === 404))
  );
}

/**
 * One article by id. A missing article is the page's business (it shows a Result); any other failure is shown by
 * the request layer as usual (SPEC 8).
 */
export async function fetchArticleDetail(
  op: FirstRouteOp<(typeof articleOps)['portalDetail'] | (typeof articleOps)['chainDetail']>,
  id: number,
  signal?: AbortSignal,
): Promise<ArticleDetail> {
  try {
    return await callFirstRoute(op, { query: { id } }, { signal, skipErrorHandler: true });
  } catch (err) {
    if (!isArticleNotFound(err)) await handleRequestError(err);
    throw err;
  }
}

/**
 * Each detail call counts one view on the server: no refetch on window focus, and a revisit within a minute
 * reuses the article already loaded.
 */
export const DETAIL_QUERY_OPTIONS = { staleTime: 60_000, refetchOnWindowFocus: false } as const;
