import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers.ts';
import { insertOrg, insertProductRow } from '../../src/seed/factories.ts';
import { post } from './products-helpers.ts';

/**
 * Match me on fixed products: every condition below is met by the test bank's loans, while no demo loan offers
 * 90,000 万元 or 300 months, so the demo catalogue ranks below them.
 */
let t: TestApp;
const tag = `X${Math.random().toString(36).slice(2, 7)}`;
const P = {} as Record<'a' | 'b' | 'c' | 'd' | 'e' | 'pending', number>;
const NEED = {
  amount: 90_000,
  term: 300,
  guaranteeMethod: 'CREDIT',
  regionCode: '999903',
  customerType: 'ENTERPRISE',
  industry: 'TECH',
} as const;

type Result = { product: { id: number; name: string }; matched: string[]; failed: string[]; score: number };
const match = async (body: object) => {
  const res = await post(t.app, null, '/finance/portal/product/match.json', body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Result[];
};

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const orgId = await insertOrg(db, {
    name: `匹配测试银行${tag}`,
    orgType: 'BANK',
    classifiedType: 'BANK',
    regionCode: '999900',
  });
  const fits = {
    orgId,
    amountMin: 1000,
    amountMax: 100_000,
    termMin: 12,
    termMax: 360,
    guaranteeMethods: ['CREDIT'],
    regionCodes: ['999903'],
    customerTypes: ['ENTERPRISE', 'PERSON'],
    industries: ['TECH', 'MANUFACTURING'],
  };
  P.a = await insertProductRow(db, { ...fits, name: `全符合A${tag}`, rateMin: 5 });
  P.b = await insertProductRow(db, { ...fits, name: `全符合B${tag}`, rateMin: 4 });
  // Fails the term only, with the lowest rate of all: still below every product that fails nothing.
  P.c = await insertProductRow(db, { ...fits, name: `期限不符${tag}`, termMin: 12, termMax: 60, rateMin: 0.5 });
  // Fails two conditions.
  P.d = await insertProductRow(db, {
    ...fits,
    name: `两项不符${tag}`,
    guaranteeMethods: ['MORTGAGE'],
    industries: ['AGRICULTURE'],
    rateMin: 0.1,
  });
  // No industries: serves every industry. The whole city: serves the district.
  P.e = await insertProductRow(db, {
    ...fits,
    name: `全行业${tag}`,
    industries: [],
    regionCodes: ['999900'],
    rateMin: 4.5,
  });
  P.pending = await insertProductRow(db, { ...fits, name: `未上架${tag}`, rateMin: 0.1, status: 'PENDING_REVIEW' });
});
afterAll(() => t.close());

describe('match me', () => {
  it('ranks the loans failing nothing first (by rate), then one failing one condition, then two', async () => {
    const res = await match({ ...NEED, limit: 5 });
    expect(res.map((r) => r.product.id)).toEqual([P.b, P.e, P.a, P.c, P.d]);
    expect(res.map((r) => r.score)).toEqual([100, 100, 100, 83.3, 66.7]);
    for (const r of res.slice(0, 3))
      expect(r).toMatchObject({
        failed: [],
        matched: ['amount', 'term', 'guaranteeMethod', 'regionCode', 'customerType', 'industry'],
      });
    // The failing conditions are named.
    expect(res[3]).toMatchObject({
      failed: ['term'],
      matched: ['amount', 'guaranteeMethod', 'regionCode', 'customerType', 'industry'],
    });
    expect(res[4].failed).toEqual(['guaranteeMethod', 'industry']);
  });

  it('never offers a product that is not LISTED', async () => {
    const res = await match({ ...NEED, limit: 50 });
    expect(res.map((r) => r.product.id)).not.toContain(P.pending);
    expect(res).toHaveLength(50);
  });

  it('scores the share of the given conditions met, and names only the given ones', async () => {
    const res = await match({ amount: 90_000, term: 30, customerType: 'PERSON', limit: 50 });
    const byId = new Map(res.map((r) => [r.product.id, r]));
    // Demo loans for persons with 30 months but at most 3,000 万元 meet two of three.
    expect(byId.get(P.a)).toMatchObject({ score: 100, failed: [] });
    expect(byId.get(P.c)).toMatchObject({ score: 100, failed: [] });
    const demo = res.find((r) => !Object.values(P).includes(r.product.id))!;
    expect(demo).toMatchObject({ score: 66.7, failed: ['amount'], matched: ['term', 'customerType'] });
    expect(res.every((r) => [...r.matched, ...r.failed].sort().join() === 'amount,customerType,term')).toBe(true);
    // Scores never go up down the list.
    expect(res.map((r) => r.score)).toEqual([...res.map((r) => r.score)].sort((x, y) => y - x));
  });

  it('uses the region of the need with the city above it', async () => {
    const res = await match({ amount: 90_000, regionCode: '999901', limit: 3 });
    // The city-wide loan serves 999901; the others serve only 999903 and come next by rate (they meet the amount).
    expect(res.map((r) => [r.product.id, r.score, r.failed])).toEqual([
      [P.e, 100, []],
      [P.d, 50, ['regionCode']],
      [P.c, 50, ['regionCode']],
    ]);
  });

  it('asks for at least one condition', async () => {
    const res = await post(t.app, null, '/finance/portal/product/match.json', {});
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, errorCode: 'VALIDATION' });
    expect(
      (await post(t.app, null, '/finance/portal/product/match.json', { amount: 10, color: 'red' })).statusCode,
    ).toBe(400);
  });
});
