import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { connect, runMigrations } from '../src/db/client.ts';
import { ensureLoginRole } from '../src/db/roles.ts';
import { seedIfEmpty } from '../src/seed/seed.ts';

export interface SeededDatabase {
  /** The database's name: a later one can be copied from it (`template`). */
  name: string;
  /** The app role's connection string: what the app under test connects with, as the server's pool does. */
  url: string;
  /** The owner's (the server's role): what a test needs beyond rows (a plan without an index, the scale data's VACUUM). */
  adminUrl: string;
  drop(): Promise<void>;
}

/**
 * A fresh database on the PostgreSQL server at `serverUrl`, migrated and loaded with the demo data as its owner, with
 * an app role of its own granted what the server's app role is (db/roles.ts); `drop` removes both. With `template`
 * (a database made here, no one connected to it), the database starts as its copy, which the migrations and the seed
 * then find complete (they only grant the new role): about a second instead of ten. The API run's databases
 * (global-setup.ts) and the fuzz and scale tests' own ones (`newSeededDatabase`, helpers.ts) are made this way. The
 * server's role needs CREATEDB and CREATEROLE (README, TEST_DATABASE_URL).
 */
export async function createSeededDatabase(
  serverUrl: string,
  prefix: string,
  { template }: { template?: string } = {},
): Promise<SeededDatabase> {
  const name = `${prefix}_${process.pid}_${Date.now()}`;
  const role = `${name}_app`;
  const password = randomBytes(24).toString('base64url');
  const admin = async (run: (c: pg.Client) => Promise<unknown>) => {
    const c = new pg.Client({ connectionString: serverUrl });
    await c.connect();
    try {
      await run(c);
    } finally {
      await c.end();
    }
  };
  await admin((c) => c.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`));
  await admin((c) => ensureLoginRole(c, role, password));
  const adminUrl = new URL(serverUrl);
  adminUrl.pathname = `/${name}`;
  const appUrl = new URL(adminUrl);
  appUrl.username = role;
  appUrl.password = password;
  const database = connect(adminUrl.toString(), 2);
  try {
    await runMigrations(database, { grantTo: role });
    await seedIfEmpty(database.db, { demo: true, initialAdminPassword: null, log: () => {} });
  } finally {
    await database.close();
  }
  return {
    name,
    url: appUrl.toString(),
    adminUrl: adminUrl.toString(),
    drop: () =>
      admin(async (c) => {
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await c.query(`DROP ROLE IF EXISTS ${c.escapeIdentifier(role)}`);
      }),
  };
}
