import { and, eq, inArray, sql } from 'drizzle-orm';
import { SHELTER_OPEN_STATES } from '@phjr/contract/shelter/shelter';
import type { DbOrTx } from '../../db/client.ts';
import { shelterCases, shelterDrafts } from '../../db/schema/index.ts';

/** The only place that touches shelter_drafts (docs/shelter.md "The draft"): one row per applicant account. */

export async function findDraft(db: DbOrTx, userId: number) {
  const [row] = await db
    .select({ content: shelterDrafts.content, updatedAt: shelterDrafts.updatedAt })
    .from(shelterDrafts)
    .where(eq(shelterDrafts.userId, userId));
  return row ?? null;
}

/** Writes the account's draft over the one it had (a draft is saved again and again while it is written). */
export async function saveDraft(db: DbOrTx, userId: number, content: unknown) {
  const [row] = await db
    .insert(shelterDrafts)
    .values({ userId, content, updatedAt: new Date() })
    .onConflictDoUpdate({ target: shelterDrafts.userId, set: { content, updatedAt: sql`now()` } })
    .returning({ content: shelterDrafts.content, updatedAt: shelterDrafts.updatedAt });
  return row;
}

/** Removes the account's draft (discarded, or submitted: in the application's transaction); how many went. */
export async function deleteDraft(db: DbOrTx, userId: number): Promise<number> {
  const rows = await db
    .delete(shelterDrafts)
    .where(eq(shelterDrafts.userId, userId))
    .returning({ userId: shelterDrafts.userId });
  return rows.length;
}

/** Whether the enterprise has a case in an open state (SHELTER_CASE_OPEN: it cannot submit another now). */
export async function hasOpenCase(db: DbOrTx, enterpriseUserId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: shelterCases.id })
    .from(shelterCases)
    .where(
      and(eq(shelterCases.enterpriseUserId, enterpriseUserId), inArray(shelterCases.state, [...SHELTER_OPEN_STATES])),
    )
    .limit(1);
  return !!row;
}
