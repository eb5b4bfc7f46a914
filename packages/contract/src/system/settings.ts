import { z } from 'zod';

/** GET /finance/system/config/get.json: the settings the operator can change (Platform → configure). */
export const ZSystemSettings = z.object({
  sessionIdleMinutes: z.number().int(),
  sessionAbsoluteHours: z.number().int(),
  redirectAllowlist: z.array(z.string()),
  toSyxUrl: z.string(),
  firstLoanCentreUrl: z.string(),
});
export type SystemSettings = z.infer<typeof ZSystemSettings>;

/** GET /finance/portal/system/links.json: the external links every client shows (public). */
export const ZPublicLinks = z.object({ toSyxUrl: z.string(), firstLoanCentreUrl: z.string() });
