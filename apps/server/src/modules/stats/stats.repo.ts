import { and, count, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { orgs, users } from '../../db/schema/index.ts';

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
