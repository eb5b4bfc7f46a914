import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Page } from '@phjr/contract/envelope';
import type { ProductCard, ProductDetail } from '@phjr/contract/products/product';
import type { ZPortalProductPageQuery, ZProductBank } from '@phjr/contract/products/supermarket';
import type { z } from 'zod';
import { RequestError, get, handleRequestError } from '../../../lib/request.ts';

/**
 * The portal's product calls (SPEC 7, docs/decisions.md "Portal pages"). The contract is imported as types only:
 * /home shows featured products and zod must stay off the first route; the server validates every answer. What
 * /home does not use (match me, several counts at once) lives in its own modules, so /home loads none of it.
 */

export type ProductBank = z.infer<typeof ZProductBank>;

export const PRODUCT_PAGE_URL = '/finance/portal/product/page.json';
export const PRODUCT_DETAIL_URL = '/finance/portal/product/detail.json';
export const PRODUCT_BANKS_URL = '/finance/portal/product/banks.json';

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
    queryFn: async ({ signal }: { signal?: AbortSignal }) => (await get<Page<ProductCard>>(PRODUCT_PAGE_URL, { ...query }, { signal })).data,
  };
}

/** GET /finance/portal/product/page.json: LISTED loans (or guarantee services), filtered and sorted. */
export function usePortalProducts(query: ProductPageQuery, opts: { enabled?: boolean } = {}) {
  return useQuery({ ...productPageQuery(query), placeholderData: keepPreviousData, enabled: opts.enabled ?? true });
}

/** GET /finance/portal/product/banks.json: head offices with LISTED loans, for the bank filter. */
export function useProductBanks() {
  return useQuery({
    queryKey: ['portal', 'product-banks'],
    queryFn: async ({ signal }) => (await get<ProductBank[]>(PRODUCT_BANKS_URL, undefined, { signal })).data,
    staleTime: 5 * 60_000,
  });
}

/** Answers that mean "no such listed product": the page shows its not-found state instead of a toast. */
const NOT_FOUND_CODES = new Set(['PRODUCT_NOT_FOUND', 'NOT_FOUND', 'VALIDATION']);

export function isProductNotFound(err: unknown): boolean {
  return (
    err instanceof RequestError &&
    ((err.kind === 'business' && NOT_FOUND_CODES.has(err.info?.errorCode ?? '')) || (err.kind === 'http' && err.status === 404))
  );
}

/**
 * GET /finance/portal/product/detail.json?id= : a LISTED product. Each call counts one view, so it is not refetched
 * on window focus, and a revisit within a minute reuses it.
 */
export function usePortalProduct(id: number | null) {
  return useQuery({
    queryKey: ['portal', 'product', id],
    enabled: id !== null,
    queryFn: async ({ signal }) => {
      try {
        return (await get<ProductDetail>(PRODUCT_DETAIL_URL, { id }, { signal, skipErrorHandler: true })).data;
      } catch (err) {
        if (!isProductNotFound(err)) await handleRequestError(err);
        throw err;
      }
    },
    retry: (count, err) => !isProductNotFound(err) && count < 2,
    staleTime: 60_000,
    refetchOnWindowFocus: false,
  });
}
