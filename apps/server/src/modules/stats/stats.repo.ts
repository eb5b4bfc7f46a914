import { and, count, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import type { ReadPart } from '../../db/sql.ts';

type HomepageFigures = { products: number; banks: number; kept: Record<string, { n: number; amount: number }> };

/**
 * The homepage's figures in one statement: the LISTED loans (the supermarket's catalogue; guarantee services are not
 * counted) from the counts kept by triggers; the banks (active head offices: branches and sub-branches are part of
 * their bank) from the small orgs table; the platform totals kept by triggers (migration 0005), summed over their
 * shards: `demands` (n, amount demanded), `granted` (n, amount granted), `rejected` (n), `enterprises` (n). A handful
 * of rows whatever the data size; one round trip instead of three (issue 17).
 */
export const homepageFigures: ReadPart<HomepageFigures> = {
  sql: sql`
    SELECT (SELECT coalesce(sum(listed), 0)::int FROM product_counts WHERE kind = 'LOAN') AS products,
           (SELECT count(*)::int FROM orgs WHERE classified_type = 'BANK' AND level = 'HEAD' AND status = 'ACTIVE') AS banks,
           (SELECT coalesce(json_object_agg(key, json_build_array(n, amount)), '{}'::json)
              FROM (SELECT key, sum(n)::float8 AS n, sum(amount)::float8 AS amount FROM stat_totals GROUP BY key) s) AS kept`,
  of: (rows) => {
    const { products, banks, kept } = rows[0] as {
      products: number;
      banks: number;
      kept: Record<string, [number, number]>;
    };
    return {
      products,
      banks,
      kept: Object.fromEntries(
        Object.entries(kept).map(([k, [n, amount]]) => [k, { n: Number(n), amount: Number(amount) }]),
      ),
    };
  },
};

/** Enterprises on the platform, counted over the users table (the overview reads the kept total instead). */
export async function countEnterpriseMainAccounts(db: DbOrTx): Promise<number> {
  const [{ n }] = await db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.accountType, 'ENTERPRISE'), isNull(users.parentUserId), eq(users.status, 'ACTIVE')));
  return n;
}
