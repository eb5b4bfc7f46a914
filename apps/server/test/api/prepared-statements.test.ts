import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseUrl } from '../helpers.ts';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import {
  appPool,
  connect,
  CONNECTION_WARMUP,
  GENERIC_PLAN,
  statementName,
  type Database,
} from '../../src/db/client.ts';

/** db/client.ts prepares the pool's statements by name from their third use; scripts keep the simple protocol. */
let database: Database;
beforeAll(() => {
  database = connect(testDatabaseUrl(), 1);
});
afterAll(() => database.close());

const prepared = async () =>
  (await database.pool.query('SELECT name, statement FROM pg_prepared_statements')).rows as {
    name: string;
    statement: string;
  }[];

describe('prepared statements', () => {
  it('prepares a statement under the hash of its text from its third use, and reuses it', async () => {
    const text = 'SELECT $1::int + 1 AS n /* prepared-statements test */';
    for (let i = 1; i <= 2; i++) expect((await database.pool.query(text, [i])).rows[0].n).toBe(i + 1);
    expect((await prepared()).some((p) => p.statement === text)).toBe(false);
    for (let i = 3; i <= 5; i++) expect((await database.pool.query(text, [i])).rows[0].n).toBe(i + 1);
    const mine = (await prepared()).filter((p) => p.statement === text);
    expect(mine).toEqual([{ name: statementName(text), statement: text }]);
  });

  it('sends a script of several statements, and commands, unnamed', async () => {
    for (let i = 0; i < 4; i++) await database.pool.query('SELECT 1; SELECT 2');
    for (let i = 0; i < 4; i++) await database.pool.query('SHOW server_version');
    expect(
      (await prepared()).filter((p) => p.statement.includes('SELECT 1; SELECT 2') || p.statement.startsWith('SHOW')),
    ).toEqual([]);
  });

  it('runs a statement marked GENERIC_PLAN on connections that plan it once, generically, and every other as before', async () => {
    const mode = async (marked: boolean) =>
      (
        (
          await database.db.execute(
            sql`SELECT current_setting('plan_cache_mode') AS m ${sql.raw(marked ? GENERIC_PLAN : '')}`,
          )
        ).rows[0] as { m: string }
      ).m;
    expect(await mode(true)).toBe('force_generic_plan');
    expect(await mode(false)).toBe('auto');
    // A marked page statement is planned once: from its first prepared run on, every run uses the generic plan.
    const text = `SELECT code FROM regions WHERE code <> $1 ORDER BY code LIMIT $2 ${GENERIC_PLAN}`;
    for (let i = 0; i < 8; i++) await database.pool.query(text, ['x', 3]);
    // The plan counters live in the connection that prepared it: ask there (the marked statements' pool has one).
    const r = await database.pool.query(
      `SELECT generic_plans, custom_plans FROM pg_prepared_statements WHERE statement = $1 ${GENERIC_PLAN}`,
      [text],
    );
    expect(r.rows).toEqual([{ generic_plans: 6, custom_plans: 0 }]);
  });

  it("runs the allocator warm-up as each new connection's first statement, before the one it was opened for", async () => {
    // What each connection is asked, in order.
    const asked: string[][] = [];
    // A client that records what it is asked (a constructor returning the client it made).
    function Recording(config: pg.ClientConfig) {
      const client = new pg.Client(config);
      const mine: string[] = [];
      asked.push(mine);
      const query = client.query.bind(client) as (...args: unknown[]) => unknown;
      (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args) => {
        mine.push(typeof args[0] === 'string' ? args[0] : (args[0] as { text: string }).text);
        return query(...args);
      };
      return client;
    }
    const pool = appPool({
      connectionString: testDatabaseUrl(),
      max: 2,
      Client: Recording as unknown as typeof pg.Client,
    });
    try {
      const [a, b] = await Promise.all([
        pool.query('SELECT 1 AS a, pg_sleep(0.05)'),
        pool.query('SELECT 2 AS b, pg_sleep(0.05)'),
      ]);
      expect([a.rows[0].a, b.rows[0].b]).toEqual([1, 2]);
      await pool.query('SELECT 3');
      // Two connections, each warmed up once, first; a connection reused is not warmed again.
      expect(asked.map((texts) => texts[0])).toEqual([CONNECTION_WARMUP, CONNECTION_WARMUP]);
      expect(asked.flat().filter((t) => t === CONNECTION_WARMUP)).toHaveLength(2);
      expect(asked.flat()).toHaveLength(5);
    } finally {
      await pool.end();
    }
  });
});
