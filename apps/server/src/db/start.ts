import type { Config } from '../config.ts';
import { connect, runMigrations, type Database } from './client.ts';
import { startEmbeddedPostgres } from './embedded.ts';
import { isSuperuser, roleOf } from './roles.ts';
import { seedIfEmpty } from '../seed/seed.ts';

export interface StartedDatabase {
  database: Database;
  demo: boolean;
  stop(): Promise<void>;
}

/**
 * Connects (starting the embedded PostgreSQL when no DATABASE_URL is given), migrates, and seeds an empty database.
 * The pool the server uses signs in as the app role (db/roles.ts): the embedded cluster's phjr_app, or DATABASE_URL's
 * role. The migrations, the seed and the app role's grants run as the owner: the embedded superuser, or
 * MIGRATION_DATABASE_URL's role (else DATABASE_URL's, which then owns the tables itself). An app role that is a
 * superuser is refused outside a demo (DEMO=true): it could undo every rule the database enforces, the append-only logs
 * among them.
 */
export async function startDatabase(config: Config, log: (m: string) => void): Promise<StartedDatabase> {
  let appUrl = config.databaseUrl;
  let ownerUrl = config.migrationDatabaseUrl ?? config.databaseUrl;
  let embedded: { stop(): Promise<void> } | null = null;
  if (!appUrl) {
    log(`Starting the embedded PostgreSQL (data in ${config.dataDir})...`);
    const e = await startEmbeddedPostgres(config.dataDir, config.embeddedPgPort, log);
    appUrl = e.appUrl;
    ownerUrl = e.url;
    embedded = e;
  }
  const database = connect(appUrl, config.dbPoolSize);
  const owner = ownerUrl === appUrl ? database : connect(ownerUrl!, 2);
  try {
    const appRole = await roleOf(database.pool);
    if (await isSuperuser(database.pool)) {
      const why = `The database role the server connects as (${appRole}, DATABASE_URL) is a superuser`;
      if (!config.demo) {
        throw new Error(
          `${why}: it could change the audit and credit-query logs and every rule the database enforces. Connect as a role that is not a ` +
            'superuser (see README, "Production"; MIGRATION_DATABASE_URL may name the owner that runs the migrations).',
        );
      }
      log(`WARNING: ${why}. Allowed for a demo only (DEMO=true); never in production.`);
    }
    await runMigrations(owner, owner === database ? {} : { grantTo: appRole });
    await seedIfEmpty(owner.db, { demo: config.demo, initialAdminPassword: config.initialAdminPassword, log });
  } catch (e) {
    await database.close().catch(() => {});
    if (owner !== database) await owner.close().catch(() => {});
    await embedded?.stop().catch(() => {});
    throw e;
  }
  if (owner !== database) await owner.close();
  return {
    database,
    demo: config.demo,
    async stop() {
      await database.close();
      await embedded?.stop();
    },
  };
}
