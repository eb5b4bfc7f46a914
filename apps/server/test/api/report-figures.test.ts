import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportFigures } from '@phjr/contract/stats/reports';
import { bankReport, buildFixture, region, scorecard, type Fixture } from './report-helpers.ts';

/**
 * The reports' figures against hand-counted expectations (docs/statistics.md, "Report figures" and "Bank scorecard"):
 * eight demands of a bank of this file's own, moved through the API and placed on days of a past year (report-helpers.ts).
 * Working days come from the demands' own accept_wd / grant_wd marks (the operator's calendar), averaged here.
 */
let f: Fixture;
const tag = `RF${Math.random().toString(36).slice(2, 7)}`;
let wd: Record<string, { accept: number | null; grant: number | null }>;

beforeAll(async () => {
  f = await buildFixture(tag, 2024);
  const rows = await f.sql(`SELECT id, accept_wd, grant_wd FROM demands WHERE id = ANY($1)`, [Object.values(f.ids)]);
  const byId = new Map(
    rows.map((r) => [Number(r.id), { accept: r.accept_wd as number | null, grant: r.grant_wd as number | null }]),
  );
  wd = Object.fromEntries(Object.entries(f.ids).map(([k, id]) => [k, byId.get(id)!]));
}, 120_000);
afterAll(() => f.t.close());

const avg = (xs: number[]) => (xs.length ? Math.round((xs.reduce((a, b) => a + b, 0) / xs.length) * 10) / 10 : null);
/** The 90th percentile as defined: the smallest d with at least 90 % of the values ≤ d. */
const p90 = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.ceil(0.9 * s.length) - 1] : null;
};
const zeroCodes = { INSUFFICIENT_COLLATERAL: 0, CREDIT_RECORD: 0, OUTSIDE_SCOPE: 0, UNREACHABLE: 0, OTHER: 0 };

/** The figures of a row from counts (everything not given is 0 / null). */
function figures(p: Partial<ReportFigures>): Omit<ReportFigures, 'overdueNow'> {
  return {
    counted: 0,
    countedAmount: 0,
    posted: 0,
    accepted: 0,
    acceptRate: null,
    acceptDaysAvg: null,
    acceptDaysP90: null,
    acceptLate: 0,
    granted: 0,
    grantedAmount: 0,
    grantRate: null,
    grantDaysAvg: null,
    grantDaysP90: null,
    grantedRateAvg: null,
    grantedCredit: 0,
    grantedCreditAmount: 0,
    creditShare: null,
    firstLoan: 0,
    makeup: 0,
    makeupAmount: 0,
    rejected: 0,
    rejectedByCode: zeroCodes,
    decideLate: 0,
    withdrawn: 0,
    expired: 0,
    slaBreaches: 0,
    guaranteed: 0,
    guaranteedAmount: 0,
    ...p,
  };
}
const noOverdue = ({ overdueNow: _o, ...rest }: ReportFigures) => rest;

describe('report figures against hand-counted demands', () => {
  it('the marks the figures read were set (working days, first loans)', () => {
    for (const k of ['d1', 'd2', 'd4', 'd8']) expect(wd[k].accept, k).not.toBeNull();
    expect(wd.d1.grant).not.toBeNull();
    expect(wd.d7).toEqual({ accept: null, grant: null });
  });

  it('region.json: each district and the total', async () => {
    const rep = await region(f, f.op);
    expect(rep.rows.map((r: { regionCode: string }) => r.regionCode)).toEqual([
      '999901',
      '999902',
      '999903',
      '999904',
      '999905',
      '999906',
      '999907',
      '999908',
    ]);
    const acc01 = [wd.d1.accept!, wd.d2.accept!, wd.d8.accept!];
    const g = [wd.d1.grant!];
    // 城关: D1, D2, D7 counted (100 + 50 + 20); D1, D2 posted; D1, D2, D8 accepted; D1 and makeup D7 granted (80 credit
    // at 4.0 %, 20 pledged at 3.5 %), both first loans; D2 refused for its credit record; D1 decided late.
    const r01 = figures({
      counted: 3,
      countedAmount: 170,
      posted: 2,
      accepted: 3,
      acceptRate: 1,
      acceptDaysAvg: avg(acc01),
      acceptDaysP90: p90(acc01),
      granted: 2,
      grantedAmount: 100,
      grantRate: 0.6667,
      grantDaysAvg: avg(g),
      grantDaysP90: p90(g),
      grantedRateAvg: 3.75,
      grantedCredit: 1,
      grantedCreditAmount: 80,
      creditShare: 0.8,
      firstLoan: 2,
      makeup: 1,
      makeupAmount: 20,
      rejected: 1,
      rejectedByCode: { ...zeroCodes, CREDIT_RECORD: 1 },
      decideLate: 1,
      slaBreaches: 1,
    });
    // 东湖: D4, D6 counted (40 + 60), D3 withdrawn before acceptance (not counted, posted); D4 accepted late; D6 expired.
    const r02 = figures({
      counted: 2,
      countedAmount: 100,
      posted: 3,
      accepted: 1,
      acceptRate: Math.round((1 / 3) * 10_000) / 10_000,
      acceptDaysAvg: avg([wd.d4.accept!]),
      acceptDaysP90: wd.d4.accept,
      acceptLate: 1,
      withdrawn: 1,
      expired: 1,
      slaBreaches: 2,
    });
    const acc = [...acc01, wd.d4.accept!];
    const total = figures({
      counted: 5,
      countedAmount: 270,
      posted: 5,
      accepted: 4,
      acceptRate: 0.6667,
      acceptDaysAvg: avg(acc),
      acceptDaysP90: p90(acc),
      acceptLate: 1,
      granted: 2,
      grantedAmount: 100,
      grantRate: 0.6667,
      grantDaysAvg: avg(g),
      grantDaysP90: p90(g),
      grantedRateAvg: 3.75,
      grantedCredit: 1,
      grantedCreditAmount: 80,
      creditShare: 0.8,
      firstLoan: 2,
      makeup: 1,
      makeupAmount: 20,
      rejected: 1,
      rejectedByCode: { ...zeroCodes, CREDIT_RECORD: 1 },
      decideLate: 1,
      withdrawn: 1,
      expired: 1,
      slaBreaches: 3,
    });
    expect(noOverdue(rep.rows[0].figures)).toEqual(r01);
    expect(noOverdue(rep.rows[1].figures)).toEqual(r02);
    for (const r of rep.rows.slice(2)) expect(noOverdue(r.figures)).toEqual(figures({}));
    expect(noOverdue(rep.total)).toEqual(total);
    // Names from the regions table; the type filter: the applicants' demands are PUBLIC, the makeup loan is not.
    expect(rep.rows[0].name).toBe('城关区');
    const [{ type: makeupType }] = await f.sql(`SELECT type FROM demands WHERE id = $1`, [f.ids.d7]);
    expect(makeupType).not.toBe('PUBLIC');
    const pub = (await region(f, f.op, { ...f.range, type: 'PUBLIC' })).total;
    expect([
      pub.counted,
      pub.countedAmount,
      pub.posted,
      pub.accepted,
      pub.granted,
      pub.makeup,
      pub.firstLoan,
      pub.rejected,
    ]).toEqual([4, 250, 5, 4, 1, 0, 1, 1]);
    const mk = (await region(f, f.op, { ...f.range, type: makeupType })).total;
    expect([mk.counted, mk.granted, mk.makeup, mk.makeupAmount]).toEqual([1, 1, 1, 20]);
    expect(noOverdue((await region(f, f.op, { ...f.range, type: 'GUARANTEE' })).total)).toEqual(figures({}));
    // One day less at each end drops D1's posting (03-20 stays), D4 (05-08 → out with to = 05-07) and D2's refusal.
    const narrow = await region(f, f.op, { from: `${f.year}-03-21`, to: `${f.year}-05-05` });
    expect(narrow.total.counted).toBe(3); // D2, D6, D7
    expect(narrow.total.rejected).toBe(0);
    expect(narrow.total.accepted).toBe(2); // D1 03-22, D2 04-09
  });

  it('bank.json: the tree of the bank, each node its subtree', async () => {
    const rep = await bankReport(f, f.op);
    const node = (id: number) => rep.rows.find((r: { orgId: number }) => r.orgId === id);
    const { head, branchA, branchB, sub } = f.bank.ids;
    expect(node(head).parentId).toBeNull();
    expect(node(branchA).parentId).toBe(head);
    expect(node(sub).parentId).toBe(branchA);
    // The tree is depth-first: the head, then each branch followed by its units.
    const order = rep.rows
      .map((r: { orgId: number }) => r.orgId)
      .filter((id: number) => [head, branchA, branchB, sub].includes(id));
    expect(order).toEqual([head, branchA, sub, branchB]);
    // The sub-branch: D2 (counted 50, accepted, refused).
    expect(noOverdue(node(sub).figures)).toEqual(
      figures({
        counted: 1,
        countedAmount: 50,
        posted: 1,
        accepted: 1,
        acceptRate: 1,
        acceptDaysAvg: wd.d2.accept,
        acceptDaysP90: wd.d2.accept,
        grantRate: 0,
        rejected: 1,
        rejectedByCode: { ...zeroCodes, CREDIT_RECORD: 1 },
      }),
    );
    // 城关 branch with its sub-branch: D1, D2, D7 counted; D1, D2, D8 accepted; D1, D7 granted.
    const a = node(branchA).figures;
    expect([
      a.counted,
      a.countedAmount,
      a.posted,
      a.accepted,
      a.granted,
      a.grantedAmount,
      a.rejected,
      a.decideLate,
      a.makeup,
      a.firstLoan,
    ]).toEqual([3, 170, 2, 3, 2, 100, 1, 1, 1, 2]);
    // 东湖 branch: D4 (accepted late, overdue now) and D6 (expired there); D3 was never the bank's.
    const b = node(branchB).figures;
    expect([
      b.counted,
      b.countedAmount,
      b.posted,
      b.accepted,
      b.acceptLate,
      b.expired,
      b.withdrawn,
      b.slaBreaches,
      b.overdueNow,
      b.acceptRate,
    ]).toEqual([2, 100, 2, 1, 1, 1, 0, 2, 1, 0.5]);
    const h = node(head).figures;
    expect([
      h.counted,
      h.countedAmount,
      h.posted,
      h.accepted,
      h.granted,
      h.rejected,
      h.expired,
      h.withdrawn,
      h.slaBreaches,
      h.overdueNow,
      h.acceptRate,
    ]).toEqual([5, 270, 4, 4, 2, 1, 1, 0, 3, 1, 0.8]);
    // The total is the sum over the bank head offices (nothing else happened in the fixture's year).
    expect(noOverdue(rep.total)).toEqual(noOverdue({ ...h, overdueNow: 0 }));
    // Active units with nothing in the range are listed too.
    expect(rep.rows.filter((r: { parentId: number | null }) => r.parentId === null).length).toBeGreaterThan(20);
  });

  it('scorecard.json: the formula of docs/statistics.md, ranked', async () => {
    const rep = await scorecard(f, f.op);
    const mine = rep.rows.find((r: { bankId: number }) => r.bankId === f.bank.ids.head);
    const [{ value }] = (await f
      .sql(`SELECT value FROM platform_settings WHERE key = 'sla.acceptDays'`)
      .catch(() => [{ value: null }])) as { value: unknown }[];
    const sla = Number(value ?? 3) || 3;
    const acc = [wd.d1.accept!, wd.d2.accept!, wd.d4.accept!, wd.d8.accept!];
    const days = avg(acc)!;
    // accepted 4 of 4 + 1 expired; granted 2 of 3 decided; breaches: D4 late, D6 expired, D1 decided late.
    const score =
      Math.round(100 * (0.3 * 0.8 + 0.3 * 0.6667 + 0.2 * (1 - 0.6) + 0.2 * Math.max(0, 1 - days / (2 * sla))) * 10) /
      10;
    expect(mine).toEqual({
      rank: 1,
      bankId: f.bank.ids.head,
      name: `测试银行${tag}`,
      share: 1,
      accepted: 4,
      granted: 2,
      grantedAmount: 100,
      acceptRate: 0.8,
      grantRate: 0.6667,
      acceptDaysAvg: days,
      acceptDaysP90: p90(acc),
      grantDaysAvg: wd.d1.grant,
      grantDaysP90: wd.d1.grant,
      slaBreaches: 3,
      breachRate: 0.6,
      score,
    });
    // The other banks had nothing to judge in the fixture's year: no score, ranked after it.
    expect(rep.rows.slice(1).every((r: { score: number | null }) => r.score === null)).toBe(true);
    expect(rep.rows.map((r: { rank: number }) => r.rank)).toEqual(rep.rows.map((_: unknown, i: number) => i + 1));
  });
});
