import type { Db, Tx } from '../db/client.ts';
import { insertJobRun, lastJobRun, tryJobLock, type JobStatus } from './job-lock.repo.ts';

/**
 * Database-backed jobs, safe with any number of server processes. A run holds a transaction-scoped advisory lock
 * (released by the commit, or by PostgreSQL if the process dies), so one process runs a job at a time and the others
 * skip; each run is recorded in job_runs, and a run started within `minIntervalMs` of the last recorded one is
 * skipped, so N processes ticking every interval still run the job about once an interval.
 */
export interface LockedJob {
  /** The name in job_runs. */
  job: string;
  /** Its advisory lock key (4_171_0xx, one per job). */
  lock: number;
  minIntervalMs?: number;
}

/**
 * Runs `work` under the job's lock, or returns null when another process holds it or the job ran too recently.
 * `work` gets the lock's transaction (its writes commit with the job_runs row) and says how the run ended; `detail`
 * (the result unless given) is recorded with the run.
 */
export async function runLocked<R>(
  db: Db,
  spec: LockedJob,
  work: (lockTx: Tx) => Promise<{ status: JobStatus; result: R; detail?: unknown }>,
): Promise<R | null> {
  return db.transaction(async (lockTx) => {
    if (!(await tryJobLock(lockTx, spec.lock))) return null;
    if (spec.minIntervalMs) {
      const last = await lastJobRun(lockTx, spec.job);
      if (last && Date.now() - last.startedAt.getTime() < spec.minIntervalMs) return null;
    }
    const startedAt = new Date();
    const { status, result, detail = result } = await work(lockTx);
    await insertJobRun(lockTx, { job: spec.job, startedAt, finishedAt: new Date(), status, detail });
    return result;
  });
}

export interface ScheduledJob {
  name: string;
  intervalMs: number;
  /** The first run, after boot has settled. */
  firstAfterMs: number;
  /** One run; it is given `minIntervalMs` so that several processes do not repeat each other's runs. */
  run(opts: { minIntervalMs: number }): Promise<unknown>;
}

/**
 * Runs each job every `intervalMs` in this process until stopped. A tick while the previous run is still going is
 * dropped. stop() clears the timers and waits for the runs in progress (the server calls it before closing the pool).
 */
export function startJobs(jobs: ScheduledJob[], log: (m: string) => void) {
  const timers: NodeJS.Timeout[] = [];
  const running = new Map<string, Promise<unknown>>();
  let stopped = false;
  for (const job of jobs) {
    const tick = () => {
      if (stopped || running.has(job.name)) return;
      const run = job
        .run({ minIntervalMs: job.intervalMs * 0.8 })
        .catch((e: unknown) => log(`job ${job.name} failed: ${String(e)}`))
        .finally(() => running.delete(job.name));
      running.set(job.name, run);
    };
    const every = setInterval(tick, job.intervalMs);
    const first = setTimeout(tick, job.firstAfterMs);
    every.unref();
    first.unref();
    timers.push(every, first);
  }
  return {
    async stop() {
      stopped = true;
      for (const t of timers) clearTimeout(t);
      await Promise.all(running.values());
    },
  };
}
