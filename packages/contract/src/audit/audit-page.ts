import { z } from 'zod';
import { ZDay } from '../bounds.ts';
import { ZPageQuery, page } from '../envelope.ts';
import { defineOperation } from '../operation.ts';

/** GET /finance/audit/page.json: the operator's audit log search, newest first. */
export const ZAuditPageQuery = ZPageQuery.extend({
  username: z.string().trim().max(64).optional(),
  action: z.string().trim().max(48).optional(),
  /** YYYY-MM-DD, inclusive, in the server's time zone (Asia/Shanghai). */
  from: ZDay.optional(),
  to: ZDay.optional(),
  target: z.string().trim().max(100).optional(),
});
export type AuditPageQuery = z.output<typeof ZAuditPageQuery>;

export const ZAuditEntry = z.object({
  id: z.number().int(),
  at: z.string(),
  userId: z.number().int().nullable(),
  username: z.string().nullable(),
  name: z.string().nullable(),
  action: z.string(),
  target: z.string().nullable(),
  ip: z.string().nullable(),
  detail: z.unknown(),
});
export type AuditEntry = z.infer<typeof ZAuditEntry>;
export const ZAuditPageResponse = page(ZAuditEntry);

/** The operator's audit log calls. */
export const auditOps = {
  page: defineOperation({ method: 'GET', path: '/finance/audit/page.json', auth: { permission: 'audit:read' }, query: ZAuditPageQuery, response: ZAuditPageResponse }),
};
