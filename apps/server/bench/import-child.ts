/**
 * One import of `npm run bench` in a process of its own (bench/run.ts starts it): the real service reads the file as
 * a stream, checks every row and writes the good ones in one transaction. IMPORT_KIND `makeup` (the default) runs the
 * makeup loan import as the operator; `chain` runs the chain member import into a chain made for it; `farmer` the farmer
 * import as the operator, only checked with IMPORT_DRY_RUN `true` (it writes its audit row only). Reports the time
 * and this process's peak resident memory, then removes what it wrote so the benchmark database stays as generated.
 */
import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import { connect } from '../src/db/client.ts';
import type { SessionContext } from '../src/modules/auth/auth.service.ts';
import { createChainImportService } from '../src/modules/chains/chain-import.service.ts';
import { createMakeupService } from '../src/modules/demands/makeup-import.service.ts';
import { createFarmerImportService } from '../src/modules/farmers/farmer-import.service.ts';

const database = connect(process.env.DATABASE_URL!, 4);
const { db } = database;
const [operator] = (
  await db.execute<{ id: number; orgId: number | null }>(
    sql`SELECT id, org_id AS "orgId" FROM users WHERE username = 'operator'`,
  )
).rows;
const orgId = operator.orgId === null ? null : Number(operator.orgId);

let figures: { seconds: number; total: number; succeeded: number; failed: number };
if (process.env.IMPORT_KIND === 'chain') {
  // The operator's scope (chain:manage) reaches every chain; the chain is made here and removed after.
  const session = {
    userId: Number(operator.id),
    orgId,
    permissions: new Set(['chain:manage']),
    chainAccess: false,
    classifiedType: 'PLATFORM',
  } as unknown as SessionContext;
  const [chain] = (
    await db.execute<{ id: string }>(sql`
      INSERT INTO industrial_chains (name, category, region_code, tiers)
      SELECT ${`规模导入测试链${Date.now().toString(36)}`}, 'PLANTING', code, '{"UPSTREAM":"","MIDSTREAM":"","DOWNSTREAM":""}'::jsonb FROM regions ORDER BY code LIMIT 1
      RETURNING id`)
  ).rows;
  const chainId = Number(chain.id);
  const started = performance.now();
  const result = await createChainImportService(db).run(
    { session, ip: '127.0.0.1' },
    { industrialChainId: chainId, dryRun: false },
    fs.createReadStream(process.env.IMPORT_FILE!),
    'bench-chain-50k.xlsx',
  );
  figures = {
    seconds: (performance.now() - started) / 1000,
    total: result.total,
    succeeded: result.valid,
    failed: result.invalid,
  };
  // Leave the benchmark database as it was (the job's chain_imports and failed records go with it).
  await db.execute(sql`DELETE FROM chain_enterprises WHERE chain_id = ${chainId}`);
  if (result.importRecordId) await db.execute(sql`DELETE FROM import_jobs WHERE id = ${result.importRecordId}`);
  await db.execute(sql`DELETE FROM industrial_chains WHERE id = ${chainId}`);
  await db.execute(sql`VACUUM ANALYZE chain_enterprises`);
  await db.execute(sql`VACUUM ANALYZE chain_fail_records`);
} else if (process.env.IMPORT_KIND === 'farmer') {
  // The operator (a PLATFORM account) imports city-wide; the records are removed after (the triggers take their figures back).
  const session = {
    userId: Number(operator.id),
    orgId,
    accountType: 'PLATFORM',
    regionCode: null,
    permissions: new Set(['farmer:import']),
  } as unknown as SessionContext;
  const started = performance.now();
  const result = await createFarmerImportService(db).run(
    { session, ip: '127.0.0.1' },
    process.env.IMPORT_DRY_RUN === 'true',
    fs.createReadStream(process.env.IMPORT_FILE!),
    'bench-farmers-100k.xlsx',
  );
  figures = {
    seconds: (performance.now() - started) / 1000,
    total: result.total,
    succeeded: result.valid,
    failed: result.invalid,
  };
  if (result.importRecordId) {
    await db.execute(sql`DELETE FROM farmers WHERE import_job_id = ${result.importRecordId}`);
    await db.execute(sql`DELETE FROM import_jobs WHERE id = ${result.importRecordId}`);
    await db.execute(sql`VACUUM ANALYZE farmers`);
    await db.execute(sql`VACUUM ANALYZE farmer_village_figures`);
  }
} else {
  const session = { userId: Number(operator.id), orgId } as SessionContext;
  const started = performance.now();
  const result = await createMakeupService(db).run(
    { session, ip: '127.0.0.1' },
    fs.createReadStream(process.env.IMPORT_FILE!),
    'bench-100k.xlsx',
    false,
  );
  figures = {
    seconds: (performance.now() - started) / 1000,
    total: result.total,
    succeeded: result.succeeded,
    failed: result.failed,
  };
  if (result.jobId) {
    await db.execute(sql`DELETE FROM demands WHERE import_job_id = ${result.jobId}`);
    await db.execute(sql`DELETE FROM import_jobs WHERE id = ${result.jobId}`);
    // The deleted rows were the newest: their dead index entries would sit at the head of every newest-first index.
    await db.execute(sql`VACUUM ANALYZE demands`);
    await db.execute(sql`VACUUM ANALYZE demand_history`);
  }
}
// Peak resident memory of this process, measured before the clean-up's own work could matter (it is SQL only).
const peakRssMb = process.resourceUsage().maxRSS / 1024;
await database.close();
process.send?.({ ...figures, peakRssMb });
