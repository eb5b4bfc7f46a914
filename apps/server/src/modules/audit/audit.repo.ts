import { and, count, desc, eq, gte, ilike, lt, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { auditLog, users } from '../../db/schema/index.ts';
import { likeText } from '../../db/sql.ts';

export interface AuditFilter {
  username?: string;
  action?: string;
  /** YYYY-MM-DD, inclusive, Asia/Shanghai. */
  from?: string;
  to?: string;
  target?: string;
}

export interface AuditRow {
  userId: number | null;
  action: string;
  target?: string | null;
  detail?: unknown;
  ip?: string | null;
}

export async function insertAudit(db: DbOrTx, row: AuditRow) {
  await db.insert(auditLog).values({ userId: row.userId, action: row.action, target: row.target ?? null, detail: row.detail ?? null, ip: row.ip ?? null });
}

/** Namespace of the advisory lock per user and limited action (pg_advisory_xact_lock(namespace, hashtext(key))). */
const AUDIT_LIMIT_LOCK = 4_171_065;

/** Takes, in the caller's transaction, the lock of one user's limited action (released at commit or rollback). */
export async function lockUserAction(tx: DbOrTx, userId: number, action: string) {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${AUDIT_LIMIT_LOCK}, hashtext(${`${action}:${userId}`}))`);
}

/** A user's audit rows of one action since a time (index audit_log_user_idx). */
export async function countUserActionsSince(db: DbOrTx, userId: number, action: string, since: Date) {
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

export async function searchAudit(db: DbOrTx, f: AuditFilter, current: number, pageSize: number) {
  const where: SQL[] = [];
  if (f.username) where.push(eq(users.username, f.username));
  if (f.action) where.push(eq(auditLog.action, f.action));
  if (f.from) where.push(gte(auditLog.at, dayStart(f.from)));
  if (f.to) where.push(lt(auditLog.at, sql`${dayStart(f.to)} + interval '1 day'`));
  if (f.target) where.push(ilike(auditLog.target, likeText(f.target)));
  const cond = where.length ? and(...where) : undefined;
  const [list, [{ n }]] = await Promise.all([
    db
      .select({
        id: auditLog.id,
        at: auditLog.at,
        userId: auditLog.userId,
        username: users.username,
        name: users.name,
        action: auditLog.action,
        target: auditLog.target,
        ip: auditLog.ip,
        detail: auditLog.detail,
      })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.userId))
      .where(cond)
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(pageSize)
      .offset((current - 1) * pageSize),
    db.select({ n: count() }).from(auditLog).leftJoin(users, eq(users.id, auditLog.userId)).where(cond),
  ]);
  return { list, total: n };
}
