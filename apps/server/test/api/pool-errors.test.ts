import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseUrl } from '../helpers.ts';
import { connect, type Database } from '../../src/db/client.ts';

/**
 * A connection lost in the middle of a transaction (PostgreSQL restarted or stopping, an administrator's
 * pg_terminate_backend) fails that transaction only: the process does not crash on the client's 'error' event, and
 * the pool goes on with fresh connections.
 */
let database: Database;
let admin: Database;
beforeAll(() => {
  database = connect(testDatabaseUrl(), 2);
  admin = connect(testDatabaseUrl(), 1);
});
afterAll(async () => {
  await database.close();
  await admin.close();
});

describe('the connection pool', () => {
  it('survives losing the connection of a transaction in progress', async () => {
    const uncaught: unknown[] = [];
    const onUncaught = (e: unknown) => uncaught.push(e);
    process.on('uncaughtException', onUncaught);
    try {
      const failed = database.db.transaction(async (tx) => {
        const pid = (await tx.execute<{ pid: number }>(sql`SELECT pg_backend_pid() AS pid`)).rows[0].pid;
        await admin.pool.query('SELECT pg_terminate_backend($1)', [pid]);
        // The connection is gone (the 'error' event comes while the client is checked out).
        await new Promise((r) => setTimeout(r, 200));
        await tx.execute(sql`SELECT 1`);
      });
      await expect(failed).rejects.toThrow();
      await new Promise((r) => setTimeout(r, 100));
      expect(uncaught).toEqual([]);
      for (let i = 0; i < 3; i++) expect((await database.pool.query('SELECT 1 AS one')).rows[0].one).toBe(1);
    } finally {
      process.removeListener('uncaughtException', onUncaught);
    }
  });
});
