import * as z from 'zod/mini';
import { defineOperation } from '../operation.ts';

/**
 * The headline band of /home. Definitions (口径) are in docs/statistics.md. Amounts in 万元 (10,000 yuan);
 * successRate a percentage 0-100. Written with zod/mini: the portal's first route parses it (docs/decisions/0017-operations-as-data.md).
 */
export const ZHomepageOverview = z.object({
  products: z.int(),
  banks: z.int(),
  demands: z.int(),
  amountDemanded: z.number(),
  amountGranted: z.number(),
  successRate: z.number(),
  enterprises: z.int(),
});
export type HomepageOverview = z.infer<typeof ZHomepageOverview>;

/** The portal's statistics calls (SPEC section 7). */
export const portalStatsOps = {
  homepageOverview: defineOperation({
    method: 'GET',
    path: '/finance/portal/statistics/portal/getHomepageTotalOverviewData.json',
    auth: 'public',
    response: ZHomepageOverview,
  }),
};
