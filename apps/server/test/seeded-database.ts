import pg from 'pg';
import { connect, runMigrations } from '../src/db/client.ts';
import { seedIfEmpty } from '../src/seed/seed.ts';

/**
 * A fresh database on the PostgreSQL server at `serverUrl`, migrated and loaded with the demo data; `drop` removes it.
 * The API run's database (global-setup.ts) and the fuzz test's own one are made this way.
 */
export async function createSeededDatabase(serverUrl: string, prefix: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${process.pid}_${Date.now()}`;
  const admin = async (sql: string) => {
    const c = new pg.Client({ connectionString: serverUrl });
    await c.connect();
    try {
      await c.query(sql);
    } finally {
      await c.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = connect(url.toString(), 2);
  try {
    await runMigrations(database);
    await seedIfEmpty(database.db, { demo: true, initialAdminPassword: null, log: () => {} });
  } finally {
    await database.close();
  }
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
