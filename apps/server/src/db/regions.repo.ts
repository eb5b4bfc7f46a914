import { sql } from 'drizzle-orm';
import type { DbOrTx } from './client.ts';

/**
 * The level of a region, read by every module that scopes by district (demands, shelter, farmers, credit): shared
 * here so that no module reads the regions table through another's repository.
 */

/** Whether a region is the whole city (no region above it), or null when there is no such region. */
export async function regionIsCity(db: DbOrTx, code: string): Promise<boolean | null> {
  const r = await db.execute<{ city: boolean }>(sql`SELECT parent_code IS NULL AS city FROM regions WHERE code = ${code}`);
  return r.rows[0]?.city ?? null;
}

/** Whether a region is the whole city; unknown regions count as not. */
export async function isCityRegion(db: DbOrTx, code: string): Promise<boolean> {
  return (await regionIsCity(db, code)) ?? false;
}
