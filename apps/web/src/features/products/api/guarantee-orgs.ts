import { useQuery } from '@tanstack/react-query';
import { guaranteeOps } from '@phjr/contract/guarantee/guarantee-orgs';
import { callOperation } from '../../../lib/operation-client.ts';

/**
 * The active guarantee companies with how many guarantee services each has listed (SPEC 7, public), for the
 * /guarantee page (not on the first route, so its answer is parsed).
 */
export function useGuaranteeOrgs() {
  return useQuery({
    queryKey: ['portal', 'guarantee-orgs'],
    queryFn: ({ signal }) => callOperation(guaranteeOps.orgs, {}, { signal }),
    staleTime: 5 * 60_000,
  });
}
