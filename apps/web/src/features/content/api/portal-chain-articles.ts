import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ArticleDetail, ArticleSummary, ZChainArticlePageQuery } from '@phjr/contract/content/article';
import type { Page } from '@phjr/contract/envelope';
import type { z } from 'zod';
import { get } from '../../../lib/request.ts';
import { DETAIL_QUERY_OPTIONS, fetchArticleDetail } from './portal-articles.ts';

export type ChainArticlePageQuery = z.infer<typeof ZChainArticlePageQuery>;

export const CHAIN_PAGE_URL = '/article/api/chain/pageData';
export const CHAIN_DETAIL_URL = '/article/api/chain/detail';

/** GET /article/api/chain/pageData (SPEC 7): published chain articles, optionally of one chain. */
export function useChainArticles(query: ChainArticlePageQuery) {
  return useQuery({
    queryKey: ['portal', 'chain-articles', query],
    queryFn: async ({ signal }) => (await get<Page<ArticleSummary>>(CHAIN_PAGE_URL, { ...query }, { signal })).data,
    placeholderData: keepPreviousData,
  });
}

/** GET /article/api/chain/detail?id= (SPEC 7): one published chain article; counts one view. */
export function useChainArticle(id: number | null) {
  return useQuery<ArticleDetail>({
    queryKey: ['portal', 'chain-article', id],
    queryFn: ({ signal }) => fetchArticleDetail(CHAIN_DETAIL_URL, id!, signal),
    enabled: id !== null,
    ...DETAIL_QUERY_OPTIONS,
  });
}
