import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isValidCreditCode } from '@phjr/contract/orgs/credit-code';
import { chainOps } from '@phjr/contract/chains/chain-ops';
import { createTestApp, type TestApp, signIn, signInAs } from '../helpers.ts';
import { figureMismatches, ok } from './chain-records-helpers.ts';

let t: TestApp;
const sql = async (text: string, values: unknown[] = []) => (await t.database.pool.query(text, values)).rows;
const DEMO_CHAINS = ['茶叶产业链', '柑橘产业链', '生猪产业链', '蔬菜产业链', '水稻产业链', '水产养殖产业链'];
let chains: { id: number; name: string }[];

beforeAll(async () => {
  t = await createTestApp();
  chains = await sql('SELECT id, name FROM industrial_chains WHERE name = ANY($1) ORDER BY id', [DEMO_CHAINS]);
});
afterAll(() => t.close());

describe('the demo chain records', () => {
  it('give every demo chain 30-80 members over the tiers, with valid credit codes and exact figures', async () => {
    expect(chains.map((c) => c.name)).toEqual(DEMO_CHAINS);
    for (const c of chains) {
      const [m] = await sql(
        `SELECT count(*)::int AS n, count(DISTINCT tier)::int AS tiers, bool_and(credit_code ~ '^[0-9A-Z]{18}$') AS shaped FROM chain_enterprises WHERE chain_id = $1`,
        [c.id],
      );
      expect(m.n, c.name).toBeGreaterThanOrEqual(30);
      expect(m.n, c.name).toBeLessThanOrEqual(82);
      expect(m.tiers).toBe(3);
      const codes = await sql('SELECT credit_code AS code FROM chain_enterprises WHERE chain_id = $1', [c.id]);
      expect(codes.every((r) => isValidCreditCode(r.code))).toBe(true);
      expect(await figureMismatches(t.database, c.id)).toEqual([]);
    }
  });

  it('cover every state of the funnel, by several banks, with live claims and an import with failed rows', async () => {
    const ids = chains.map((c) => c.id);
    const [f] = await sql(
      `SELECT (SELECT count(DISTINCT intention || result) FROM chain_visits WHERE chain_id = ANY($1))::int AS states,
              (SELECT count(DISTINCT no_loan_reason) FROM chain_visits WHERE chain_id = ANY($1))::int AS reasons,
              (SELECT count(*) FROM chain_enterprises WHERE chain_id = ANY($1) AND visits = 0)::int AS unvisited,
              (SELECT count(*) FROM chain_enterprises WHERE chain_id = ANY($1) AND loans > 0)::int AS financed,
              (SELECT min(n) FROM (SELECT count(DISTINCT org_id) AS n FROM chain_visits WHERE chain_id = ANY($1) GROUP BY chain_id) x)::int AS banks,
              (SELECT count(*) FROM chain_enterprises WHERE chain_id = ANY($1) AND claimed_until > now())::int AS claims,
              (SELECT count(*) FROM chain_fail_records WHERE chain_id = ANY($1) AND status = 'FAILED')::int AS failed,
              (SELECT count(*) FROM chain_fail_records WHERE chain_id = ANY($1) AND status = 'REGISTERED')::int AS registered`,
      [ids],
    );
    expect(f.states).toBeGreaterThanOrEqual(5);
    expect(f.reasons).toBeGreaterThanOrEqual(2);
    expect(f.unvisited).toBeGreaterThan(0);
    expect(f.financed).toBeGreaterThan(0);
    expect(f.banks).toBeGreaterThanOrEqual(2);
    expect(f.claims).toBeGreaterThan(0);
    expect(f.failed).toBeGreaterThan(0);
    expect(f.registered).toBeGreaterThan(0);
  });

  it('show the demo bank its chains only, and the second bank nothing of the tea chain', async () => {
    const [tea] = chains.filter((c) => c.name === '茶叶产业链');
    const bank = await signInAs(t.app, 'bank');
    const mine = await ok(t.app, bank, chainOps.enterprisePage, { industrialChainId: tea.id });
    expect(mine.total).toBeGreaterThanOrEqual(30);
    const visits = await ok(t.app, bank, chainOps.visitPage, { industrialChainId: tea.id, pageSize: 100 });
    expect(visits.total).toBeGreaterThan(0);
    const icbc = await signIn(t.app, 'icbc_admin');
    expect((await ok(t.app, icbc, chainOps.enterprisePage, { industrialChainId: tea.id })).total).toBe(0);
    expect((await ok(t.app, icbc, chainOps.visitPage, { industrialChainId: tea.id })).total).toBe(0);
    expect((await ok(t.app, icbc, chainOps.failRecords, { industrialChainId: tea.id })).total).toBe(0);
    const gov = await signInAs(t.app, 'gov');
    expect((await ok(t.app, gov, chainOps.failRecords, { industrialChainId: tea.id })).total).toBeGreaterThan(0);
  });
});
