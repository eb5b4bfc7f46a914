import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { PortalProductPageQuery } from '@phjr/contract/products/supermarket';
import { callFirstRoute, firstRouteOps } from '../../../lib/first-route-client.ts';

/**
 * The rural hub's reading calls (/countryside-develop): the supermarket's rural loans (`countryside=true`) and the
 * articles of the two rural channels. Portal operations of the first route, so the answers are checked without zod;
 * the query keys are those of the supermarket and news pages, which make the same calls.
 */

export type RuralCustomer = 'FARMER' | 'NEW_AGRI_ENTITY';

/** GET /finance/portal/product/page.json?countryside=true: LISTED loans for farmers or new agricultural entities. */
export function useRuralProducts(opts: { customerType?: RuralCustomer; pageSize: number }) {
  const query: PortalProductPageQuery = {
    sourceValue: 'supermarket',
    countryside: 'true',
    sort: 'POPULAR',
    customerType: opts.customerType,
    current: 1,
    pageSize: opts.pageSize,
  };
  return useQuery({
    queryKey: ['portal', 'products', query],
    queryFn: ({ signal }) => callFirstRoute(firstRouteOps.portalProducts, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET /article/api/portal/page.json: the latest published articles of a rural channel. */
export function useRuralArticles(channel: 'countryside-news' | 'countryside-policy', pageSize: number) {
  const query = { channel, current: 1, pageSize };
  return useQuery({
    queryKey: ['portal', 'articles', query],
    queryFn: ({ signal }) => callFirstRoute(firstRouteOps.portalArticles, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}
