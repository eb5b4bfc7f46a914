import { and, asc, count, desc, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { auditLog, orgs, rolePermissions, roleResources, roles, userRoles, users } from '../../db/schema/index.ts';
import { likeText } from '../../db/sql.ts';
import {
  resolveSort,
  resolveSortOr,
  sortAfter,
  sortKeyColumn,
  sortOrderBy,
  type SortColumns,
  type SortCursor,
} from '../../db/sort.ts';
import type { ListSort } from '@phjr/contract/list-sort';
import type { ORG_SORT } from '@phjr/contract/orgs/org-admin';
import type { USER_SORT } from '@phjr/contract/orgs/user-admin';

/** Tables of the administration screens: organisations, accounts, roles. The service owns the rules. */

const orgColumns = {
  id: orgs.id,
  name: orgs.name,
  shortName: orgs.shortName,
  orgType: orgs.orgType,
  classifiedType: orgs.classifiedType,
  parentId: orgs.parentId,
  level: orgs.level,
  regionCode: orgs.regionCode,
  chainAccess: orgs.chainAccess,
  creditCode: orgs.creditCode,
  contactName: orgs.contactName,
  contactPhone: orgs.contactPhone,
  address: orgs.address,
  status: orgs.status,
  createdAt: orgs.createdAt,
  // Qualified by hand: inside a select list drizzle renders a column without its table name.
  userCount: sql<number>`(SELECT count(*)::int FROM users u WHERE u.org_id = "orgs"."id")`,
};

export interface OrgFilter {
  classifications: readonly string[];
  name?: string;
  regionCode?: string;
  status?: string;
  /** The list's sort (issue 30): a field of ORG_SORT; parents first, then by id, without. */
  sort?: ListSort<(typeof ORG_SORT)[number]>;
}

/** The organisation list's sortable fields (a few hundred organisations: sorted in memory, no index needed). */
const ORG_SORT_COLUMNS: SortColumns<(typeof ORG_SORT)[number]> = {
  createdAt: { expr: sql.raw('"orgs"."created_at"'), cast: 'timestamptz' },
  userCount: { expr: sql`(SELECT count(*)::int FROM users u WHERE u.org_id = "orgs"."id")`, cast: 'int' },
};

function orgWhere(f: OrgFilter): SQL | undefined {
  return and(
    inArray(orgs.classifiedType, [...f.classifications]),
    f.name ? or(ilike(orgs.name, likeText(f.name)), ilike(orgs.shortName, likeText(f.name))) : undefined,
    f.regionCode ? eq(orgs.regionCode, f.regionCode) : undefined,
    f.status ? eq(orgs.status, f.status) : undefined,
  );
}

export function listOrgs(db: DbOrTx, f: OrgFilter, pageOpts?: { limit: number; offset: number }) {
  const order = sortOrderBy(resolveSort(f.sort ?? {}, ORG_SORT_COLUMNS), orgs.id, [asc(orgs.parentId), asc(orgs.id)]);
  const q = db
    .select(orgColumns)
    .from(orgs)
    .where(orgWhere(f))
    .orderBy(...order);
  return pageOpts ? q.limit(pageOpts.limit).offset(pageOpts.offset) : q;
}

export async function countOrgs(db: DbOrTx, f: OrgFilter): Promise<number> {
  const [r] = await db.select({ n: count() }).from(orgs).where(orgWhere(f));
  return r.n;
}

export async function findOrg(db: DbOrTx, id: number) {
  const [o] = await db.select(orgColumns).from(orgs).where(eq(orgs.id, id));
  return o ?? null;
}

export type OrgValues = {
  name: string;
  shortName: string;
  orgType: string;
  classifiedType: string;
  parentId: number | null;
  level: string;
  regionCode: string;
  creditCode: string | null;
  contactName: string | null;
  contactPhone: string | null;
  address: string | null;
  chainAccess?: boolean;
};

export async function insertOrgRow(db: DbOrTx, v: OrgValues): Promise<number> {
  const [r] = await db.insert(orgs).values(v).returning({ id: orgs.id });
  return r.id;
}

export async function updateOrgRow(db: DbOrTx, id: number, v: Partial<OrgValues>) {
  await db.update(orgs).set(v).where(eq(orgs.id, id));
}

/** The organisation and every organisation below it (a bank's branches and sub-branches). */
export async function subtreeIds(db: DbOrTx, rootId: number): Promise<number[]> {
  const r = await db.execute(sql`
    WITH RECURSIVE t AS (SELECT id FROM orgs WHERE id = ${rootId} UNION SELECT o.id FROM orgs o JOIN t ON o.parent_id = t.id)
    SELECT id FROM t`);
  return (r.rows as { id: number | string }[]).map((x) => Number(x.id));
}

export async function setOrgsChainAccess(db: DbOrTx, ids: number[], chainAccess: boolean) {
  await db.update(orgs).set({ chainAccess }).where(inArray(orgs.id, ids));
}

export async function setOrgsStatus(db: DbOrTx, ids: number[], status: string) {
  await db.update(orgs).set({ status }).where(inArray(orgs.id, ids));
}

/** Sets the status of every account of these organisations; returns the ids whose status changed. */
export async function setUsersStatusOfOrgs(db: DbOrTx, orgIds: number[], status: string): Promise<number[]> {
  const rows = await db
    .update(users)
    .set({ status, updatedAt: new Date() })
    .where(and(inArray(users.orgId, orgIds), ne(users.status, status)))
    .returning({ id: users.id });
  return rows.map((r) => r.id);
}

export async function listOrgsByIds(db: DbOrTx, ids: number[]) {
  if (!ids.length) return [];
  return db
    .select({
      id: orgs.id,
      name: orgs.name,
      parentId: orgs.parentId,
      level: orgs.level,
      classifiedType: orgs.classifiedType,
    })
    .from(orgs)
    .where(inArray(orgs.id, ids))
    .orderBy(asc(orgs.id));
}

// ---- users

export interface UserFilter {
  accountType?: string;
  /** Any of these account types (the back-office accounts of every institution). */
  accountTypes?: string[];
  orgIds?: number[];
  name?: string;
  phone?: string;
  regionCode?: string;
  certified?: boolean;
  status?: string;
  /** The list's sort (issue 30): a field of USER_SORT; newest account first without. */
  sort?: ListSort<(typeof USER_SORT)[number]>;
}

/**
 * The user lists' sortable fields. An account that never signed in sorts below every sign-in (keyset paging needs a
 * value). The default (newest account first) is the created_at column as the lists always read it.
 */
// Qualified by hand: inside a select list (the export's sortKey) drizzle renders a column without its table name, and
// the joined organisation and main account have their own created_at.
const USER_SORT_COLUMNS: SortColumns<(typeof USER_SORT)[number]> = {
  createdAt: { expr: sql.raw('"users"."created_at"'), cast: 'timestamptz' },
  lastLoginAt: { expr: sql.raw(`coalesce("users"."last_login_at", '-infinity'::timestamptz)`), cast: 'timestamptz' },
};
const userSort = (f: UserFilter) => resolveSortOr(f.sort ?? {}, USER_SORT_COLUMNS, 'createdAt');

function userWhere(f: UserFilter): SQL | undefined {
  return and(
    f.accountType ? eq(users.accountType, f.accountType) : undefined,
    f.accountTypes ? inArray(users.accountType, f.accountTypes) : undefined,
    f.orgIds ? inArray(users.orgId, f.orgIds.length ? f.orgIds : [-1]) : undefined,
    f.name ? or(ilike(users.name, likeText(f.name)), ilike(users.username, likeText(f.name))) : undefined,
    f.phone ? ilike(users.phone, likeText(f.phone)) : undefined,
    f.regionCode ? eq(users.regionCode, f.regionCode) : undefined,
    f.certified === undefined ? undefined : eq(users.certified, f.certified),
    f.status ? eq(users.status, f.status) : undefined,
  );
}

/** An enterprise sub-account's main account: the enterprise it belongs to (issue 30). */
const mainAccount = alias(users, 'main_account');

const userColumns = {
  userId: users.id,
  username: users.username,
  name: users.name,
  phone: users.phone,
  accountType: users.accountType,
  orgId: users.orgId,
  // A sub-account belongs to its main account's enterprise: that enterprise's name, credit code and region.
  orgName: sql<string | null>`COALESCE(${orgs.name}, ${mainAccount.name})`,
  regionCode: sql<string | null>`COALESCE(${users.regionCode}, ${mainAccount.regionCode})`,
  creditCode: sql<string | null>`COALESCE(${users.creditCode}, ${mainAccount.creditCode})`,
  mainUserId: users.parentUserId,
  certified: users.certified,
  certStatus: users.certStatus,
  status: users.status,
  email: users.email,
  createdAt: users.createdAt,
  lastLoginAt: users.lastLoginAt,
};

export function listUsers(db: DbOrTx, f: UserFilter, p: { limit: number; offset: number }) {
  return db
    .select(userColumns)
    .from(users)
    .leftJoin(orgs, eq(orgs.id, users.orgId))
    .leftJoin(mainAccount, eq(mainAccount.id, users.parentUserId))
    .where(userWhere(f))
    .orderBy(
      ...sortOrderBy(resolveSort(f.sort ?? {}, USER_SORT_COLUMNS), users.id, [desc(users.createdAt), desc(users.id)]),
    )
    .limit(p.limit)
    .offset(p.offset);
}

/**
 * An export's batch (issue 30): the users of the filter after `after`, in the list's sort (newest account first by
 * default), `limit` of them, each with its cursor (`sortKey`): keyset paging on (sort value, id).
 */
export function userBatch(db: DbOrTx, f: UserFilter, after: SortCursor | null, limit: number) {
  const sort = userSort(f);
  return db
    .select({ ...userColumns, sortKey: sortKeyColumn(sort) })
    .from(users)
    .leftJoin(orgs, eq(orgs.id, users.orgId))
    .leftJoin(mainAccount, eq(mainAccount.id, users.parentUserId))
    .where(and(userWhere(f), after ? sortAfter(sort, users.id, after) : undefined))
    .orderBy(...sortOrderBy(sort, users.id, []))
    .limit(limit);
}

/** A row of a user list's export: the batch's row with its roles (user-export.ts). */
export type UserExportRow = Awaited<ReturnType<typeof userBatch>>[number] & { roles: { id: number; name: string }[] };

export async function countUsers(db: DbOrTx, f: UserFilter): Promise<number> {
  const [r] = await db.select({ n: count() }).from(users).where(userWhere(f));
  return r.n;
}

export async function findUser(db: DbOrTx, id: number) {
  const [u] = await db
    .select({
      ...userColumns,
      legalRep: users.legalRep,
      idNumber: users.idNumber,
      certReason: users.certReason,
      parentUserId: users.parentUserId,
      notifyPref: users.notifyPref,
    })
    .from(users)
    .leftJoin(orgs, eq(orgs.id, users.orgId))
    .leftJoin(mainAccount, eq(mainAccount.id, users.parentUserId))
    .where(eq(users.id, id));
  return u ?? null;
}

export async function rolesOfUsers(db: DbOrTx, userIds: number[]) {
  if (!userIds.length) return new Map<number, { id: number; name: string }[]>();
  const rows = await db
    .select({ userId: userRoles.userId, id: roles.id, name: roles.name })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(inArray(userRoles.userId, userIds))
    .orderBy(asc(roles.id));
  const m = new Map<number, { id: number; name: string }[]>();
  for (const r of rows) m.set(r.userId, [...(m.get(r.userId) ?? []), { id: r.id, name: r.name }]);
  return m;
}

export async function insertAccount(
  db: DbOrTx,
  v: {
    username: string;
    name: string;
    phone: string | null;
    passwordHash: string;
    accountType: string;
    orgId: number | null;
    email?: string | null;
    regionCode?: string | null;
    creditCode?: string | null;
    legalRep?: string | null;
  },
): Promise<number> {
  const [r] = await db.insert(users).values(v).returning({ id: users.id });
  return r.id;
}

export async function updateAccount(
  db: DbOrTx,
  id: number,
  v: Partial<{
    username: string;
    name: string;
    phone: string;
    email: string | null;
    orgId: number;
    notifyPref: string;
  }>,
) {
  // An absent phone keeps the current one.
  const values = Object.fromEntries(Object.entries(v).filter(([, x]) => x !== undefined));
  await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, id));
}

export async function setUserStatusRow(db: DbOrTx, id: number, status: string) {
  await db.update(users).set({ status, updatedAt: new Date() }).where(eq(users.id, id));
}

export async function replaceUserRoles(db: DbOrTx, userId: number, roleIds: number[]) {
  await db.delete(userRoles).where(eq(userRoles.userId, userId));
  if (roleIds.length) await db.insert(userRoles).values(roleIds.map((roleId) => ({ userId, roleId })));
}

export async function existingPhones(db: DbOrTx, phones: string[]): Promise<Set<string>> {
  if (!phones.length) return new Set();
  const rows = await db
    .select({ phone: users.phone, username: users.username })
    .from(users)
    .where(or(inArray(users.phone, phones), inArray(sql`lower(${users.username})`, phones)));
  return new Set(rows.flatMap((r) => [r.phone ?? '', r.username.toLowerCase()]));
}

export async function existingCreditCodes(db: DbOrTx, codes: string[]): Promise<Set<string>> {
  if (!codes.length) return new Set();
  const rows = await db
    .select({ c: users.creditCode })
    .from(users)
    .where(and(inArray(users.creditCode, codes), eq(users.accountType, 'ENTERPRISE')));
  return new Set(rows.map((r) => r.c ?? ''));
}

// ---- roles

export async function listRoles(db: DbOrTx) {
  const rs = await db
    .select({
      id: roles.id,
      code: roles.code,
      name: roles.name,
      accountType: roles.accountType,
      builtin: roles.builtin,
      description: roles.description,
      assignableTo: roles.assignableTo,
      userCount: sql<number>`(SELECT count(*)::int FROM user_roles ur WHERE ur.role_id = "roles"."id")`,
    })
    .from(roles)
    .orderBy(desc(roles.builtin), asc(roles.id));
  const res = await db.select().from(roleResources);
  const perms = await db.select().from(rolePermissions);
  return rs.map((r) => ({
    ...r,
    resources: res
      .filter((x) => x.roleId === r.id)
      .map((x) => x.path)
      .sort(),
    permissions: perms
      .filter((x) => x.roleId === r.id)
      .map((x) => x.permission)
      .sort(),
  }));
}

export async function findRoles(db: DbOrTx, ids: number[]) {
  if (!ids.length) return [];
  return db
    .select({
      id: roles.id,
      code: roles.code,
      accountType: roles.accountType,
      builtin: roles.builtin,
      assignableTo: roles.assignableTo,
    })
    .from(roles)
    .where(inArray(roles.id, ids));
}

export async function roleIdByCode(db: DbOrTx, code: string): Promise<number | null> {
  const [r] = await db.select({ id: roles.id }).from(roles).where(eq(roles.code, code));
  return r?.id ?? null;
}

export async function roleUserCount(db: DbOrTx, id: number): Promise<number> {
  const [r] = await db.select({ n: count() }).from(userRoles).where(eq(userRoles.roleId, id));
  return r.n;
}

export async function insertRole(
  db: DbOrTx,
  v: { code: string; name: string; accountType: string; description: string | null; assignableTo: string[] },
) {
  const [r] = await db
    .insert(roles)
    .values({ ...v, nameEn: v.name, builtin: false })
    .returning({ id: roles.id });
  return r.id;
}

export async function updateRole(
  db: DbOrTx,
  id: number,
  v: { name: string; accountType: string; description: string | null; assignableTo?: string[] },
) {
  await db.update(roles).set(v).where(eq(roles.id, id));
}

export async function replaceRoleGrants(db: DbOrTx, roleId: number, resources: string[], permissions: string[]) {
  await db.delete(roleResources).where(eq(roleResources.roleId, roleId));
  await db.delete(rolePermissions).where(eq(rolePermissions.roleId, roleId));
  if (resources.length) await db.insert(roleResources).values(resources.map((path) => ({ roleId, path })));
  if (permissions.length)
    await db.insert(rolePermissions).values(permissions.map((permission) => ({ roleId, permission })));
}

export async function deleteRole(db: DbOrTx, id: number) {
  await db.delete(roles).where(eq(roles.id, id));
}

/** Roles of an account type that `grantor` may give (ROLE_GRANTORS in assignable_to), with their grants. */
export async function assignableRoleRows(db: DbOrTx, grantor: string, accountType: string) {
  const r = await db.execute<{
    id: number | string;
    code: string;
    name: string;
    description: string | null;
    permissions: string[];
    resourceCount: number;
  }>(sql`
    SELECT r.id, r.code, r.name, r.description,
           COALESCE((SELECT array_agg(rp.permission ORDER BY rp.permission) FROM role_permissions rp WHERE rp.role_id = r.id), '{}') AS permissions,
           (SELECT count(*)::int FROM role_resources rr WHERE rr.role_id = r.id) AS "resourceCount"
    FROM roles r
    WHERE r.account_type = ${accountType} AND ${grantor} = ANY (r.assignable_to)
    ORDER BY r.id`);
  return r.rows.map((x) => ({ ...x, id: Number(x.id) }));
}

/** Issue 30: an administrator's reset: the temporary password, due for a change at the account's next sign-in. */
export async function setTemporaryPassword(db: DbOrTx, id: number, passwordHash: string) {
  const at = new Date();
  await db
    .update(users)
    .set({ passwordHash, mustChangePassword: true, passwordChangedAt: at, updatedAt: at })
    .where(eq(users.id, id));
}

/** Audit rows of one action by one user since a time (an administrator's resets per hour). */
export async function countActionsByUser(db: DbOrTx, userId: number, action: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(auditLog)
    .where(and(eq(auditLog.userId, userId), eq(auditLog.action, action), sql`${auditLog.at} > ${since}`));
  return Number(row.n);
}
