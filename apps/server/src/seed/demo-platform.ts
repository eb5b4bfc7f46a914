import type { DbOrTx } from '../db/client.ts';

/** Demo data: the holiday calendar and in-site messages (issue 3). */
export async function seedDemoPlatform(_db: DbOrTx) {}
