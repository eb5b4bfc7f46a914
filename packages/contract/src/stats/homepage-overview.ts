import { z } from 'zod';

/**
 * GET /finance/portal/statistics/portal/getHomepageTotalOverviewData.json (public): the headline band of /home.
 * Definitions (口径) are in docs/statistics.md. Amounts in 万元 (10,000 yuan); successRate a percentage 0-100.
 */
export const ZHomepageOverview = z.object({
  products: z.number().int(),
  banks: z.number().int(),
  demands: z.number().int(),
  amountDemanded: z.number(),
  amountGranted: z.number(),
  successRate: z.number(),
  enterprises: z.number().int(),
});
export type HomepageOverview = z.infer<typeof ZHomepageOverview>;
