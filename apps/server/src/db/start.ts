import type { Config } from '../config.ts';
import { connect, runMigrations, type Database } from './client.ts';
import { startEmbeddedPostgres } from './embedded.ts';
import { seedIfEmpty } from '../seed/seed.ts';

export interface StartedDatabase {
  database: Database;
  demo: boolean;
  stop(): Promise<void>;
}

/** Connects (starting the embedded PostgreSQL when no DATABASE_URL is given), migrates, and seeds an empty database. */
export async function startDatabase(config: Config, log: (m: string) => void): Promise<StartedDatabase> {
  let url = config.databaseUrl;
  let embedded: { stop(): Promise<void> } | null = null;
  if (!url) {
    log(`Starting the embedded PostgreSQL (data in ${config.dataDir})...`);
    const e = await startEmbeddedPostgres(config.dataDir, config.embeddedPgPort, log);
    url = e.url;
    embedded = e;
  }
  const database = connect(url, config.dbPoolSize);
  try {
    await runMigrations(database);
    await seedIfEmpty(database.db, { demo: config.demo, initialAdminPassword: config.initialAdminPassword, log });
  } catch (e) {
    await database.close().catch(() => {});
    await embedded?.stop().catch(() => {});
    throw e;
  }
  return {
    database,
    demo: config.demo,
    async stop() {
      await database.close();
      await embedded?.stop();
    },
  };
}
