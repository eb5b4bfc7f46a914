import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demandOps } from '@phjr/contract/demands/calls';
import { farmerOps } from '@phjr/contract/farmers/farmer-ops';
import { shelterOps } from '@phjr/contract/shelter/shelter-ops';
import { insertDemandRow } from '../../src/seed/factories.ts';
import { callOp, createTestApp, loginAs, type TestApp, type Tokens } from '../helpers.ts';
import { testApplicant, testBank, testDistrictSupervisor, testGuarantee } from './demands-helpers.ts';
import { household, importRows } from './farmers-helpers.ts';
import { applyInput, testEnterprise } from './shelter-helpers.ts';
import { recomputeFigures } from '../../src/modules/shelter/shelter-figures.repo.ts';
import { column, exportAudits, sheetOf } from './list-exports-helpers.ts';

/**
 * Sorting of the work lists (issue 30; docs/lists.md): every demand list (the applicant's, the bank's own and pool, the
 * guarantee company's, the supervisor's, the operator's), the supervisors' and the bank's shelter lists and the farmer
 * list sort on the server by the fields of their set, both ways, with the id breaking ties; a field outside the set is
 * a 400; each Excel twin writes its rows in the list's sort. The rows are the test's own, told apart by its tag.
 */

let t: TestApp;
let operator: Tokens;
let bank: Awaited<ReturnType<typeof testBank>>;
let guarantee: Awaited<ReturnType<typeof testGuarantee>>;
let applicant: Awaited<ReturnType<typeof testApplicant>>;
let supervisor: Tokens;
const tag = `SW${Math.random().toString(36).slice(2, 7)}`;
const sql = async (text: string, values: unknown[] = []) => (await t.database.pool.query(text, values)).rows;
const at = (s: string) => new Date(`${s}+08:00`);

/** The demands every list of a client sees (a guarantee demand of the applicant, handed to the bank, in 999903). */
const DEMANDS = [
  { name: `甲${tag}`, amount: 30, term: 24, createdAt: '2026-03-02T09:00:00', dueAt: '2026-12-05T17:00:00' },
  { name: `乙${tag}`, amount: 90, term: 6, createdAt: '2026-03-01T09:00:00', dueAt: null },
  { name: `丙${tag}`, amount: 60, term: 12, createdAt: '2026-03-03T09:00:00', dueAt: '2026-12-01T17:00:00' },
];
const [A, B, C] = DEMANDS.map((d) => d.name);
/** Public demands waiting in the pool of the bank's 城关 branch's district. */
const POOL = [
  { name: `池甲${tag}`, amount: 20 },
  { name: `池乙${tag}`, amount: 80 },
  { name: `池丙${tag}`, amount: 50 },
];

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  operator = await loginAs(t.app, 'operator');
  bank = await testBank(t.app, db, tag);
  guarantee = await testGuarantee(t.app, db, tag);
  applicant = await testApplicant(t.app, db, tag);
  supervisor = (await testDistrictSupervisor(t.app, db, tag, '999903')).tokens;
  for (const d of DEMANDS)
    await insertDemandRow(db, {
      type: 'GUARANTEE',
      status: 'ACCEPTED',
      applicantUserId: applicant.id,
      applicantName: d.name,
      regionCode: '999903',
      amount: d.amount,
      term: d.term,
      guaranteeOrgId: guarantee.orgId,
      targetOrgId: guarantee.orgId,
      ownerOrgId: bank.ids.branchA,
      bankOrgId: bank.ids.branchA,
      bankId: bank.ids.head,
      dueAt: d.dueAt ? at(d.dueAt) : null,
      createdAt: at(d.createdAt),
    });
  for (const [i, d] of POOL.entries())
    await insertDemandRow(db, {
      type: 'PUBLIC',
      status: 'PENDING',
      applicantName: d.name,
      regionCode: '999901',
      amount: d.amount,
      createdAt: at(`2026-03-0${i + 1}T10:00:00`),
    });
});
afterAll(() => t.close());

type Op = Parameters<typeof callOp>[2];
/** The applicant names of a list's page, in its order. */
async function names(tokens: Tokens, op: Op, query: Record<string, string | number>) {
  const res = await callOp(t.app, tokens, op, { keyword: tag, ...query });
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  return (res.json().data.list as { applicantName: string }[]).map((d) => d.applicantName);
}

describe('demand lists', () => {
  /** Each list of each client, with the params its screen fixes. */
  const lists = () =>
    [
      ['my', applicant.tokens, demandOps.myPage, {}],
      ['bank MINE', bank.tokens.head, demandOps.bankPage, { scope: 'MINE' }],
      ['guarantee', guarantee.tokens, demandOps.guaranteePage, {}],
      ['supervise', supervisor, demandOps.supervisePage, {}],
      ['operate guarantee', operator, demandOps.operatePage, { view: 'guarantee' }],
    ] as const;

  it('every list sorts by the amount applied for both ways, and keeps newest first without a sort', async () => {
    for (const [, tokens, op, fixed] of lists()) {
      expect(await names(tokens, op, { ...fixed, sortField: 'amount', sortOrder: 'asc' })).toEqual([A, C, B]);
      expect(await names(tokens, op, { ...fixed, sortField: 'amount', sortOrder: 'desc' })).toEqual([B, C, A]);
      // desc is the default direction.
      expect(await names(tokens, op, { ...fixed, sortField: 'amount' })).toEqual([B, C, A]);
      expect(await names(tokens, op, fixed)).toEqual([C, A, B]);
    }
  });

  it('the bank’s pool sorts by amount in its district', async () => {
    expect(
      await names(bank.tokens.branchA, demandOps.bankPage, { scope: 'POOL', sortField: 'amount', sortOrder: 'desc' }),
    ).toEqual([`池乙${tag}`, `池丙${tag}`, `池甲${tag}`]);
    expect(
      await names(bank.tokens.branchA, demandOps.bankPage, { scope: 'POOL', sortField: 'amount', sortOrder: 'asc' }),
    ).toEqual([`池甲${tag}`, `池丙${tag}`, `池乙${tag}`]);
  });

  it('sorts by the time posted both ways, pages included; term and deadline are not in the set', async () => {
    const mine = (q: Record<string, string | number>) =>
      names(bank.tokens.head, demandOps.bankPage, { scope: 'MINE', ...q });
    expect(await mine({ sortField: 'createdAt', sortOrder: 'asc' })).toEqual([B, A, C]);
    expect(await mine({ sortField: 'createdAt', sortOrder: 'desc' })).toEqual([C, A, B]);
    for (const sortField of ['term', 'deadline'])
      expect((await callOp(t.app, bank.tokens.head, demandOps.bankPage, { scope: 'MINE', sortField })).statusCode).toBe(
        400,
      );
    // Page 2 of 2-row pages goes on in the sort.
    expect(await mine({ sortField: 'amount', sortOrder: 'asc', current: 1, pageSize: 2 })).toEqual([A, C]);
    expect(await mine({ sortField: 'amount', sortOrder: 'asc', current: 2, pageSize: 2 })).toEqual([B]);
  });

  it('refuses a field outside the set, on every page and export, naming sortField', async () => {
    const pairs = [
      [applicant.tokens, demandOps.myPage, demandOps.myExport],
      [bank.tokens.head, demandOps.bankPage, demandOps.bankExport],
      [guarantee.tokens, demandOps.guaranteePage, demandOps.guaranteeExport],
      [supervisor, demandOps.supervisePage, demandOps.superviseExport],
      [operator, demandOps.operatePage, demandOps.operateExport],
    ] as const;
    for (const [tokens, page, file] of pairs)
      for (const op of [page, file]) {
        const res = await callOp(t.app, tokens, op, { sortField: 'applicantName' });
        expect(res.statusCode).toBe(400);
        expect(res.body).toContain('sortField');
      }
    expect(
      (await callOp(t.app, operator, demandOps.operatePage, { sortField: 'amount', sortOrder: 'up' })).statusCode,
    ).toBe(400);
  });

  it('the exports write the rows in the list’s sort, audited with it', async () => {
    const bankSheet = await sheetOf(t.app, bank.tokens.head, demandOps.bankExport.path, {
      scope: 'MINE',
      keyword: tag,
      sortField: 'createdAt',
      sortOrder: 'asc',
    });
    expect(column(bankSheet, '申请主体')).toEqual([B, A, C]);
    const opSheet = await sheetOf(t.app, operator, demandOps.operateExport.path, {
      view: 'guarantee',
      keyword: tag,
      sortField: 'amount',
      sortOrder: 'desc',
    });
    expect(column(opSheet, '申请主体')).toEqual([B, C, A]);
    expect(column(opSheet, '需求金额（万元）')).toEqual(['90', '60', '30']);
    const mySheet = await sheetOf(t.app, applicant.tokens, demandOps.myExport.path, {
      keyword: tag,
      sortField: 'amount',
      sortOrder: 'asc',
    });
    expect(column(mySheet, '需求金额（万元）')).toEqual(['30', '60', '90']);
    // Without a sort, newest first as before.
    expect(
      column(await sheetOf(t.app, guarantee.tokens, demandOps.guaranteeExport.path, { keyword: tag }), '申请主体'),
    ).toEqual([C, A, B]);
    const [audit] = await exportAudits(
      t.database.pool,
      (await sql(`SELECT id FROM users WHERE username = 'operator'`))[0].id,
      'demands:operate',
    );
    expect(audit.detail).toMatchObject({
      list: 'operate',
      view: 'guarantee',
      filters: { keyword: tag, sortField: 'amount', sortOrder: 'desc' },
    });
  });
});

describe('shelter lists', () => {
  /** Case ids: 甲 (loans 300, applied 04-01, admitted 04-10, 2 measures), 乙 (100, 04-03, 04-05, 5), 丙 (200, 04-02, not admitted, 0). */
  const cases: Record<'a' | 'b' | 'c', number> = { a: 0, b: 0, c: 0 };
  const facts = [
    ['a', 300, '2026-04-01T09:00:00', '2026-04-10T09:00:00', 2],
    ['b', 100, '2026-04-03T09:00:00', '2026-04-05T09:00:00', 5],
    ['c', 200, '2026-04-02T09:00:00', null, 0],
  ] as const;

  beforeAll(async () => {
    for (const [k, loan, applied, admitted, measures] of facts) {
      const e = await testEnterprise(t.app, t.database.db, tag);
      const res = await callOp(
        t.app,
        e.tokens,
        shelterOps.apply,
        applyInput({
          loans: [{ bankName: '外地测试银行', amount: loan, dueDate: '2026-12-31' }],
          helpAsked: [{ type: 'RATE_RELIEF' }],
        }),
      );
      expect(res.statusCode, res.body).toBe(200);
      const id = res.json().data.id as number;
      cases[k] = id;
      await sql(
        `UPDATE shelter_cases SET created_at = $2, admitted_at = $3, state = $4, measure_count = $5, lead_bank_org_id = $6 WHERE id = $1`,
        [id, at(applied), admitted ? at(admitted) : null, admitted ? 'IN_SHELTER' : 'APPLIED', measures, bank.ids.head],
      );
      await sql(`INSERT INTO shelter_banks (case_id, org_id, role) VALUES ($1, $2, 'LEAD') ON CONFLICT DO NOTHING`, [
        id,
        bank.ids.head,
      ]);
    }
    // The cases' states and days were written past the service, so the figures its writes keep are rebuilt from the
    // cases, as the seeds do: the database is shared, and shelter-lifecycle compares the kept figures with the rebuilt.
    await t.database.db.transaction((tx) => recomputeFigures(tx));
  });

  const ids = async (tokens: Tokens, op: Op, query: Record<string, string | number>) => {
    const res = await callOp(t.app, tokens, op, { keyword: tag, ...query });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    return (res.json().data.list as { id: number }[]).map((c) => c.id);
  };

  it('the supervisors’ list sorts by loans, day applied and day admitted, both ways', async () => {
    const { a, b, c } = cases;
    const sup = (q: Record<string, string>) => ids(operator, shelterOps.supervisePage, { view: 'ALL', ...q });
    expect(await sup({})).toEqual([b, c, a]);
    expect(await sup({ sortField: 'loanTotal', sortOrder: 'desc' })).toEqual([a, c, b]);
    expect(await sup({ sortField: 'loanTotal', sortOrder: 'asc' })).toEqual([b, c, a]);
    expect(await sup({ sortField: 'appliedAt', sortOrder: 'asc' })).toEqual([a, c, b]);
    // Ascending: the longest in the shelter first, after the case not admitted (below every admitted one).
    expect(await sup({ sortField: 'admittedAt', sortOrder: 'asc' })).toEqual([c, b, a]);
    expect(await sup({ sortField: 'admittedAt', sortOrder: 'desc' })).toEqual([a, b, c]);
    expect(await sup({ sortField: 'appliedAt', sortOrder: 'desc' })).toEqual([b, c, a]);
    expect(
      await ids(operator, shelterOps.supervisePage, { view: 'IN', sortField: 'admittedAt', sortOrder: 'asc' }),
    ).toEqual([b, a]);
  });

  it('the bank’s list sorts too, and both refuse a field outside the set', async () => {
    const { a, b, c } = cases;
    expect(await ids(bank.tokens.head, shelterOps.bankPage, { sortField: 'loanTotal', sortOrder: 'asc' })).toEqual([
      b,
      c,
      a,
    ]);
    expect(await ids(bank.tokens.head, shelterOps.bankPage, { sortField: 'admittedAt', sortOrder: 'asc' })).toEqual([
      c,
      b,
      a,
    ]);
    for (const [tokens, op] of [
      [operator, shelterOps.supervisePage],
      [operator, shelterOps.superviseExport],
      [bank.tokens.head, shelterOps.bankPage],
      [bank.tokens.head, shelterOps.bankExport],
    ] as const)
      for (const sortField of ['enterpriseName', 'measureCount'])
        expect((await callOp(t.app, tokens, op, { sortField })).statusCode).toBe(400);
  });

  it('the exports write the cases in the list’s sort', async () => {
    const sup = await sheetOf(t.app, operator, shelterOps.superviseExport.path, {
      view: 'ALL',
      keyword: tag,
      sortField: 'loanTotal',
      sortOrder: 'asc',
    });
    expect(column(sup, '存量贷款（万元）')).toEqual(['100', '200', '300']);
    const mine = await sheetOf(t.app, bank.tokens.head, shelterOps.bankExport.path, {
      keyword: tag,
      sortField: 'admittedAt',
      sortOrder: 'desc',
    });
    expect(column(mine, '存量贷款（万元）')).toEqual(['300', '100', '200']);
    const [audit] = await exportAudits(
      t.database.pool,
      (await sql('SELECT id FROM users WHERE org_id = $1 ORDER BY id LIMIT 1', [bank.ids.head]))[0].id,
      'shelter:bank',
    );
    expect(audit.detail).toMatchObject({ filters: { keyword: tag, sortField: 'admittedAt', sortOrder: 'desc' } });
  });
});

describe('farmer list', () => {
  const F = { a: `田甲${tag}`, b: `田乙${tag}`, c: `田丙${tag}` };
  beforeAll(async () => {
    await importRows(t.app, operator, [
      household({ name: F.a, landArea: '5', creditGranted: '30', creditDrawn: '10', financingNeed: '0' }),
      household({
        name: F.b,
        landArea: '50',
        creditGranted: '10',
        creditDrawn: '0',
        financingNeed: '20',
        needPurpose: '购买农资',
      }),
      household({
        name: F.c,
        landArea: '20',
        creditGranted: '20',
        creditDrawn: '20',
        financingNeed: '5',
        needPurpose: '购买农机',
      }),
    ]);
  });
  const farmers = async (query: Record<string, string>) => {
    const res = await callOp(t.app, operator, farmerOps.page, { keyword: tag, ...query });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    return (res.json().data.list as { name: string; ratingScore: number | null; id: number }[]).map((f) => f.name);
  };

  it('sorts by land area and financing need, both ways, also within a village', async () => {
    expect(await farmers({})).toEqual([F.c, F.b, F.a]);
    expect(await farmers({ sortField: 'landArea', sortOrder: 'asc' })).toEqual([F.a, F.c, F.b]);
    expect(await farmers({ sortField: 'landArea', sortOrder: 'desc' })).toEqual([F.b, F.c, F.a]);
    expect(await farmers({ sortField: 'financingNeed', sortOrder: 'desc' })).toEqual([F.b, F.c, F.a]);
    expect(await farmers({ sortField: 'financingNeed', sortOrder: 'asc' })).toEqual([F.a, F.c, F.b]);
    expect(await farmers({ villageCode: '999903001001', sortField: 'landArea', sortOrder: 'desc' })).toEqual([
      F.b,
      F.c,
      F.a,
    ]);
  });

  it('refuses another field; the export writes the list’s sort', async () => {
    for (const sortField of ['name', 'creditGranted', 'ratingScore'])
      expect((await callOp(t.app, operator, farmerOps.page, { sortField })).statusCode).toBe(400);
    expect((await callOp(t.app, operator, farmerOps.exportFile, { sortField: 'idNumber' })).statusCode).toBe(400);
    const sheet = await sheetOf(t.app, operator, farmerOps.exportFile.path, {
      keyword: tag,
      sortField: 'landArea',
      sortOrder: 'desc',
    });
    expect(column(sheet, '姓名或主体名称')).toEqual([F.b, F.c, F.a]);
    expect(column(sheet, '土地面积（亩）')).toEqual(['50', '20', '5']);
  });
});
