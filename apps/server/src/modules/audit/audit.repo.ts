import { and, count, eq, gte, ilike, lt, sql, type SQL } from 'drizzle-orm';
import type { AuditAction } from '@phjr/contract/audit/audit-actions';
import type { AuditFilter } from '@phjr/contract/audit/audit-page';
import type { DbOrTx } from '../../db/client.ts';
import { auditLog, users } from '../../db/schema/index.ts';
import {
  resolveSortOr,
  sortAfter,
  sortKeyColumn,
  sortOrderBy,
  type ResolvedSort,
  type SortColumns,
  type SortCursor,
} from '../../db/sort.ts';
import { likeText } from '../../db/sql.ts';

export type { AuditFilter };

export interface AuditRow {
  userId: number | null;
  /** A named action of the contract's catalogue (an unnamed one does not compile). */
  action: AuditAction;
  target?: string | null;
  detail?: unknown;
  ip?: string | null;
}

export async function insertAudit(db: DbOrTx, row: AuditRow) {
  await db.insert(auditLog).values({
    userId: row.userId,
    action: row.action,
    target: row.target ?? null,
    detail: row.detail ?? null,
    ip: row.ip ?? null,
  });
}

/** Namespace of the advisory lock per user and limited action (pg_advisory_xact_lock(namespace, hashtext(key))). */
const AUDIT_LIMIT_LOCK = 4_171_065;

/** Takes, in the caller's transaction, the lock of one user's limited action (released at commit or rollback). */
export async function lockUserAction(tx: DbOrTx, userId: number, action: AuditAction) {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${AUDIT_LIMIT_LOCK}, hashtext(${`${action}:${userId}`}))`);
}

/** A user's audit rows of one action since a time (index audit_log_user_idx). */
export async function countUserActionsSince(db: DbOrTx, userId: number, action: AuditAction, since: Date) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(auditLog)
    .where(and(eq(auditLog.userId, userId), gte(auditLog.at, since), eq(auditLog.action, action)));
  return row.n;
}

/** Start of a Shanghai calendar day as an instant. */
function dayStart(day: string) {
  return sql`(${day}::date)::timestamp AT TIME ZONE 'Asia/Shanghai'`;
}

/** The filter's conditions, the same for the page and the export. */
function conditions(f: AuditFilter): SQL[] {
  const where: SQL[] = [];
  if (f.username) where.push(eq(users.username, f.username));
  if (f.action) where.push(eq(auditLog.action, f.action));
  if (f.from) where.push(gte(auditLog.at, dayStart(f.from)));
  if (f.to) where.push(lt(auditLog.at, sql`${dayStart(f.to)} + interval '1 day'`));
  if (f.target) where.push(ilike(auditLog.target, likeText(f.target)));
  return where;
}

const ENTRY = {
  id: auditLog.id,
  at: auditLog.at,
  userId: auditLog.userId,
  username: users.username,
  name: users.name,
  action: auditLog.action,
  target: auditLog.target,
  ip: auditLog.ip,
  detail: auditLog.detail,
};

/** The sortable fields' columns (audit_log_at_idx); newest first when the filter names no sort. */
const SORT: SortColumns<NonNullable<AuditFilter['sortField']>> = { at: { expr: auditLog.at, cast: 'timestamptz' } };
const sortOf = (f: AuditFilter): ResolvedSort => resolveSortOr(f, SORT, 'at');

export async function searchAudit(db: DbOrTx, f: AuditFilter, current: number, pageSize: number) {
  const where = conditions(f);
  const cond = where.length ? and(...where) : undefined;
  const [list, [{ n }]] = await Promise.all([
    db
      .select(ENTRY)
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.userId))
      .where(cond)
      .orderBy(...sortOrderBy(sortOf(f), auditLog.id, []))
      .limit(pageSize)
      .offset((current - 1) * pageSize),
    db.select({ n: count() }).from(auditLog).leftJoin(users, eq(users.id, auditLog.userId)).where(cond),
  ]);
  return { list, total: n };
}

/** Where a batch of the export ends: the last row's sort value as PostgreSQL wrote it (microseconds kept) and its id. */
export type AuditCursor = SortCursor;

/**
 * The rows of the filter after `after`, in the page's order (its sort, newest first by default), `limit` of them:
 * keyset paging on (sort value, id) with the instant compared at full precision (a JavaScript Date would drop the
 * microseconds and skip rows).
 */
export async function auditBatch(db: DbOrTx, f: AuditFilter, after: AuditCursor | null, limit: number) {
  const where = conditions(f);
  const sort = sortOf(f);
  if (after) where.push(sortAfter(sort, auditLog.id, after));
  return db
    .select({ ...ENTRY, sortKey: sortKeyColumn(sort) })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.userId))
    .where(where.length ? and(...where) : undefined)
    .orderBy(...sortOrderBy(sort, auditLog.id, []))
    .limit(limit);
}
