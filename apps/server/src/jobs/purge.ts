import type { Db } from '../db/client.ts';
import { purgeExpired } from '../modules/auth/auth.repo.ts';
import { FAILURE_WINDOW_MS } from '../modules/auth/password-guard.ts';
import { purgeCodesSentBefore } from '../modules/notify/sms.repo.ts';
import { runLocked, type ScheduledJob } from './runner.ts';

export const PURGE_JOB = 'auth.purge';
export const PURGE_LOCK = 4_171_040;

/**
 * What is kept. A ticket (60 s) or captcha (2 min) can never be used once expired, and a failed login counts only
 * within FAILURE_WINDOW_MS (15 min); every login, failed login and ticket exchange is in audit_log and sessions for
 * good, so these rows are not the audit trail. They are kept an hour past expiry (at least twice the failure window)
 * to look into a sign-in problem reported right away, then deleted.
 */
export const AUTH_RETENTION_MS = Math.max(3_600_000, 2 * FAILURE_WINDOW_MS);
/**
 * SMS codes are the send limits' counters (sms.codes.ts): the per-phone limit counts the codes of the last 24 hours,
 * so a code is kept 25 hours (an hour of margin for clocks of other processes), expired or not.
 */
export const SMS_RETENTION_MS = 25 * 3_600_000;

export interface PurgeResult {
  skipped: boolean;
  tickets: number;
  captchas: number;
  loginFailures: number;
  smsCodes: number;
}

/**
 * Deletes expired SSO tickets, captchas, failed-login rows and SMS codes (in the lock's transaction: all or none),
 * one process at a time (jobs/runner.ts runLocked).
 */
export async function runPurge(db: Db, opts: { now?: Date; minIntervalMs?: number } = {}): Promise<PurgeResult> {
  const now = (opts.now ?? new Date()).getTime();
  const ran = await runLocked(
    db,
    { job: PURGE_JOB, lock: PURGE_LOCK, minIntervalMs: opts.minIntervalMs },
    async (tx) => {
      const auth = await purgeExpired(tx, new Date(now - AUTH_RETENTION_MS));
      const smsCodes = await purgeCodesSentBefore(tx, new Date(now - SMS_RETENTION_MS));
      // A failure throws: the transaction rolls back (nothing half-deleted, no run recorded) and the runner logs it.
      return { status: 'DONE', result: { skipped: false, ...auth, smsCodes } };
    },
  );
  return ran ?? { skipped: true, tickets: 0, captchas: 0, loginFailures: 0, smsCodes: 0 };
}

/** The purge as a scheduled job of the server, every 15 minutes (the tables stay small between runs). */
export function purgeJob(db: Db): ScheduledJob {
  return {
    name: PURGE_JOB,
    intervalMs: 15 * 60_000,
    firstAfterMs: 30_000,
    run: ({ minIntervalMs }) => runPurge(db, { minIntervalMs }),
  };
}
