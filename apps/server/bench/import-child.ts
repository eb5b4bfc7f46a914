/**
 * One makeup import of `npm run bench` in a process of its own (bench/run.ts starts it): the real service reads the
 * file as a stream, checks every row and writes the good ones in one transaction. Reports the time and this process's
 * peak resident memory, then removes what it wrote so the benchmark database stays as generated.
 */
import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import { connect } from '../src/db/client.ts';
import type { SessionContext } from '../src/modules/auth/auth.service.ts';
import { createMakeupService } from '../src/modules/demands/makeup-import.service.ts';

const database = connect(process.env.DATABASE_URL!, 4);
const { db } = database;
const [operator] = (await db.execute<{ id: number; orgId: number | null }>(sql`SELECT id, org_id AS "orgId" FROM users WHERE username = 'operator'`)).rows;
const session = { userId: Number(operator.id), orgId: operator.orgId === null ? null : Number(operator.orgId) } as SessionContext;

const started = performance.now();
const result = await createMakeupService(db).run({ session, ip: '127.0.0.1' }, fs.createReadStream(process.env.IMPORT_FILE!), 'bench-100k.xlsx', false);
const seconds = (performance.now() - started) / 1000;
const peakRssMb = process.resourceUsage().maxRSS / 1024;

// Leave the benchmark database as it was.
if (result.jobId) {
  await db.execute(sql`DELETE FROM demands WHERE import_job_id = ${result.jobId}`);
  await db.execute(sql`DELETE FROM import_jobs WHERE id = ${result.jobId}`);
  // The deleted rows were the newest: their dead index entries would sit at the head of every newest-first index.
  await db.execute(sql`VACUUM ANALYZE demands`);
  await db.execute(sql`VACUUM ANALYZE demand_history`);
}
await database.close();
process.send?.({ seconds, peakRssMb, total: result.total, succeeded: result.succeeded, failed: result.failed });
