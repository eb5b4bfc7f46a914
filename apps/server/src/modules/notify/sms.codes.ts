import { randomInt } from 'node:crypto';
import type { SmsPurpose } from '@phjr/contract/auth/sms';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { sha256 } from '../../lib/crypto.ts';
import type { SmsGateway } from './sms.gateway.ts';
import * as repo from './sms.repo.ts';

export const SMS_CODE_TTL_MS = 5 * 60_000;
export const SMS_RESEND_MS = 60_000;
export const SMS_MAX_WRONG = 5;
export const SMS_PER_PHONE_PER_DAY = 10;
export const SMS_PER_IP_PER_HOUR = 30;

/**
 * Codes are bound to phone and purpose and stored as a hash; a code is never logged. All counts come from the
 * sms_codes table, so the limits hold across any number of server processes. Times come from Date (tests fake it).
 */
function hashCode(phone: string, purpose: string, code: string) {
  return sha256(`${phone}:${purpose}:${code}`);
}

export async function issueSmsCode(db: DbOrTx, gateway: SmsGateway, phone: string, purpose: SmsPurpose, ip: string) {
  const now = new Date();
  const counts = await repo.codeCounts(db, phone, purpose, ip, {
    cooldownSince: new Date(now.getTime() - SMS_RESEND_MS),
    daySince: new Date(now.getTime() - 24 * 3_600_000),
    hourSince: new Date(now.getTime() - 3_600_000),
  });
  if (counts.recent > 0) throw new AppError('SMS_TOO_FREQUENT', undefined, { httpStatus: 429 });
  if (counts.day >= SMS_PER_PHONE_PER_DAY) throw new AppError('SMS_DAILY_LIMIT', undefined, { httpStatus: 429 });
  if (counts.hour >= SMS_PER_IP_PER_HOUR) throw new AppError('SMS_IP_LIMIT', undefined, { httpStatus: 429 });
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await repo.insertCode(db, {
    phone,
    purpose,
    codeHash: hashCode(phone, purpose, code),
    ip,
    createdAt: now,
    expiresAt: new Date(now.getTime() + SMS_CODE_TTL_MS),
  });
  await gateway.send(phone, 'VERIFY_CODE', { code, minutes: SMS_CODE_TTL_MS / 60_000 });
  return { resendAfterSeconds: SMS_RESEND_MS / 1000 };
}

/**
 * Uses up the newest live code of the phone and purpose when `code` matches; a wrong code counts a try, and the
 * fifth wrong try kills the code. Checking and counting are one statement (repo.tryCode), so concurrent guesses
 * cannot all be judged against the same count. Runs on the pool (not the caller's transaction) so a wrong try is
 * kept even when the caller's work fails afterwards.
 */
export async function checkSmsCode(db: DbOrTx, phone: string, purpose: SmsPurpose, code: string): Promise<boolean> {
  return repo.tryCode(db, {
    phone,
    purpose,
    codeHash: hashCode(phone, purpose, code),
    now: new Date(),
    maxWrong: SMS_MAX_WRONG,
  });
}

/** As checkSmsCode, throwing SMS_CODE_INVALID on failure. */
export async function consumeSmsCode(db: DbOrTx, phone: string, purpose: SmsPurpose, code: string) {
  if (!(await checkSmsCode(db, phone, purpose, code))) throw new AppError('SMS_CODE_INVALID');
}
