import { z } from 'zod';
import { defineOperation } from '../operation.ts';

/**
 * GET /finance/guarantee/getGuaranteeFinanceOrgs.json (SPEC section 7, public): the active guarantee companies,
 * with how many guarantee services each has LISTED, for the portal's /guarantee page and the demand form.
 */
export const ZGuaranteeOrg = z.object({
  id: z.number().int(),
  name: z.string(),
  shortName: z.string().nullable(),
  regionCode: z.string(),
  regionName: z.string().nullable(),
  services: z.number().int(),
});
export type GuaranteeOrg = z.infer<typeof ZGuaranteeOrg>;
export const ZGuaranteeOrgsResponse = z.array(ZGuaranteeOrg);

/** The guarantee companies' public call. */
export const guaranteeOps = {
  orgs: defineOperation({
    method: 'GET',
    path: '/finance/guarantee/getGuaranteeFinanceOrgs.json',
    auth: 'public',
    response: ZGuaranteeOrgsResponse,
  }),
};
