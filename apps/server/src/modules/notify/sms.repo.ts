import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { smsCodes, smsOutbox, smsTemplates } from '../../db/schema/index.ts';

export async function findTemplate(db: DbOrTx, code: string) {
  const [row] = await db.select().from(smsTemplates).where(eq(smsTemplates.code, code));
  return row ?? null;
}

export async function listTemplates(db: DbOrTx) {
  return db.select().from(smsTemplates).orderBy(smsTemplates.code);
}

export async function insertTemplateIfMissing(db: DbOrTx, t: { code: string; name: string; content: string }) {
  await db.insert(smsTemplates).values(t).onConflictDoNothing({ target: smsTemplates.code });
}

export async function updateTemplate(
  db: DbOrTx,
  code: string,
  set: { content: string; enabled: boolean; updatedBy: number },
) {
  const rows = await db
    .update(smsTemplates)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(smsTemplates.code, code))
    .returning({ code: smsTemplates.code });
  return rows.length > 0;
}

export async function insertOutbox(
  db: DbOrTx,
  row: { phone: string; templateCode: string; content: string; status: 'SENT' | 'SKIPPED' },
) {
  await db.insert(smsOutbox).values({ ...row, createdAt: new Date() });
}

export async function pageOutbox(db: DbOrTx, q: { phone?: string; current: number; pageSize: number }) {
  const where = q.phone ? sql`${smsOutbox.phone} LIKE ${`%${q.phone.replace(/[\\%_]/g, '\\$&')}%`}` : undefined;
  const [{ total }] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(smsOutbox)
    .where(where);
  const list = await db
    .select()
    .from(smsOutbox)
    .where(where)
    .orderBy(desc(smsOutbox.createdAt), desc(smsOutbox.id))
    .limit(q.pageSize)
    .offset((q.current - 1) * q.pageSize);
  return { list, total };
}

/** The counts the send limits need, in one round trip (times come from the caller's clock). */
export async function codeCounts(
  db: DbOrTx,
  phone: string,
  purpose: string,
  ip: string,
  at: { cooldownSince: Date; daySince: Date; hourSince: Date },
) {
  const result = await db.execute(sql`
    SELECT
      (SELECT count(*) FROM sms_codes WHERE phone = ${phone} AND purpose = ${purpose} AND created_at > ${at.cooldownSince}) AS recent,
      (SELECT count(*) FROM sms_codes WHERE phone = ${phone} AND created_at > ${at.daySince}) AS day,
      (SELECT count(*) FROM sms_codes WHERE ip = ${ip} AND created_at > ${at.hourSince}) AS hour`);
  const row = result.rows[0] as { recent: string; day: string; hour: string };
  return { recent: Number(row.recent), day: Number(row.day), hour: Number(row.hour) };
}

export async function insertCode(
  db: DbOrTx,
  row: { phone: string; purpose: string; codeHash: string; ip: string; createdAt: Date; expiresAt: Date },
) {
  await db.insert(smsCodes).values(row);
}

/**
 * Tries a code against the newest live code of a phone and purpose (not used, not expired, not worn out by wrong
 * tries) in ONE statement: a match uses the code up, a mismatch counts a wrong try. The row is re-checked under its
 * lock when a concurrent try changed it first, so however many tries race, at most `maxWrong` are ever counted, a
 * code is used at most once, and a code with `maxWrong` wrong tries never matches again.
 * Returns whether the code matched; false also when no live code exists.
 */
export async function tryCode(
  db: DbOrTx,
  q: { phone: string; purpose: string; codeHash: string; now: Date; maxWrong: number },
) {
  const live = and(isNull(smsCodes.usedAt), gt(smsCodes.expiresAt, q.now), lt(smsCodes.wrongTries, q.maxWrong));
  const newest = db
    .select({ id: smsCodes.id })
    .from(smsCodes)
    .where(and(eq(smsCodes.phone, q.phone), eq(smsCodes.purpose, q.purpose), live))
    .orderBy(desc(smsCodes.createdAt), desc(smsCodes.id))
    .limit(1);
  const match = sql`${smsCodes.codeHash} = ${q.codeHash}`;
  const [row] = await db
    .update(smsCodes)
    .set({
      usedAt: sql`CASE WHEN ${match} THEN ${q.now}::timestamptz END`,
      wrongTries: sql`${smsCodes.wrongTries} + CASE WHEN ${match} THEN 0 ELSE 1 END`,
    })
    .where(and(eq(smsCodes.id, sql`(${newest})`), live))
    .returning({ matched: sql<boolean>`${match}` });
  return row?.matched === true;
}

/** Housekeeping (the purge job, jobs/purge.ts): codes sent before `before`. Returns how many went. */
export async function purgeCodesSentBefore(db: DbOrTx, before: Date) {
  const r = await db.delete(smsCodes).where(lt(smsCodes.createdAt, before));
  return r.rowCount ?? 0;
}
