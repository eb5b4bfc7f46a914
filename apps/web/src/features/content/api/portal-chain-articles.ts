import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ArticleDetail, ZChainArticlePageQuery } from '@phjr/contract/content/article';
import type { z } from 'zod';
import { callFirstRoute, firstRouteOps } from '../../../lib/first-route-client.ts';
import { DETAIL_QUERY_OPTIONS, fetchArticleDetail } from './portal-articles.ts';

export type ChainArticlePageQuery = z.infer<typeof ZChainArticlePageQuery>;

/** GET /article/api/chain/pageData (SPEC 7): published chain articles, optionally of one chain. */
export function useChainArticles(query: ChainArticlePageQuery) {
  return useQuery({
    queryKey: ['portal', 'chain-articles', query],
    queryFn: async ({ signal }) => callFirstRoute(firstRouteOps.chainArticles, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET /article/api/chain/detail?id= (SPEC 7): one published chain article; counts one view. */
export function useChainArticle(id: number | null) {
  return useQuery<ArticleDetail>({
    queryKey: ['portal', 'chain-article', id],
    queryFn: ({ signal }) => fetchArticleDetail(firstRouteOps.chainArticle, id!, signal),
    enabled: id !== null,
    ...DETAIL_QUERY_OPTIONS,
  });
}
