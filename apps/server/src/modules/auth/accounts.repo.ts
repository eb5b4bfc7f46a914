import { and, desc, eq, ilike, isNull, ne, notInArray, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  agreementAcceptances,
  auditLog,
  enterpriseRegistry,
  roles,
  sessions,
  userRoles,
  userSubjects,
  users,
} from '../../db/schema/index.ts';

export async function usernameOrPhoneTaken(db: DbOrTx, ...logins: string[]) {
  for (const login of logins) {
    const [row] = await db
      .select({ id: users.id })
      .from(users)
      .where(or(sql`lower(${users.username}) = lower(${login})`, eq(users.phone, login)))
      .limit(1);
    if (row) return true;
  }
  return false;
}

export async function phoneTakenByOther(db: DbOrTx, phone: string, userId: number) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.phone, phone), ne(users.id, userId)))
    .limit(1);
  return !!row;
}

export async function insertAccount(
  db: DbOrTx,
  u: {
    username: string;
    name: string;
    passwordHash: string;
    accountType: 'PERSON' | 'ENTERPRISE';
    phone: string;
    creditCode?: string | null;
    legalRep?: string | null;
    parentUserId?: number | null;
    certified?: boolean;
    certStatus?: string;
    status?: string;
  } & ({ roleCode: string } | { roleId: number }),
) {
  const { roleCode, roleId, ...values } = { roleCode: undefined, roleId: undefined, ...u };
  const [row] = await db.insert(users).values(values).returning({ id: users.id });
  // A built-in role by its code (registration), or a role already chosen and checked (a sub-account's).
  const [role] =
    roleId !== undefined
      ? [{ id: roleId }]
      : await db.select({ id: roles.id }).from(roles).where(eq(roles.code, roleCode!));
  if (!role) throw new Error(`Built-in role ${roleCode} is missing`);
  await db.insert(userRoles).values({ userId: row.id, roleId: role.id });
  return row.id;
}

export async function findAccount(db: DbOrTx, id: number) {
  const [u] = await db.select().from(users).where(eq(users.id, id));
  return u ?? null;
}

/** The account a phone is bound to (a phone is bound to one account at most: users_phone_uq). */
export async function findByPhone(db: DbOrTx, phone: string) {
  const [u] = await db.select().from(users).where(eq(users.phone, phone)).limit(1);
  return u ?? null;
}

export async function findByCreditCode(db: DbOrTx, creditCode: string) {
  const [u] = await db
    .select()
    .from(users)
    .where(and(eq(users.creditCode, creditCode), eq(users.accountType, 'ENTERPRISE'), isNull(users.parentUserId)))
    .limit(1);
  return u ?? null;
}

export async function updateAccount(db: DbOrTx, id: number, set: Partial<typeof users.$inferInsert>) {
  await db
    .update(users)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(users.id, id));
}

/** Ends every live session of the account except the one making the change and its SSO parent. */
export async function endOtherSessions(db: DbOrTx, userId: number, keep: number[]) {
  await db
    .update(sessions)
    .set({ endedAt: new Date() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.endedAt), notInArray(sessions.id, keep)));
}

export async function endAllSessions(db: DbOrTx, userId: number) {
  await db
    .update(sessions)
    .set({ endedAt: new Date() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.endedAt)));
}

/** Calls of one kind from one address since a time, counted from the audit log (shared by all processes). */
export async function countActionsFromIp(db: DbOrTx, action: string, ip: string, since: Date) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.ip, ip), sql`${auditLog.at} > ${since}`));
  return row.n;
}

export async function registryByCode(db: DbOrTx, creditCode: string) {
  const [row] = await db.select().from(enterpriseRegistry).where(eq(enterpriseRegistry.creditCode, creditCode));
  return row ?? null;
}

export async function searchRegistry(db: DbOrTx, keyword: string) {
  const like = `%${keyword.replace(/[\\%_]/g, '\\$&')}%`;
  return db
    .select()
    .from(enterpriseRegistry)
    .where(or(ilike(enterpriseRegistry.name, like), ilike(enterpriseRegistry.creditCode, like)))
    .orderBy(enterpriseRegistry.name)
    .limit(20);
}

export async function listSubjects(db: DbOrTx, userId: number) {
  return db
    .select({
      enterpriseUserId: users.id,
      name: users.name,
      creditCode: users.creditCode,
      certified: users.certified,
      createdAt: userSubjects.createdAt,
    })
    .from(userSubjects)
    .innerJoin(users, eq(users.id, userSubjects.enterpriseUserId))
    .where(eq(userSubjects.userId, userId))
    .orderBy(desc(userSubjects.createdAt));
}

export async function linkSubject(db: DbOrTx, userId: number, enterpriseUserId: number) {
  await db.insert(userSubjects).values({ userId, enterpriseUserId }).onConflictDoNothing();
}

export async function unlinkSubject(db: DbOrTx, userId: number, enterpriseUserId: number) {
  const rows = await db
    .delete(userSubjects)
    .where(and(eq(userSubjects.userId, userId), eq(userSubjects.enterpriseUserId, enterpriseUserId)))
    .returning({ id: userSubjects.userId });
  return rows.length > 0;
}

export async function listChildren(db: DbOrTx, parentUserId: number) {
  return db
    .select({
      id: users.id,
      username: users.username,
      name: users.name,
      phone: users.phone,
      status: users.status,
      lastLoginAt: users.lastLoginAt,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(eq(users.parentUserId, parentUserId))
    .orderBy(users.id);
}

export async function certifyChildren(db: DbOrTx, parentUserId: number, certified: boolean) {
  await db.update(users).set({ certified, updatedAt: new Date() }).where(eq(users.parentUserId, parentUserId));
}

/** The id of the version in force (the latest) of each agreement kind that has one. */
export async function currentAgreementIds(db: DbOrTx): Promise<number[]> {
  const r = await db.execute<{ id: number | string }>(
    sql`SELECT DISTINCT ON (kind) id FROM agreements ORDER BY kind, version DESC`,
  );
  return r.rows.map((x) => Number(x.id));
}

/** Records the agreement versions a new account accepted (in the transaction that creates it). */
export async function insertAcceptances(db: DbOrTx, userId: number, agreementIds: readonly number[], at: Date) {
  if (agreementIds.length)
    await db
      .insert(agreementAcceptances)
      .values(agreementIds.map((agreementId) => ({ userId, agreementId, acceptedAt: at })));
}
