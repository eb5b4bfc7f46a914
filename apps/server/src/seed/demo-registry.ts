import type { DbOrTx } from '../db/client.ts';

/** Demo data: the enterprise registry rows that certification checks against, and the SMS templates (issue 3). */
export async function seedDemoRegistry(_db: DbOrTx) {}
