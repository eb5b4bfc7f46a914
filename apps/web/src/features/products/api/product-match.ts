import { useMutation } from '@tanstack/react-query';
import type { MatchRequest } from '@phjr/contract/products/supermarket';
import { productOps } from '@phjr/contract/products/product-ops';
import { callOperation } from '../../../lib/operation-client.ts';

/** "Match me": the borrower's need → loans ranked by the conditions they meet. */
export function useMatchProducts() {
  return useMutation({
    mutationFn: (req: MatchRequest) => callOperation(productOps.match, { body: req }),
  });
}
