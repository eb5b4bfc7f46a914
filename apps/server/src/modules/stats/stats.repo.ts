import { and, count, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { orgs, productCounts, users } from '../../db/schema/index.ts';

/** Banks on the platform: active head offices (branches and sub-branches are part of their bank). */
export async function countActiveBankHeadOffices(db: DbOrTx): Promise<number> {
  const [{ n }] = await db
    .select({ n: count() })
    .from(orgs)
    .where(and(eq(orgs.classifiedType, 'BANK'), eq(orgs.level, 'HEAD'), eq(orgs.status, 'ACTIVE')));
  return n;
}

/** Enterprises on the platform: active enterprise main accounts (sub-accounts act for theirs). */
export async function countEnterpriseMainAccounts(db: DbOrTx): Promise<number> {
  const [{ n }] = await db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.accountType, 'ENTERPRISE'), isNull(users.parentUserId), eq(users.status, 'ACTIVE')));
  return n;
}

/** The supermarket's catalogue: loans in state LISTED (guarantee services are not counted), kept by triggers. */
export async function countListedLoans(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: sql<number>`coalesce(sum(${productCounts.listed}), 0)::int` }).from(productCounts).where(eq(productCounts.kind, 'LOAN'));
  return row.n;
}
