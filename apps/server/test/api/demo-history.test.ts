import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers.ts';

let t: TestApp;
const sql = async (text: string, values: unknown[] = []) => (await t.database.pool.query(text, values)).rows;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const BJ = (col: string) => `((${col} AT TIME ZONE 'UTC') + interval '8 hours')::date`;
/**
 * The history (seed/demo-history.ts) as seeded: after the demo import's loans, with the history row of its posting or
 * recording written by the seeding transaction (the one that wrote the demo import). Other files add their own
 * demands to the same database, some posted in the past, some copies without a history; history rows are never
 * updated, so their xmin is the transaction that wrote them.
 */
const HISTORY = `d.id > (SELECT max(x.id) FROM demands x JOIN import_jobs j ON j.id = x.import_job_id WHERE j.file_name = '线下放款补录-10月.xlsx')
  AND EXISTS (SELECT 1 FROM demand_history c JOIN import_jobs j ON j.file_name = '线下放款补录-10月.xlsx' AND c.xmin = j.xmin
              WHERE c.demand_id = d.id AND c.action IN ('create', 'makeup'))`;

describe('demo history', () => {
  it('has grants in each of the last 12 Beijing months, in the demands and in the report rollup', async () => {
    const [{ today }] = await sql(`SELECT ${BJ('now()')}::text AS today`);
    const months = Array.from({ length: 12 }, (_, i) => {
      const [y, m] = (today as string).split('-').map(Number);
      return new Date(Date.UTC(y, m - 1 - i, 1)).toISOString().slice(0, 10);
    });
    // The current month has the demo month's grants from its fourth day on (a makeup loan granted three days ago).
    const required = Number((today as string).slice(8)) >= 4 ? months : months.slice(1);
    const granted = await sql(
      `SELECT date_trunc('month', granted_at)::date::text AS month, count(*)::int AS n FROM demands WHERE status = 'GRANTED' GROUP BY 1`,
    );
    const rollup = await sql(
      `SELECT period::text AS month, sum(granted_n)::int AS n FROM demand_report_figures WHERE scope = 'R' AND grain = 'M' GROUP BY 1`,
    );
    for (const month of required) {
      expect(granted.find((r) => r.month === month)?.n ?? 0, month).toBeGreaterThan(0);
      expect(rollup.find((r) => r.month === month)?.n ?? 0, month).toBeGreaterThan(0);
    }
  });

  it('posts 12 to 30 applicant demands a month, growing, of every type, over the 8 districts, all finished', async () => {
    const perMonth = await sql(`
      SELECT date_trunc('month', ${BJ('created_at')})::date::text AS month, count(*)::int AS n, min(${BJ('created_at')})::text AS first, max(${BJ('created_at')})::text AS last
      FROM demands d WHERE source = 'APPLICANT' AND ${HISTORY} GROUP BY 1 ORDER BY 1`);
    expect(perMonth.length).toBeGreaterThanOrEqual(11);
    // The whole months (not the year's first, partly covered, nor the last, shared with the demo month).
    const whole = perMonth.slice(1, -1).map((r) => r.n as number);
    for (const n of whole) expect(n).toBeGreaterThanOrEqual(10);
    for (const n of whole) expect(n).toBeLessThanOrEqual(30);
    expect(whole[whole.length - 1]).toBeGreaterThan(whole[0]);
    const [spread] = await sql(`
      SELECT count(DISTINCT type)::int AS types, count(DISTINCT region_code)::int AS regions, count(DISTINCT bank_id)::int AS banks,
             count(DISTINCT applicant_user_id)::int AS applicants, count(*)::int AS n,
             count(*) FILTER (WHERE status = 'GRANTED')::int AS granted, count(*) FILTER (WHERE status = 'REJECTED')::int AS rejected,
             count(*) FILTER (WHERE status = 'WITHDRAWN')::int AS withdrawn, count(*) FILTER (WHERE status = 'WITHDRAWN' AND accepted_at IS NULL)::int AS withdrawn_pre,
             count(*) FILTER (WHERE expired_at IS NOT NULL)::int AS expired, count(*) FILTER (WHERE expired_at IS NOT NULL AND status = 'GRANTED')::int AS expired_granted,
             count(*) FILTER (WHERE accepted_at > accept_deadline)::int AS accept_late, count(*) FILTER (WHERE decided_at > decide_deadline)::int AS decide_late,
             count(*) FILTER (WHERE status = 'GRANTED' AND guarantee_method = 'CREDIT')::int AS credit,
             count(*) FILTER (WHERE type = 'GUARANTEE' AND status = 'GRANTED' AND guaranteed_amount IS NOT NULL)::int AS guaranteed_granted,
             count(*) FILTER (WHERE status NOT IN ('GRANTED', 'REJECTED', 'WITHDRAWN') OR due_at IS NOT NULL)::int AS open,
             count(*) FILTER (WHERE product_id IS NOT NULL)::int AS with_product,
             count(*) FILTER (WHERE product_id IS NOT NULL AND policy IS DISTINCT FROM 'CYDBD')::int AS other_product
      FROM demands d WHERE source = 'APPLICANT' AND ${HISTORY}`);
    // Only the 创业担保贷 product carries history (its figures have a year of their own); no other product does.
    expect(spread).toMatchObject({ types: 3, regions: 8, open: 0, other_product: 0 });
    expect(spread.with_product).toBeGreaterThan(0);
    expect(spread.banks).toBeGreaterThan(5);
    expect(spread.applicants).toBeGreaterThan(10);
    expect(spread.granted / spread.n).toBeGreaterThan(0.5);
    expect(spread.granted / spread.n).toBeLessThan(0.75);
    expect(spread.rejected / spread.n).toBeGreaterThan(0.1);
    for (const k of [
      'withdrawn',
      'withdrawn_pre',
      'expired',
      'expired_granted',
      'accept_late',
      'decide_late',
      'credit',
      'guaranteed_granted',
    ])
      expect(spread[k], k).toBeGreaterThan(0);
  });

  it('has histories that lead to the states, with times in order and the marks the reports read', async () => {
    const bad = await sql(`
      SELECT d.id, d.status, last.to_status FROM demands d
      JOIN LATERAL (SELECT to_status FROM demand_history h WHERE h.demand_id = d.id AND h.to_status IS NOT NULL ORDER BY h.created_at DESC, h.id DESC LIMIT 1) last ON true
      WHERE last.to_status <> d.status AND ${HISTORY}`);
    expect(bad).toEqual([]);
    expect(
      await sql(
        `SELECT id FROM demands d WHERE NOT EXISTS (SELECT 1 FROM demand_history h WHERE h.demand_id = d.id AND h.action IN ('create', 'makeup')) AND ${HISTORY}`,
      ),
    ).toEqual([]);
    // Each step starts from the state the one before left.
    const broken = await sql(`
      SELECT demand_id FROM (
        SELECT h.demand_id, h.from_status, lag(h.to_status) OVER (PARTITION BY h.demand_id ORDER BY h.created_at, h.id) AS prev
        FROM demand_history h JOIN demands d ON d.id = h.demand_id WHERE h.to_status IS NOT NULL AND ${HISTORY}) s
      WHERE s.from_status IS DISTINCT FROM s.prev`);
    expect(broken).toEqual([]);
    const disorder = await sql(`
      SELECT id FROM demands d WHERE ${HISTORY} AND (
        accepted_at <= created_at AND source = 'APPLICANT' OR decided_at < accepted_at OR granted_at < ${BJ('accepted_at')} AND source = 'APPLICANT'
        OR withdrawn_at < created_at OR (status = 'WITHDRAWN') <> (withdrawn_at IS NOT NULL) OR expired_at < created_at
        OR (expired_at IS NOT NULL AND status = 'GRANTED' AND accepted_at < expired_at) OR updated_at > now() - interval '7 days'
        OR (status = 'GRANTED') <> (granted_at IS NOT NULL AND decided_at IS NOT NULL) OR (status = 'GRANTED') <> (first_loan IS NOT NULL)
        OR (source = 'MAKEUP') <> (created_at > granted_at::timestamp AND accept_wd IS NULL AND status = 'GRANTED')
        OR (source = 'APPLICANT' AND status = 'GRANTED') <> (grant_wd IS NOT NULL))`);
    expect(disorder).toEqual([]);
    // An expired orientation demand counts for the unit it was addressed to, a public one for nobody.
    const expired = await sql(`
      SELECT d.id, d.expired_org_id, (SELECT h.reason FROM demand_history h WHERE h.demand_id = d.id AND h.action IN ('reassign', 'returnToPool')) AS then
      FROM demands d WHERE expired_at IS NOT NULL AND ${HISTORY}`);
    expect(expired.length).toBeGreaterThan(0);
    for (const e of expired) expect(e.then, String(e.id)).toBeTruthy();
  });

  it('records about five makeup loans a month, a few days after their grant', async () => {
    const perMonth = await sql(`
      SELECT date_trunc('month', granted_at)::date::text AS month, count(*)::int AS n FROM demands d
      WHERE source = 'MAKEUP' AND import_job_id IS NULL AND ${HISTORY} GROUP BY 1 ORDER BY 1`);
    expect(perMonth.length).toBeGreaterThanOrEqual(11);
    for (const r of perMonth.slice(1, -1)) expect(r.n, r.month).toBeGreaterThanOrEqual(4);
    const [first] = await sql(`
      SELECT count(*)::int AS n, count(*) FILTER (WHERE first_loan)::int AS first FROM demands d WHERE status = 'GRANTED' AND applicant_user_id = (SELECT id FROM users WHERE username = 'person')`);
    // The demo person's first loan on the platform is one of the history's, its later ones are not first loans.
    expect(first.n).toBeGreaterThan(1);
    expect(first.first).toBe(1);
  });
});
