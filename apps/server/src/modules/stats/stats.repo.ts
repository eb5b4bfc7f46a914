import { and, count, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { orgs, productCounts, statTotals, users } from '../../db/schema/index.ts';

/** Banks on the platform: active head offices (branches and sub-branches are part of their bank). */
export async function countActiveBankHeadOffices(db: DbOrTx): Promise<number> {
  const [{ n }] = await db
    .select({ n: count() })
    .from(orgs)
    .where(and(eq(orgs.classifiedType, 'BANK'), eq(orgs.level, 'HEAD'), eq(orgs.status, 'ACTIVE')));
  return n;
}

/**
 * The platform totals kept by triggers (migration 0005), summed over their shards: `demands` (n, amount demanded),
 * `granted` (n, amount granted), `rejected` (n), `enterprises` (n). A handful of rows, whatever the data size.
 */
export async function keptTotals(db: DbOrTx): Promise<Record<string, { n: number; amount: number }>> {
  const rows = await db
    .select({ key: statTotals.key, n: sql<number>`sum(${statTotals.n})::float8`, amount: sql<number>`sum(${statTotals.amount})::float8` })
    .from(statTotals)
    .groupBy(statTotals.key);
  return Object.fromEntries(rows.map((r) => [r.key, { n: Number(r.n), amount: Number(r.amount) }]));
}

/** Enterprises on the platform, counted over the users table (the overview reads the kept total instead). */
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
