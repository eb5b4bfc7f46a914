import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wantsGenericPlan } from '../../src/db/client.ts';
import {
  adminClient,
  createTestApp,
  queriesOf,
  type TestApp,
  type Tokens,
  statementsOf,
  signInAs,
} from '../helpers.ts';
import { get } from './demands-helpers.ts';
import { ARRAY_LEN, ARRAY_SUMS, SCALAR_SUMS } from '../../src/modules/stats/report-figures.ts';
import { readFigures } from '../../src/modules/stats/report.repo.ts';
import { shanghaiDay } from '@phjr/contract/system/shanghai-time';

/**
 * Issue 17: the dashboard and the reports with the read cache off. Each costs few statements (their reads merged into
 * one), the dashboard sums only the columns it shows, and a report over whole years reads the year rows (grain Y,
 * migration 0023), which must equal their months.
 */
let t: TestApp;
let op: Tokens;

const ok = async (tokens: Tokens | null, url: string) => {
  const res = await get(t.app, tokens, url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
const rollupReads = (texts: string[]) => texts.filter((s) => s.includes('demand_report_figures'));

beforeAll(async () => {
  // Both caches off: the session's statement is counted as a process pays it once (session-cache.test.ts: then none).
  t = await createTestApp({ readCacheTtlMs: 0, sessionCacheTtlMs: 0 });
  op = await signInAs(t.app, 'operator');
});
afterAll(() => t.close());

describe('round trips of the statistics (cache off)', () => {
  it('the dashboard overview: its own reads in one statement, summing only what it shows', async () => {
    await ok(null, '/finance/stats/display/overview.json');
    const texts = await statementsOf(t, () => ok(null, '/finance/stats/display/overview.json'));
    // The homepage's figures, the dashboard's reads, the chains' and the shelter's kept counters: one statement (11
    // before issue 17, then 4: each statement costs this machine a round trip to PostgreSQL on both sides).
    expect(texts, texts.join('\n')).toHaveLength(1);
    expect(texts[0]).toMatch(/stat_totals[\s\S]*industrial_chains[\s\S]*shelter_figures/);
    expect(rollupReads(texts)).toHaveLength(1);
    // No histogram (32 sums a row) nor any column the page does not show.
    expect(rollupReads(texts)[0]).not.toMatch(/accept_hist|grant_hist|rejected_codes|guaranteed_amount|makeup_amount/);
    // Planned once per connection (report.repo.ts readMany): planning it on every call cost as much as running it.
    expect(wantsGenericPlan(texts[0])).toBe(true);
    // The 12-month trend reads month rows only: grouped by their period, in the rollup index's order (no sort), the
    // month's text made once per group.
    expect(rollupReads(texts)[0]).toMatch(/GROUP BY f\.period\b/);
    // The all-time district × type figures: one row per key, read as they are (no sort, no sums).
    expect(rollupReads(texts)[0]).not.toMatch(/GROUP BY f\.region_code, f\.type/);
  });

  it("the region report's deadlines passed: an index-only scan of the running deadlines before now()", async () => {
    const year = new Date().getUTCFullYear() - 1;
    const queries = await queriesOf(t, () =>
      ok(op, `/finance/stats/report/region.json?from=${year}-01-01&to=${year}-12-31`),
    );
    const report = queries.find((q) => q.text.includes('due_at < now()'))!;
    // The demo data is small enough for a scan, and any index of demands can be walked whole. In a transaction rolled
    // back: leave the planner the running-deadline index alone (and the constraints' indexes), and see whether it can
    // answer the count per district from the index only (migration 0032: demands_due_idx holds the district). The
    // visibility map set first, as autovacuum keeps it at scale: without it every plan fetches the rows anyway.
    // As the tables' owner: the app role may neither VACUUM nor drop an index (db/roles.ts).
    const client = await adminClient();
    try {
      await client.query('VACUUM demands');
      await client.query('BEGIN');
      const others = await client.query<{ name: string }>(`
        SELECT i.indexrelid::regclass::text AS name FROM pg_index i WHERE i.indrelid = 'demands'::regclass
          AND i.indexrelid::regclass::text <> 'demands_due_idx' AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid)`);
      for (const { name } of others.rows) await client.query(`DROP INDEX ${name}`);
      await client.query('SET LOCAL enable_seqscan = off; SET LOCAL enable_bitmapscan = off');
      const plan = (await client.query(`EXPLAIN ${report.text}`, report.values)).rows
        .map((r: { 'QUERY PLAN': string }) => r['QUERY PLAN'])
        .join('\n');
      expect(plan).toMatch(/Index Only Scan using demands_due_idx on demands/);
    } finally {
      await client.query('ROLLBACK');
      await client.end();
    }
  });

  it('a month trend over a range with edge days still groups the day rows into their months', async () => {
    // From the 15th two months ago to today (Beijing): edge days at both ends, a whole month between.
    const today = shanghaiDay(Date.now());
    const start = new Date(Date.UTC(Number(today.slice(0, 4)), Number(today.slice(5, 7)) - 3, 15));
    const [from, to] = [start.toISOString().slice(0, 10), today];
    // Every day row of the range, grouped by its month: what the months must add up to.
    const days = await t.database.pool.query(
      `SELECT to_char(period, 'YYYY-MM') AS month, sum(counted_n)::int AS n FROM demand_report_figures
       WHERE scope = 'R' AND grain = 'D' AND period BETWEEN $1 AND $2 GROUP BY 1`,
      [from, to],
    );
    expect(days.rows.length).toBeGreaterThan(0);
    const groups = await readFigures(t.database.db, { scope: 'R', range: { from, to } }, ['month'], ['countedN']);
    expect(new Map(groups.map((g) => [g.month, g.sums.countedN]))).toEqual(
      new Map(days.rows.map((r) => [r.month, r.n])),
    );
  });

  it("an all-time read by its scope's whole key reads each row as it is, equal to summing the rows of each key", async () => {
    const snake = (k: string) => k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
    const cols = [
      ...SCALAR_SUMS.map((k) => `sum(${snake(k)})::float8 AS "${k}"`),
      ...ARRAY_SUMS.map((k) => `array_agg(${snake(k)}) AS "${k}"`),
    ].join(', ');
    const keys = { R: ['regionCode', 'type'], O: ['regionCode', 'orgId', 'type'], H: ['orgId', 'type'] } as const;
    for (const scope of ['R', 'O', 'H'] as const) {
      const summed = await t.database.pool.query(
        `SELECT region_code AS "regionCode", type, org_id::int AS "orgId", count(*)::int AS n, ${cols}
         FROM demand_report_figures WHERE scope = $1 AND grain = 'T' GROUP BY 1, 2, 3`,
        [scope],
      );
      expect(summed.rows.length, scope).toBeGreaterThan(0);
      const groups = await readFigures(t.database.db, { scope, range: 'all' }, keys[scope]);
      expect(groups, scope).toHaveLength(summed.rows.length);
      const byKey = new Map(groups.map((g) => [`${g.regionCode}|${g.orgId}|${g.type}`, g.sums]));
      const keyOf = (row: Record<string, unknown>) =>
        `${scope === 'H' ? '' : row.regionCode}|${scope === 'R' ? 0 : row.orgId}|${row.type}`;
      // The same groups, one for one: every summed row is read, and nothing else.
      expect([...byKey.keys()].sort(), scope).toEqual(summed.rows.map(keyOf).sort());
      for (const row of summed.rows) {
        expect(row.n).toBe(1);
        const sums = byKey.get(keyOf(row))!;
        for (const k of SCALAR_SUMS) expect(sums[k], k).toBe(row[k]);
        for (const k of ARRAY_SUMS) expect(sums[k], k).toEqual(row[k][0]);
      }
    }
  });

  it('the region report and the scorecard: the session and one statement each, a whole year read from year rows', async () => {
    const year = new Date().getUTCFullYear() - 1;
    for (const page of ['region', 'scorecard']) {
      const texts = await statementsOf(t, () =>
        ok(op, `/finance/stats/report/${page}.json?from=${year}-01-01&to=${year}-12-31`),
      );
      expect(texts, page).toHaveLength(2);
      const [rollup] = rollupReads(texts);
      expect(rollup, page).toContain(`f.grain = 'Y'`);
      expect(rollup, page).not.toContain(`f.grain = 'M'`);
      expect(wantsGenericPlan(rollup), page).toBe(true);
    }
  });
});

describe('year rows (grain Y)', () => {
  it('equal the sum of their months for every scope, key and column, exactly', async () => {
    const snake = (k: string) => k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
    // Every column summed exactly (numeric), the arrays element by element.
    const cols = [
      ...SCALAR_SUMS.map((k) => `sum(${snake(k)})::numeric AS ${snake(k)}`),
      ...ARRAY_SUMS.flatMap((k) =>
        Array.from({ length: ARRAY_LEN[k] }, (_, i) => `sum(${snake(k)}[${i + 1}])::numeric AS ${snake(k)}_${i}`),
      ),
    ].join(', ');
    const months = `SELECT scope, region_code, type, org_id, date_trunc('year', period)::date AS y, ${cols} FROM demand_report_figures WHERE grain = 'M' GROUP BY 1, 2, 3, 4, 5`;
    const years = `SELECT scope, region_code, type, org_id, period AS y, ${cols} FROM demand_report_figures WHERE grain = 'Y' GROUP BY 1, 2, 3, 4, 5`;
    const [{ n }] = (
      await t.database.pool.query(`SELECT count(*)::int AS n FROM demand_report_figures WHERE grain = 'Y'`)
    ).rows;
    expect(n).toBeGreaterThan(0);
    const diff = await t.database.pool.query(`(${months} EXCEPT ${years}) UNION ALL (${years} EXCEPT ${months})`);
    expect(diff.rows).toEqual([]);
  });
});
