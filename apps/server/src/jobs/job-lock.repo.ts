import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { jobRuns } from '../db/schema/index.ts';

export type JobStatus = 'DONE' | 'FAILED';

/** Takes the job's lock for the caller's transaction, if no other process holds it. */
export async function tryJobLock(db: DbOrTx, key: number): Promise<boolean> {
  const r = await db.execute<{ ok: boolean }>(sql`SELECT pg_try_advisory_xact_lock(${key}) AS ok`);
  return r.rows[0].ok === true;
}

export async function lastJobRun(db: DbOrTx, job: string) {
  const [row] = await db
    .select({ startedAt: jobRuns.startedAt, finishedAt: jobRuns.finishedAt })
    .from(jobRuns)
    .where(eq(jobRuns.job, job))
    .orderBy(sql`${jobRuns.startedAt} DESC`)
    .limit(1);
  return row ?? null;
}

export async function insertJobRun(
  db: DbOrTx,
  v: { job: string; startedAt: Date; finishedAt: Date; status: JobStatus; detail: unknown },
) {
  await db.insert(jobRuns).values(v);
}
