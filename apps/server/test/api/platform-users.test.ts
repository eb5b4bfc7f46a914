import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertOrg, insertUser } from '../../src/seed/factories.ts';
import { call, createTestApp, type TestApp, type Tokens, signInAs } from '../helpers.ts';

/**
 * Issue 13 point 4: the operator's platform-users page lists the back-office accounts of every institution (platform,
 * government, banks, guarantee companies; never persons or enterprises), paged, with an organisation filter that keeps
 * a bank's branches; the operator edits any of them with roles of its own account type.
 */

let t: TestApp;
let operator: Tokens;
const PW = 'Test@2026ab';
const tag = `PU${randomBytes(3).toString('hex')}`;
let seq = 0;
const uniq = () => `${tag}${++seq}`;

beforeAll(async () => {
  t = await createTestApp();
  operator = await signInAs(t.app, 'operator');
});
afterAll(() => t.close());

const get = (url: string) => call(t.app, operator, { method: 'GET', url });
const post = (url: string, payload: unknown) =>
  call(t.app, operator, { method: 'POST', url, payload: payload as object });
type Row = { userId: number; username: string; accountType: string; orgId: number | null; orgName: string | null };
async function page(query: string): Promise<{ list: Row[]; total: number }> {
  const res = await get(`/finance/platformUser/page.json?${query}`);
  expect(res.json().success, res.body).toBe(true);
  return res.json().data;
}

describe('platform users: every institution', () => {
  it('lists the back-office accounts of every account type and institution, never persons or enterprises', async () => {
    const all = await page('pageSize=100');
    expect(all.list.some((r) => r.accountType === 'PERSON' || r.accountType === 'ENTERPRISE')).toBe(false);
    // The demo admins of every kind are there (each found by its name).
    for (const [username, type] of [
      ['operator', 'PLATFORM'],
      ['bank', 'BANK'],
      ['gov', 'GOVERNMENT'],
      ['guarantee', 'GUARANTEE'],
    ]) {
      expect(
        (await page(`name=${username}&pageSize=100`)).list.find((r) => r.username === username)?.accountType,
        username,
      ).toBe(type);
    }
    // Persons and enterprises are not, even by name.
    expect((await page('name=person&pageSize=100')).list.some((r) => r.username === 'person')).toBe(false);
    const { rows } = await t.database.pool.query(
      `SELECT count(*)::int AS n FROM users WHERE account_type IN ('PLATFORM', 'BANK', 'GOVERNMENT', 'GUARANTEE')`,
    );
    expect(all.total).toBe(rows[0].n);
  });

  it('pages: pageSize rows of the same total, no row twice', async () => {
    const first = await page('pageSize=3&current=1');
    const second = await page('pageSize=3&current=2');
    expect(first.list).toHaveLength(3);
    expect(second.total).toBe(first.total);
    expect(second.list.some((r) => first.list.some((f) => f.userId === r.userId))).toBe(false);
  });

  it("filters by organisation: one organisation's accounts, a bank's with its branches", async () => {
    const head = await insertOrg(t.database.db, {
      name: `过滤总行${uniq()}`,
      orgType: 'BANK',
      classifiedType: 'BANK',
      regionCode: '999900',
    });
    const branch = await insertOrg(t.database.db, {
      name: `过滤支行${uniq()}`,
      orgType: 'BANK',
      classifiedType: 'BANK',
      regionCode: '999900',
      parentId: head,
      level: 'BRANCH',
    });
    const other = await insertOrg(t.database.db, {
      name: `过滤担保${uniq()}`,
      orgType: 'GUARANTEE',
      classifiedType: 'GUARANTEE',
      regionCode: '999900',
    });
    const mk = (orgId: number, accountType: string) =>
      insertUser(t.database.db, {
        username: `f${uniq()}`,
        name: '过滤账号',
        password: PW,
        accountType,
        orgId,
        roleCodes: [],
      });
    const [h, b, o] = [await mk(head, 'BANK'), await mk(branch, 'BANK'), await mk(other, 'GUARANTEE')];
    const ids = (p: { list: Row[] }) => p.list.map((r) => r.userId).sort((x, y) => x - y);
    expect(ids(await page(`orgId=${head}&pageSize=100`))).toEqual([h, b].sort((x, y) => x - y));
    expect(ids(await page(`orgId=${branch}&pageSize=100`))).toEqual([b]);
    expect(ids(await page(`orgId=${other}&pageSize=100`))).toEqual([o]);
    expect((await page(`orgId=${head}&pageSize=100`)).total).toBe(2);
    // The filter's options: every organisation, the platform's own included.
    const tree = (await get('/finance/org/tree.json?kind=ALL')).json().data as { id: number; classifiedType: string }[];
    expect(tree.map((n) => n.id)).toEqual(expect.arrayContaining([head, branch, other]));
    expect(tree.some((n) => n.classifiedType === 'PLATFORM')).toBe(true);
  });

  it("edits another institution's account with roles of its own account type only", async () => {
    const roles = (await get('/finance/role/list.json')).json().data as { id: number; code: string }[];
    const roleOf = (code: string) => roles.find((r) => r.code === code)!.id;
    const org = await insertOrg(t.database.db, {
      name: `编辑担保${uniq()}`,
      orgType: 'GUARANTEE',
      classifiedType: 'GUARANTEE',
      regionCode: '999900',
    });
    const username = `e${uniq()}`;
    const userId = await insertUser(t.database.db, {
      username,
      name: '担保人员',
      password: PW,
      accountType: 'GUARANTEE',
      orgId: org,
      roleCodes: ['GUARANTEE_STAFF'],
    });
    const wrong = await post('/finance/platformUser/save.json', {
      userId,
      username,
      name: '改名',
      roleIds: [roleOf('PLATFORM_ADMIN')],
    });
    expect(wrong.json().success, 'a platform role on a guarantee account').toBe(false);
    const ok = await post('/finance/platformUser/save.json', {
      userId,
      username,
      name: '改名',
      roleIds: [roleOf('GUARANTEE_ADMIN')],
    });
    expect(ok.json().success, ok.body).toBe(true);
    const row = (await page(`orgId=${org}`)).list[0]!;
    expect(row).toMatchObject({
      userId,
      accountType: 'GUARANTEE',
      orgId: org,
      name: '改名',
      roles: [{ id: roleOf('GUARANTEE_ADMIN') }],
    });
    // A person is no back-office account: not edited here.
    const person = await insertUser(t.database.db, {
      username: `p${uniq()}`,
      name: '个人',
      password: PW,
      accountType: 'PERSON',
      roleCodes: ['PERSON'],
    });
    expect(
      (
        await post('/finance/platformUser/save.json', {
          userId: person,
          username: `p${uniq()}`,
          name: 'x',
          roleIds: [roleOf('PERSON')],
        })
      ).json().success,
    ).toBe(false);
  });
});
