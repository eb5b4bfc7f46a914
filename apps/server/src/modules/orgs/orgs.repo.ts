import { asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { orgs, regions, roleResources, userRoles, users } from '../../db/schema/index.ts';

export async function resourcesOfUser(db: DbOrTx, userId: number): Promise<string[]> {
  const rows = await db
    .selectDistinct({ path: roleResources.path })
    .from(userRoles)
    .innerJoin(roleResources, eq(roleResources.roleId, userRoles.roleId))
    .where(eq(userRoles.userId, userId));
  return rows.map((r) => r.path);
}

export function listRegions(db: DbOrTx) {
  return db
    .select({ code: regions.code, name: regions.name, nameEn: regions.nameEn, parentCode: regions.parentCode })
    .from(regions)
    .orderBy(asc(regions.sort), asc(regions.code));
}

/** The enterprise an enterprise account belongs to: its own name, or its main account's for a sub-account. */
export async function enterpriseNameOf(db: DbOrTx, userId: number): Promise<string | null> {
  const r = await db.execute<{ name: string }>(sql`
    SELECT COALESCE(p.name, u.name) AS name FROM users u LEFT JOIN users p ON p.id = u.parent_user_id
    WHERE u.id = ${userId} AND u.account_type = 'ENTERPRISE'`);
  return r.rows[0]?.name ?? null;
}

export async function findUserSummary(db: DbOrTx, id: number) {
  const [u] = await db
    .select({
      userId: users.id,
      username: users.username,
      name: users.name,
      accountType: users.accountType,
      orgId: users.orgId,
      orgName: orgs.name,
      status: users.status,
    })
    .from(users)
    .leftJoin(orgs, eq(orgs.id, users.orgId))
    .where(eq(users.id, id));
  return u ?? null;
}

export async function orgChainAccess(db: DbOrTx, orgId: number): Promise<boolean> {
  const [o] = await db.select({ chainAccess: orgs.chainAccess }).from(orgs).where(eq(orgs.id, orgId));
  return o?.chainAccess ?? false;
}

export async function countUsers(db: DbOrTx): Promise<number> {
  const r = await db.execute(sql`SELECT count(*)::int AS n FROM users`);
  return Number((r.rows[0] as { n: number }).n);
}
