import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPEND_ONLY_TABLES } from '../../src/db/roles.ts';
import { writeAudit } from '../../src/modules/audit/audit.ts';
import { insertQuery } from '../../src/modules/credit/credit.repo.ts';
import { withCheckChar } from '@phjr/contract/orgs/credit-code';
import { shanghaiDay } from '@phjr/contract/system/shanghai-time';
import { adminClient, createTestApp, type TestApp } from '../helpers.ts';

/**
 * The database roles (db/roles.ts, docs/security.md): the app's own connection is not a superuser and owns no table,
 * and the audit log and the credit-query log are append-only in the database itself, for the app role (no right to
 * try) and for the tables' owner too (migration 0034's triggers).
 */
let t: TestApp;
const tag = `roles-${Math.random().toString(36).slice(2, 8)}`;
const rows: Record<(typeof APPEND_ONLY_TABLES)[number], number> = { audit_log: 0, credit_queries: 0 };

const rowOf = async (table: string, id: number) =>
  (await t.database.pool.query(`SELECT * FROM ${table} WHERE id = $1`, [id])).rows[0];

/** What PostgreSQL answers a statement: 'ok', or its error code and message. */
async function attempt(run: () => Promise<unknown>): Promise<{ code?: string; message?: string } | 'ok'> {
  try {
    await run();
    return 'ok';
  } catch (e) {
    // drizzle wraps the driver's error (its cause).
    const err = e as { code?: string; message?: string; cause?: { code?: string; message?: string } };
    return { code: err.code ?? err.cause?.code, message: err.cause?.message ?? err.message };
  }
}

const changes = (table: string, id: number) => [
  `UPDATE ${table} SET ip = '203.0.113.99' WHERE id = ${id}`,
  `DELETE FROM ${table} WHERE id = ${id}`,
  `DELETE FROM ${table} WHERE false`,
  `TRUNCATE ${table}`,
];

beforeAll(async () => {
  t = await createTestApp();
  // One row of each, written as the product writes them: through the app's own connection.
  await writeAudit(t.database.db, { userId: null, action: 'export', target: tag, ip: '198.51.100.9' });
  rows.audit_log = Number(
    (await t.database.pool.query('SELECT id FROM audit_log WHERE target = $1', [tag])).rows[0].id,
  );
  // With its counter, as a refused query writes them (the figures read the counters: credit-demo.test.ts compares).
  const bank = (await t.database.pool.query("SELECT id, org_id FROM users WHERE username = 'bank'")).rows[0];
  const at = new Date();
  rows.credit_queries = Number(
    await t.database.db.transaction((tx) =>
      insertQuery(tx, {
        at,
        day: shanghaiDay(at.getTime()),
        userId: Number(bank.id),
        orgId: Number(bank.org_id),
        subjectCreditCode: withCheckChar('91530000MA6K7P4Q1'),
        subjectName: tag,
        subjectRegionCode: null,
        purpose: 'LOAN_APPROVAL',
        consentId: null,
        outcome: 'REFUSED',
        fieldGroups: [],
        ip: '198.51.100.9',
      }),
    ),
  );
});
afterAll(() => t.close());

describe('the database roles', () => {
  it("the app's connection is not a superuser, owns no table and cannot create one", async () => {
    const me = (
      await t.database.pool.query(
        'SELECT current_user AS me, rolsuper, rolcreaterole, rolcreatedb FROM pg_roles WHERE rolname = current_user',
      )
    ).rows[0];
    expect(me).toMatchObject({ rolsuper: false, rolcreaterole: false, rolcreatedb: false });
    const owned = await t.database.pool.query(
      "SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tableowner = current_user",
    );
    expect(owned.rows).toEqual([]);
    expect(await attempt(() => t.database.pool.query('CREATE TABLE roles_test_table (id int)'))).toMatchObject({
      code: '42501',
    });
    expect(
      await attempt(() => t.database.pool.query('ALTER TABLE audit_log DISABLE TRIGGER audit_log_append_only')),
    ).toMatchObject({ code: '42501' });
  });

  it('refuses UPDATE, DELETE and TRUNCATE of the audit log and the credit-query log through the app connection; the rows stay', async () => {
    for (const table of APPEND_ONLY_TABLES) {
      const before = await rowOf(table, rows[table]);
      expect(Number(before?.id), table).toBe(rows[table]);
      for (const statement of changes(table, rows[table])) {
        expect(await attempt(() => t.database.pool.query(statement)), statement).toMatchObject({ code: '42501' });
      }
      // In a transaction too: the refusal is the database's, whatever path the statement takes.
      expect(
        await attempt(() =>
          t.database.db.transaction((tx) => tx.execute(`DELETE FROM ${table} WHERE id = ${rows[table]}`)),
        ),
      ).toMatchObject({ code: '42501' });
      expect(await rowOf(table, rows[table])).toEqual(before);
    }
    const total = await t.database.pool.query(
      'SELECT (SELECT count(*) FROM audit_log)::int AS a, (SELECT count(*) FROM credit_queries)::int AS c',
    );
    expect(total.rows[0].a).toBeGreaterThan(0);
    expect(total.rows[0].c).toBeGreaterThan(0);
  });

  it("refuses them to the tables' owner as well (the trigger), and still takes new rows", async () => {
    const owner = await adminClient();
    try {
      for (const table of APPEND_ONLY_TABLES) {
        const before = await rowOf(table, rows[table]);
        for (const statement of changes(table, rows[table])) {
          const answer = await attempt(() => owner.query(statement));
          expect(answer, statement).toMatchObject({ code: '42501' });
          expect((answer as { message: string }).message).toContain(`${table} is append-only`);
        }
        expect(await rowOf(table, rows[table])).toEqual(before);
      }
    } finally {
      await owner.end();
    }
    await writeAudit(t.database.db, { userId: null, action: 'export', target: tag, ip: '198.51.100.9' });
    expect(
      (await t.database.pool.query('SELECT count(*)::int AS n FROM audit_log WHERE target = $1', [tag])).rows[0].n,
    ).toBe(2);
  });
});
