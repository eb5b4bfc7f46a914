import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chainOps } from '@phjr/contract/chains/chain-ops';
import { createTestApp, type TestApp } from '../helpers.ts';
import {
  addMember,
  beijingDay,
  chainCast,
  loanInput,
  ok,
  op,
  visitInput,
  type ChainCast,
} from './chain-records-helpers.ts';

/**
 * The chain-wide lists of visits and loans (issue 30: the operator's /operateClient/chain/interviewDetail and
 * loanDetail without an id, the government's and the bank's): every member of every chain in the caller's scope at
 * once, filtered by chain, bank (the bank and its branches), day range and member name.
 */
let t: TestApp;
let c: ChainCast;
const tag = `CL${Math.random().toString(36).slice(2, 6)}`;
const sql = async (text: string, values: unknown[] = []) => (await t.database.pool.query(text, values)).rows;

beforeAll(async () => {
  t = await createTestApp();
  c = await chainCast(t.app, t.database, tag);
});
afterAll(() => t.close());

/** A member joined a month ago, so records may be dated back. */
async function oldMember(chainId: number, name: string) {
  const m = await addMember(t.app, c.operator, chainId, { name });
  await sql(`UPDATE chain_enterprises SET created_at = now() - interval '30 days' WHERE id = $1`, [m.id]);
  return m as { id: number };
}

describe('the chain-wide record lists', () => {
  it('list every member of the caller chains at once, filtered by chain, bank with its branches, days and member name', async () => {
    const mx = await oldMember(c.x, `列表甲${tag}茶业有限公司`);
    const my1 = await oldMember(c.y, `列表乙${tag}果业有限公司`);
    const my2 = await oldMember(c.y, `列表丙${tag}农业有限公司`);
    const vx = await ok(
      t.app,
      c.bank.tokens.head,
      chainOps.visitSave,
      visitInput(mx.id, { visitDate: beijingDay(-10) }),
    );
    const vBranch = await ok(
      t.app,
      c.bank.tokens.branchA,
      chainOps.visitSave,
      visitInput(my1.id, { visitDate: beijingDay(-6) }),
    );
    const vSub = await ok(
      t.app,
      c.bank.tokens.sub,
      chainOps.visitSave,
      visitInput(my2.id, { visitDate: beijingDay(-4) }),
    );
    const vBank2 = await ok(
      t.app,
      c.bank2.tokens.head,
      chainOps.visitSave,
      visitInput(my1.id, { visitDate: beijingDay(-1) }),
    );
    const ids = async (who: typeof c.operator, q: Record<string, unknown>) => {
      const page = await ok(t.app, who, chainOps.visitPage, q);
      return page.list.map((v: { id: number }) => v.id);
    };

    // The operator, over every member of a chain (newest day first), and by bank: the head office takes its branches' records.
    expect(await ids(c.operator, { industrialChainId: c.y })).toEqual([vBank2.id, vSub.id, vBranch.id]);
    expect(await ids(c.operator, { orgId: c.bank.ids.head })).toEqual([vSub.id, vBranch.id, vx.id]);
    expect(await ids(c.operator, { orgId: c.bank.ids.branchA })).toEqual([vSub.id, vBranch.id]);
    expect(await ids(c.operator, { orgId: c.bank.ids.head, industrialChainId: c.x })).toEqual([vx.id]);
    // Days (Beijing, inclusive) and the member's name.
    expect(await ids(c.operator, { industrialChainId: c.y, from: beijingDay(-6), to: beijingDay(-4) })).toEqual([
      vSub.id,
      vBranch.id,
    ]);
    expect(await ids(c.operator, { industrialChainId: c.y, from: beijingDay(-3) })).toEqual([vBank2.id]);
    expect(await ids(c.operator, { keyword: `列表乙${tag}` })).toEqual([vBank2.id, vBranch.id]);

    // The government manager reads its chains only, whatever the filter asks.
    expect(await ids(c.gov, { orgId: c.bank.ids.head })).toEqual([vx.id]);
    expect(await ids(c.gov, { industrialChainId: c.y })).toEqual([]);
    expect(await ids(c.gov2, { orgId: c.bank.ids.head })).toEqual([vSub.id, vBranch.id]);
    // A bank reads its own bank's records only: a filter on another bank finds nothing.
    expect(await ids(c.bank2.tokens.head, {})).toEqual([vBank2.id]);
    expect(await ids(c.bank2.tokens.head, { orgId: c.bank.ids.head })).toEqual([]);
    expect(await ids(c.bank.tokens.branchA, { industrialChainId: c.y })).toEqual([vSub.id, vBranch.id]);
  });

  it('list loans the same way and refuse a range that ends before it starts', async () => {
    const mx = await oldMember(c.x, `贷款甲${tag}茶业有限公司`);
    const my = await oldMember(c.y, `贷款乙${tag}果业有限公司`);
    const lx = await ok(t.app, c.bank.tokens.head, chainOps.loanSave, loanInput(mx.id, { loanDate: beijingDay(-8) }));
    const ly = await ok(t.app, c.bank.tokens.sub, chainOps.loanSave, loanInput(my.id, { loanDate: beijingDay(-2) }));
    const ly2 = await ok(t.app, c.bank2.tokens.head, chainOps.loanSave, loanInput(my.id, { loanDate: beijingDay(-5) }));
    const ids = async (who: typeof c.operator, q: Record<string, unknown>) =>
      (await ok(t.app, who, chainOps.loanPage, q)).list.map((l: { id: number }) => l.id);
    expect(await ids(c.operator, { orgId: c.bank.ids.head, keyword: tag })).toEqual([ly.id, lx.id]);
    expect(await ids(c.operator, { industrialChainId: c.y, keyword: `贷款乙${tag}` })).toEqual([ly.id, ly2.id]);
    expect(await ids(c.operator, { industrialChainId: c.y, to: beijingDay(-3) })).toEqual([ly2.id]);
    expect(await ids(c.gov2, { keyword: `贷款甲${tag}` })).toEqual([]);
    expect(await ids(c.gov2, { keyword: `贷款乙${tag}` })).toEqual([ly.id, ly2.id]);

    for (const o of [chainOps.visitPage, chainOps.loanPage]) {
      const res = await op(t.app, c.operator, o, { from: beijingDay(-1), to: beijingDay(-3) });
      expect(res.statusCode).toBe(400);
      expect(res.json().data.fields[0].field).toBe('to');
    }
  });
});
