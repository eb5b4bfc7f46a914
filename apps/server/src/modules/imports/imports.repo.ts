import { asc, count, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { importFailures, importJobs, users } from '../../db/schema/index.ts';

export async function insertJob(db: DbOrTx, v: { kind: string; fileName: string; total: number; succeeded: number; failed: number; userId: number | null }) {
  const [r] = await db.insert(importJobs).values(v).returning({ id: importJobs.id });
  return r.id;
}

export async function updateJobCounts(db: DbOrTx, id: number, v: { total: number; succeeded: number; failed: number }) {
  await db.update(importJobs).set(v).where(eq(importJobs.id, id));
}

export async function insertFailures(db: DbOrTx, jobId: number, rows: { rowNo: number; data: string; reason: string }[]) {
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
