import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_OPERATIONS } from '@phjr/contract/orgs/page-operations';
import { call, createTestApp, type TestApp, signInAs } from '../helpers.ts';
import type { DemoAccountName } from '../../src/seed/demo-accounts.ts';

/**
 * Issue 30 (smaller): a menu shows only what its user can use. The human-resources bureau (rsj, no farmer:read) saw
 * 农户数据 and a person (no shelter:apply) 金融方舱; the resourceList the menu and the route guard read now keeps a
 * page that is one operation's answer only when the session may call that operation (contract page-operations.ts).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const resources = async (who: DemoAccountName) =>
  (await call(t.app, await signInAs(t.app, who), { url: '/zscms/user/getUserInfo.json?sysEnum=PHJR' })).json().data
    .resourceList as string[];

describe('pages a session may not use are not in its resourceList', () => {
  it('rsj has no 农户数据, gov keeps it', async () => {
    expect(await resources('rsj')).not.toContain('/supervisionClient/farmer-data');
    expect(await resources('rsj')).toContain('/supervisionClient/home');
    expect(await resources('gov')).toContain('/supervisionClient/farmer-data');
  });

  it('a person has no 金融方舱, an enterprise keeps it', async () => {
    expect(await resources('person')).not.toContain('/userClient/shelter');
    expect(await resources('person')).toContain('/userClient/home');
    expect(await resources('enterprise')).toContain('/userClient/shelter');
  });

  it('a page kept is one whose operation answers the session, a page dropped one it refuses (403)', async () => {
    for (const who of ['rsj', 'person', 'gov', 'enterprise'] as const) {
      const tokens = await signInAs(t.app, who);
      const list = (await call(t.app, tokens, { url: '/zscms/user/getUserInfo.json?sysEnum=PHJR' })).json().data
        .resourceList as string[];
      for (const [page, op] of Object.entries(PAGE_OPERATIONS)) {
        if (op.method !== 'GET') continue;
        const res = await call(t.app, tokens, { url: op.path });
        if (list.includes(page)) expect(res.statusCode, `${who} ${page}`).not.toBe(403);
        // The pages of the session's own client that its roles list but it may not use: the server refuses them.
        else if (
          (who === 'rsj' && page === '/supervisionClient/farmer-data') ||
          (who === 'person' && page === '/userClient/shelter')
        )
          expect(res.statusCode, `${who} ${page}`).toBe(403);
      }
    }
  });
});
