/**
 * `npm run bench` (ENGINEERING.md "Performance budgets"): loads the scale data into a separate benchmark database,
 * starts the real app and the floor (bare Fastify + pg running the app's own SQL) in two child processes, drives
 * each scenario with autocannon from this process, and prints and writes the table to docs/benchmarks.md.
 *
 * Environment: BENCH_DATABASE_URL (an external PostgreSQL; default: an embedded one in .bench-data/),
 * BENCH_FACTOR (row-count scale, default 1 = the budget scale), BENCH_DURATION (seconds per run, default 10),
 * BENCH_CONNECTIONS (default 50), BENCH_ONLY (comma-separated scenario names).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { connect, runMigrations } from '../src/db/client.ts';
import { startEmbeddedPostgres } from '../src/db/embedded.ts';
import { freePort } from '../src/lib/net.ts';
import { DEMO_PASSWORD } from '../src/seed/demo-accounts.ts';
import { generateScale } from '../src/seed/scale/index.ts';
import { runImportStep, type ImportFigures } from './import-step.ts';
import { seedIfEmpty } from '../src/seed/seed.ts';
import { capturePool, type CapturedQuery } from './capture.ts';
import { SCENARIOS, type Scenario } from './scenarios.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../../..');
const log = (m: string) => process.stdout.write(`${m}\n`);

const factor = Number(process.env.BENCH_FACTOR ?? 1);
const duration = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const only = (process.env.BENCH_ONLY ?? '').split(',').filter(Boolean);
const scenarios = SCENARIOS.filter((s) => only.length === 0 || only.includes(s.name));

interface Row {
  scenario: Scenario;
  p50: number;
  p99: number;
  rps: number;
  floorRps: number;
  floorP99: number;
  errors: number;
  /** The app with its read cache off: every request runs its SQL (as right after a change). */
  uncached: { p50: number; p99: number; rps: number };
}

async function main() {
  const dataDir = path.join(root, '.bench-data');
  let url = process.env.BENCH_DATABASE_URL ?? null;
  let embedded: { stop(): Promise<void> } | null = null;
  if (!url) {
    log(`Starting the benchmark PostgreSQL (data in ${dataDir})...`);
    const e = await startEmbeddedPostgres(dataDir, await freePort(), log);
    url = e.url;
    embedded = e;
  }
  const database = connect(url, 10);
  const children: ChildProcess[] = [];
  try {
    await runMigrations(database);
    await seedIfEmpty(database.db, { demo: true, initialAdminPassword: null, log });
    log(`Scale data (factor ${factor}):`);
    await generateScale(database.db, factor, log);

    // Capture each scenario's SQL from the real app, in this process, without the read cache: the floor runs all the
    // SQL the app runs when the data has just changed.
    const capture = capturePool(database.pool);
    const config = loadConfig({ webDist: '/nonexistent', readCacheTtlMs: 0 });
    const app = await buildApp({ config, database, logger: false });
    await app.ready();
    const tokens = new Map<string, string>();
    const plan: Record<string, CapturedQuery[]> = {};
    for (const s of scenarios) {
      if (s.as && !tokens.has(s.as)) tokens.set(s.as, await signIn(app, s.as));
      const headers = s.as ? { satoken: tokens.get(s.as)! } : {};
      await app.inject({ method: 'GET', url: s.url, headers });
      capture.start();
      const res = await app.inject({ method: 'GET', url: s.url, headers });
      plan[s.name] = capture.stop();
      if (res.statusCode !== 200 || !res.json().success) throw new Error(`${s.name}: ${s.url} answered ${res.statusCode} ${res.body.slice(0, 200)}`);
    }
    await app.close();
    const planFile = path.join(dataDir, 'floor-plan.json');
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(planFile, JSON.stringify(plan));

    const appPort = await freePort();
    const floorPort = await freePort();
    const uncachedPort = await freePort();
    const env = { ...process.env, DATABASE_URL: url, DB_POOL_SIZE: '10', LOG_LEVEL: 'warn' };
    children.push(await start(path.join(here, 'app-server.ts'), { ...env, PORT: String(appPort) }));
    children.push(await start(path.join(here, 'floor-server.ts'), { ...env, PORT: String(floorPort), FLOOR_PLAN: planFile }));
    children.push(await start(path.join(here, 'app-server.ts'), { ...env, PORT: String(uncachedPort), READ_CACHE_TTL_MS: '0' }));

    const rows: Row[] = [];
    for (const s of scenarios) {
      const headers: Record<string, string> = s.as ? { satoken: tokens.get(s.as)! } : {};
      log(`${s.name}: ${plan[s.name].length} statements`);
      const real = await load(`http://127.0.0.1:${appPort}${s.url}`, headers);
      const floor = await load(`http://127.0.0.1:${floorPort}/${s.name}`, {});
      const uncached = await load(`http://127.0.0.1:${uncachedPort}${s.url}`, headers);
      // A floor that fails answers fast and makes any ratio meaningless.
      if (floor.errors + floor.non2xx + floor.timeouts > 0) throw new Error(`the floor of ${s.name} answered with errors: its captured SQL does not replay`);
      rows.push({
        scenario: s,
        p50: real.latency.p50,
        p99: real.latency.p99,
        rps: real.requests.average,
        floorRps: floor.requests.average,
        floorP99: floor.latency.p99,
        errors: real.errors + real.non2xx + real.timeouts + uncached.errors + uncached.non2xx + uncached.timeouts,
        uncached: { p50: uncached.latency.p50, p99: uncached.latency.p99, rps: uncached.requests.average },
      });
    }
    // The makeup import of a 100k-row file (ENGINEERING.md: under 60 s, under 300 MB), in a process of its own.
    const imported = only.length === 0 || only.includes('makeup-import') ? await runImportStep(database.db, url, dataDir, log) : null;
    report(rows, imported);
    const failed = rows.filter((r) => !passes(r));
    if (imported && !imported.pass) failed.push({ scenario: { name: 'makeup-import' } } as Row);
    if (failed.length) {
      log(`\nOver budget: ${failed.map((r) => r.scenario.name).join(', ')}`);
      process.exitCode = 1;
    }
  } finally {
    await Promise.all(children.map(stop));
    await database.close();
    await embedded?.stop();
  }
}

async function signIn(app: Awaited<ReturnType<typeof buildApp>>, username: string): Promise<string> {
  const redirect = 'http://localhost:3000/home';
  const res = await app.inject({ method: 'POST', url: '/ssoserver/doLogin', payload: { username, password: DEMO_PASSWORD, redirect } });
  const ticket = new URL(res.json().data.redirectUrl).searchParams.get('ticket');
  const ex = await app.inject({ method: 'POST', url: '/doLoginByTicket', payload: { ticket, clientLoginUrl: redirect } });
  return ex.json().data.satokenClient as string;
}

function start(file: string, env: NodeJS.ProcessEnv): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = fork(file, { env, execArgv: ['--import', 'tsx'], stdio: 'inherit' });
    child.once('message', () => resolve(child));
    child.once('exit', (code) => reject(new Error(`${path.basename(file)} exited with ${code}`)));
  });
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((done) => {
    child.once('exit', () => done());
    child.kill('SIGTERM');
  });
}

async function load(url: string, headers: Record<string, string>) {
  await autocannon({ url, connections: Math.min(10, connections), duration: 2, headers });
  return autocannon({ url, connections, duration, headers });
}

function passes(r: Row) {
  return r.errors === 0 && r.p99 <= r.scenario.budgetP99Ms && r.rps >= r.scenario.minRatio * r.floorRps;
}

function report(rows: Row[], imported: ImportFigures | null) {
  const header = '| scenario | p50 ms | p99 ms | p99 budget | req/s | floor req/s | floor p99 ms | ratio | ratio budget | errors | verdict |';
  const lines = rows.map((r) => {
    const ratio = r.floorRps ? r.rps / r.floorRps : 0;
    return `| ${r.scenario.name} | ${r.p50} | ${r.p99} | ${r.scenario.budgetP99Ms} | ${Math.round(r.rps)} | ${Math.round(r.floorRps)} | ${r.floorP99} | ${ratio.toFixed(2)} | ${r.scenario.minRatio} | ${r.errors} | ${passes(r) ? 'pass' : 'OVER'} |`;
  });
  const table = [header, '|---|---|---|---|---|---|---|---|---|---|---|', ...lines].join('\n');
  log(`\n${table}`);
  const uncachedTable = [
    '| scenario | p50 ms | p99 ms | req/s | ratio to the floor |',
    '|---|---|---|---|---|',
    ...rows.map((r) => `| ${r.scenario.name} | ${r.uncached.p50} | ${r.uncached.p99} | ${Math.round(r.uncached.rps)} | ${(r.floorRps ? r.uncached.rps / r.floorRps : 0).toFixed(2)} |`),
  ].join('\n');
  log(`\nWithout the read cache (READ_CACHE_TTL_MS=0):\n${uncachedTable}`);
  const importTable = imported
    ? [
        '| import | rows | good | failed | seconds | budget s | peak RSS MB | budget MB | verdict |',
        '|---|---|---|---|---|---|---|---|---|',
        `| makeup-import (xlsx, streamed) | ${imported.total} | ${imported.succeeded} | ${imported.failed} | ${imported.seconds.toFixed(1)} | 60 | ${Math.round(imported.peakRssMb)} | 300 | ${imported.pass ? 'pass' : 'OVER'} |`,
      ].join('\n')
    : '';
  if (importTable) log(`\n${importTable}`);
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  const doc = `# Benchmarks

Written by \`npm run bench\` (apps/server/bench/run.ts); do not edit by hand. Each scenario is one URL of the real
app, asked by ${connections} connections for ${duration} s with autocannon from a separate process; the floor is a bare
Fastify + pg server running the same SQL the app ran for that URL (captured from the app with its read cache off, i.e.
every statement a request runs right after a change), with the same concurrency, prepared as the app prepares them.
The app runs as in production: its read cache (db/read-cache.ts) keeps portal and demand list pages until a committed
change notifies every process, so between changes it answers above the floor. The ratio is the app's throughput over
the floor's.

- When: ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC
- Machine: ${os.cpus().length} × ${cpu}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}
- Data: scale factor ${factor} (see apps/server/src/seed/scale/)

${table}

The same scenarios against a second app process with the read cache off (READ_CACHE_TTL_MS=0): what a request costs
when the data it shows has just changed. The floor's own p99 above shows what the SQL alone allows at 50 connections
on this machine.

${uncachedTable}
${importTable ? `\nThe import row: one makeup import of a generated file (exceljs streaming writer) run by the real service in a child\nprocess, from reading the file to the commit of its transaction; peak RSS is that process's.\n\n${importTable}\n` : ''}`;
  fs.writeFileSync(path.join(root, 'docs/benchmarks.md'), doc);
  log('\nWritten to docs/benchmarks.md');
}

await main();
