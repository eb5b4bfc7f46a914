import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ZPortalProductPageQuery } from '@phjr/contract/products/supermarket';
import type { z } from 'zod';
import { callFirstRoute, firstRouteOps } from '../../../lib/first-route-client.ts';

/**
 * The portal's product calls (SPEC 7, docs/decisions/0009-portal-pages.md). The contract is imported as types only:
 * /home shows featured products and zod must stay off the first route, so the page call is a first-route operation
 * (lib/first-route-client.ts). What
 * /home does not use (a product's detail, the bank filter, match me, several counts at once) lives in its own modules,
 * so /home loads none of it.
 */

type PageQuery = z.infer<typeof ZPortalProductPageQuery>;
/**
 * The query as sent (page and size given; undefined filters are left out by the request layer); the chain ids as
 * the URL carries them (`1,2`).
 */
export type ProductPageQuery = Omit<PageQuery, 'industrialChainIds' | 'sourceValue' | 'sort'> &
  Partial<Pick<PageQuery, 'sourceValue' | 'sort'>> & { industrialChainIds?: string };

export function productPageQuery(query: ProductPageQuery) {
  return {
    queryKey: ['portal', 'products', query] as const,
    queryFn: async ({ signal }: { signal?: AbortSignal }) =>
      callFirstRoute(firstRouteOps.portalProducts, { query }, { signal }),
  };
}

/** GET /finance/portal/product/page.json: LISTED loans (or guarantee services), filtered and sorted. */
export function usePortalProducts(query: ProductPageQuery, opts: { enabled?: boolean } = {}) {
  return useQuery({ ...productPageQuery(query), placeholderData: keepPreviousData, enabled: opts.enabled ?? true });
}
