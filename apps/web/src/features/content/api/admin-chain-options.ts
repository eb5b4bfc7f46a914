import { useQuery } from '@tanstack/react-query';
import { chainOps } from '@phjr/contract/chains/chain-ops';
import { callOperation } from '../../../lib/operation-client.ts';

/**
 * The chains a chain article may be tied to (chainOps.currentUserChains: every chain for the operator), as select
 * options; an archived chain stays shown on the articles tied to it but is not offered for new ones.
 */
export function useChainArticleChains() {
  return useQuery({
    queryKey: ['content-admin', 'chain-options'],
    queryFn: async ({ signal }) => {
      const chains = await callOperation(chainOps.currentUserChains, {}, { signal });
      return chains.map((c) => ({ value: c.id, label: c.name, disabled: c.status !== 'ACTIVE' }));
    },
    staleTime: 60_000,
  });
}
