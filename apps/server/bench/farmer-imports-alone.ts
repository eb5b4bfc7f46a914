/**
 * The farmer import steps of `npm run bench` on their own, without the scale data (an hour at factor 1): a PostgreSQL
 * of their own (embedded, in a temporary folder, removed after; or BENCH_DATABASE_URL) with the migrations and the
 * demo data only, then each step as run.ts runs it (bench/import-step.ts: the file generated, imported by the real
 * service in a child process, its peak RSS). Prints the table and writes nothing to docs/benchmarks.md.
 *
 *   npx tsx apps/server/bench/farmer-imports-alone.ts
 *
 * Environment: BENCH_ONLY (comma-separated steps among farmer-import, farmer-import-dry-run, farmer-import-failing,
 * farmer-import-failing-dry-run; default all), BENCH_FARMER_IMPORT_ROWS (default 100,000), BENCH_DATABASE_URL.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { connect, runMigrations } from '../src/db/client.ts';
import { startEmbeddedPostgres } from '../src/db/embedded.ts';
import { freePort } from '../src/lib/net.ts';
import { seedIfEmpty } from '../src/seed/seed.ts';
import { runFarmerImportStep, type FarmerImportVariant, type ImportFigures } from './import-step.ts';

const STEPS: [string, FarmerImportVariant][] = [
  ['farmer-import', {}],
  ['farmer-import-dry-run', { dryRun: true }],
  ['farmer-import-failing', { failing: true }],
  ['farmer-import-failing-dry-run', { failing: true, dryRun: true }],
];
const log = (m: string) => process.stdout.write(`${m}\n`);
const only = (process.env.BENCH_ONLY ?? '').split(',').filter(Boolean);

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'phjr-bench-farmer-'));
let url = process.env.BENCH_DATABASE_URL ?? null;
const embedded = url ? null : await startEmbeddedPostgres(dir, await freePort(), log);
url ??= embedded!.url;
const database = connect(url, 4);
const out: { step: string; f: ImportFigures }[] = [];
const loadAtStart = os.loadavg()[0];
try {
  await runMigrations(database);
  await seedIfEmpty(database.db, { demo: true, initialAdminPassword: null, log: () => {} });
  for (const [step, variant] of STEPS) {
    if (only.length && !only.includes(step)) continue;
    out.push({ step, f: await runFarmerImportStep(database.db, url, dir, log, undefined, variant) });
  }
} finally {
  await database.close();
  await embedded?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
}
log(
  `\n${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'unknown CPU'}, Node ${process.version}, load average ${loadAtStart.toFixed(1)} at the start, ${os.loadavg()[0].toFixed(1)} at the end\n`,
);
log('| import | rows | good | failed | seconds | budget s | peak RSS MB | budget MB | verdict |');
log('|---|---|---|---|---|---|---|---|---|');
for (const { step, f } of out)
  log(
    `| ${step} | ${f.total} | ${f.succeeded} | ${f.failed} | ${f.seconds.toFixed(1)} | ${f.budgetSeconds} | ${Math.round(f.peakRssMb)} | ${f.budgetMb} | ${f.pass ? 'pass' : 'OVER'} |`,
  );
if (out.some((o) => !o.f.pass)) process.exitCode = 1;
