import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, login, loginAs, type TestApp, type Tokens } from '../helpers.ts';
import { DEMO_PASSWORD } from '../../src/seed/demo-accounts.ts';
import { insertUser } from '../../src/seed/factories.ts';
import { writeAudit } from '../../src/modules/audit/audit.ts';

let t: TestApp;
let op: Tokens;
let username: string;
let userId: number;
const tag = Math.random().toString(36).slice(2, 8);

const search = async (query: string, tokens = op) => call(t.app, tokens, { method: 'GET', url: `/finance/audit/page.json?${query}` });

beforeAll(async () => {
  t = await createTestApp();
  username = `aud${tag}`;
  userId = await insertUser(t.database.db, { username, name: '审计测试', password: DEMO_PASSWORD, accountType: 'PLATFORM', roleCodes: ['PLATFORM_ADMIN'] });
  op = await login(t.app, username, DEMO_PASSWORD, '203.0.113.7');
  const db = t.database.db;
  // Rows at known instants (Shanghai days 2031-05-01, 05-02 and 05-03) for the date filters.
  // Written with their instant (the log is append-only: migration 0034; writeAudit takes the database's clock).
  for (const [i, at] of ['2031-04-30T17:00:00Z', '2031-05-02T03:00:00Z', '2031-05-03T15:59:00Z'].entries()) {
    await t.database.pool.query("INSERT INTO audit_log (user_id, action, target, detail, ip, at) VALUES ($1, 'export', $2, $3, '198.51.100.1', $4)", [
      userId,
      `报表-${tag}-${i}`,
      { i },
      at,
    ]);
  }
  await writeAudit(db, { userId, action: 'credit.query', target: `100%_${tag}`, ip: '198.51.100.2' });
});
afterAll(() => t.close());

describe('audit log search', () => {
  it('records the login with who and from where, newest first', async () => {
    const res = await search(`username=${username}`);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.pageSize).toBe(10);
    expect(data.total).toBe(5);
    expect(data.list.find((r: { action: string }) => r.action === 'login')).toMatchObject({ action: 'login', username, name: '审计测试', ip: '203.0.113.7', userId });
    const ats = data.list.map((r: { at: string }) => r.at);
    expect(ats).toEqual([...ats].sort().reverse());
  });

  it('filters by action and by text in the target (LIKE characters are plain text)', async () => {
    const exports = (await search(`username=${username}&action=export`)).json().data;
    expect(exports.total).toBe(3);
    const one = (await search(`target=${encodeURIComponent(`报表-${tag}-1`)}`)).json().data;
    expect(one.list.map((r: { target: string }) => r.target)).toEqual([`报表-${tag}-1`]);
    const pct = (await search(`target=${encodeURIComponent(`0%_${tag}`)}`)).json().data;
    expect(pct.total).toBe(1);
    const wild = (await search(`target=${encodeURIComponent(`%${tag}`)}`)).json().data;
    // As a wildcard, % would match every row of this test; as plain text nothing contains "%<tag>".
    expect(wild.total).toBe(0);
  });

  it('filters by Shanghai calendar days, both ends inclusive', async () => {
    const day = async (from: string, to: string) =>
      (await search(`username=${username}&action=export&from=${from}&to=${to}`)).json().data.list.map((r: { target: string }) => r.target);
    expect(await day('2031-05-01', '2031-05-01')).toEqual([`报表-${tag}-0`]);
    expect(await day('2031-05-02', '2031-05-03')).toEqual([`报表-${tag}-2`, `报表-${tag}-1`]);
    expect(await day('2031-05-04', '2031-05-30')).toEqual([]);
    expect((await search('from=2031-05-03&to=2031-05-01')).statusCode).toBe(400);
  });

  it('pages at 10', async () => {
    const all = (await search('')).json().data;
    expect(all.list.length).toBeLessThanOrEqual(10);
    expect(all.total).toBeGreaterThanOrEqual(5);
  });

  it('is for the operator only', async () => {
    for (const who of ['bank', 'gov', 'person'] as const) {
      const res = await search('', await loginAs(t.app, who));
      expect(res.statusCode).toBe(403);
    }
    expect((await search('', null as unknown as Tokens)).statusCode).toBe(401);
  });

  it('records a logout', async () => {
    const tokens = await login(t.app, username);
    await call(t.app, tokens, { method: 'POST', url: '/ssoserver/logout' });
    const rows = (await search(`username=${username}&action=logout`)).json().data;
    expect(rows.total).toBe(1);
  });
});
