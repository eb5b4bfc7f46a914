import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { PASSWORD_FILE, startEmbeddedPostgres, type EmbeddedDb } from '../../src/db/embedded.ts';
import { freePort } from '../../src/lib/net.ts';

/** The embedded PostgreSQL's superuser password: random per data directory, kept beside it, never `postgres`. */
const dirs: string[] = [];
const running: EmbeddedDb[] = [];
afterAll(async () => {
  for (const db of running) await db.stop().catch(() => {});
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

async function start(dir: string, port: number, log: (m: string) => void = () => {}) {
  const db = await startEmbeddedPostgres(dir, port, log);
  running.push(db);
  return db;
}

async function stop(db: EmbeddedDb) {
  await db.stop();
  running.splice(running.indexOf(db), 1);
}

const passwordOf = (url: string) => decodeURIComponent(new URL(url).password);

/** Signs in to the cluster as postgres with `password`: null when refused, else the error code of another failure. */
async function signInWith(port: number, password: string): Promise<'ok' | string> {
  const c = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', password, database: 'postgres' });
  try {
    await c.connect();
    await c.end();
    return 'ok';
  } catch (e) {
    return (e as { code?: string }).code ?? String(e);
  }
}

describe('the embedded PostgreSQL superuser password', () => {
  it('is random per data directory, kept in a 0600 file, reused on restart; postgres:postgres is refused', async () => {
    const [a, b] = [
      fs.mkdtempSync(path.join(os.tmpdir(), 'phjr-pw-a-')),
      fs.mkdtempSync(path.join(os.tmpdir(), 'phjr-pw-b-')),
    ];
    dirs.push(a, b);
    const [portA, portB] = [await freePort(), await freePort()];
    const dbA = await start(a, portA);
    const dbB = await start(b, portB);
    const [pwA, pwB] = [passwordOf(dbA.url), passwordOf(dbB.url)];
    expect(pwA).not.toBe(pwB);
    expect(pwA.length).toBeGreaterThanOrEqual(32);
    for (const [dir, pw] of [
      [a, pwA],
      [b, pwB],
    ]) {
      const file = path.join(dir, PASSWORD_FILE);
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      expect(fs.readFileSync(file, 'utf8').trim()).toBe(pw);
    }
    expect(await signInWith(portA, 'postgres')).toBe('28P01');
    expect(await signInWith(portA, pwA)).toBe('ok');
    // The password never lay in the shared temporary directory: initdb read it from a private one, since removed.
    expect(fs.existsSync(path.join(a, '.initdb-tmp'))).toBe(false);

    await stop(dbA);
    const again = await start(a, portA);
    expect(passwordOf(again.url)).toBe(pwA);
    expect(await signInWith(portA, pwA)).toBe('ok');
  }, 120_000);

  it('replaces the fixed password of a data directory made before (no password file), and keeps the new one', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'phjr-pw-old-'));
    dirs.push(dir);
    const port = await freePort();
    // A cluster as older versions left it: superuser password `postgres`, no password file.
    const made = await start(dir, port);
    const c = new pg.Client({ connectionString: made.url });
    await c.connect();
    await c.query("ALTER USER postgres WITH PASSWORD 'postgres'");
    await c.end();
    await stop(made);
    fs.rmSync(path.join(dir, PASSWORD_FILE));

    const logs: string[] = [];
    const db = await start(dir, port, (m) => logs.push(m));
    const pw = passwordOf(db.url);
    expect(pw).not.toBe('postgres');
    expect(logs.join('\n')).toContain('replaced by a random one');
    expect(fs.statSync(path.join(dir, PASSWORD_FILE)).mode & 0o777).toBe(0o600);
    expect(fs.readFileSync(path.join(dir, PASSWORD_FILE), 'utf8').trim()).toBe(pw);
    expect(await signInWith(port, 'postgres')).toBe('28P01');
    // The database the server uses is there and reachable with the new password.
    const app = new pg.Client({ connectionString: db.url });
    await app.connect();
    expect((await app.query('SELECT current_database() AS d')).rows[0].d).toBe('phjr');
    await app.end();

    await stop(db);
    const again = await start(dir, port, (m) => logs.push(m));
    expect(passwordOf(again.url)).toBe(pw);
    expect(logs.filter((m) => m.includes('replaced by a random one'))).toHaveLength(1);
  }, 120_000);
});
