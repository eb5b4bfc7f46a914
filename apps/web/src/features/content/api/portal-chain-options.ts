import { useQuery } from '@tanstack/react-query';
import { chainOps } from '@phjr/contract/chains/chain-ops';
import { callOperation } from '../../../lib/operation-client.ts';

/** The portal's chains (chainOps.portalList, public) as the options of /news-list-chain's chain selector. */
export function usePortalChainOptions() {
  return useQuery({
    queryKey: ['portal', 'chain-options'],
    queryFn: async ({ signal }) =>
      (await callOperation(chainOps.portalList, {}, { signal })).map((c) => ({ value: c.id, label: c.name })),
    staleTime: 5 * 60_000,
  });
}
