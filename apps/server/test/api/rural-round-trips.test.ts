import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wantsGenericPlan } from '../../src/db/client.ts';
import { chainOps } from '@phjr/contract/chains/chain-ops';
import { farmerOps } from '@phjr/contract/farmers/farmer-ops';
import { shelterOps } from '@phjr/contract/shelter/shelter-ops';
import { callOp, createTestApp, type TestApp, statementsOf } from '../helpers.ts';
import { addMember, chainCast, figureMismatches, ok, visitInput, type ChainCast } from './chain-records-helpers.ts';
import { testDistrictSupervisor } from './demands-helpers.ts';

/**
 * Issue 17: the busiest rural lists cost one round trip after the session's, with the read cache off. What a module
 * used to look up again (the bank's chains, the bank line, whether the caller's region is the whole city) comes with
 * the session (orgTree, regionIsCity) or is read by the page statement itself.
 */
let t: TestApp;
let c: ChainCast;
let district: Awaited<ReturnType<typeof testDistrictSupervisor>>;
const tag = `RT${Math.random().toString(36).slice(2, 6)}`;

beforeAll(async () => {
  // Both caches off: the session's statement is counted as a process pays it once (session-cache.test.ts: then none).
  t = await createTestApp({ readCacheTtlMs: 0, sessionCacheTtlMs: 0 });
  c = await chainCast(t.app, t.database, tag);
  district = await testDistrictSupervisor(t.app, t.database.db, tag, '999903');
});
afterAll(() => t.close());

describe('round trips of the rural lists (cache off)', () => {
  it("a bank branch's member list: the session and one statement, with the scope of its whole line", async () => {
    const inX = await addMember(t.app, c.operator, c.x, { tier: 'MIDSTREAM' });
    const inY = await addMember(t.app, c.operator, c.y, { tier: 'MIDSTREAM' });
    let page: { total: number; list: { id: number; actions: string[] }[] } = { total: 0, list: [] };
    const texts = await statementsOf(t, async () => {
      page = await ok(t.app, c.bank.tokens.branchA, chainOps.enterprisePage, {
        tier: 'MIDSTREAM',
        visited: 'false',
        pageSize: 100,
      });
    });
    expect(texts).toHaveLength(2);
    // Chain X through its head office (the lead bank: may edit), chain Y through itself (a member bank: may not).
    const byId = new Map(page.list.map((m) => [m.id, m.actions]));
    expect(byId.get(inX.id)).toEqual(expect.arrayContaining(['edit', 'visit', 'claim']));
    expect(byId.get(inY.id)).toEqual(expect.arrayContaining(['visit', 'claim']));
    expect(byId.get(inY.id)).not.toContain('edit');
    // A bank outside both chains sees none of them.
    const other = await ok(t.app, c.bank2.tokens.branchA, chainOps.enterprisePage, {
      tier: 'MIDSTREAM',
      pageSize: 100,
    });
    expect(other.list.map((m: { id: number }) => m.id)).not.toContain(inX.id);
  });

  it('a member list total read from the kept per-tier figures equals the members counted, through a visit and a tier change', async () => {
    const counted = async (where: string) =>
      (
        await t.database.pool.query(
          `SELECT count(*)::int AS n FROM chain_enterprises WHERE chain_id = ANY($1) AND ${where}`,
          [[c.x, c.y]],
        )
      ).rows[0].n as number;
    const totals = async () => ({
      notVisited: (
        await ok(t.app, c.bank.tokens.branchA, chainOps.enterprisePage, { tier: 'UPSTREAM', visited: 'false' })
      ).total,
      visited: (await ok(t.app, c.bank.tokens.branchA, chainOps.enterprisePage, { tier: 'UPSTREAM', visited: 'true' }))
        .total,
      financed: (await ok(t.app, c.bank.tokens.branchA, chainOps.enterprisePage, { financed: 'false' })).total,
      all: (await ok(t.app, c.bank.tokens.branchA, chainOps.enterprisePage, {})).total,
    });
    const want = async () => ({
      notVisited: await counted(`tier = 'UPSTREAM' AND visits = 0`),
      visited: await counted(`tier = 'UPSTREAM' AND visits > 0`),
      financed: await counted('loans = 0'),
      all: await counted('true'),
    });
    const m = await addMember(t.app, c.operator, c.y, { tier: 'UPSTREAM' });
    expect(await totals()).toEqual(await want());
    await ok(t.app, c.bank.tokens.branchA, chainOps.visitSave, visitInput(m.id));
    const afterVisit = await totals();
    expect(afterVisit).toEqual(await want());
    expect(afterVisit.visited).toBeGreaterThan(0);
    // A visited member moves to another tier: its visit moves with it.
    await ok(t.app, c.operator, chainOps.enterpriseSave, {
      industrialChainId: c.y,
      creditCode: m.creditCode,
      name: m.name,
      tier: 'DOWNSTREAM',
      id: m.id,
    });
    expect(await totals()).toEqual(await want());
    expect(await figureMismatches(t.database, c.y)).toEqual([]);
  });

  it("a chain's public figures: one statement, banks and tiers with it", async () => {
    let figures: { industrialChainId: number; byBank: { orgId: number }[]; byTier: { tier: string }[] } | null = null;
    const texts = await statementsOf(t, async () => {
      figures = await ok(t.app, null, chainOps.figuresById, { industrialChainId: c.y });
    });
    expect(texts).toHaveLength(1);
    // Read by the chain's key alone: one generic plan serves every chain.
    expect(wantsGenericPlan(texts[0])).toBe(true);
    // The lead bank first, then the member banks; every tier.
    expect(figures!.byBank.map((b) => b.orgId)).toEqual([c.bank2.ids.head, c.bank.ids.branchA]);
    expect(figures!.byTier.map((x) => x.tier)).toEqual(['UPSTREAM', 'MIDSTREAM', 'DOWNSTREAM']);
  });

  it("a district supervisor's shelter list and farmer list: the session and one statement each", async () => {
    const shelter = await statementsOf(t, () =>
      callOp(t.app, district.tokens, shelterOps.supervisePage, { view: 'IN', current: 1, pageSize: 10 }),
    );
    expect(shelter).toHaveLength(2);
    expect(wantsGenericPlan(shelter[1])).toBe(true);
    const farmers = await statementsOf(t, () =>
      callOp(t.app, district.tokens, farmerOps.page, { current: 1, pageSize: 10 }),
    );
    expect(farmers).toHaveLength(2);
    expect(wantsGenericPlan(farmers[1])).toBe(true);
  });

  it("the farmer portal's figures: one statement, planned once for every district", async () => {
    const texts = await statementsOf(t, () => callOp(t.app, null, farmerOps.portalFigures, { districtCode: '999903' }));
    expect(texts).toHaveLength(1);
    expect(wantsGenericPlan(texts[0])).toBe(true);
  });
});
