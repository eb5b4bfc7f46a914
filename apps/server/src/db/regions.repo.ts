import { sql } from 'drizzle-orm';
import type { DbOrTx } from './client.ts';

/**
 * Whether a region is the whole city (no region above it); unknown regions count as not. The session's own region
 * comes with the session (SessionContext.regionIsCity); this reads another one's, e.g. the bank unit a demand is
 * given to (demands.service.ts).
 */
export async function isCityRegion(db: DbOrTx, code: string): Promise<boolean> {
  const r = await db.execute<{ city: boolean }>(
    sql`SELECT parent_code IS NULL AS city FROM regions WHERE code = ${code}`,
  );
  return r.rows[0]?.city ?? false;
}
