import crypto from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type { PgDialect } from 'drizzle-orm/pg-core';
import * as schema from './schema/index.ts';
import { renderPlainFirst } from './sql-render.ts';
import { grantAppRole } from './roles.ts';

export type Db = NodePgDatabase<typeof schema>;
/** A transaction handle has the same query API as the database. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  pool: pg.Pool;
  close(): Promise<void>;
}

// bigint columns (COUNT, SUM) come back as numbers; our ids and counters stay far below 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number(v));

/**
 * Ends a statement whose generic plan is as good as a custom one for every value it is bound to: a list page whose
 * filter and order an index matches, with no constant bound as a value where a partial index needs it (a constant is
 * written into the text). Such a statement runs on connections that use the generic plan from the first execution:
 * PostgreSQL plans it once per connection instead of on every call. Under the default mode it kept planning it
 * (a LIMIT bound as a value makes the generic plan look ten times dearer than it is), and at the bench's load the
 * planning cost as much as running it: a demand list page 0.83 ms a call with custom plans, 0.50 ms with the generic.
 * Repositories end a statement with db/sql.ts planOnce(). Check a new one's generic plan before marking it (EXPLAIN
 * EXECUTE under SET plan_cache_mode = force_generic_plan):
 * the supermarket's keyword search is twelve times slower under it.
 */
export const GENERIC_PLAN = '/* plan: generic */';

/** The connection setting of the pool that runs the statements ending with GENERIC_PLAN. */
export const GENERIC_PLAN_OPTIONS = '-c plan_cache_mode=force_generic_plan';

export function wantsGenericPlan(text: string): boolean {
  return text.endsWith(GENERIC_PLAN);
}

/**
 * The first statement of every connection: a 4 MB value made and dropped. PostgreSQL's server process allocates with
 * the C library's malloc, which (glibc) gives freed memory at the top of its heap back to the kernel once there is more
 * than its trim threshold, 128 kB at first, then twice the largest block it has unmapped. A statement whose executor
 * needs about a megabyte (the dashboard's overview: nine reads and their sums in one statement) grew the heap and gave
 * it back on every call: seven brk calls and ~250 page faults a call, a third of its cost at 50 connections (issue
 * 17; strace -c on the backend). One 4 MB block unmapped raises the threshold to 8 MB for the life of the connection,
 * so the heap a backend has grown stays for its next statement. A connection holds at most that much more memory.
 */
export const CONNECTION_WARMUP = "SELECT length(repeat('x', 4194304))";

/**
 * A pool whose connections are set up as the app's are: the warm-up run on each new connection before it is handed
 * out (a failure changes nothing but the memory kept), errors of idle clients swallowed.
 */
export function appPool(config: pg.PoolConfig): pg.Pool {
  const warmUp = (client: pg.ClientBase) =>
    client.query(CONNECTION_WARMUP).then(
      () => {},
      () => {},
    );
  // pg-pool awaits onConnect before it hands a new client out.
  const pool = new pg.Pool({ ...config, onConnect: warmUp });
  pool.on('error', () => {
    // An idle client lost its connection (e.g. the database restarted); the pool replaces it on next use.
  });
  pool.on('connect', (client) => {
    // A checked-out client (a transaction) has no pool listener: losing its connection would emit an unhandled
    // 'error' and crash the process. Its query in progress is rejected anyway, and the pool discards the broken
    // client when it is released.
    client.on('error', () => {});
  });
  return pool;
}

function newPool(url: string, poolSize: number, options?: string): pg.Pool {
  return appPool({ connectionString: url, max: poolSize, idleTimeoutMillis: 30_000, options });
}

export function connect(url: string, poolSize = 10): Database {
  const pool = newPool(url, poolSize);
  // Opened on first use: a process that runs no marked statement opens none of its connections.
  let generic: pg.Pool | null = null;
  prepareStatements(pool, () => (generic ??= newPool(url, poolSize, GENERIC_PLAN_OPTIONS)));
  const db = drizzle(pool, { schema });
  renderPlainFirst((db as unknown as { dialect: PgDialect }).dialect);
  return { db, pool, close: async () => void (await Promise.all([pool.end(), generic?.end()])) };
}

/** How many distinct statement texts are prepared per process; texts beyond it are sent unnamed. */
const MAX_PREPARED = 400;
/** A text is prepared from its third use on. */
const PREPARE_AFTER = 3;

const PREPARABLE = /^[\s(]*(select|with|insert|update|delete)\b/i;

/** One plain statement: a multi-statement script or a command such as VACUUM keeps the simple protocol. */
export function preparable(text: string): boolean {
  return PREPARABLE.test(text) && !text.trimEnd().replace(/;$/, '').includes(';');
}

/** The name a statement is prepared under: a hash of its text, so every process and connection agrees on it. */
export function statementName(text: string): string {
  return `q${crypto.createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
}

/**
 * Every statement sent through the pool itself (the reads outside transactions: lists, pages, sessions) is prepared
 * on its connection under `statementName`: PostgreSQL parses it once per connection and, once it has seen that a
 * generic plan is as good, plans it once too. At the bench's load this made the demand lists' SQL about 1.7 times as
 * fast (planning cost more than running them). Values are still bound as parameters.
 */
function prepareStatements(pool: pg.Pool, genericPool: () => pg.Pool) {
  const names = new Map<string, string>();
  // Texts seen fewer than PREPARE_AFTER times (one-off texts, such as IN lists of a rare length, never get a name).
  const seen = new Map<string, number>();
  const plain = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  const query = (first: string | pg.QueryConfig, ...rest: unknown[]) =>
    wantsGenericPlan(typeof first === 'string' ? first : first.text)
      ? (genericPool().query as (...args: unknown[]) => unknown)(first, ...rest)
      : plain(first, ...rest);
  const named = (text: string): string | undefined => {
    const known = names.get(text);
    if (known !== undefined || names.size >= MAX_PREPARED || !preparable(text)) return known;
    const uses = (seen.get(text) ?? 0) + 1;
    if (uses < PREPARE_AFTER) {
      if (seen.size >= 5_000) seen.clear();
      seen.set(text, uses);
      return undefined;
    }
    seen.delete(text);
    const name = statementName(text);
    names.set(text, name);
    return name;
  };
  (pool as unknown as { query: (...args: unknown[]) => unknown }).query = (first: unknown, ...rest: unknown[]) => {
    if (typeof first === 'string') {
      const name = named(first);
      return name ? query({ text: first, name }, ...rest) : query(first, ...rest);
    }
    const config = first as pg.QueryConfig | null;
    if (config && typeof config.text === 'string') {
      const name = config.name ? undefined : named(config.text);
      return query(name ? { ...config, name } : config, ...rest);
    }
    return plain(first, ...rest);
  };
}

/** Where the committed SQL migrations are: next to this file in the source tree, or copied beside the bundle. */
export function migrationsFolder(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  return process.env.MIGRATIONS_DIR || path.join(here, 'migrations');
}

const MIGRATION_LOCK = 4_171_001;

/**
 * Applies the committed migrations; an advisory lock makes it safe when several processes start at once. `grantTo`:
 * the app role (db/roles.ts) gets its rights on the tables under the same lock (concurrent GRANTs on one table fail).
 */
export async function runMigrations(database: Database, opts: { grantTo?: string } = {}): Promise<void> {
  const client = await database.pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migrate(drizzle(client, { schema }), { migrationsFolder: migrationsFolder() });
    if (opts.grantTo !== undefined) await grantAppRole(client, opts.grantTo);
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
    client.release();
  }
}
