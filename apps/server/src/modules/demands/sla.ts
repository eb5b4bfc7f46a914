import type { DbOrTx } from '../../db/client.ts';
import { loadCalendar } from '../system/platform.service.ts';
import type { SettingsService } from '../system/settings.service.ts';
import { shanghaiDay, workingDeadline, type Calendar } from '../system/working-days.ts';

/**
 * The response clock of demands (PRODUCT.md section 6), in working days of the operator's holiday calendar:
 * - acceptance: `slaAcceptDays` working days after the day the demand was posted (or reassigned, or returned to the
 *   pool), ending at 23:59:59.999 Shanghai time of the last day;
 * - decision: `slaDecisionDays` working days after the day it was accepted (by a bank, a guarantee company, or handed
 *   over to a bank by the guarantee company);
 * - a warning is due one working day before the deadline: at the end of the working day before the deadline's day,
 *   so the warned institution has exactly its last working day left;
 * - an expired orientation demand waits POOL_GRACE_WORKING_DAYS working day(s) for a supervisor to reassign it,
 *   then the sweep returns it to the public pool.
 */
export const POOL_GRACE_WORKING_DAYS = 1;

export type ClockKind = 'accept' | 'decide';

export interface Clock {
  dueAt: Date;
  warnAt: Date;
}

/** The deadline `n` working days after the day of `at`, and its warning moment, on a loaded calendar. */
export function clockOn(calendar: Calendar, at: Date, n: number): Clock {
  return { dueAt: workingDeadline(at, n, calendar), warnAt: workingDeadline(at, Math.max(0, n - 1), calendar) };
}

/** The operator's calendar from the day of `at` on, long enough for any SLA the settings allow. */
export function calendarFrom(db: DbOrTx, at: Date, workingDays: number): Promise<Calendar> {
  return loadCalendar(db, shanghaiDay(at), Math.max(60, workingDays * 3 + 60));
}

/** The acceptance or decision clock of something that starts at `at`, with the current settings and calendar. */
export async function startClock(db: DbOrTx, settings: SettingsService, kind: ClockKind, at: Date): Promise<Clock> {
  const s = await settings.get();
  const n = kind === 'accept' ? s.slaAcceptDays : s.slaDecisionDays;
  return clockOn(await calendarFrom(db, at, n), at, n);
}

/** When an orientation demand that expired at `at` goes back to the public pool. */
export async function poolReturnAt(db: DbOrTx, at: Date): Promise<Date> {
  return workingDeadline(at, POOL_GRACE_WORKING_DAYS, await calendarFrom(db, at, POOL_GRACE_WORKING_DAYS));
}
