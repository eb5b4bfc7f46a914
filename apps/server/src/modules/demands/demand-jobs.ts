import type { DemandAction } from '@phjr/contract/demands/demand';
import type { Db } from '../../db/client.ts';
import type { JobStatus } from '../../jobs/job-lock.repo.ts';
import { runLocked, type ScheduledJob } from '../../jobs/runner.ts';
import { AppError } from '../../lib/errors.ts';
import * as repo from './demands.repo.ts';
import { SYSTEM, type DemandsService } from './demands.service.ts';

/**
 * The SLA sweep of demands (PRODUCT.md section 6), a database-backed job that is safe with any number of server
 * processes (jobs/runner.ts runLocked: one process sweeps at a time, the others skip; each run is recorded in
 * job_runs, and a run started within `minIntervalMs` of the last one is skipped). Each demand is changed in its own
 * transaction by an UPDATE that re-checks what the sweep decided on, so even two sweeps at once (or a sweep racing a
 * bank) never move one demand twice. A run:
 * 1. warns the institution of each running deadline whose warning is due (once);
 * 2. expires each pending demand whose acceptance deadline has passed;
 * 3. returns each expired orientation demand whose wait for a supervisor is over to the public pool;
 * 4. when given the chain members' service, warns each bank whose chain claim lapses soon (once per claim,
 *    chain-enterprises.service.ts warnLapsingClaims, CHAIN_CLAIM_WARN_DAYS): the one job that runs the clocks.
 */
export const SWEEP_JOB = 'demand.sla';
const SWEEP_LOCK = 4_171_030;
const BATCH = 500;

export interface SweepResult {
  skipped: boolean;
  warned: number;
  expired: number;
  returned: number;
  /** Chain claims whose bank was warned that they lapse soon. */
  claimsWarned: number;
  failed: number;
}

/** What the sweep needs of the chain members' service (services.ts chainEnterprises). */
export interface ClaimClock {
  warnLapsingClaims(now: Date, limit?: number): Promise<number>;
}

/** `svc` is the demands service of the composition root (services.ts): the sweep moves demands by its rules. */
export async function runDemandSweep(
  db: Db,
  svc: DemandsService,
  opts: { now?: Date; minIntervalMs?: number; log?: (m: string) => void; claims?: ClaimClock } = {},
): Promise<SweepResult> {
  const now = opts.now ?? new Date();
  const result: SweepResult = { skipped: false, warned: 0, expired: 0, returned: 0, claimsWarned: 0, failed: 0 };
  const move = async (id: number, action: DemandAction) => {
    const d = await repo.findDemand(db, id);
    if (!d) return false;
    try {
      await svc.apply(d, { action } as { action: 'expire' | 'returnToPool' }, SYSTEM, now);
      return true;
    } catch (e) {
      // Moved meanwhile (accepted, withdrawn, reassigned): nothing to do.
      if (e instanceof AppError && e.code === 'DEMAND_BAD_STATE') return false;
      result.failed += 1;
      opts.log?.(`demand sweep: ${action} of demand ${id} failed: ${String(e)}`);
      return false;
    }
  };
  const ran = await runLocked(db, { job: SWEEP_JOB, lock: SWEEP_LOCK, minIntervalMs: opts.minIntervalMs }, async () => {
    let status: JobStatus = 'DONE';
    try {
      for (const id of await repo.warningsDue(db, now, BATCH)) if (await svc.warn(id, now)) result.warned += 1;
      for (const id of await repo.expiriesDue(db, now, BATCH)) if (await move(id, 'expire')) result.expired += 1;
      for (const id of await repo.poolReturnsDue(db, now, BATCH))
        if (await move(id, 'returnToPool')) result.returned += 1;
      if (opts.claims) result.claimsWarned = await opts.claims.warnLapsingClaims(now, BATCH);
    } catch (e) {
      status = 'FAILED';
      opts.log?.(`demand sweep failed: ${String(e)}`);
    }
    return { status, result, detail: { now: now.toISOString(), ...result } };
  });
  return ran ?? { ...result, skipped: true };
}

/** The sweep as a scheduled job of the server (jobs/runner.ts startJobs), every minute. */
export function demandSweepJob(
  db: Db,
  demands: DemandsService,
  log: (m: string) => void,
  claims?: ClaimClock,
): ScheduledJob {
  return {
    name: SWEEP_JOB,
    intervalMs: 60_000,
    firstAfterMs: 5_000,
    run: ({ minIntervalMs }) => runDemandSweep(db, demands, { minIntervalMs, log, claims }),
  };
}
