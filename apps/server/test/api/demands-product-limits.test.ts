import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guaranteeEndDays } from '@phjr/contract/demands/guarantee-terms';
import { insertProductRow } from '../../src/seed/factories.ts';
import { createTestApp, type TestApp, type Tokens, signInAs } from '../helpers.ts';
import {
  demandIn,
  demandInput,
  get,
  guaranteeBody,
  post,
  shanghaiToday,
  testApplicant,
  testBank,
  testGuarantee,
  type Cast,
} from './demands-helpers.ts';

/**
 * Issue 13, point 1: a product's ranges bind an application (bounds included) and a grant outside them needs the
 * bank's confirmation, which the history keeps. Point 10: issuing a guarantee states its fee rate, term, contract
 * number and days, checked by their rules.
 */

let t: TestApp;
let op: Tokens;
let cast: Cast;
const tag = `PL${Math.random().toString(36).slice(2, 7)}`;
/** The issue's product: 10 to 50 万元 (100,000 to 500,000 yuan), 3 to 36 months, 4 % to 6 % a year. */
const RANGES = { amountMin: 10, amountMax: 50, termMin: 3, termMax: 36, rateMin: 4, rateMax: 6 };
let productId: number;
let n = 0;

const sql = async (text: string, values: unknown[]) => (await t.database.pool.query(text, values)).rows;
/** A new applicant of its own (one open demand per applicant per product). */
const applicant = async () => (await testApplicant(t.app, t.database.db, `${tag}${n++}`)).tokens;
const apply = async (who: Tokens, amount: number, term: number) =>
  post(t.app, who, '/finance/demand/create.json', demandInput({ type: 'ORIENTATION', productId, amount, term }));

beforeAll(async () => {
  t = await createTestApp();
  op = await signInAs(t.app, 'operator');
  const db = t.database.db;
  cast = {
    bank: await testBank(t.app, db, tag),
    guarantee: await testGuarantee(t.app, db, tag),
    applicant: await testApplicant(t.app, db, tag),
  };
  productId = await insertProductRow(db, { name: `限额产品${tag}`, orgId: cast.bank.ids.head, ...RANGES });
});
afterAll(() => t.close());

describe('an application through a product lies within its ranges', () => {
  it('accepts exactly the minimum and exactly the maximum of the amount and the term', async () => {
    for (const [amount, term] of [
      [RANGES.amountMin, RANGES.termMin],
      [RANGES.amountMax, RANGES.termMax],
    ] as const) {
      const res = await apply(await applicant(), amount, term);
      expect(res.statusCode, res.body).toBe(200);
    }
  });

  it('refuses one below the minimum or above the maximum, naming the field and writing nothing', async () => {
    const who = await applicant();
    const [{ before }] = await sql('SELECT applications AS before FROM products WHERE id = $1', [productId]);
    for (const [amount, term, field] of [
      [RANGES.amountMin - 1, 12, 'amount'],
      [RANGES.amountMax + 1, 12, 'amount'],
      [RANGES.amountMax + 0.01, 12, 'amount'],
      [20, RANGES.termMin - 1, 'term'],
      [20, RANGES.termMax + 1, 'term'],
    ] as const) {
      const res = await apply(who, amount, term);
      expect(res.statusCode, `${amount}/${term}`).toBe(400);
      const body = res.json();
      expect(body.errorCode).toBe('DEMAND_OUTSIDE_PRODUCT_RANGE');
      expect(body.data.fields).toEqual([{ field, message: expect.stringContaining('超出产品范围') }]);
      expect(body.data.ranges).toEqual([expect.objectContaining({ field, value: field === 'amount' ? amount : term })]);
    }
    expect(await sql('SELECT applications FROM products WHERE id = $1', [productId])).toEqual([
      { applications: before },
    ]);
    expect((await get(t.app, who, '/finance/demand/my/page.json')).json().data.total).toBe(0);
  });

  it("refuses the issue's case: 5,000,000 yuan over 100 months on a product for 100,000 to 500,000 and 3 to 36 months", async () => {
    const res = await apply(await applicant(), 500, 100);
    expect(res.statusCode).toBe(400);
    expect(res.json().data.fields.map((f: { field: string }) => f.field)).toEqual(['amount', 'term']);
    expect(res.json().errorMessage).toMatch(
      /金额500万元超出产品范围（10–50万元）；期限100个月超出产品范围（3–36个月）/,
    );
  });

  it('binds a guarantee demand to the ranges of the guarantee service it applies for', async () => {
    const service = await insertProductRow(t.database.db, {
      name: `担保服务${tag}`,
      orgId: cast.guarantee.orgId,
      kind: 'GUARANTEE_SERVICE',
      loanType: 'GUARANTEE',
      ...RANGES,
      rateMin: 0.8,
      rateMax: 1.5,
    });
    const who = await applicant();
    const body = (amount: number) =>
      demandInput({ type: 'GUARANTEE', productId: service, targetOrgId: cast.guarantee.orgId, amount, term: 12 });
    expect((await post(t.app, who, '/finance/demand/create.json', body(51))).json().errorCode).toBe(
      'DEMAND_OUTSIDE_PRODUCT_RANGE',
    );
    expect((await post(t.app, who, '/finance/demand/create.json', body(50))).statusCode).toBe(200);
  });

  it('leaves demands without a product to the general bounds', async () => {
    expect(
      (await post(t.app, await applicant(), '/finance/demand/create.json', demandInput({ amount: 500, term: 100 })))
        .statusCode,
    ).toBe(200);
  });
});

describe('a grant outside the product ranges needs the bank to confirm it', () => {
  /** A demand applied for through the product and accepted by the branch of its district. */
  async function accepted(): Promise<number> {
    const res = await apply(await applicant(), 20, 12);
    expect(res.statusCode, res.body).toBe(200);
    const { id } = res.json().data;
    expect((await post(t.app, cast.bank.tokens.branchA, '/finance/demand/accept.json', { id })).statusCode).toBe(200);
    return id;
  }
  const grant = (id: number, over: object) =>
    post(t.app, cast.bank.tokens.branchA, '/finance/demand/grant.json', {
      id,
      amount: 30,
      rate: 5,
      term: 12,
      grantedAt: shanghaiToday(),
      ...over,
    });

  it('the detail carries the product ranges the grant form warns with', async () => {
    const id = await accepted();
    const d = (await get(t.app, cast.bank.tokens.branchA, `/finance/demand/detail.json?id=${id}`)).json().data;
    expect(d.productLimits).toEqual({ productId, kind: 'LOAN', ...RANGES });
  });

  it('grants exactly at the bounds without a confirmation', async () => {
    const id = await accepted();
    const res = await grant(id, { amount: RANGES.amountMax, rate: RANGES.rateMax, term: RANGES.termMax });
    expect(res.statusCode, res.body).toBe(200);
    const [h] = await sql("SELECT reason FROM demand_history WHERE demand_id = $1 AND action = 'grant'", [id]);
    expect(h.reason).toBeNull();
  });

  it('refuses an amount, rate or term outside without the confirmation, naming each, and changes nothing', async () => {
    const id = await accepted();
    for (const [over, fields] of [
      [{ amount: 450 }, ['amount']],
      [{ rate: RANGES.rateMin - 0.01 }, ['rate']],
      [{ term: RANGES.termMax + 1 }, ['term']],
      [{ amount: RANGES.amountMin - 1, rate: 7, term: 2, outOfRangeConfirmed: false }, ['amount', 'term', 'rate']],
    ] as const) {
      const res = await grant(id, over);
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.json().errorCode).toBe('DEMAND_GRANT_OUT_OF_RANGE');
      expect(
        res
          .json()
          .data.fields.map((f: { field: string }) => f.field)
          .sort(),
      ).toEqual([...fields].sort());
    }
    const [row] = await sql('SELECT status, granted_amount FROM demands WHERE id = $1', [id]);
    expect(row).toEqual({ status: 'ACCEPTED', granted_amount: null });
    expect(await sql("SELECT 1 FROM demand_history WHERE demand_id = $1 AND action = 'grant'", [id])).toEqual([]);
  });

  it('grants with the confirmation and writes it into the history with the grant', async () => {
    const id = await accepted();
    const res = await grant(id, { amount: 450, rate: 7.5, term: 48, outOfRangeConfirmed: true });
    expect(res.statusCode, res.body).toBe(200);
    const d = (await get(t.app, op, `/finance/demand/detail.json?id=${id}`)).json().data;
    expect(d).toMatchObject({ status: 'GRANTED', grantedAmount: 450, grantedRate: 7.5, grantedTerm: 48 });
    const row = d.history.find((h: { action: string }) => h.action === 'grant');
    expect(row.reason).toBe(
      '银行已确认超出产品范围放款：金额450万元超出产品范围（10–50万元）；期限48个月超出产品范围（3–36个月）；年利率7.5%超出产品范围（4–6%）',
    );
    const [audit] = await sql(
      "SELECT detail FROM audit_log WHERE target = $1 AND action = 'demand.transition' ORDER BY id DESC LIMIT 1",
      [`demand:${id}`],
    );
    expect(audit.detail.reason).toBe(row.reason);
  });
});

describe('issuing a guarantee states what a bank needs', () => {
  const issue = (id: number, over: object) =>
    post(t.app, cast.guarantee.tokens, '/finance/demand/guarantee.json', { ...guaranteeBody(id, 40), ...over });
  const ready = () => demandIn(t.database.db, cast, 'GUARANTEE', 'GUARANTEE_ACCEPTED');
  const today = shanghaiToday;
  const daysAgo = (n: number) => new Date(Date.now() + 8 * 3_600_000 - n * 86_400_000).toISOString().slice(0, 10);

  it('refuses the amount alone, a fee rate out of range, a period that does not follow the term, dates out of order', async () => {
    const id = await ready();
    const amountOnly = await post(t.app, cast.guarantee.tokens, '/finance/demand/guarantee.json', { id, amount: 40 });
    expect(amountOnly.statusCode).toBe(400);
    const cases: [object, string][] = [
      [{ feeRate: 10.01 }, 'feeRate'],
      [{ feeRate: -0.1 }, 'feeRate'],
      [{ term: 0 }, 'term'],
      [{ contractNo: ' ' }, 'contractNo'],
      [{ contractNo: '<b>x</b>' }, 'contractNo'],
      [{ startDate: daysAgo(1), endDate: guaranteeEndDays(daysAgo(1), 12)[0] }, 'startDate'],
      [{ endDate: guaranteeEndDays(today(), 13)[0] }, 'endDate'],
      [{ term: 24 }, 'endDate'],
      [{ endDate: today() }, 'endDate'],
    ];
    for (const [over, field] of cases) {
      const res = await issue(id, over);
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(
        res.json().data.fields.map((f: { field: string }) => f.field),
        JSON.stringify(over),
      ).toContain(field);
    }
    expect((await sql('SELECT status FROM demands WHERE id = $1', [id]))[0].status).toBe('GUARANTEE_ACCEPTED');
  });

  it('refuses a contract signed in the future or before the demand was posted', async () => {
    const id = await ready();
    const tomorrow = new Date(Date.now() + 8 * 3_600_000 + 86_400_000).toISOString().slice(0, 10);
    for (const signedAt of [tomorrow, daysAgo(10)]) {
      const res = await issue(id, { signedAt, startDate: signedAt, endDate: guaranteeEndDays(signedAt, 12)[0] });
      expect(res.statusCode, signedAt).toBe(400);
      expect(res.json().data.fields).toEqual([{ field: 'signedAt', message: expect.any(String) }]);
    }
  });

  it('records every field, shows them on the detail and names them on the timeline; both ways of ending a period are taken', async () => {
    for (const end of [0, 1] as const) {
      const id = await ready();
      const start = today();
      const endDate = guaranteeEndDays(start, 12)[end];
      const res = await issue(id, {
        feeRate: 1.25,
        term: 12,
        contractNo: `保字〔2026〕第${id}号`,
        signedAt: daysAgo(1),
        startDate: start,
        endDate,
      });
      expect(res.statusCode, res.body).toBe(200);
      const d = (await get(t.app, cast.guarantee.tokens, `/finance/demand/detail.json?id=${id}`)).json().data;
      expect(d).toMatchObject({
        status: 'GUARANTEED',
        guaranteedAmount: 40,
        guaranteeFeeRate: 1.25,
        guaranteeTerm: 12,
        guaranteeContractNo: `保字〔2026〕第${id}号`,
        guaranteeSignedAt: daysAgo(1),
        guaranteeStartDate: start,
        guaranteeEndDate: endDate,
      });
      const h = d.history.find((x: { action: string }) => x.action === 'guarantee');
      expect(h.reason).toBe(
        `担保金额40万元，担保费率1.25%，期限12个月，合同编号保字〔2026〕第${id}号（${daysAgo(1)}签订），保证期间${start}至${endDate}`,
      );
    }
  });
});
