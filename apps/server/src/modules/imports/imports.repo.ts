import { asc, count, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { importFailures, importJobs, users } from '../../db/schema/index.ts';

export async function insertJob(
  db: DbOrTx,
  v: { kind: string; fileName: string; total: number; succeeded: number; failed: number; userId: number | null },
) {
  const [r] = await db.insert(importJobs).values(v).returning({ id: importJobs.id });
  return r.id;
}

export async function updateJobCounts(db: DbOrTx, id: number, v: { total: number; succeeded: number; failed: number }) {
  await db.update(importJobs).set(v).where(eq(importJobs.id, id));
}

export async function insertFailures(
  db: DbOrTx,
  jobId: number,
  rows: { rowNo: number; data: string; reason: string }[],
) {
  // Bounded batches keep each statement under PostgreSQL's parameter limit.
  for (let i = 0; i < rows.length; i += 1000) {
    await db.insert(importFailures).values(rows.slice(i, i + 1000).map((r) => ({ jobId, ...r })));
  }
}

export async function listJobs(db: DbOrTx, kind: string, p: { limit: number; offset: number }) {
  return db
    .select({
      id: importJobs.id,
      kind: importJobs.kind,
      fileName: importJobs.fileName,
      total: importJobs.total,
      succeeded: importJobs.succeeded,
      failed: importJobs.failed,
      userName: users.name,
      createdAt: importJobs.createdAt,
    })
    .from(importJobs)
    .leftJoin(users, eq(users.id, importJobs.userId))
    .where(eq(importJobs.kind, kind))
    .orderBy(desc(importJobs.createdAt), desc(importJobs.id))
    .limit(p.limit)
    .offset(p.offset);
}

export async function countJobs(db: DbOrTx, kind: string) {
  const [r] = await db.select({ n: count() }).from(importJobs).where(eq(importJobs.kind, kind));
  return r.n;
}

export async function findJob(db: DbOrTx, id: number) {
  const [r] = await db.select().from(importJobs).where(eq(importJobs.id, id));
  return r ?? null;
}

export function listFailures(db: DbOrTx, jobId: number) {
  return db
    .select({ rowNo: importFailures.rowNo, data: importFailures.data, reason: importFailures.reason })
    .from(importFailures)
    .where(eq(importFailures.jobId, jobId))
    .orderBy(asc(importFailures.rowNo));
}

/** Namespaces of the session advisory locks that bound running imports (import-slots.ts): per user, platform slots. */
const IMPORT_USER_LOCK = 4_171_081;
const IMPORT_SLOT_LOCK = 4_171_082;

/** Takes the user's import lock on this connection, without waiting: false when another import of the user holds it. */
export async function tryUserImportLock(conn: DbOrTx, userId: number): Promise<boolean> {
  const r = await conn.execute<{ ok: boolean }>(
    sql`SELECT pg_try_advisory_lock(${IMPORT_USER_LOCK}, (${userId}::bigint % 2147483647)::int) AS ok`,
  );
  return r.rows[0].ok;
}

/** Takes the first free platform slot of `slots` on this connection, without waiting: its number, or null if none is. */
export async function tryImportSlot(conn: DbOrTx, slots: number): Promise<number | null> {
  for (let k = 0; k < slots; k++) {
    const r = await conn.execute<{ ok: boolean }>(
      sql`SELECT pg_try_advisory_lock(${IMPORT_SLOT_LOCK}, ${k}::int) AS ok`,
    );
    if (r.rows[0].ok) return k;
  }
  return null;
}

/** Releases every session advisory lock of this connection (before it goes back to the pool). */
export async function releaseImportLocks(conn: DbOrTx) {
  await conn.execute(sql`SELECT pg_advisory_unlock_all()`);
}
