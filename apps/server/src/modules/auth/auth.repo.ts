import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { captchas, loginFailures, sessions, ssoTickets, users } from '../../db/schema/index.ts';

export interface SessionRow {
  id: number;
  userId: number;
  parentId: number | null;
  createdAt: Date;
  lastSeenAt: Date;
  endedAt: Date | null;
  parentEndedAt: Date | null;
  firstLogin: boolean;
  userStatus: string;
  mustChangePassword: boolean;
  username: string;
  name: string;
  phone: string | null;
  accountType: string;
  orgId: number | null;
  userRegion: string | null;
  certified: boolean;
  parentUserId: number | null;
  orgName: string | null;
  orgType: string | null;
  classifiedType: string | null;
  orgRegion: string | null;
  chainAccess: boolean | null;
  permissions: string[];
  /** Whether the session's region (the user's, else the organisation's) is the whole city; null when none or unknown. */
  regionIsCity: boolean | null;
  /** The organisation's head (top of its tree, at most three levels), its line up to the head, its subtree. */
  orgHeadId: number | null;
  orgLine: number[];
  orgUnits: number[];
  /** Whether the organisation's own region is the whole city. */
  orgCityWide: boolean | null;
}

/** A session with its user, organisation and permissions, in one round trip. */
export async function findSessionByToken(
  db: DbOrTx,
  tokenHash: string,
  kind: 'client' | 'server',
): Promise<SessionRow | null> {
  const column = kind === 'client' ? sql.raw('s.client_token_hash') : sql.raw('s.server_token_hash');
  const result = await db.execute(sql`
    SELECT s.id, s.user_id AS "userId", s.parent_id AS "parentId", s.created_at AS "createdAt",
           s.last_seen_at AS "lastSeenAt", s.ended_at AS "endedAt", p.ended_at AS "parentEndedAt",
           s.first_login AS "firstLogin",
           u.status AS "userStatus", u.must_change_password AS "mustChangePassword", u.username, u.name, u.phone, u.account_type AS "accountType", u.org_id AS "orgId",
           u.region_code AS "userRegion", u.certified, u.parent_user_id AS "parentUserId",
           o.name AS "orgName", o.org_type AS "orgType", o.classified_type AS "classifiedType",
           o.region_code AS "orgRegion", o.chain_access AS "chainAccess",
           COALESCE((SELECT array_agg(DISTINCT rp.permission) FROM user_roles ur
                     JOIN role_permissions rp ON rp.role_id = ur.role_id WHERE ur.user_id = u.id), '{}') AS permissions,
           (SELECT r.parent_code IS NULL FROM regions r WHERE r.code = COALESCE(u.region_code, o.region_code)) AS "regionIsCity",
           (SELECT r.parent_code IS NULL FROM regions r WHERE r.code = o.region_code) AS "orgCityWide",
           COALESCE(ogp.id, op.id, o.id) AS "orgHeadId",
           array_remove(ARRAY[o.id, op.id, ogp.id], NULL) AS "orgLine",
           ARRAY(SELECT x.id FROM orgs x LEFT JOIN orgs xp ON xp.id = x.parent_id
                 WHERE x.id = o.id OR x.parent_id = o.id OR xp.parent_id = o.id ORDER BY x.id) AS "orgUnits"
    FROM sessions s
    JOIN users u ON u.id = s.user_id
    LEFT JOIN sessions p ON p.id = s.parent_id
    LEFT JOIN orgs o ON o.id = u.org_id
    LEFT JOIN orgs op ON op.id = o.parent_id
    LEFT JOIN orgs ogp ON ogp.id = op.parent_id
    WHERE ${column} = ${tokenHash}`);
  const row = result.rows[0] as unknown as SessionRow | undefined;
  if (!row) return null;
  return {
    ...row,
    createdAt: new Date(row.createdAt),
    lastSeenAt: new Date(row.lastSeenAt),
    endedAt: row.endedAt && new Date(row.endedAt),
    orgHeadId: row.orgHeadId === null ? null : Number(row.orgHeadId),
    orgLine: row.orgLine.map(Number),
    orgUnits: row.orgUnits.map(Number),
  };
}

/** A client session by its id, read as findSessionByToken reads it (a signed file link names its session by id). */
export async function findClientSessionById(db: DbOrTx, id: number): Promise<SessionRow | null> {
  const [row] = await db.select({ hash: sessions.clientTokenHash }).from(sessions).where(eq(sessions.id, id));
  return row?.hash ? findSessionByToken(db, row.hash, 'client') : null;
}

export async function touchSession(db: DbOrTx, id: number) {
  await db.update(sessions).set({ lastSeenAt: new Date() }).where(eq(sessions.id, id));
}

export async function insertSession(
  db: DbOrTx,
  row: {
    kind: 'SSO' | 'CLIENT';
    parentId: number | null;
    userId: number;
    clientTokenHash: string | null;
    serverTokenHash: string;
    firstLogin: boolean;
    ip: string;
    userAgent: string | null;
  },
) {
  const [s] = await db.insert(sessions).values(row).returning({ id: sessions.id });
  return s.id;
}

/** Ends a session, its SSO parent and every session made from that parent: single sign-out. */
export async function endSessionFamily(db: DbOrTx, sessionId: number, parentId: number | null) {
  const root = parentId ?? sessionId;
  await db
    .update(sessions)
    .set({ endedAt: new Date() })
    .where(
      and(isNull(sessions.endedAt), or(eq(sessions.id, root), eq(sessions.parentId, root), eq(sessions.id, sessionId))),
    );
}

export async function endUserSessions(db: DbOrTx, userId: number) {
  await db
    .update(sessions)
    .set({ endedAt: new Date() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.endedAt)));
}

export async function findUserForLogin(db: DbOrTx, login: string) {
  const [u] = await db
    .select({
      id: users.id,
      username: users.username,
      phone: users.phone,
      passwordHash: users.passwordHash,
      status: users.status,
      lastLoginAt: users.lastLoginAt,
      mustChangePassword: users.mustChangePassword,
    })
    .from(users)
    .where(or(sql`lower(${users.username}) = lower(${login})`, eq(users.phone, login)))
    .limit(1);
  return u ?? null;
}

export async function markLoggedIn(db: DbOrTx, userId: number) {
  await db.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, userId));
}

/** Failed password checks since `since` from one address. */
export async function countAddressFailures(db: DbOrTx, ip: string, since: Date) {
  const result = await db.execute(sql`SELECT count(*) AS n FROM login_failures WHERE ip = ${ip} AND at > ${since}`);
  return Number((result.rows[0] as { n: number }).n);
}

/** Failures since `since` of the target account, of the caller (null: none) and from the address, in one round trip. */
export async function countFailures(db: DbOrTx, target: string, caller: string | null, ip: string, since: Date) {
  const result = await db.execute(sql`
    SELECT
      (SELECT count(*) FROM login_failures WHERE account_key = ${target} AND at > ${since}) AS target,
      (SELECT count(*) FROM login_failures WHERE account_key = ${caller} AND at > ${since}) AS caller,
      (SELECT count(*) FROM login_failures WHERE ip = ${ip} AND at > ${since}) AS ip`);
  const row = result.rows[0] as { target: number; caller: number; ip: number };
  return { target: Number(row.target), caller: Number(row.caller), ip: Number(row.ip) };
}

export async function recordFailure(db: DbOrTx, accountKey: string, ip: string): Promise<number> {
  const [row] = await db.insert(loginFailures).values({ accountKey, ip }).returning({ id: loginFailures.id });
  return row.id;
}

export async function deleteFailure(db: DbOrTx, id: number) {
  await db.delete(loginFailures).where(eq(loginFailures.id, id));
}

const FAILURE_LOCK = 4_171_050;

/**
 * Runs `work` in a transaction holding an advisory lock per account key, so that counting a key's failures and adding
 * one are a single step for every server process: concurrent guesses cannot all read "below the limit". Keys are
 * locked in one order, so two checks over the same keys cannot deadlock.
 */
export async function withFailureLocks<T>(
  db: DbOrTx,
  keys: readonly string[],
  work: (tx: Tx) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    for (const key of [...new Set(keys)].sort())
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${FAILURE_LOCK}, hashtext(${key}))`);
    return work(tx);
  });
}

export async function clearFailures(db: DbOrTx, accountKey: string) {
  await db.delete(loginFailures).where(eq(loginFailures.accountKey, accountKey));
}

const CAPTCHA_ADDRESS_LOCK = 4_171_051;

/** Serialises the captcha requests of one address (until the transaction ends), so counting and adding are one step. */
export async function lockCaptchaAddress(tx: Tx, ip: string) {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${CAPTCHA_ADDRESS_LOCK}, hashtext(${ip}))`);
}

export async function countCaptchasSince(db: DbOrTx, ip: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(captchas)
    .where(and(eq(captchas.ip, ip), gt(captchas.createdAt, since)));
  return row.n;
}

export async function insertCaptcha(
  db: DbOrTx,
  row: { id: string; answerHash: string; ip: string; createdAt: Date; expiresAt: Date },
) {
  await db.insert(captchas).values(row);
}

/** Uses the captcha up whether or not the answer is right: a captcha is good for one try only. Returns its answer's hash. */
export async function consumeCaptcha(db: DbOrTx, id: string, now: Date): Promise<string | null> {
  const [row] = await db
    .update(captchas)
    .set({ usedAt: now })
    .where(and(eq(captchas.id, id), isNull(captchas.usedAt), gt(captchas.expiresAt, now)))
    .returning({ answerHash: captchas.answerHash });
  return row?.answerHash ?? null;
}

export async function insertTicket(
  db: DbOrTx,
  row: { ticketHash: string; ssoSessionId: number; userId: number; clientUrl: string; expiresAt: Date },
) {
  await db.insert(ssoTickets).values(row);
}

/** Marks the ticket used in the same statement that reads it: two exchanges of one ticket cannot both succeed. */
export async function consumeTicket(db: DbOrTx, ticketHash: string) {
  const [row] = await db
    .update(ssoTickets)
    .set({ usedAt: new Date() })
    .where(and(eq(ssoTickets.ticketHash, ticketHash), isNull(ssoTickets.usedAt), gt(ssoTickets.expiresAt, new Date())))
    .returning();
  return row ?? null;
}

/**
 * Housekeeping (the purge job, jobs/purge.ts, chooses `before`): tickets and captchas expired before it, failed
 * logins older than it. Returns how many rows of each went.
 */
export async function purgeExpired(db: DbOrTx, before: Date) {
  const tickets = await db.delete(ssoTickets).where(sql`${ssoTickets.expiresAt} < ${before}`);
  const captchaRows = await db.delete(captchas).where(sql`${captchas.expiresAt} < ${before}`);
  const failures = await db.delete(loginFailures).where(sql`${loginFailures.at} < ${before}`);
  return { tickets: tickets.rowCount ?? 0, captchas: captchaRows.rowCount ?? 0, loginFailures: failures.rowCount ?? 0 };
}

export async function findUserById(db: DbOrTx, id: number) {
  const [u] = await db
    .select({ id: users.id, status: users.status, lastLoginAt: users.lastLoginAt })
    .from(users)
    .where(eq(users.id, id));
  return u ?? null;
}
