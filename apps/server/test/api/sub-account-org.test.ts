import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp, type Tokens, signIn, signInAs } from '../helpers.ts';
import { DEMO_PASSWORD } from '../../src/seed/demo-accounts.ts';
import { insertUser } from '../../src/seed/factories.ts';
import { nextPhone, testEnterprise } from './shelter-helpers.ts';

/**
 * Issue 30 item 10: a sub-account belongs to its main account's enterprise everywhere: its own home's 所属机构 and the
 * operator's enterprise list show that enterprise (name and credit code), never the sub-account as a company of its own.
 */
let t: TestApp;
const tag = Math.random().toString(36).slice(2, 7);
let main: Awaited<ReturnType<typeof testEnterprise>>;
let subId: number;
let sub: Tokens;
const subName = `QA经办员${tag}`;

beforeAll(async () => {
  t = await createTestApp();
  main = await testEnterprise(t.app, t.database.db, `so${tag}`);
  const username = `qa${tag}${main.phone.slice(-4)}`;
  subId = await insertUser(t.database.db, {
    username,
    name: subName,
    password: DEMO_PASSWORD,
    accountType: 'ENTERPRISE',
    phone: nextPhone(),
    parentUserId: main.id,
    certified: true,
    roleCodes: ['ENTERPRISE_SUB'],
  });
  sub = await signIn(t.app, username);
});
afterAll(() => t.close());

const mainName = async () =>
  (await t.database.pool.query('SELECT name FROM users WHERE id = $1', [main.id])).rows[0].name as string;
const info = async (tokens: Tokens) =>
  (await call(t.app, tokens, { url: '/zscms/user/getUserInfo.json?sysEnum=PHJR' })).json().data;

describe('a sub-account belongs to its enterprise', () => {
  it('its user info names its main account’s enterprise as its organisation, as the main account’s does', async () => {
    const name = await mainName();
    expect((await info(sub)).orgName).toBe(name);
    expect((await info(main.tokens)).orgName).toBe(name);
    expect((await info(sub)).name).toBe(subName);
  });

  it('the operator’s enterprise list shows it under its enterprise, with the enterprise’s credit code', async () => {
    const operator = await signInAs(t.app, 'operator');
    const res = await call(t.app, operator, {
      url: `/finance/user/page.json?accountType=ENTERPRISE&name=${encodeURIComponent(subName)}`,
    });
    const rows = res.json().data.list as {
      userId: number;
      name: string;
      orgName: string | null;
      creditCode: string | null;
      mainUserId: number | null;
    }[];
    const row = rows.find((r) => r.userId === subId)!;
    expect(row).toMatchObject({
      name: subName,
      orgName: await mainName(),
      creditCode: main.creditCode,
      mainUserId: main.id,
    });
    const own = (
      await call(t.app, operator, {
        url: `/finance/user/page.json?accountType=ENTERPRISE&name=${encodeURIComponent(main.username)}`,
      })
    ).json().data.list as { userId: number; mainUserId: number | null; creditCode: string }[];
    expect(own.find((r) => r.userId === main.id)).toMatchObject({ mainUserId: null, creditCode: main.creditCode });
  });
});
