import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMAND_TYPES } from '@phjr/contract/demands/demand';
import { createTestApp, type TestApp, signInAs } from '../helpers.ts';
import { STATES_OF, get } from './demands-helpers.ts';

let t: TestApp;
const sql = async (text: string, values: unknown[] = []) => (await t.database.pool.query(text, values)).rows;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/**
 * The demo data as seeded: the seed writes the demo import's loans last, so the demo demands are the ids up to theirs
 * (other files add and move their own demands in the same database).
 */
const DEMO =
  "d.id <= (SELECT max(x.id) FROM demands x JOIN import_jobs j ON j.id = x.import_job_id WHERE j.file_name = '线下放款补录-10月.xlsx')";
describe('demo demands', () => {
  it('cover every state of every type, over a month, at several banks and districts', async () => {
    const rows = await sql(
      `SELECT type, status, count(*)::int AS n FROM demands d WHERE source = 'APPLICANT' AND ${DEMO} GROUP BY 1, 2`,
    );
    for (const type of DEMAND_TYPES) {
      for (const status of STATES_OF[type])
        expect(rows.find((r) => r.type === type && r.status === status)?.n ?? 0, `${type} ${status}`).toBeGreaterThan(
          0,
        );
    }
    const [spread] = await sql(`
      SELECT count(DISTINCT bank_id)::int AS banks, count(DISTINCT region_code)::int AS regions, count(DISTINCT applicant_user_id)::int AS applicants,
             (max(created_at) - min(created_at) > interval '25 days') AS month
      FROM demands d WHERE source = 'APPLICANT' AND ${DEMO}`);
    expect(spread).toMatchObject({ month: true });
    expect(spread.banks).toBeGreaterThan(5);
    expect(spread.regions).toBe(8);
    expect(spread.applicants).toBeGreaterThan(10);
  });

  it('have histories that lead to their state, and deadlines only while a clock runs', async () => {
    const bad = await sql(`
      SELECT d.id, d.status, last.to_status FROM demands d
      JOIN LATERAL (SELECT to_status FROM demand_history h WHERE h.demand_id = d.id AND h.to_status IS NOT NULL ORDER BY h.created_at DESC, h.id DESC LIMIT 1) last ON true
      WHERE last.to_status <> d.status AND ${DEMO}`);
    expect(bad).toEqual([]);
    expect(
      await sql(
        `SELECT id FROM demands d WHERE (due_at IS NOT NULL) <> (status IN ('PENDING', 'ACCEPTED', 'GUARANTEE_ACCEPTED', 'GUARANTEED')) AND ${DEMO}`,
      ),
    ).toEqual([]);
    expect(
      await sql(
        `SELECT id FROM demands d WHERE NOT EXISTS (SELECT 1 FROM demand_history h WHERE h.demand_id = d.id AND h.action IN ('create', 'makeup')) AND ${DEMO}`,
      ),
    ).toEqual([]);
  });

  it('have overdue, expired, urged and makeup demands, and an import record with failed rows', async () => {
    const [c] = await sql(`
      SELECT count(*) FILTER (WHERE due_at < now())::int AS overdue, count(*) FILTER (WHERE status = 'EXPIRED')::int AS expired,
             count(*) FILTER (WHERE urge_count > 0)::int AS urged, count(*) FILTER (WHERE source = 'MAKEUP')::int AS makeup
      FROM demands d WHERE ${DEMO}`);
    expect(c.overdue).toBeGreaterThan(0);
    expect(c.expired).toBeGreaterThan(0);
    expect(c.urged).toBeGreaterThan(0);
    expect(c.makeup).toBeGreaterThanOrEqual(16);
    const op = await signInAs(t.app, 'operator');
    const records = (await get(t.app, op, '/finance/demand/makeup/import/records.json')).json().data;
    const seeded = records.list.find((r: { fileName: string }) => r.fileName === '线下放款补录-10月.xlsx');
    expect(seeded).toMatchObject({ total: 8, succeeded: 6, failed: 2 });
    expect(
      (await get(t.app, op, `/finance/demand/makeup/import/failures.json?jobId=${seeded.id}`)).json().data,
    ).toHaveLength(2);
  });

  it('give each demo role a work list', async () => {
    for (const who of ['person', 'enterprise', 'bank', 'guarantee', 'gov', 'operator'] as const) {
      const w = (await get(t.app, await signInAs(t.app, who), '/finance/demand/workbench.json')).json().data;
      expect(
        Object.values(w.counts as Record<string, number>).reduce((a, b) => a + b, 0),
        who,
      ).toBeGreaterThan(0);
      expect(w.latest.length, who).toBeGreaterThan(0);
    }
    const bank = (await get(t.app, await signInAs(t.app, 'bank'), '/finance/demand/workbench.json')).json().data;
    expect(bank.dueSoon.length).toBeGreaterThan(0);
    expect(bank.counts.POOL).toBeGreaterThan(0);
  });

  it('keep the product counters at least as high as the demands made through each product', async () => {
    const bad = await sql(`
      SELECT p.id FROM products p JOIN (SELECT product_id, count(*) AS apps, count(*) FILTER (WHERE status = 'GRANTED') AS grants FROM demands WHERE product_id IS NOT NULL GROUP BY 1) d
        ON d.product_id = p.id
      WHERE p.applications < d.apps OR p.grants < d.grants`);
    expect(bad).toEqual([]);
  });
});
