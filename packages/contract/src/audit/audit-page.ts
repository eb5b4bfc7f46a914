import { z } from 'zod';
import { ZDay } from '../bounds.ts';
import { ZPageQuery, page } from '../envelope.ts';
import { sortShape } from '../list-sort.ts';
import { defineOperation } from '../operation.ts';
import { AUDIT_ACTION_CODES } from './audit-actions.ts';

/** The audit log's sortable fields (list-sort.ts): the instant (newest first by default). */
export const AUDIT_SORT = ['at'] as const;

/** The audit log's filters and sort, the same for its page and its Excel export. */
export const ZAuditFilter = z.object({
  ...sortShape(AUDIT_SORT),
  username: z.string().trim().max(64).optional(),
  /** A named action of the catalogue (audit-actions.ts); any other code is refused. */
  action: z.enum(AUDIT_ACTION_CODES).optional(),
  /** YYYY-MM-DD, inclusive, in the server's time zone (Asia/Shanghai). */
  from: ZDay.optional(),
  to: ZDay.optional(),
  target: z.string().trim().max(100).optional(),
});
export type AuditFilter = z.output<typeof ZAuditFilter>;

/** GET /finance/audit/page.json: the operator's audit log search, newest first. */
export const ZAuditPageQuery = ZPageQuery.extend(ZAuditFilter.shape);
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

/** At most this many rows in one export of the audit log (newest first; narrow the filters for older rows). */
export const AUDIT_EXPORT_MAX_ROWS = 50_000;

/** The operator's audit log calls. */
export const auditOps = {
  page: defineOperation({
    method: 'GET',
    path: '/finance/audit/page.json',
    auth: { permission: 'audit:read' },
    query: ZAuditPageQuery,
    response: ZAuditPageResponse,
  }),
  /** The page's Excel twin: the same filters, every matching row (up to AUDIT_EXPORT_MAX_ROWS), audited as `export`. */
  export: defineOperation({
    method: 'GET',
    path: '/finance/audit/export.json',
    auth: { permission: 'audit:read' },
    query: ZAuditFilter,
    response: z.null(),
    answers: 'file',
  }),
};
