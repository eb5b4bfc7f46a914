import { loadConfig } from './config.ts';
import { startDatabase } from './db/start.ts';
import { buildApp } from './app.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './seed/demo-accounts.ts';
import { startDemandJobs } from './modules/demands/demand-jobs.ts';
import { createSettingsService } from './modules/system/settings.service.ts';

/** Starts the product: database (embedded unless DATABASE_URL is set), migrations, seed, HTTP, graceful shutdown. */
async function main() {
  const config = loadConfig();
  const log = (m: string) => process.stdout.write(`${m}\n`);
  const started = await startDatabase(config, log);
  const app = await buildApp({ config, database: started.database });
  // Database-backed jobs (the demands' SLA sweep): safe with any number of processes, stopped before the pool closes.
  const jobs = startDemandJobs(started.database.db, createSettingsService(started.database.db, config), { log });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log(`\n${signal} received: finishing requests in flight and stopping...`);
    const force = setTimeout(() => {
      log('Shutdown took longer than 15 s; exiting.');
      process.exit(1);
    }, 15_000);
    force.unref();
    try {
      await jobs.stop();
      await app.close();
      await started.stop();
      log('Stopped cleanly.');
      process.exit(0);
    } catch (e) {
      log(`Shutdown error: ${String(e)}`);
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

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
}

main().catch((e: unknown) => {
  process.stderr.write(`\nCould not start: ${e instanceof Error ? e.message : String(e)}\n`);
  process.exit(1);
});
