import { useQueries } from '@tanstack/react-query';
import { productPageQuery, type ProductPageQuery } from './portal-products.ts';

/** Several page queries at once (the credit page's counts by loan type and by bank). */
export function usePortalProductCounts(queries: readonly Omit<ProductPageQuery, 'current' | 'pageSize'>[]) {
  return useQueries({
    queries: queries.map((q) => ({ ...productPageQuery({ ...q, current: 1, pageSize: 1 }), staleTime: 60_000 })),
  });
}
