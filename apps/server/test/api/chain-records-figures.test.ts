import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chainOps } from '@phjr/contract/chains/chain-ops';
import { createTestApp, type TestApp } from '../helpers.ts';
import {
  addMember,
  chainCast,
  figureMismatches,
  loanInput,
  ok,
  op,
  visitInput,
  type ChainCast,
} from './chain-records-helpers.ts';

let t: TestApp;
let c: ChainCast;
const tag = `CF${Math.random().toString(36).slice(2, 6)}`;
const sql = async (text: string, values: unknown[] = []) => (await t.database.pool.query(text, values)).rows;

beforeAll(async () => {
  t = await createTestApp();
  c = await chainCast(t.app, t.database, tag);
});
afterAll(() => t.close());

describe('the figures kept by the writes', () => {
  it('count a first visit, a first intention and a first loan once under 20 concurrent writes by several banks', async () => {
    const members: { id: number }[] = [];
    for (let i = 0; i < 3; i++)
      members.push(
        await addMember(t.app, c.operator, c.y, { tier: (['UPSTREAM', 'MIDSTREAM', 'DOWNSTREAM'] as const)[i] }),
      );
    const banks = [c.bank2.tokens.head, c.bank2.tokens.branchA, c.bank.tokens.branchA, c.bank.tokens.sub];
    const writes = Array.from({ length: 20 }, (_, i) => {
      const who = banks[i % banks.length];
      const m = members[(i >> 1) % 3];
      return i % 3 === 2
        ? op(t.app, who, chainOps.loanSave, loanInput(m.id, { amount: 10 + i }))
        : op(t.app, who, chainOps.visitSave, visitInput(m.id, { intention: i % 4 === 0 ? 'HAS_NEED' : 'NO_NEED' }));
    });
    const answers = await Promise.all(writes);
    for (const a of answers) expect(a.statusCode, a.body).toBe(200);
    expect(await figureMismatches(t.database, c.y)).toEqual([]);
    const [y] = await sql('SELECT enterprises_visited AS visited, visits, loans FROM industrial_chains WHERE id = $1', [
      c.y,
    ]);
    expect(y.visited).toBe(3);
    expect(y.visits + y.loans).toBe(20);
  });

  it('equal the lists: members, visited, financed, visits and loans, in total and per bank', async () => {
    const more = await addMember(t.app, c.operator, c.y);
    await ok(t.app, c.bank2.tokens.head, chainOps.loanSave, loanInput(more.id, { amount: 7.25 }));
    // A member moving tier takes its share of the tier figures along; a removal takes one member off.
    await ok(t.app, c.operator, chainOps.enterpriseSave, {
      industrialChainId: c.y,
      id: more.id,
      creditCode: more.creditCode,
      name: more.name,
      tier: 'DOWNSTREAM',
    });
    const gone = await addMember(t.app, c.operator, c.y);
    await ok(t.app, c.operator, chainOps.enterpriseRemove, { id: gone.id });
    expect(await figureMismatches(t.database, c.y)).toEqual([]);

    const [kept] = await sql(
      `SELECT enterprises, visits, enterprises_visited AS visited, enterprises_financed AS financed, loans, loan_amount::float8 AS amount FROM industrial_chains WHERE id = $1`,
      [c.y],
    );
    const total = async (o: (typeof chainOps)[keyof typeof chainOps], q: Record<string, unknown>) =>
      (await ok(t.app, c.operator, o, { industrialChainId: c.y, ...q })).total;
    expect(await total(chainOps.enterprisePage, {})).toBe(kept.enterprises);
    expect(await total(chainOps.enterprisePage, { visited: 'true' })).toBe(kept.visited);
    expect(await total(chainOps.enterprisePage, { financed: 'true' })).toBe(kept.financed);
    expect(await total(chainOps.visitPage, {})).toBe(kept.visits);
    expect(await total(chainOps.loanPage, {})).toBe(kept.loans);
    const loans = await ok(t.app, c.operator, chainOps.loanPage, { industrialChainId: c.y, pageSize: 100 });
    expect(loans.list.reduce((s: number, l: { amount: number }) => s + l.amount, 0)).toBeCloseTo(kept.amount, 2);
    // The published figures (read from the counters) say the same.
    const published = await ok(t.app, null, chainOps.figuresById, { industrialChainId: c.y });
    expect(published.total).toMatchObject({
      enterprises: kept.enterprises,
      visits: kept.visits,
      enterprisesVisited: kept.visited,
      enterprisesFinanced: kept.financed,
      loans: kept.loans,
    });
    expect(published.total.loanAmount).toBeCloseTo(kept.amount, 2);
    const tierSum = published.byTier.reduce((s: number, r: { enterprises: number }) => s + r.enterprises, 0);
    expect(tierSum).toBe(kept.enterprises);

    // Per bank: bank2's figures (its head office takes part; its branch counts for it) equal what bank2 itself lists.
    const [b2] = await sql(
      'SELECT visits, loans, loan_amount::float8 AS amount FROM chain_bank_figures WHERE chain_id = $1 AND org_id = $2',
      [c.y, c.bank2.ids.head],
    );
    const own = async (o: (typeof chainOps)[keyof typeof chainOps]) =>
      await ok(t.app, c.bank2.tokens.head, o, { industrialChainId: c.y, pageSize: 100 });
    expect((await own(chainOps.visitPage)).total).toBe(b2.visits);
    const ownLoans = await own(chainOps.loanPage);
    expect(ownLoans.total).toBe(b2.loans);
    expect(ownLoans.list.reduce((s: number, l: { amount: number }) => s + l.amount, 0)).toBeCloseTo(b2.amount, 2);
  });

  it('leave every counter untouched by a refused write', async () => {
    const m = await addMember(t.app, c.operator, c.y);
    const before = await sql('SELECT * FROM industrial_chains WHERE id = $1', [c.y]);
    expect(
      (await op(t.app, c.bank2.tokens.head, chainOps.loanSave, loanInput(m.id, { productId: 999999999 }))).statusCode,
    ).toBe(400);
    expect(
      (
        await op(t.app, c.bank2.tokens.head, chainOps.enterpriseSave, {
          industrialChainId: c.y,
          creditCode: m.creditCode,
          name: 'x有限公司',
          tier: 'UPSTREAM',
        })
      ).statusCode,
    ).toBe(409);
    expect(await sql('SELECT * FROM industrial_chains WHERE id = $1', [c.y])).toEqual(before);
  });
});
