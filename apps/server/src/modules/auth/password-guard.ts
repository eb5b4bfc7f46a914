import type { AuditAction } from '@phjr/contract/audit/audit-actions';
import type { ErrorCode } from '@phjr/contract/errors';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { dummyHash, verifyPassword } from '../../lib/password.ts';
import { notifyUser } from '../notify/notify.service.ts';
import type { SmsGateway } from '../notify/sms.gateway.ts';
import { writeAudit } from '../audit/audit.ts';
import * as repo from './auth.repo.ts';
import type { Captchas } from './captcha.ts';

/** Failed password checks count over a sliding window, per account and per address (docs/sso.md step 3). */
export const FAILURE_WINDOW_MS = 15 * 60_000;
export const CAPTCHA_AFTER_FAILURES = 3;
export const LOCK_AFTER_FAILURES = 5;

/** The caller's own failure row carries no address: the address is counted once, on the target's row. */
const NO_ADDRESS = '';

/** The login_failures key of an account: its account name, however the user typed it (name or phone). */
export function accountKey(username: string) {
  return username.trim().toLowerCase().slice(0, 64);
}

/** What the guard needs of the account whose password is tried. */
export interface GuardedAccount {
  id: number;
  username: string;
  phone: string | null;
  passwordHash: string;
  status: string;
}

export interface PasswordAttempt<U extends GuardedAccount> {
  /** The account whose password is tried; null when nothing matches (the answer and its time stay the same). */
  account: U | null;
  /** What was typed to name the account: its failure key when no account matches, so unknown names lock alike. */
  typed: string;
  password: string;
  ip: string;
  /** A signed-in account trying another account's password: its own failures count too, so it cannot spread guesses. */
  callerUsername?: string;
  captchaId?: string;
  captchaCode?: string;
}

export interface GuardAnswers {
  /** The error of a wrong password (the caller's "one answer for every failure"). */
  failed: ErrorCode;
  /** The error while the target or the caller is locked. */
  locked: ErrorCode;
  /** Written for each wrong password, not for refusals before the check. */
  audit: { action: AuditAction; userId: number | null; target: string };
}

interface Counts {
  target: number;
  caller: number;
  ip: number;
}

function captchaNeeded(c: Counts) {
  return c.target >= CAPTCHA_AFTER_FAILURES || c.caller >= CAPTCHA_AFTER_FAILURES || c.ip >= CAPTCHA_AFTER_FAILURES;
}

/**
 * The one place a password is verified: login, the current password of an own-account change, and an enterprise's
 * password when a person links it. Every wrong password counts against the account it was tried on (the key login's
 * lockout reads), against the signed-in caller if any, and against the address; after 3 the captcha is required, after
 * 5 in 15 minutes the account is refused before its password is even checked, and its owner is told once.
 */
export function createPasswordGuard(
  db: Db,
  gateway: SmsGateway,
  captchas: Captchas,
  now: () => Date = () => new Date(),
) {
  async function tellOwner(account: GuardedAccount, ip: string) {
    const minutes = FAILURE_WINDOW_MS / 60_000;
    await db.transaction(async (tx) => {
      await notifyUser(tx, account.id, {
        kind: 'password.locked',
        params: { username: account.username, count: LOCK_AFTER_FAILURES, minutes },
        title: '密码错误次数过多，已暂停密码验证',
        content: `您的账号${account.username}在${minutes}分钟内连续${LOCK_AFTER_FAILURES}次密码验证失败，密码登录和密码验证已暂停${minutes}分钟。如非本人操作，请尽快修改密码。`,
      });
      await writeAudit(tx, { userId: account.id, action: 'password.locked', target: account.username, ip });
    });
    if (account.phone)
      await gateway.send(account.phone, 'PASSWORD_LOCKED', {
        username: account.username,
        count: LOCK_AFTER_FAILURES,
        minutes,
      });
  }

  /** Resolves with the account when the password is right and the account active; otherwise throws the answer. */
  async function verify<U extends GuardedAccount>(attempt: PasswordAttempt<U>, answers: GuardAnswers): Promise<U> {
    const target = accountKey(attempt.account?.username ?? attempt.typed);
    const caller = attempt.callerUsername === undefined ? null : accountKey(attempt.callerUsername);
    const callerCounts = caller !== null && caller !== target;
    const since = new Date(now().getTime() - FAILURE_WINDOW_MS);

    // Deciding and counting the try are one step under the keys' locks: N concurrent guesses get N different counts,
    // so no more than LOCK_AFTER_FAILURES of them ever reach the password check.
    type Turn = { refused: ErrorCode } | { refused: null; before: Counts; callerRowId: number | null };
    const turn = await repo.withFailureLocks(
      db,
      callerCounts ? [target, caller] : [target],
      async (tx): Promise<Turn> => {
        const before = await repo.countFailures(tx, target, callerCounts ? caller : null, attempt.ip, since);
        if (before.target >= LOCK_AFTER_FAILURES || before.caller >= LOCK_AFTER_FAILURES)
          return { refused: answers.locked };
        if (captchaNeeded(before)) {
          const problem = await captchas.problem(tx, attempt.captchaId, attempt.captchaCode);
          if (problem) return { refused: problem };
        }
        // Counted as a failure before the (slow) check; a right password takes it back below.
        await repo.recordFailure(tx, target, attempt.ip);
        const callerRowId = callerCounts ? await repo.recordFailure(tx, caller, NO_ADDRESS) : null;
        return { refused: null, before, callerRowId };
      },
    );
    if (turn.refused) throw new AppError(turn.refused, undefined, { data: { captchaRequired: true } });

    const { account } = attempt;
    const good = await verifyPassword(account?.passwordHash ?? (await dummyHash()), attempt.password);
    if (account && good && account.status === 'ACTIVE') {
      // As a successful login always did: the account's failures are forgiven; the caller's earlier ones are not.
      await repo.clearFailures(db, target);
      if (turn.callerRowId !== null) await repo.deleteFailure(db, turn.callerRowId);
      return account;
    }

    await writeAudit(db, { ...answers.audit, ip: attempt.ip });
    const after: Counts = {
      target: turn.before.target + 1,
      caller: turn.before.caller + (callerCounts ? 1 : 0),
      ip: turn.before.ip + 1,
    };
    // Exactly one try per lock sees this count (the count is taken under the lock), so the owner hears it once.
    if (account && after.target === LOCK_AFTER_FAILURES) await tellOwner(account, attempt.ip);
    const lockedNow = after.target >= LOCK_AFTER_FAILURES || after.caller >= LOCK_AFTER_FAILURES;
    throw new AppError(lockedNow ? answers.locked : answers.failed, undefined, {
      data: { captchaRequired: captchaNeeded(after) },
    });
  }

  return { verify };
}

export type PasswordGuard = ReturnType<typeof createPasswordGuard>;
