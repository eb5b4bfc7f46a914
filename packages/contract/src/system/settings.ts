import { z } from 'zod';

/** GET /finance/system/config/get.json: the settings the operator can change (Platform → configure). */
export const ZSystemSettings = z.object({
  sessionIdleMinutes: z.number().int(),
  sessionAbsoluteHours: z.number().int(),
  redirectAllowlist: z.array(z.string()),
  toSyxUrl: z.string(),
  firstLoanCentreUrl: z.string(),
  /** SLA clock of demands (PRODUCT.md section 6), in working days. */
  slaAcceptDays: z.number().int(),
  slaDecisionDays: z.number().int(),
  /** The allowlist entries the operator added (redirectAllowlist also holds the built-in ones). */
  customRedirectAllowlist: z.array(z.string()),
});
export type SystemSettings = z.infer<typeof ZSystemSettings>;

/** GET /finance/portal/system/links.json: the external links every client shows (public). */
export const ZPublicLinks = z.object({ toSyxUrl: z.string(), firstLoanCentreUrl: z.string() });
