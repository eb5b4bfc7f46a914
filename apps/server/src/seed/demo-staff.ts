import type { DbOrTx } from '../db/client.ts';

/** Demo data: staff accounts of the demo institutions and users for the operator's lists (issue 3). */
export async function seedDemoStaff(_db: DbOrTx) {}
