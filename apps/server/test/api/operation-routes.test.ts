import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers.ts';
import { OPERATIONS } from '../operations.ts';

/** The server registers its routes from the contract's operations: the same set, with the same permission. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('registered routes', () => {
  it('are exactly the contract operations, each with its declared permission', () => {
    const routes = t.app.routeAuthTable.map((r) => `${r.method} ${r.url} ${JSON.stringify(r.auth)}`).sort();
    const ops = OPERATIONS.map((op) => `${op.method} ${op.path} ${JSON.stringify(op.auth)}`).sort();
    expect(routes).toEqual(ops);
  });
});
