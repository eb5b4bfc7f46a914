import type { AuditAction } from '@phjr/contract/audit/audit-actions';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { countUserActionsSince, insertAudit, lockUserAction, type AuditRow } from './audit.repo.ts';

/**
 * What other modules use of the audit module: recording an audited action, in the caller's transaction when it
 * passes one (so the entry commits or rolls back with the change it records). The audit repository stays private
 * to this module (a lint rule forbids importing another module's *.repo.ts).
 */
export async function writeAudit(db: DbOrTx, row: AuditRow) {
  await insertAudit(db, row);
}

const HOUR_MS = 3_600_000;

/** A limit on how often one user does an audited action: at most `perHour` audit rows of it in any rolling hour. */
export interface AuditLimit {
  perHour: number;
  /** The RATE_LIMITED message (the default names no figure). */
  message?: string;
}

/** Whether the user already reached the limit (a quick look without the lock, to refuse before costly work). */
export async function auditLimitReached(db: DbOrTx, userId: number, action: AuditAction, limit: AuditLimit) {
  return (await countUserActionsSince(db, userId, action, new Date(Date.now() - HOUR_MS))) >= limit.perHour;
}

/**
 * An audited action limited per user in the database (the pattern of files.service store): one transaction takes the
 * user's lock for the action, counts the user's rows of it in the last hour, refuses with RATE_LIMITED (429) at the
 * limit, else runs `work` and writes the row it answers (its audit row, built from what it found). So every answer of
 * `work` that leaves the transaction has its audit row, and concurrent calls cannot pass the limit together.
 */
export async function withAuditLimit<T>(
  db: Db,
  who: { userId: number; action: AuditAction },
  limit: AuditLimit,
  work: (tx: Tx) => Promise<{ result: T; audit: Omit<AuditRow, 'userId' | 'action'> }>,
): Promise<T> {
  return db.transaction(async (tx) => {
    await lockUserAction(tx, who.userId, who.action);
    if ((await countUserActionsSince(tx, who.userId, who.action, new Date(Date.now() - HOUR_MS))) >= limit.perHour) {
      throw new AppError('RATE_LIMITED', limit.message);
    }
    const { result, audit } = await work(tx);
    await insertAudit(tx, { ...audit, userId: who.userId, action: who.action });
    return result;
  });
}
