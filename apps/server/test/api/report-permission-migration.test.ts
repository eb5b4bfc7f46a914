import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { BUILTIN_ROLES } from '@phjr/contract/orgs/builtin-roles';
import { createTestApp, type TestApp } from '../helpers.ts';

/** A database seeded before issue 16 gets report:read for the same built-in roles as a new one (migration 0022). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('migration 0022 grants report:read to exactly the built-in roles that have it', async () => {
  const file = path.join(
    path.dirname(fileURLToPath(import.meta.url)),
    '../../src/db/migrations/0022_report_permission.sql',
  );
  const c = await t.database.pool.connect();
  try {
    await c.query('BEGIN');
    // As before the issue: nobody has it.
    await c.query(`DELETE FROM role_permissions WHERE permission = 'report:read'`);
    await c.query(fs.readFileSync(file, 'utf8'));
    const { rows } = await c.query(
      `SELECT r.code FROM role_permissions p JOIN roles r ON r.id = p.role_id WHERE p.permission = 'report:read' ORDER BY 1`,
    );
    const want = BUILTIN_ROLES.filter((r) => (r.permissions as readonly string[]).includes('report:read'))
      .map((r) => r.code)
      .sort();
    expect(rows.map((r) => r.code)).toEqual(want);
  } finally {
    await c.query('ROLLBACK');
    c.release();
  }
});
