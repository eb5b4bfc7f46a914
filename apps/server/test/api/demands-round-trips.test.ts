import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wantsGenericPlan } from '../../src/db/client.ts';
import { createTestApp, type TestApp, type Tokens, statementsOf, signInAs } from '../helpers.ts';
import { insertDemandRow } from '../../src/seed/factories.ts';
import { demandIn, get, testApplicant, testBank, testGuarantee, type Cast } from './demands-helpers.ts';

/**
 * Issue 17: the demand lists cost one round trip after the session's with the read cache off. The bank unit's subtree
 * and whether the region is the whole city come with the session (orgTree, regionIsCity), and a date-filtered list's
 * total is a sum over the kept per-day counts (demand_day_counts) instead of a count of the rows.
 */
let t: TestApp;
let op: Tokens;
let cast: Cast;
const tag = `RD${Math.random().toString(36).slice(2, 6)}`;

type PageBody = { data: { total: number; list: { id: number; actions: string[] }[] } };
const page = async (tokens: Tokens, path: string) => {
  const res = await get(t.app, tokens, path);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as PageBody).data;
};
const sql = async (text: string, values: unknown[] = []) => (await t.database.pool.query(text, values)).rows;
/**
 * The statements of `fn`, the operator's settings read first: a process keeps them 5 s (settings.service.ts), so
 * whether a request reads them depends on what came before it, and the counts here are the session's and the page's.
 */
const countedStatements = async (fn: () => Promise<unknown>) => {
  await t.app.services.settings.get();
  return statementsOf(t, fn);
};

beforeAll(async () => {
  // Both caches off: the session's statement is counted as a process pays it once (session-cache.test.ts: then none).
  t = await createTestApp({ readCacheTtlMs: 0, sessionCacheTtlMs: 0 });
  op = await signInAs(t.app, 'operator');
  const db = t.database.db;
  cast = {
    bank: await testBank(t.app, db, tag),
    guarantee: await testGuarantee(t.app, db, tag),
    applicant: await testApplicant(t.app, db, tag),
  };
});
afterAll(() => t.close());

describe('round trips of the demand lists (cache off)', () => {
  it("a bank's own demands and its pool: the session and one statement each, scoped by the session's subtree", async () => {
    const mine = await demandIn(t.database.db, cast, 'ORIENTATION', 'ACCEPTED');
    const pooled = await demandIn(t.database.db, cast, 'PUBLIC', 'PENDING');
    let head = { total: 0, list: [] as { id: number; actions: string[] }[] };
    const texts = await countedStatements(async () => {
      head = await page(cast.bank.tokens.head, '/finance/demand/bank/page.json?scope=MINE&current=1&pageSize=100');
    });
    expect(texts).toHaveLength(2);
    // The page is planned once per connection (db/client.ts GENERIC_PLAN); the session's statement is not marked.
    expect(texts.map(wantsGenericPlan)).toEqual([false, true]);
    // The head office sees its branch's demand and may dispatch it within its tree.
    expect(head.list.find((d) => d.id === mine)?.actions).toContain('dispatch');
    // Another branch does not see it; the branch in charge (a unit below it) may dispatch it there.
    const branch = await page(
      cast.bank.tokens.branchB,
      '/finance/demand/bank/page.json?scope=MINE&current=1&pageSize=100',
    );
    expect(branch.list.map((d) => d.id)).not.toContain(mine);
    const sub = await page(
      cast.bank.tokens.branchA,
      '/finance/demand/bank/page.json?scope=MINE&current=1&pageSize=100',
    );
    expect(sub.list.find((d) => d.id === mine)?.actions).toEqual(
      expect.arrayContaining(['grant', 'reject', 'dispatch']),
    );

    let pool = { total: 0, list: [] as { id: number; actions: string[] }[] };
    const poolTexts = await countedStatements(async () => {
      pool = await page(
        cast.bank.tokens.branchA,
        '/finance/demand/bank/page.json?scope=POOL&type=PUBLIC&current=1&pageSize=100',
      );
    });
    expect(poolTexts).toHaveLength(2);
    expect(pool.list.find((d) => d.id === pooled)?.actions).toEqual(['accept']);
    // 东湖 (999902) does not serve 城关区; the head office (city level) serves every district.
    expect(
      (
        await page(cast.bank.tokens.branchB, '/finance/demand/bank/page.json?scope=POOL&type=PUBLIC&pageSize=100')
      ).list.map((d) => d.id),
    ).not.toContain(pooled);
    expect(
      (
        await page(cast.bank.tokens.head, '/finance/demand/bank/page.json?scope=POOL&type=PUBLIC&pageSize=100')
      ).list.map((d) => d.id),
    ).toContain(pooled);
  });

  it("the operator's list: the session and one statement", async () => {
    const texts = await countedStatements(() =>
      page(op, '/finance/demand/operate/page.json?view=public&current=1&pageSize=10'),
    );
    expect(texts).toHaveLength(2);
  });

  it("a date-filtered list's total is the kept per-day counts', on Beijing days, capped as before", async () => {
    // A day of its own, about eight years ago, so no other test's demands fall on it, and still inside the longest
    // range a report may ask (REPORT_MAX_DAYS): the all-time figures of the display tests must keep covering it.
    const day = new Date(Date.now() + 8 * 3_600_000 - (8 * 365 + Math.floor(Math.random() * 100)) * 86_400_000)
      .toISOString()
      .slice(0, 10);
    const at = (iso: string) => new Date(iso);
    const row = (createdAt: Date, status = 'GRANTED') =>
      insertDemandRow(t.database.db, {
        type: 'ORIENTATION',
        status,
        applicantName: `按日${tag}`,
        regionCode: '999901',
        createdAt,
        targetOrgId: cast.bank.ids.branchA,
        bankOrgId: cast.bank.ids.branchA,
        ownerOrgId: cast.bank.ids.branchA,
        bankId: cast.bank.ids.head,
      });
    // 00:00 and 23:59 Beijing are that day; 23:59 Beijing the day before (15:59Z) is not.
    const ids = [
      await row(at(`${day}T00:00:00+08:00`)),
      await row(at(`${day}T12:00:00+08:00`)),
      await row(at(`${day}T23:59:00+08:00`)),
    ];
    await row(new Date(at(`${day}T00:00:00+08:00`).getTime() - 60_000));
    await row(at(`${day}T10:00:00+08:00`), 'REJECTED');
    const url = `/finance/demand/operate/page.json?view=assigned&status=GRANTED&from=${day}&to=${day}&current=1&pageSize=10`;
    let p = { total: 0, list: [] as { id: number }[] };
    const texts = await countedStatements(async () => {
      p = await page(op, url);
    });
    expect(texts).toHaveLength(2);
    expect(texts[1]).toContain('demand_day_counts');
    expect(p.total).toBe(3);
    expect(p.list.map((d) => d.id).sort()).toEqual([...ids].sort());
    // Kept by the writes: a change of state, a move to another day, a delete.
    await sql(`UPDATE demands SET status = 'REJECTED' WHERE id = $1`, [ids[0]]);
    expect((await page(op, url)).total).toBe(2);
    await sql(`UPDATE demands SET created_at = created_at - interval '1 day' WHERE id = $1`, [ids[1]]);
    expect((await page(op, url)).total).toBe(1);
    await sql(`DELETE FROM demand_history WHERE demand_id = $1`, [ids[2]]);
    await sql(`DELETE FROM demands WHERE id = $1`, [ids[2]]);
    expect((await page(op, url)).total).toBe(0);
  });

  it('the kept per-day counts agree with the rows for every key', async () => {
    const diff = await sql(`
      SELECT * FROM (SELECT type, source, status, bj_day(created_at) AS day, region_code, count(*)::int AS n FROM demands GROUP BY 1, 2, 3, 4, 5) real
      FULL JOIN (SELECT type, source, status, day, region_code, n FROM demand_day_counts WHERE n <> 0) kept USING (type, source, status, day, region_code)
      WHERE real.n IS DISTINCT FROM kept.n`);
    expect(diff).toEqual([]);
  });
});
