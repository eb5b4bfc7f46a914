import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { connect, runMigrations } from '../../src/db/client.ts';
import { APP_PASSWORD_FILE, startEmbeddedPostgres, type EmbeddedDb } from '../../src/db/embedded.ts';
import { EMBEDDED_APP_ROLE, ensureLoginRole } from '../../src/db/roles.ts';
import { startDatabase, type StartedDatabase } from '../../src/db/start.ts';
import { freePort } from '../../src/lib/net.ts';

/**
 * How the server connects (db/start.ts, db/roles.ts): as an app role that is not a superuser, on the embedded cluster
 * (a data directory made before the role existed gets it at its next start) and on an external database, where a
 * superuser DATABASE_URL is refused outside a demo and MIGRATION_DATABASE_URL names the owner.
 */
const dirs: string[] = [];
const running: { stop(): Promise<void> }[] = [];
afterAll(async () => {
  for (const r of running.reverse()) await r.stop().catch(() => {});
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

const ADMIN_PASSWORD = 'Roles-Test-2031!';
const quiet = () => {};

function newDir(prefix: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  dirs.push(dir);
  return dir;
}

async function embedded(dir: string, port: number): Promise<EmbeddedDb> {
  const e = await startEmbeddedPostgres(dir, port, quiet);
  running.push(e);
  return e;
}

async function start(
  overrides: Parameters<typeof loadConfig>[0],
  log: (m: string) => void = quiet,
): Promise<StartedDatabase> {
  const started = await startDatabase(
    loadConfig({ demo: false, initialAdminPassword: ADMIN_PASSWORD, dbPoolSize: 2, ...overrides }),
    log,
  );
  running.push(started);
  return started;
}

async function stopped(s: { stop(): Promise<void> }) {
  await s.stop();
  running.splice(running.indexOf(s), 1);
}

/** Who the pool signs in as, and what PostgreSQL answers an UPDATE of the audit log through it. */
async function probe(pool: pg.Pool) {
  const me = (
    await pool.query('SELECT current_user AS role, rolsuper AS super FROM pg_roles WHERE rolname = current_user')
  ).rows[0] as { role: string; super: boolean };
  const users = (await pool.query('SELECT count(*)::int AS n FROM users')).rows[0].n as number;
  let update = 'ok';
  try {
    await pool.query("UPDATE audit_log SET ip = 'x'");
  } catch (e) {
    update = (e as { code: string }).code;
  }
  return { ...me, users, update };
}

describe('the database roles at start', () => {
  it('gives a data directory made before the app role one at its next start, and the pool signs in as it', async () => {
    const dir = newDir('phjr-roles-old-');
    const port = await freePort();
    // A data directory as the server left it before: the tables made by the superuser, no app role, no password file.
    const old = await embedded(dir, port);
    const admin = connect(old.url, 1);
    await runMigrations(admin);
    await admin.pool.query(`DROP ROLE ${EMBEDDED_APP_ROLE}`);
    await admin.close();
    await stopped(old);
    fs.rmSync(path.join(dir, APP_PASSWORD_FILE));

    const started = await start({ databaseUrl: null, dataDir: dir, embeddedPgPort: port });
    expect(await probe(started.database.pool)).toEqual({
      role: EMBEDDED_APP_ROLE,
      super: false,
      users: 1,
      update: '42501',
    });
    const file = path.join(dir, APP_PASSWORD_FILE);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const password = fs.readFileSync(file, 'utf8').trim();
    expect(password.length).toBeGreaterThanOrEqual(32);
    expect(decodeURIComponent(new URL(started.database.pool.options.connectionString!).password)).toBe(password);
    await stopped(started);

    // The next start keeps the role and its password.
    const again = await start({ databaseUrl: null, dataDir: dir, embeddedPgPort: port });
    expect((await probe(again.database.pool)).role).toBe(EMBEDDED_APP_ROLE);
    expect(fs.readFileSync(file, 'utf8').trim()).toBe(password);
    await stopped(again);
  });

  it('refuses a superuser DATABASE_URL outside a demo; with MIGRATION_DATABASE_URL the app role gets rows only', async () => {
    const dir = newDir('phjr-roles-ext-');
    const cluster = await embedded(dir, await freePort());
    const superUrl = (db: string) => Object.assign(new URL(cluster.url), { pathname: `/${db}` }).toString();
    const c = new pg.Client({ connectionString: superUrl('postgres') });
    await c.connect();
    await c.query('CREATE DATABASE ext_refused');
    await c.query('CREATE DATABASE ext_split');
    await ensureLoginRole(c, 'ext_app', 'ext-app-password-0123456789abcdef');
    await c.end();

    // A superuser as the app's role: refused before anything is written, and the database stays empty.
    await expect(start({ databaseUrl: superUrl('ext_refused') })).rejects.toThrow(/is a superuser/);
    const check = new pg.Client({ connectionString: superUrl('ext_refused') });
    await check.connect();
    expect((await check.query("SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = 'public'")).rows[0].n).toBe(
      0,
    );
    await check.end();
    // Allowed, loudly, for a demo.
    const logs: string[] = [];
    const demo = await startDatabase(
      loadConfig({ databaseUrl: superUrl('ext_refused'), demo: true, dbPoolSize: 2 }),
      (m) => logs.push(m),
    );
    running.push(demo);
    expect(logs.join('\n')).toMatch(/WARNING: .*superuser/);
    await stopped(demo);

    // The owner migrates and seeds; the app's role reads and writes rows and cannot change the logs.
    const appUrl = Object.assign(new URL(superUrl('ext_split')), {
      username: 'ext_app',
      password: 'ext-app-password-0123456789abcdef',
    }).toString();
    const split = await start({ databaseUrl: appUrl, migrationDatabaseUrl: superUrl('ext_split') });
    expect(await probe(split.database.pool)).toEqual({ role: 'ext_app', super: false, users: 1, update: '42501' });
    const owned = await split.database.pool.query(
      "SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = 'public' AND tableowner = current_user",
    );
    expect(owned.rows[0].n).toBe(0);
    await stopped(split);
  });
});
