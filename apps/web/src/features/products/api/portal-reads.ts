import { useQuery } from '@tanstack/react-query';
import { productOps } from '@phjr/contract/products/product-ops';
import type { ZProductBank } from '@phjr/contract/products/supermarket';
import type { z } from 'zod';
import { callOperation } from '../../../lib/operation-client.ts';
import { RequestError, handleRequestError } from '../../../lib/request.ts';

/**
 * The portal's product calls that /home does not make (a product's detail, the bank filter): apart from the list
 * (portal-products.ts, on the first route and so unparsed), they are contract operations whose answers are parsed.
 */

export type ProductBank = z.infer<typeof ZProductBank>;

/** Head offices with LISTED loans, for the bank filter; with a region, those with loans serving it. */
export function useProductBanks(regionCode?: string) {
  return useQuery({
    queryKey: ['portal', 'product-banks', regionCode ?? null],
    queryFn: ({ signal }) => callOperation(productOps.banks, { query: regionCode ? { regionCode } : {} }, { signal }),
    staleTime: 5 * 60_000,
  });
}

/** Answers that mean "no such listed product": the page shows its not-found state instead of a toast. */
const NOT_FOUND_CODES = new Set(['PRODUCT_NOT_FOUND', 'NOT_FOUND', 'VALIDATION']);

export function isProductNotFound(err: unknown): boolean {
  return (
    err instanceof RequestError &&
    ((err.kind === 'business' && NOT_FOUND_CODES.has(err.info?.errorCode ?? '')) ||
      (err.kind === 'http' && err.status === 404))
  );
}

/**
 * A LISTED product. Each call counts one view, so it is not refetched on window focus, and a revisit within a
 * minute reuses it.
 */
export function usePortalProduct(id: number | null) {
  return useQuery({
    queryKey: ['portal', 'product', id],
    enabled: id !== null,
    queryFn: async ({ signal }) => {
      try {
        return await callOperation(productOps.portalDetail, { query: { id } }, { signal, skipErrorHandler: true });
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
