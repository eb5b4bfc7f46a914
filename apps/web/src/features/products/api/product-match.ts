import { useMutation } from '@tanstack/react-query';
import type { MatchRequest, MatchResult } from '@phjr/contract/products/supermarket';
import { post } from '../../../lib/request.ts';

export const PRODUCT_MATCH_URL = '/finance/portal/product/match.json';

/** POST /finance/portal/product/match.json: the borrower's need → loans ranked by the conditions they meet. */
export function useMatchProducts() {
  return useMutation({
    mutationFn: async (req: MatchRequest) => (await post<MatchResult[]>(PRODUCT_MATCH_URL, req)).data,
  });
}
