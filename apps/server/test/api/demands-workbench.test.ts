import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type Tokens, signInAs } from '../helpers.ts';
import { countEnterpriseMainAccounts } from '../../src/modules/stats/stats.repo.ts';
import { insertUser, setUserStatus } from '../../src/seed/factories.ts';
import { DEMO_PASSWORD } from '../../src/seed/demo-accounts.ts';
import {
  demandIn,
  demandInput,
  get,
  nextPhone,
  post,
  testApplicant,
  testBank,
  testGuarantee,
  type Cast,
} from './demands-helpers.ts';

let t: TestApp;
let gov: Tokens;
let cast: Cast;
const tag = `DW${Math.random().toString(36).slice(2, 7)}`;
const sql = async (text: string, values: unknown[] = []) => (await t.database.pool.query(text, values)).rows;
const workbench = async (tokens: Tokens) => {
  const res = await get(t.app, tokens, '/finance/demand/workbench.json');
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
const overview = async () =>
  (await get(t.app, null, '/finance/portal/statistics/portal/getHomepageTotalOverviewData.json')).json().data;

beforeAll(async () => {
  t = await createTestApp();
  gov = await signInAs(t.app, 'gov');
  const db = t.database.db;
  cast = {
    bank: await testBank(t.app, db, tag),
    guarantee: await testGuarantee(t.app, db, tag),
    applicant: await testApplicant(t.app, db, tag),
  };
});
afterAll(() => t.close());

describe('the workbench (role homes)', () => {
  it('a bank: its demands by state, the pool it may take, deadlines soonest first, overdue ones counted', async () => {
    const db = t.database.db;
    const poolBefore = (await workbench(cast.bank.tokens.head)).counts.POOL;
    expect(poolBefore).toEqual(expect.any(Number));
    const soon = await demandIn(db, cast, 'ORIENTATION', 'PENDING');
    await sql("UPDATE demands SET due_at = now() + interval '3 hours' WHERE id = $1", [soon]);
    const late = await demandIn(db, cast, 'ORIENTATION', 'ACCEPTED', { overdue: true });
    await demandIn(db, cast, 'ORIENTATION', 'GRANTED');
    // One demand in the public pool (no bank in charge yet), which every bank of its district may take.
    await demandIn(db, cast, 'PUBLIC', 'PENDING');
    const w = await workbench(cast.bank.tokens.head);
    expect(w.counts).toMatchObject({ PENDING: 1, ACCEPTED: 1, GRANTED: 1 });
    expect(w.counts.POOL).toBe(poolBefore + 1);
    expect(w.overdue).toBe(1);
    expect(w.dueSoon.map((d: { id: number }) => d.id)).toEqual([late, soon]);
    expect(w.dueSoon[0]).toMatchObject({ overdue: true, status: 'ACCEPTED' });
    expect(w.latest.length).toBe(3);
    // The 东湖 branch has nothing of it.
    const other = await workbench(cast.bank.tokens.branchB);
    expect(other).toMatchObject({
      counts: expect.not.objectContaining({ PENDING: expect.anything() }),
      overdue: 0,
      dueSoon: [],
    });
  });

  it('an applicant: its own demands by state and its latest; no deadlines to meet', async () => {
    const a = await testApplicant(t.app, t.database.db, `${tag}a`);
    await post(t.app, a.tokens, '/finance/demand/create.json', demandInput());
    await post(t.app, a.tokens, '/finance/demand/create.json', demandInput({ amount: 5 }));
    const w = await workbench(a.tokens);
    expect(w).toMatchObject({ counts: { PENDING: 2 }, dueSoon: [], overdue: 0 });
    expect(w.latest.map((d: { amount: number }) => d.amount)).toEqual([5, 80]);
  });

  it('a guarantee company and a supervisor: their scopes', async () => {
    await demandIn(t.database.db, cast, 'GUARANTEE', 'GUARANTEE_ACCEPTED');
    expect((await workbench(cast.guarantee.tokens)).counts).toEqual({ GUARANTEE_ACCEPTED: 1 });
    const w = await workbench(gov);
    expect(w.counts.PENDING).toBeGreaterThan(0);
  });
});

describe('the homepage overview reads the kept totals', () => {
  /** The definitions of docs/statistics.md, counted over the tables. */
  async function counted() {
    const [d] = await sql(`
      SELECT count(*) FILTER (WHERE NOT (status = 'WITHDRAWN' AND accepted_at IS NULL))::int AS demands,
             coalesce(sum(amount) FILTER (WHERE NOT (status = 'WITHDRAWN' AND accepted_at IS NULL)), 0)::float8 AS "amountDemanded",
             coalesce(sum(granted_amount) FILTER (WHERE status = 'GRANTED'), 0)::float8 AS "amountGranted",
             count(*) FILTER (WHERE status = 'GRANTED')::int AS granted, count(*) FILTER (WHERE status = 'REJECTED')::int AS rejected
      FROM demands`);
    return { ...d, enterprises: await countEnterpriseMainAccounts(t.database.db) };
  }
  const check = async () => {
    const o = await overview();
    const c = await counted();
    expect(o).toMatchObject({ demands: c.demands, enterprises: c.enterprises });
    expect(o.amountDemanded).toBeCloseTo(c.amountDemanded, 2);
    expect(o.amountGranted).toBeCloseTo(c.amountGranted, 2);
    const decided = c.granted + c.rejected;
    expect(o.successRate).toBe(decided ? Math.round((c.granted / decided) * 1000) / 10 : 0);
    return o;
  };

  it('agree with the definitions counted over the tables, through posting, accepting, granting and withdrawing', async () => {
    const before = await check();
    const { id } = (
      await post(t.app, cast.applicant.tokens, '/finance/demand/create.json', demandInput({ amount: 33 }))
    ).json().data;
    const { id: gone } = (
      await post(t.app, cast.applicant.tokens, '/finance/demand/create.json', demandInput({ amount: 7 }))
    ).json().data;
    expect((await check()).demands).toBe(before.demands + 2);
    // Withdrawn before any acceptance: no longer a demand of the platform.
    await post(t.app, cast.applicant.tokens, '/finance/demand/withdraw.json', { id: gone });
    expect((await check()).demands).toBe(before.demands + 1);
    await post(t.app, cast.bank.tokens.branchA, '/finance/demand/accept.json', { id });
    const today = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
    await post(t.app, cast.bank.tokens.branchA, '/finance/demand/grant.json', {
      id,
      amount: 30,
      rate: 4,
      term: 12,
      grantedAt: today,
    });
    const after = await check();
    expect(after.amountGranted).toBeCloseTo(before.amountGranted + 30, 2);
  });

  it('count active enterprise main accounts as they come and go', async () => {
    const before = (await overview()).enterprises;
    const id = await insertUser(t.database.db, {
      username: `ent${tag}`.toLowerCase(),
      name: `概览企业${tag}`,
      password: DEMO_PASSWORD,
      accountType: 'ENTERPRISE',
      phone: nextPhone(),
      roleCodes: ['ENTERPRISE'],
    });
    // Written on another connection: the read cache hears the change and drops the figures.
    await expect.poll(async () => (await overview()).enterprises).toBe(before + 1);
    await setUserStatus(t.database.db, id, 'DISABLED');
    await expect.poll(async () => (await overview()).enterprises).toBe(before);
    await check();
  });

  it('the kept per-list counts agree with the rows for every key', async () => {
    const diff = await sql(`
      SELECT * FROM (
        SELECT region_code, type, status, source, coalesce(bank_org_id, 0) AS b, coalesce(guarantee_org_id, 0) AS g, count(*)::int AS n FROM demands GROUP BY 1, 2, 3, 4, 5, 6
      ) real FULL JOIN (SELECT region_code, type, status, source, bank_org_id AS b, guarantee_org_id AS g, n FROM demand_counts WHERE n <> 0) kept
      USING (region_code, type, status, source, b, g)
      WHERE real.n IS DISTINCT FROM kept.n`);
    expect(diff).toEqual([]);
  });
});
