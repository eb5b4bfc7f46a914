import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chainOps } from '@phjr/contract/chains/chain-ops';
import { chainsAtScale, SCALE_BIG_CHAIN, SCALE_SMALL_CHAIN } from '../../src/seed/scale/chains.ts';
import { connect, GENERIC_PLAN, GENERIC_PLAN_OPTIONS } from '../../src/db/client.ts';
import pg from 'pg';
import { createTestApp, queriesOf, type TestApp, type Tokens, signInAs, newSeededDatabase } from '../helpers.ts';
import { figureMismatches, ok } from './chain-records-helpers.ts';

/**
 * The chain scale data of `npm run bench` (src/seed/scale/chains.ts) writes its records set-based and then computes
 * every counter from them: the benchmark measures the figures and the lists on those counters, so they must be
 * exactly what the writes would have kept. Runs on a database of its own (10 chains, 5,000 members).
 */
let t: TestApp;
let drop: () => Promise<void>;
let bank: Tokens;
const sql = async (text: string, values: unknown[] = []) => (await t.database.pool.query(text, values)).rows;

beforeAll(async () => {
  const made = await newSeededDatabase('phjr_chain_scale');
  drop = made.drop;
  t = await createTestApp({ databaseUrl: made.url, readCacheTtlMs: 0 });
  // As the owner, as npm run bench does: the generator vacuums and analyses what it wrote.
  const owner = connect(made.adminUrl, 2);
  try {
    await chainsAtScale.generate(owner.db, 5_000);
  } finally {
    await owner.close();
  }
  bank = await signInAs(t.app, 'bank');
}, 180_000);

afterAll(async () => {
  await t?.close();
  await drop?.();
});

describe('the chain scale data', () => {
  it('keeps every counter equal to its records: per chain, member, member and bank, chain and bank, tier', async () => {
    const chains = await sql(`SELECT id FROM industrial_chains WHERE name LIKE '规模测试产业链%' ORDER BY id`);
    expect(chains).toHaveLength(10);
    for (const c of chains) expect(await figureMismatches(t.database, Number(c.id)), `chain ${c.id}`).toEqual([]);
    const [sums] =
      await sql(`SELECT count(*)::int AS members, (SELECT count(*) FROM chain_visits v JOIN industrial_chains c ON c.id = v.chain_id WHERE c.name LIKE '规模测试产业链%')::int AS visits,
      (SELECT count(*) FROM chain_loans l JOIN industrial_chains c ON c.id = l.chain_id WHERE c.name LIKE '规模测试产业链%')::int AS loans
      FROM chain_enterprises e JOIN industrial_chains c ON c.id = e.chain_id WHERE c.name LIKE '规模测试产业链%'`);
    expect(sums.members).toBe(5_000);
    expect(sums.visits).toBe(15_000);
    expect(sums.loans).toBeGreaterThan(4_500);
    // Every taking-part bank has its figures row, and the `banks` counter counts them.
    const missing =
      await sql(`SELECT co.chain_id, co.org_id FROM chain_orgs co JOIN industrial_chains c ON c.id = co.chain_id
      LEFT JOIN chain_bank_figures f ON f.chain_id = co.chain_id AND f.org_id = co.org_id
      WHERE c.name LIKE '规模测试产业链%' AND co.role IN ('LEAD_BANK', 'MEMBER_BANK') AND f.chain_id IS NULL`);
    expect(missing).toEqual([]);
    const wrongBanks = await sql(`SELECT c.id FROM industrial_chains c WHERE c.name LIKE '规模测试产业链%'
      AND c.banks <> (SELECT count(*) FROM chain_orgs co WHERE co.chain_id = c.id AND co.role IN ('LEAD_BANK', 'MEMBER_BANK'))`);
    expect(wrongBanks).toEqual([]);
  });

  it("gives the big chain 100 times the small chain's members, and the same figures through the API as its counters", async () => {
    const [big] = await sql(`SELECT id, enterprises, visits, loans FROM industrial_chains WHERE name = $1`, [
      SCALE_BIG_CHAIN,
    ]);
    const [small] = await sql(`SELECT id, enterprises FROM industrial_chains WHERE name = $1`, [SCALE_SMALL_CHAIN]);
    expect(big.enterprises).toBe(100 * small.enterprises);
    const figures = await ok(t.app, null, chainOps.figuresById, { industrialChainId: big.id });
    expect(figures.total).toMatchObject({ enterprises: big.enterprises, visits: big.visits, loans: big.loans });
  });

  it('puts the demo bank in several chains, and its filtered member list counts what the table holds', async () => {
    const scope =
      await sql(`SELECT count(DISTINCT co.chain_id)::int AS n FROM chain_orgs co JOIN orgs o ON o.id = co.org_id
      WHERE o.name = '示范市农村商业银行股份有限公司' AND co.role IN ('LEAD_BANK', 'MEMBER_BANK')`);
    expect(scope[0].n).toBeGreaterThanOrEqual(4);
    const count = async (where: string) =>
      (
        await sql(`SELECT count(*)::int AS n FROM chain_enterprises e WHERE e.chain_id IN (
          SELECT co.chain_id FROM chain_orgs co JOIN orgs o ON o.id = co.org_id WHERE o.name = '示范市农村商业银行股份有限公司' AND co.role IN ('LEAD_BANK', 'MEMBER_BANK')) AND ${where}`)
      )[0].n;
    const page = await ok(t.app, bank, chainOps.enterprisePage, {
      tier: 'MIDSTREAM',
      visited: 'false',
      current: 1,
      pageSize: 10,
    });
    expect(page.total).toBe(await count(`e.tier = 'MIDSTREAM' AND e.visits = 0`));
    expect(page.list).toHaveLength(10);
    const ids = page.list.map((m: { id: number }) => m.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    for (const m of page.list) expect(m).toMatchObject({ tier: 'MIDSTREAM', visits: 0 });
    const financed = await ok(t.app, bank, chainOps.enterprisePage, { financed: 'true', current: 2, pageSize: 10 });
    expect(financed.total).toBe(await count('e.loans > 0'));
    expect(financed.list).toHaveLength(10);
  });

  it('shows the phones on the list page of the chain the bank account manages only (read in the page statement)', async () => {
    const [big] = await sql(`SELECT id FROM industrial_chains WHERE name = $1`, [SCALE_BIG_CHAIN]);
    const [other] = await sql(`SELECT id FROM industrial_chains WHERE name = '规模测试产业链5'`);
    const managed = await ok(t.app, bank, chainOps.enterprisePage, { industrialChainId: big.id, pageSize: 5 });
    expect(managed.list).toHaveLength(5);
    for (const m of managed.list) expect(m.contactPhone).toMatch(/^136\d{8}$/);
    const notManaged = await ok(t.app, bank, chainOps.enterprisePage, { industrialChainId: other.id, pageSize: 5 });
    expect(notManaged.list).toHaveLength(5);
    for (const m of notManaged.list) expect(m.contactPhone).toMatch(/^136\*{4}\d{4}$/);
  });

  it("plans a bank's member page once per connection, walking the unvisited index for its ten rows (issue 17)", async () => {
    const page = (current: number, extra: Record<string, unknown> = {}) =>
      queriesOf(t, () =>
        ok(t.app, bank, chainOps.enterprisePage, {
          tier: 'MIDSTREAM',
          visited: 'false',
          current,
          pageSize: 10,
          ...extra,
        }),
      );
    const [q] = (await page(2)).filter((x) => x.text.includes('FROM chain_enterprises e WHERE'));
    // The page's bounds are in the text, and the statement runs on the generic-plan connections.
    expect(q.text).toContain('LIMIT 10 OFFSET 10');
    expect(q.text.endsWith(GENERIC_PLAN)).toBe(true);
    // Its generic plan reads ten index entries, as a custom one does: no sort of every matching member.
    const client = new pg.Client({
      connectionString: t.database.pool.options.connectionString,
      options: GENERIC_PLAN_OPTIONS,
    });
    await client.connect();
    try {
      await client.query(`PREPARE member_page AS ${q.text}`);
      // EXECUTE takes its arguments as literals (its own parameters cannot be bound).
      const literal = (v: unknown) =>
        typeof v === 'number' ? String(v) : client.escapeLiteral(Array.isArray(v) ? `{${v.join(',')}}` : String(v));
      const plan = (
        await client.query(`EXPLAIN (ANALYZE, FORMAT JSON) EXECUTE member_page(${q.values.map(literal).join(', ')})`)
      ).rows[0]['QUERY PLAN'];
      const text = JSON.stringify(plan);
      expect(text).toContain('chain_enterprises_unvisited_idx');
      expect(text).not.toContain('top-N heapsort');
    } finally {
      await client.end();
    }
    // A keyword page keeps custom plans (a generic ILIKE plan cannot know the pattern).
    const [k] = (await page(1, { keyword: '规模' })).filter((x) => x.text.includes('FROM chain_enterprises e WHERE'));
    expect(k.text.endsWith(GENERIC_PLAN)).toBe(false);
  });
});
