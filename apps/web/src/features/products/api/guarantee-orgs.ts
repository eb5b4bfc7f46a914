import { useQuery } from '@tanstack/react-query';
import type { GuaranteeOrg } from '@phjr/contract/guarantee/guarantee-orgs';
import { get } from '../../../lib/request.ts';

export const GUARANTEE_ORGS_URL = '/finance/guarantee/getGuaranteeFinanceOrgs.json';

/**
 * GET /finance/guarantee/getGuaranteeFinanceOrgs.json (SPEC 7, public): the active guarantee companies with how many
 * guarantee services each has listed. Type-only contract import: a portal page.
 */
export function useGuaranteeOrgs() {
  return useQuery({
    queryKey: ['portal', 'guarantee-orgs'],
    queryFn: async ({ signal }) => (await get<GuaranteeOrg[]>(GUARANTEE_ORGS_URL, undefined, { signal })).data,
    staleTime: 5 * 60_000,
  });
}
