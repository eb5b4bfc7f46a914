import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp, type Tokens, signInAs } from '../helpers.ts';
import { DEMO_ACCOUNTS } from '../../src/seed/demo-accounts.ts';
import { ACCOUNTS } from './authz/accounts.ts';
import { CHAINS } from './authz/chains.ts';
import { CHAIN_RECORDS } from './authz/chain-records.ts';
import { CONTENT } from './authz/content.ts';
import { CREDIT } from './authz/credit.ts';
import { DEMANDS } from './authz/demands.ts';
import { FOUNDATION } from './authz/foundation.ts';
import { ORGS_ADMIN } from './authz/orgs-admin.ts';
import { PLATFORM } from './authz/platform.ts';
import { PRODUCTS } from './authz/products.ts';
import { FARMERS } from './authz/farmers.ts';
import { SHELTER } from './authz/shelter.ts';
import { REPORTS } from './authz/reports.ts';
import { EVERYONE, type AuthzTable, type Who } from './authz/who.ts';

/**
 * Who may call what: the permission table, written independently of the routes' own declarations, one file per
 * domain under ./authz. Every registered route must have an entry; a new route without one fails this test.
 */
const TABLE: AuthzTable = {
  ...FOUNDATION,
  ...ACCOUNTS,
  ...ORGS_ADMIN,
  ...PLATFORM,
  ...CONTENT,
  ...PRODUCTS,
  ...DEMANDS,
  ...CHAINS,
  ...CHAIN_RECORDS,
  ...CREDIT,
  ...FARMERS,
  ...SHELTER,
  ...REPORTS,
};

/** Sample values for path parameters. */
const PARAMS: Record<string, string> = { name: 'AccountType', productId: '1', id: '1' };

let t: TestApp;
const tokens = new Map<Who, Tokens | null>();

beforeAll(async () => {
  t = await createTestApp();
  tokens.set('anonymous', null);
  for (const a of DEMO_ACCOUNTS) tokens.set(a.username, await signInAs(t.app, a.username));
});
afterAll(() => t.close());

describe('authorization matrix', () => {
  it('has an entry for every registered route, and no entry for a route that does not exist', () => {
    const registered = t.app.routeAuthTable.map((r) => `${r.method} ${r.url}`);
    const missing = registered.filter((k) => !(k in TABLE));
    expect(missing, 'routes without an entry in the permission table').toEqual([]);
    const stale = Object.keys(TABLE).filter((k) => !registered.includes(k));
    expect(stale, 'entries for routes that are not registered').toEqual([]);
  });

  it('answers every route x every demo role + anonymous as the table says', async () => {
    const failures: string[] = [];
    for (const route of t.app.routeAuthTable) {
      const key = `${route.method} ${route.url}`;
      const allowed = TABLE[key] ?? [];
      const url = route.url.replace(/:(\w+)/g, (_, p: string) => PARAMS[p] ?? '1');
      for (const who of EVERYONE) {
        const res = await call(t.app, tokens.get(who)!, {
          method: route.method as 'GET',
          url,
          payload: route.method === 'GET' ? undefined : {},
        });
        const denied = res.statusCode === 401 || res.statusCode === 403;
        const expected = allowed.includes(who);
        if (expected === denied)
          failures.push(`${key} as ${who}: HTTP ${res.statusCode}, expected ${expected ? 'allowed' : 'denied'}`);
        if (!expected && who === 'anonymous' && res.statusCode !== 401)
          failures.push(`${key} anonymous: expected 401, got ${res.statusCode}`);
        if (!expected && who !== 'anonymous' && res.statusCode !== 403)
          failures.push(`${key} as ${who}: expected 403, got ${res.statusCode}`);
        expect(res.statusCode, `${key} as ${who}`).toBeLessThan(500);
        // Logging out ends the session: sign in again for the next routes.
        if (key === 'POST /ssoserver/logout' && who !== 'anonymous') tokens.set(who, await signInAs(t.app, who));
      }
    }
    expect(failures).toEqual([]);
    // Every route × every role, one after another: the walk grows with each route a domain adds (about 4,000 calls).
  }, 180_000);
});
