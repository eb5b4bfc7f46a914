import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers.ts';

/**
 * The reports' rollup (demand_report_figures, migrations 0020 and 0021) equals the definitions of docs/statistics.md ("Report
 * figures") recomputed from the demands by plain GROUP BYs, written here independently of the trigger's event function:
 * on the demo data, and after changes that move every kind of event (transitions, a move of district and bank, a
 * deletion, a bulk insert).
 */
let t: TestApp;
const run = async (text: string, values: unknown[] = []) => (await t.database.pool.query(text, values)).rows;
const sql = run;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const BJ = (col: string) => `((${col} AT TIME ZONE 'UTC') + interval '8 hours')::date`;
/** measure → [condition, day, organisation column for scope O] */
const MEASURES: Record<string, [string, string, string]> = {
  counted_n: [`NOT (status = 'WITHDRAWN' AND accepted_at IS NULL)`, BJ('created_at'), 'bank_or_guarantee'],
  posted_n: [`source = 'APPLICANT'`, BJ('created_at'), 'bank_or_guarantee'],
  accepted_n: [`accepted_at IS NOT NULL AND source = 'APPLICANT'`, BJ('accepted_at'), 'acceptor'],
  accept_late_n: [
    `accepted_at IS NOT NULL AND source = 'APPLICANT' AND accepted_at > accept_deadline`,
    BJ('accepted_at'),
    'acceptor',
  ],
  granted_n: [`status = 'GRANTED'`, 'granted_at', 'bank_or_guarantee'],
  first_loan_n: [`status = 'GRANTED' AND first_loan`, 'granted_at', 'bank_or_guarantee'],
  makeup_n: [`status = 'GRANTED' AND source = 'MAKEUP'`, 'granted_at', 'bank_or_guarantee'],
  rejected_n: [`status = 'REJECTED'`, BJ('decided_at'), 'bank_or_guarantee'],
  decide_late_n: [
    `status IN ('GRANTED', 'REJECTED') AND decided_at > decide_deadline`,
    BJ('decided_at'),
    'bank_or_guarantee',
  ],
  withdrawn_n: [`status = 'WITHDRAWN'`, BJ('withdrawn_at'), 'bank_or_guarantee'],
  withdrawn_pre_n: [`status = 'WITHDRAWN' AND accepted_at IS NULL`, BJ('withdrawn_at'), 'bank_or_guarantee'],
  expired_n: [`expired_at IS NOT NULL`, BJ('expired_at'), 'expired_org_id'],
  guaranteed_n: [`guaranteed_amount IS NOT NULL`, 'guarantee_signed_at', 'guarantee_org_id'],
};
const ORG: Record<string, string> = {
  bank_or_guarantee: `unnest(ARRAY[bank_org_id, guarantee_org_id])`,
  acceptor: `CASE WHEN type = 'GUARANTEE' THEN guarantee_org_id ELSE bank_org_id END`,
  expired_org_id: 'expired_org_id',
  guarantee_org_id: 'guarantee_org_id',
};

type Query = (text: string, values?: unknown[]) => Promise<Record<string, unknown>[]>;

/**
 * Mismatches between the kept month rows and the recomputation, per measure (empty when they agree). Each comparison
 * is one statement, so it reads one snapshot while other test files write demands. An event without its date (a raw
 * row some test wrote) is not counted, as in the trigger.
 */
async function mismatches(sql: Query = run) {
  const out: Record<string, unknown[]> = {};
  for (const [col, [cond, day, org]] of Object.entries(MEASURES)) {
    const district = await sql(`
      WITH want AS (SELECT region_code, type, date_trunc('month', ${day})::date AS period, count(*)::int AS n FROM demands WHERE ${cond} AND ${day} IS NOT NULL GROUP BY 1, 2, 3),
           kept AS (SELECT region_code, type, period, ${col} AS n FROM demand_report_figures WHERE scope = 'R' AND grain = 'M' AND ${col} <> 0)
      SELECT * FROM (SELECT * FROM want EXCEPT SELECT * FROM kept) a UNION ALL SELECT * FROM (SELECT * FROM kept EXCEPT SELECT * FROM want) b`);
    const days = await sql(`
      SELECT (SELECT coalesce(sum(${col}), 0) FROM demand_report_figures WHERE scope = 'R' AND grain = 'D')::int AS d,
             (SELECT coalesce(sum(${col}), 0) FROM demand_report_figures WHERE scope = 'R' AND grain = 'M')::int AS m,
             (SELECT coalesce(sum(${col}), 0) FROM demand_report_figures WHERE scope = 'R' AND grain = 'T')::int AS t,
             (SELECT coalesce(sum(${col}), 0) FROM demand_report_figures WHERE scope = 'R' AND grain = 'Y')::int AS y`);
    // Each year row is the sum of its month rows (migration 0023): the reports read whole years from them.
    const years = await sql(`
      SELECT * FROM (SELECT region_code, type, org_id, date_trunc('year', period)::date AS y, sum(${col})::int AS n FROM demand_report_figures WHERE scope IN ('R', 'O', 'H') AND grain = 'M' GROUP BY scope, 1, 2, 3, 4 HAVING sum(${col}) <> 0) a
      EXCEPT SELECT region_code, type, org_id, period, ${col}::int FROM demand_report_figures WHERE grain = 'Y' AND ${col} <> 0`);
    const units = await sql(`
      WITH want AS (SELECT o AS org_id, region_code, type, count(*)::int AS n FROM (SELECT ${ORG[org]} AS o, * FROM demands WHERE ${cond} AND ${day} IS NOT NULL) x WHERE o IS NOT NULL GROUP BY 1, 2, 3),
           kept AS (SELECT org_id, region_code, type, sum(${col})::int AS n FROM demand_report_figures WHERE scope = 'O' AND grain = 'M' GROUP BY 1, 2, 3 HAVING sum(${col}) <> 0)
      SELECT * FROM (SELECT * FROM want EXCEPT SELECT * FROM kept) a UNION ALL SELECT * FROM (SELECT * FROM kept EXCEPT SELECT * FROM want) b`);
    const heads = await sql(`
      SELECT (SELECT coalesce(sum(${col}), 0) FROM demand_report_figures WHERE scope = 'O' AND grain = 'D')::int AS o,
             (SELECT coalesce(sum(${col}), 0) FROM demand_report_figures WHERE scope = 'H' AND grain = 'D')::int AS h`);
    const bad = [...district, ...units, ...years];
    if (days[0].d !== days[0].m || days[0].m !== days[0].t || days[0].t !== days[0].y) bad.push({ grains: days[0] });
    if (heads[0].o !== heads[0].h) bad.push({ heads: heads[0] });
    if (bad.length) out[col] = bad;
  }
  const [amounts] = await sql(`
    SELECT (SELECT coalesce(sum(granted_amount), 0) FROM demands WHERE status = 'GRANTED' AND granted_at IS NOT NULL)::float8 AS want,
           (SELECT coalesce(sum(granted_amount), 0) FROM demand_report_figures WHERE scope = 'R' AND grain = 'M')::float8 AS kept`);
  if (amounts.want !== amounts.kept) out.granted_amount = [amounts];
  const [hist] = await sql(`
    SELECT (SELECT count(*) FROM demands WHERE accept_wd IS NOT NULL)::int AS want,
           (SELECT coalesce(sum(x), 0) FROM demand_report_figures, unnest(accept_hist) x WHERE scope = 'R' AND grain = 'M')::int AS kept`);
  if (hist.want !== hist.kept) out.accept_hist = [hist];
  return out;
}

describe('the report rollup', () => {
  it('equals the definitions recomputed from the demo demands', async () => {
    const [{ n }] = await sql(`SELECT count(*)::int AS n FROM demand_report_figures WHERE scope = 'R'`);
    expect(n).toBeGreaterThan(0);
    expect(await mismatches()).toEqual({});
  });

  it('stays equal through transitions, moves, a deletion and a bulk insert', async () => {
    // A bulk insert of copies of the demo demands (a statement of many rows, as the makeup import and the scale generator
    // write), marked as this file's own and belonging to no account: the changes below touch only them, never rows
    // other test files read or count.
    const MARK = '报表汇总测试的需求';
    const copied = await sql(
      `INSERT INTO demands (type, status, source, applicant_user_id, applicant_name, applicant_type, credit_code, bank_org_id, bank_id, guarantee_org_id, amount, term,
                 purpose, guarantee_method, region_code, industry, contact_name, contact_phone, accepted_at, decided_at, granted_amount, granted_rate, granted_at, expired_at,
                 accept_deadline, decide_deadline, guaranteed_amount, guarantee_signed_at, reject_code, created_at, updated_at)
               SELECT type, status, source, NULL, applicant_name, applicant_type, credit_code, bank_org_id, bank_id, guarantee_org_id, amount, term,
                 $1, guarantee_method, region_code, industry, contact_name, contact_phone, accepted_at, decided_at, granted_amount, granted_rate, granted_at, expired_at,
                 accept_deadline, decide_deadline, guaranteed_amount, guarantee_signed_at, reject_code, created_at - interval '40 days', updated_at
               FROM demands WHERE status <> 'WITHDRAWN' AND product_id IS NULL RETURNING id`,
      [MARK],
    );
    expect(copied.length).toBeGreaterThan(20);
    const ids = (await sql(`SELECT id, status FROM demands WHERE purpose = $1 ORDER BY id`, [MARK])) as {
      id: number;
      status: string;
    }[];
    const pick = (s: string, k = 0) => ids.filter((r) => r.status === s)[k]?.id;
    // A pending demand accepted, then granted late; another rejected; one withdrawn; one expired then reassigned.
    const pend = ids.filter((r) => r.status === 'PENDING').map((r) => r.id);
    expect(pend.length).toBeGreaterThan(2);
    await sql(
      `UPDATE demands SET status = 'ACCEPTED', accepted_at = created_at + interval '3 days', decide_deadline = created_at + interval '4 days' WHERE id = $1`,
      [pend[0]],
    );
    await sql(
      `UPDATE demands SET status = 'GRANTED', granted_amount = amount, granted_rate = 4.2, granted_at = (created_at + interval '9 days')::date, decided_at = created_at + interval '9 days' WHERE id = $1`,
      [pend[0]],
    );
    await sql(
      `UPDATE demands SET status = 'REJECTED', reject_code = 'CREDIT_RECORD', decided_at = now() WHERE id = $1`,
      [pick('ACCEPTED')],
    );
    await sql(`UPDATE demands SET status = 'WITHDRAWN' WHERE id = $1`, [pend[1]]);
    await sql(`UPDATE demands SET status = 'EXPIRED', expired_at = now() WHERE id = $1`, [pend[2]]);
    await sql(`UPDATE demands SET status = 'PENDING', bank_org_id = NULL, bank_id = NULL WHERE id = $1`, [pend[2]]);
    // A granted demand moved to another district and bank unit; a rejected one deleted.
    // bank_id moves with bank_org_id (its head office), as every writer keeps them: the reports' drill-downs read bank_id.
    await sql(
      `UPDATE demands SET region_code = '999903', bank_org_id = x.id, bank_id = report_org_head(x.id) FROM (SELECT min(id) AS id FROM orgs WHERE classified_type = 'BANK') x WHERE demands.id = $1`,
      [pick('GRANTED', 3)],
    );
    await sql(`DELETE FROM demands WHERE id = $1`, [pick('REJECTED', 1)]);
    expect(await mismatches()).toEqual({});
    const [marks] = await sql(
      `SELECT (SELECT count(*) FROM demands WHERE purpose = $1 AND status = 'WITHDRAWN' AND withdrawn_at IS NULL)::int AS w,
                                      (SELECT count(*) FROM demands WHERE purpose = $1 AND status = 'GRANTED' AND first_loan IS NULL)::int AS f`,
      [MARK],
    );
    expect(marks).toEqual({ w: 0, f: 0 });
  });

  it('notices a kept row that is off by one (the comparison can fail)', async () => {
    // Inside a transaction rolled back: other test files read the same rollup meanwhile.
    const c = await t.database.pool.connect();
    try {
      await c.query('BEGIN');
      await c.query(
        `UPDATE demand_report_figures SET granted_n = granted_n + 1 WHERE ctid = (SELECT ctid FROM demand_report_figures WHERE scope = 'R' AND grain = 'M' AND granted_n > 0 LIMIT 1)`,
      );
      expect(Object.keys(await mismatches(async (text, values = []) => (await c.query(text, values)).rows))).toContain(
        'granted_n',
      );
    } finally {
      await c.query('ROLLBACK');
      c.release();
    }
  });
});
