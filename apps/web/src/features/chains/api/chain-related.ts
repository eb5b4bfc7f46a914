import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { articleOps, type ZChainArticlePageQuery } from '@phjr/contract/content/article';
import { productOps } from '@phjr/contract/products/product-ops';
import { callOperation } from '../../../lib/operation-client.ts';

/**
 * What the chain pages show from other domains, through those domains' public calls (not their features: features
 * do not import each other): a chain's listed products and its published articles. Only the chain pages use these,
 * and they are lazy routes, so the checked client (zod) is fine here.
 *
 *   const products = useChainProducts(chainId, 6);    // productOps.portalPage with industrialChainIds
 *   const news = useChainNews({ industrialChainId, current: 1, pageSize: 6 });   // articleOps.chainPage
 */

/** The LISTED loans tied to a chain (the supermarket's list with `industrialChainIds`), newest first by default. */
export function useChainProducts(industrialChainId: number | null, pageSize = 6) {
  return useQuery({
    queryKey: ['chains', 'related', 'products', industrialChainId, pageSize],
    enabled: industrialChainId !== null,
    queryFn: ({ signal }) =>
      callOperation(
        productOps.portalPage,
        { query: { industrialChainIds: String(industrialChainId), current: 1, pageSize } },
        { signal },
      ),
  });
}

export type ChainNewsQuery = z.input<typeof ZChainArticlePageQuery>;

/** The published chain articles (of one chain when `industrialChainId` is given). */
export function useChainNews(query: ChainNewsQuery, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: ['chains', 'related', 'news', query],
    enabled,
    queryFn: ({ signal }) => callOperation(articleOps.chainPage, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}
