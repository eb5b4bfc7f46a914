import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demandOps } from '@phjr/contract/demands/calls';
import { REPORT_MEASURES, reportOps, type ReportFigures } from '@phjr/contract/stats/reports';
import { must } from '../helpers.ts';
import { demandInput, testApplicant } from './demands-helpers.ts';
import { bankReport, buildFixture, drillCases, drillTotal, region, scorecard, type Fixture } from './report-helpers.ts';

/**
 * Every count is a link to the demands it counts: drill.json's total equals the figure, for every measure (and every
 * refusal reason), for the total and the rows of each report: on this file's fixture (2023) and on the demo data (the
 * last weeks, with edges read from day rows). REPORT_MEASURES drives the loop, so a new measure joins by construction.
 * Then the district rows equal the definitions recomputed straight from `demands` after more transitions.
 */
let f: Fixture;
const tag = `RD${Math.random().toString(36).slice(2, 7)}`;
const today = () => new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
const daysAgo = (n: number) => new Date(Date.now() + 8 * 3_600_000 - n * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  f = await buildFixture(tag, 2023);
}, 120_000);
afterAll(() => f.t.close());

/** Checks every drill-down of one row: [case, figure, list total] of those that differ. */
async function differing(range: Record<string, unknown>, fig: ReportFigures, row: Record<string, unknown>) {
  const bad: unknown[] = [];
  for (const c of drillCases(fig)) {
    const total = await drillTotal(f, f.op, { ...range, ...row, ...c.q });
    if (total !== c.want) bad.push({ row, ...c.q, figure: c.want, list: total });
  }
  return bad;
}

describe('figure = list (drill.json) for every measure', () => {
  it('covers every measure of the contract', () => {
    expect(
      drillCases(
        (REPORT_MEASURES as readonly string[]).reduce((o, m) => ({ ...o, [m]: 1 }), { rejectedByCode: {} }) as never,
      ).length,
    ).toBeGreaterThanOrEqual(REPORT_MEASURES.length);
  });

  for (const [label, range] of [
    ['the fixture (2023)', () => f.range],
    ['the demo data (this month and the days before it)', () => ({ from: daysAgo(45), to: today() })],
  ] as const) {
    it(`region.json: the total and every district, ${label}`, async () => {
      const q = range();
      const rep = await region(f, f.op, q);
      const bad = await differing(q, rep.total, {});
      for (const r of rep.rows) bad.push(...(await differing(q, r.figures, { regionCode: r.regionCode })));
      expect(bad).toEqual([]);
      // The loop checked something: the fixture and the demo data count demands.
      expect(rep.total.counted).toBeGreaterThan(0);
    });

    it(`bank.json: bank heads, branches and sub-branches with figures, ${label}`, async () => {
      const q = range();
      const rep = await bankReport(f, f.op, q);
      const bad: unknown[] = [];
      const withFigures = rep.rows.filter(
        (r: { figures: ReportFigures }) =>
          r.figures.counted + r.figures.accepted + r.figures.expired + r.figures.overdueNow > 0,
      );
      expect(withFigures.length).toBeGreaterThan(1);
      for (const r of withFigures.slice(0, 12)) bad.push(...(await differing(q, r.figures, { orgId: r.orgId })));
      // A bank row within a district (O rows of the district, the bank's units there).
      const head = withFigures.find((r: { parentId: number | null }) => r.parentId === null);
      const inDistrict = (await bankReport(f, f.op, { ...q, regionCode: '999901' })).rows.find(
        (r: { orgId: number }) => r.orgId === head.orgId,
      );
      bad.push(...(await differing(q, inDistrict.figures, { orgId: head.orgId, regionCode: '999901' })));
      expect(bad).toEqual([]);
    });

    it(`scorecard.json: accepted and granted of each bank, ${label}`, async () => {
      const q = range();
      const rep = await scorecard(f, f.op, q);
      const bad: unknown[] = [];
      for (const r of rep.rows.filter((x: { accepted: number; granted: number }) => x.accepted + x.granted > 0)) {
        for (const [m, want] of [
          ['accepted', r.accepted],
          ['granted', r.granted],
        ] as const) {
          const total = await drillTotal(f, f.op, { ...q, measure: m, orgId: r.bankId });
          if (total !== want) bad.push({ bank: r.bankId, m, want, total });
        }
      }
      expect(bad).toEqual([]);
    });
  }

  it('a guarantee company as the drill organisation (its own demands)', async () => {
    const q = { from: daysAgo(45), to: today() };
    const [g] = await f.sql(
      `SELECT guarantee_org_id AS id FROM demands WHERE guarantee_org_id IS NOT NULL GROUP BY 1 ORDER BY count(*) DESC LIMIT 1`,
    );
    const list = await must(f.t.app, f.op, demandOps.operatePage, { view: 'guarantee', pageSize: 1 });
    expect(list.total).toBeGreaterThan(0);
    const posted = await drillTotal(f, f.op, { ...q, measure: 'posted', orgId: g.id });
    const [{ n }] = await f.sql(
      `SELECT count(*)::int AS n FROM demands WHERE guarantee_org_id = $1 AND source = 'APPLICANT' AND created_at >= $2 AND created_at < $3`,
      [g.id, new Date(`${q.from}T00:00:00+08:00`), new Date(Date.parse(`${q.to}T00:00:00+08:00`) + 86_400_000)],
    );
    expect(posted).toBe(n);
  });

  it('drill rows are the demand list rows, newest first, paged', async () => {
    const q = { ...f.range, measure: 'counted', pageSize: 2 };
    const p1 = await must(f.t.app, f.op, reportOps.drill, { ...q, current: 1 });
    expect(p1.total).toBe(5);
    // Posted 05-08 (D4), 04-20 (D7), 04-08 (D2), 03-25 (D6), 03-20 (D1).
    expect(p1.list.map((r: { id: number }) => r.id)).toEqual([f.ids.d4, f.ids.d7]);
    expect(p1.list[0]).toMatchObject({
      code: expect.stringMatching(/^XQ/),
      status: 'ACCEPTED',
      regionName: '东湖区',
      overdue: true,
    });
    const p3 = await must(f.t.app, f.op, reportOps.drill, { ...q, current: 3 });
    expect(p3.list.map((r: { id: number }) => r.id)).toEqual([f.ids.d1]);
    // overdueNow ignores the period.
    expect(await drillTotal(f, f.op, { ...f.range, measure: 'overdueNow', orgId: f.bank.ids.branchB })).toBe(1);
    expect(
      await drillTotal(f, f.op, {
        from: '2020-01-01',
        to: '2020-01-02',
        measure: 'overdueNow',
        orgId: f.bank.ids.branchB,
      }),
    ).toBe(1);
  });
});

/** The district rows recomputed from `demands` with the definitions (a GROUP BY per measure), independently of the rollup. */
async function recomputed(from: string, to: string) {
  const BJ = (c: string) => `((${c} AT TIME ZONE 'Asia/Shanghai')::date)`;
  const defs: Record<string, [string, string]> = {
    counted: [`NOT (status = 'WITHDRAWN' AND accepted_at IS NULL)`, BJ('created_at')],
    posted: [`source = 'APPLICANT'`, BJ('created_at')],
    accepted: [`accepted_at IS NOT NULL AND source = 'APPLICANT'`, BJ('accepted_at')],
    acceptLate: [`source = 'APPLICANT' AND accepted_at > accept_deadline`, BJ('accepted_at')],
    granted: [`status = 'GRANTED'`, 'granted_at'],
    grantedCredit: [`status = 'GRANTED' AND guarantee_method = 'CREDIT'`, 'granted_at'],
    firstLoan: [`status = 'GRANTED' AND first_loan`, 'granted_at'],
    makeup: [`status = 'GRANTED' AND source = 'MAKEUP'`, 'granted_at'],
    rejected: [`status = 'REJECTED'`, BJ('decided_at')],
    decideLate: [`status IN ('GRANTED', 'REJECTED') AND decided_at > decide_deadline`, BJ('decided_at')],
    withdrawn: [`status = 'WITHDRAWN'`, BJ('withdrawn_at')],
    expired: [`expired_at IS NOT NULL`, BJ('expired_at')],
    guaranteed: [`guaranteed_amount IS NOT NULL`, `coalesce(guarantee_signed_at, ${BJ('updated_at')})`],
  };
  const out: Record<string, Record<string, number>> = {};
  for (const [m, [cond, day]] of Object.entries(defs)) {
    const rows = await f.sql(
      `SELECT region_code AS r, count(*)::int AS n FROM demands WHERE ${cond} AND ${day} BETWEEN $1::date AND $2::date GROUP BY 1`,
      [from, to],
    );
    for (const r of rows) (out[r.r as string] ??= {})[m] = r.n as number;
  }
  const amounts = await f.sql(
    `SELECT region_code AS r, sum(granted_amount)::float8 AS g FROM demands WHERE status = 'GRANTED' AND granted_at BETWEEN $1::date AND $2::date GROUP BY 1`,
    [from, to],
  );
  for (const r of amounts) (out[r.r as string] ??= {}).grantedAmount = Math.round((r.g as number) * 100) / 100;
  return out;
}

describe('the district rows equal the definitions recomputed from the demands', () => {
  it('after a reassignment after expiry, a withdrawal, a makeup loan and a move of district and bank', async () => {
    const { ids } = f.bank;
    // A pending demand of 城关 expires at the 城关 branch (the sweep's writes), then a supervisor reassigns it to the head office.
    const a = await testApplicant(f.t.app, f.t.database.db, `${tag}re`);
    const p = await must(
      f.t.app,
      a.tokens,
      demandOps.create,
      demandInput({ regionCode: '999901', amount: 33, purpose: '报表测试重新指派采购原料' }),
    );
    await f.sql(
      `UPDATE demands SET status = 'EXPIRED', expired_at = now() - interval '1 hour', bank_org_id = $2, bank_id = $3, target_org_id = $2, due_at = NULL, warn_at = NULL WHERE id = $1`,
      [p.id, ids.branchA, ids.head],
    );
    await must(f.t.app, f.gov, demandOps.reassign, { id: p.id, bankOrgId: ids.head });
    // The fixture's accepted D5 (05-20) is withdrawn now; the granted D1 moves to 西山 and the sub-branch.
    const [applicant] = await f.sql(`SELECT applicant_user_id AS u FROM demands WHERE id = $1`, [f.ids.d5]);
    await f.sql(`UPDATE demands SET status = 'WITHDRAWN', withdraw_reason = 'test' WHERE id = $1`, [f.ids.d5]);
    expect(applicant.u).not.toBeNull();
    await f.sql(`UPDATE demands SET region_code = '999903', bank_org_id = $2 WHERE id = $1`, [f.ids.d1, ids.sub]);
    // A makeup loan granted today.
    await must(f.t.app, f.op, demandOps.makeupSave, {
      applicantName: `补录${tag}今日`,
      applicantType: 'PERSON',
      bankOrgId: ids.branchB,
      regionCode: '999902',
      industry: 'AGRICULTURE',
      guaranteeMethod: 'CREDIT',
      amount: 15,
      rate: 3.9,
      term: 6,
      grantedAt: today(),
    });
    for (const [from, to] of [
      [`${f.year}-01-01`, `${f.year}-12-31`],
      [`${f.year}-03-15`, `${f.year}-05-10`],
      [daysAgo(40), today()],
    ]) {
      const want = await recomputed(from, to);
      const rep = await region(f, f.op, { from, to });
      for (const r of rep.rows) {
        const got = Object.fromEntries(
          Object.keys({ ...want[r.regionCode] }).map((k) => [k, (r.figures as Record<string, number>)[k]]),
        );
        expect(got, `${r.regionCode} ${from}..${to}`).toEqual(want[r.regionCode] ?? {});
        const zeroElsewhere = ['counted', 'accepted', 'granted', 'rejected', 'withdrawn', 'expired'].filter(
          (k) => !(k in (want[r.regionCode] ?? {})) && r.figures[k] !== 0,
        );
        expect(zeroElsewhere, `${r.regionCode} ${from}..${to}`).toEqual([]);
      }
    }
  });
});
