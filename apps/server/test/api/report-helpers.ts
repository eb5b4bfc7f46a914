import { demandOps } from '@phjr/contract/demands/calls';
import { REJECT_CODES, REPORT_MEASURES, reportOps, type ReportFigures } from '@phjr/contract/stats/reports';
import { createTestApp, must, type TestApp, type Tokens, signInAs } from '../helpers.ts';
import { demandInput, testApplicant, testBank, testDistrictSupervisor } from './demands-helpers.ts';

/**
 * The fixture of the report tests: demands of a bank of their own, posted and moved through the real API, their events
 * then placed on chosen days of a past year by updating their timestamps (the triggers keep the rollup). The API test
 * files share one database, so each file takes a year of its own, where nothing else lives (the demo history goes
 * back one year). The reports' range: 03-15 … 05-10 (whole April from month rows, the March and May edges from day rows).
 */
export const rangeOf = (year: number) => ({ from: `${year}-03-15`, to: `${year}-05-10` });
/** A Beijing wall-clock time as an instant. */
export const bj = (day: string, hour = 10) => new Date(`${day}T${String(hour).padStart(2, '0')}:00:00+08:00`);

export interface Fixture {
  year: number;
  range: { from: string; to: string };
  t: TestApp;
  op: Tokens;
  gov: Tokens;
  /** A district supervisor of 999902 (东湖区). */
  dist: Tokens;
  bank: Awaited<ReturnType<typeof testBank>>;
  ids: Record<string, number>;
  sql: (text: string, values?: unknown[]) => Promise<Record<string, unknown>[]>;
}

export async function buildFixture(tag: string, year: number): Promise<Fixture> {
  const y = (monthDay: string) => `${year}-${monthDay}`;
  const t = await createTestApp();
  const db = t.database.db;
  const sql = async (text: string, values: unknown[] = []) => (await t.database.pool.query(text, values)).rows;
  const op = await signInAs(t.app, 'operator');
  const gov = await signInAs(t.app, 'gov');
  const dist = (await testDistrictSupervisor(t.app, db, tag, '999902')).tokens;
  const bank = await testBank(t.app, db, tag);
  const B = bank.tokens;
  const post = async (k: string, regionCode: string, amount: number, guaranteeMethod = 'CREDIT') => {
    const a = await testApplicant(t.app, db, `${tag}${k}`);
    const { id } = await must(
      t.app,
      a.tokens,
      demandOps.create,
      demandInput({ regionCode, amount, guaranteeMethod: guaranteeMethod as never, purpose: `报表测试${k}采购原料` }),
    );
    return { id: id as number, a };
  };
  const set = (id: number, cols: Record<string, unknown>) => {
    const keys = Object.keys(cols);
    return sql(`UPDATE demands SET ${keys.map((k, i) => `${k} = $${i + 2}`).join(', ')} WHERE id = $1`, [
      id,
      ...keys.map((k) => cols[k]),
    ]);
  };
  const ids: Record<string, number> = {};

  // D1 城关: posted 03-20, accepted by the 城关 branch 03-22, granted 80 at 4.0 % (credit) 04-10, decided after its deadline.
  const d1 = await post('d1', '999901', 100);
  await must(t.app, B.branchA, demandOps.accept, { id: d1.id });
  await must(t.app, B.branchA, demandOps.grant, {
    id: d1.id,
    amount: 80,
    rate: 4.0,
    term: 12,
    grantedAt: new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10),
  });
  await set(d1.id, {
    created_at: bj(y('03-20')),
    accept_deadline: bj(y('03-25'), 23),
    accepted_at: bj(y('03-22')),
    decide_deadline: bj(y('04-09'), 23),
    decided_at: bj(y('04-10')),
    granted_at: y('04-10'),
  });
  ids.d1 = d1.id;
  // D2 城关: posted 04-08, accepted by the sub-branch 04-09, refused (credit record) 05-06; a mortgage.
  const d2 = await post('d2', '999901', 50, 'MORTGAGE');
  await must(t.app, B.sub, demandOps.accept, { id: d2.id });
  await must(t.app, B.sub, demandOps.reject, { id: d2.id, code: 'CREDIT_RECORD' });
  await set(d2.id, {
    created_at: bj(y('04-08')),
    accept_deadline: bj(y('04-11'), 23),
    accepted_at: bj(y('04-09')),
    decide_deadline: bj(y('05-20'), 23),
    decided_at: bj(y('05-06')),
  });
  ids.d2 = d2.id;
  // D3 东湖: posted 04-15, withdrawn before anyone accepted it 04-16.
  const d3 = await post('d3', '999902', 30);
  await must(t.app, d3.a.tokens, demandOps.withdraw, { id: d3.id, reason: '资金已另行解决' });
  await set(d3.id, { created_at: bj(y('04-15')), withdrawn_at: bj(y('04-16')) });
  ids.d3 = d3.id;
  // D4 东湖: posted 05-08, accepted by the 东湖 branch 05-09 after its deadline; still accepted, its decision overdue now.
  const d4 = await post('d4', '999902', 40);
  await must(t.app, B.branchB, demandOps.accept, { id: d4.id });
  await set(d4.id, {
    created_at: bj(y('05-08')),
    accept_deadline: bj(y('05-08'), 23),
    accepted_at: bj(y('05-09')),
    due_at: new Date(Date.now() - 3_600_000),
  });
  ids.d4 = d4.id;
  // D5 城关: posted 05-20 and accepted 05-21, after the range.
  const d5 = await post('d5', '999901', 70);
  await must(t.app, B.branchA, demandOps.accept, { id: d5.id });
  await set(d5.id, { created_at: bj(y('05-20')), accept_deadline: bj(y('05-23'), 23), accepted_at: bj(y('05-21')) });
  ids.d5 = d5.id;
  // D6 东湖: posted 03-25, addressed to the 东湖 branch, which let it expire 03-29.
  const d6 = await post('d6', '999902', 60);
  await set(d6.id, {
    created_at: bj(y('03-25')),
    status: 'EXPIRED',
    bank_org_id: bank.ids.branchB,
    bank_id: bank.ids.head,
    target_org_id: bank.ids.branchB,
    expired_at: bj(y('03-29')),
    due_at: null,
    warn_at: null,
  });
  ids.d6 = d6.id;
  // D7 城关: a makeup loan of the 城关 branch granted 04-20 (20 万元 at 3.5 %, pledge), recorded that day.
  const d7 = await must(t.app, op, demandOps.makeupSave, {
    applicantName: `补录${tag}农户`,
    applicantType: 'PERSON',
    bankOrgId: bank.ids.branchA,
    regionCode: '999901',
    industry: 'AGRICULTURE',
    guaranteeMethod: 'PLEDGE',
    amount: 20,
    rate: 3.5,
    term: 12,
    grantedAt: y('04-20'),
  });
  await set(d7.id, { created_at: bj(y('04-20')), decided_at: bj(y('04-20')) });
  ids.d7 = d7.id;
  // D8 城关: posted 03-10 (before the range), accepted by the 城关 branch 03-18 (inside).
  const d8 = await post('d8', '999901', 90);
  await must(t.app, B.branchA, demandOps.accept, { id: d8.id });
  await set(d8.id, { created_at: bj(y('03-10')), accept_deadline: bj(y('03-20'), 23), accepted_at: bj(y('03-18')) });
  ids.d8 = d8.id;
  return { year, range: rangeOf(year), t, op, gov, dist, bank, ids, sql };
}

/** The report calls. */
export const region = (f: Fixture, who: Tokens, q: Record<string, unknown> = f.range) =>
  must(f.t.app, who, reportOps.region, q);
export const bankReport = (f: Fixture, who: Tokens, q: Record<string, unknown> = f.range) =>
  must(f.t.app, who, reportOps.bank, q);
export const scorecard = (f: Fixture, who: Tokens, q: Record<string, unknown> = f.range) =>
  must(f.t.app, who, reportOps.scorecard, q);
export const drillTotal = async (f: Fixture, who: Tokens, q: Record<string, unknown>) =>
  (await must(f.t.app, who, reportOps.drill, { pageSize: 1, ...q })).total as number;

/** Every (measure, reject code) a drill-down can ask, with the figure it must equal. */
export function drillCases(fig: ReportFigures): { q: Record<string, unknown>; want: number }[] {
  const out: { q: Record<string, unknown>; want: number }[] = [];
  for (const m of REPORT_MEASURES) {
    out.push({ q: { measure: m }, want: fig[m] });
    if (m === 'rejected')
      for (const c of REJECT_CODES) out.push({ q: { measure: m, rejectCode: c }, want: fig.rejectedByCode[c] });
  }
  return out;
}
