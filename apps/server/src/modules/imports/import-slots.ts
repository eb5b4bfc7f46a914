import type pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import * as schema from '../../db/schema/index.ts';
import { renderPlainFirst } from '../../db/sql-render.ts';
import { AppError } from '../../lib/errors.ts';
import * as repo from './imports.repo.ts';
import { IMPORT_SLOTS } from './xlsx-limits.ts';

/**
 * The bound on imports running at once (IMPORT_SLOTS), kept by PostgreSQL so that every process of the platform
 * shares it: an import takes, on a connection of its own, a session advisory lock for its user and one of the
 * platform's slots, without waiting; either taken already, it is refused with IMPORT_BUSY (HTTP 429, Retry-After).
 * The locks live as long as the connection holds them: released when the import ends, and by PostgreSQL itself when
 * the process dies (its connections close), so a killed server leaves no slot taken. Rows counted under a lock (the
 * pattern of the upload and audit limits) would outlive a killed import and need a sweep; a session lock does not.
 *
 * The import runs ON that connection (its reads, a dry run's checks, a real import's one transaction): one connection
 * per running import, never two, so `IMPORT_SLOTS.platform` imports cannot starve the pool.
 */
export async function withImportSlot<T>(db: Db, userId: number | null, work: (conn: Db) => Promise<T>): Promise<T> {
  const pool = (db as unknown as { $client: pg.Pool }).$client;
  const client = await pool.connect();
  let broken: Error | undefined;
  const conn = drizzle(client, { schema }) as unknown as Db;
  renderPlainFirst((conn as unknown as { dialect: PgDialect }).dialect);
  try {
    const mine = userId === null || (await repo.tryUserImportLock(conn, userId));
    const slot = mine ? await repo.tryImportSlot(conn, IMPORT_SLOTS.platform) : null;
    if (slot === null) throw busy();
    return await work(conn);
  } catch (e) {
    // A connection lost mid-import goes back broken: the pool drops it, and PostgreSQL has dropped its locks.
    if (!(e instanceof AppError)) broken = e instanceof Error ? e : new Error(String(e));
    throw e;
  } finally {
    if (!broken)
      await repo
        .releaseImportLocks(conn)
        .catch((e: unknown) => (broken = e instanceof Error ? e : new Error(String(e))));
    client.release(broken);
  }
}

/** Another import of the user runs, or the platform's slots are all taken: the same answer (try again in a minute). */
const busy = () => new AppError('IMPORT_BUSY', undefined, { retryAfterSeconds: IMPORT_SLOTS.retryAfterSeconds });
