import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shelterOps } from '@phjr/contract/shelter/shelter-ops';
import { SMALL_CELL_MIN } from '@phjr/contract/stats/small-cells';
import { createTestApp, type TestApp, type Tokens, signIn, signInAs } from '../helpers.ts';
import { DEMO_PASSWORD } from '../../src/seed/demo-accounts.ts';
import { insertUser } from '../../src/seed/factories.ts';
import {
  applyInput,
  callOp,
  must,
  nextPhone,
  refused,
  shanghaiToday,
  testBank,
  testDistrictSupervisor,
  testEnterprise,
} from './shelter-helpers.ts';

/**
 * The refusals of the shelter (docs/shelter.md): bad input answers field errors and changes nothing; a supervisor of
 * another district cannot see or act (404); only the enterprise's own cases are its; read-only supervisors see no
 * actions and a masked phone; a bank not on the case cannot record help; wrong states are refused.
 */
let t: TestApp;
let ent: Awaited<ReturnType<typeof testEnterprise>>;
let other: Awaited<ReturnType<typeof testEnterprise>>;
let sup: Tokens;
let farSup: Tokens;
const tok = {} as Record<'gov' | 'rsj' | 'operator' | 'bank' | 'person', Tokens>;
let bank: Awaited<ReturnType<typeof testBank>>;
const q = (sql: string, params: unknown[] = []) => t.database.pool.query(sql, params);
const caseCount = async () => (await q('SELECT count(*)::int AS n FROM shelter_cases')).rows[0].n as number;

beforeAll(async () => {
  t = await createTestApp();
  ent = await testEnterprise(t.app, t.database.db, 'ru');
  other = await testEnterprise(t.app, t.database.db, 'ro');
  sup = (await testDistrictSupervisor(t.app, t.database.db, 'shru', '999901')).tokens;
  farSup = (await testDistrictSupervisor(t.app, t.database.db, 'shru', '999903')).tokens;
  for (const who of ['gov', 'rsj', 'operator', 'bank', 'person'] as const) tok[who] = await signInAs(t.app, who);
  bank = await testBank(t.app, t.database.db, 'shru');
});
afterAll(() => t.close());

describe('applying', () => {
  it.each([
    ['a short cause', { cause: '太短了' }, 'cause'],
    ['no help asked', { helpAsked: [] }, 'helpAsked'],
    ['a help type twice', { helpAsked: [{ type: 'EXTENSION' }, { type: 'EXTENSION' }] }, 'helpAsked'],
    ['a difficulty dated in the future', { difficultySince: '2199-01-01' }, 'difficultySince'],
    ['a bad phone', { contactPhone: '12345' }, 'contactPhone'],
    ['a loan with neither bank nor name', { loans: [{ amount: 10, dueDate: '2027-01-01' }] }, 'loans.0.bankOrgId'],
    [
      'a loan with a negative amount',
      { loans: [{ bankName: '某银行', amount: -1, dueDate: '2027-01-01' }] },
      'loans.0.amount',
    ],
    [
      'ten attachments',
      { attachmentIds: Array.from({ length: 10 }, (_, i) => `file${String(i).padStart(14, '0')}`) },
      'attachmentIds',
    ],
  ])('%s: a field error, nothing written', async (_what, over, field) => {
    const n = await caseCount();
    const r = await refused(t.app, ent.tokens, shelterOps.apply, applyInput(over as never));
    expect(r.status).toBe(400);
    expect(r.code).toBe('VALIDATION');
    expect(r.fields).toContain(field);
    expect(await caseCount()).toBe(n);
  });

  it('a loan at an organisation that is not a bank, and attachments not uploaded by the caller, are refused by field', async () => {
    const govOrg = Number((await q(`SELECT id FROM orgs WHERE classified_type = 'GOVERNMENT' LIMIT 1`)).rows[0].id);
    expect(
      (
        await refused(
          t.app,
          ent.tokens,
          shelterOps.apply,
          applyInput({ loans: [{ bankOrgId: govOrg, amount: 5, dueDate: '2027-01-01' }] }),
        )
      ).fields,
    ).toEqual(['loans.0.bankOrgId']);
    expect(
      (await refused(t.app, ent.tokens, shelterOps.apply, applyInput({ attachmentIds: ['notmyfile0000000001'] })))
        .fields,
    ).toEqual(['attachmentIds']);
  });

  it('only an enterprise applies; an uncertified one is refused', async () => {
    expect(await refused(t.app, tok.person, shelterOps.apply, applyInput())).toMatchObject({ status: 403 });
    const uncertified = await testEnterprise(t.app, t.database.db, 'rn', '999901', { certified: false });
    expect((await refused(t.app, uncertified.tokens, shelterOps.apply, applyInput())).code).toBe('NOT_CERTIFIED');
  });
});

describe('scoping and actions', () => {
  let id: number;
  let otherId: number;
  beforeAll(async () => {
    id = (await must(t.app, ent.tokens, shelterOps.apply, applyInput())).id;
    otherId = (await must(t.app, other.tokens, shelterOps.apply, applyInput())).id;
  });

  it('the enterprise sees its own cases only; another enterprise gets 404', async () => {
    const mine = await must(t.app, ent.tokens, shelterOps.myPage, {});
    expect(mine.list.map((c: { id: number }) => c.id)).toEqual([id]);
    expect(await refused(t.app, ent.tokens, shelterOps.detail, { id: otherId })).toMatchObject({
      status: 404,
      code: 'SHELTER_NOT_FOUND',
    });
    expect(await refused(t.app, ent.tokens, shelterOps.withdraw, { id: otherId })).toMatchObject({ status: 404 });
  });

  it('a supervisor of another district neither sees nor acts: 404, and its list and figures leave the case out', async () => {
    expect(await refused(t.app, farSup, shelterOps.detail, { id })).toMatchObject({
      status: 404,
      code: 'SHELTER_NOT_FOUND',
    });
    expect(await refused(t.app, farSup, shelterOps.startReview, { id })).toMatchObject({
      status: 404,
      code: 'SHELTER_NOT_FOUND',
    });
    const page = await must(t.app, farSup, shelterOps.supervisePage, { view: 'ALL', pageSize: 100 });
    expect(page.list.every((c: { regionCode: string }) => c.regionCode === '999903')).toBe(true);
    expect(await refused(t.app, farSup, shelterOps.superviseFigures, { regionCode: '999901' })).toMatchObject({
      status: 404,
    });
    expect(await refused(t.app, farSup, shelterOps.supervisePage, { view: 'ALL', regionCode: '999901' })).toMatchObject(
      { status: 200 },
    );
    expect((await must(t.app, farSup, shelterOps.supervisePage, { view: 'ALL', regionCode: '999901' })).list).toEqual(
      [],
    );
  });

  it('the city supervisor sees every district; a read-only supervisor (supervise:read) sees no actions and a masked phone', async () => {
    const city = await must(t.app, tok.gov, shelterOps.detail, { id });
    expect(city.actions).toEqual(['startReview', 'admit', 'refuse']);
    expect(city.contactPhone).toBe('13912345678');
    const res = await callOp(t.app, tok.rsj, shelterOps.detail, { id });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('13912345678');
    expect(res.json().data.actions).toEqual([]);
    expect(res.json().data.contactPhone).toBe('139****5678');
    expect(
      await refused(t.app, tok.rsj, shelterOps.admit, { id, leadBankOrgId: bank.ids.head, planNote: '方案' }),
    ).toMatchObject({ status: 403 });
  });

  it('admission needs active banks, distinct; a bank not on the case cannot see it nor record help', async () => {
    const govOrg = Number((await q(`SELECT id FROM orgs WHERE classified_type = 'GOVERNMENT' LIMIT 1`)).rows[0].id);
    expect(
      await refused(t.app, sup, shelterOps.admit, { id, leadBankOrgId: govOrg, planNote: '帮扶方案' }),
    ).toMatchObject({ status: 400, code: 'SHELTER_BANK_INVALID', fields: ['leadBankOrgId'] });
    expect(
      await refused(t.app, sup, shelterOps.admit, {
        id,
        leadBankOrgId: bank.ids.head,
        helperBankOrgIds: [bank.ids.head],
        planNote: '帮扶方案',
      }),
    ).toMatchObject({ status: 400, fields: ['helperBankOrgIds'] });
    expect(
      await refused(t.app, sup, shelterOps.admit, { id, leadBankOrgId: bank.ids.head, planNote: '' }),
    ).toMatchObject({ status: 400, fields: ['planNote'] });
    expect((await must(t.app, sup, shelterOps.detail, { id })).state).toBe('APPLIED');
    // Recording help before admission: the bank is not on the case yet.
    expect(
      await refused(t.app, bank.tokens.head, shelterOps.recordHelp, {
        caseId: id,
        type: 'NEW_CREDIT',
        amount: 10,
        givenOn: shanghaiToday(),
      }),
    ).toMatchObject({ code: 'SHELTER_NOT_ASSIGNED' });
    await must(t.app, sup, shelterOps.admit, { id, leadBankOrgId: bank.ids.branchA, planNote: '主办行新增授信' });
    expect(await refused(t.app, tok.bank, shelterOps.detail, { id })).toMatchObject({ status: 404 });
    expect((await must(t.app, tok.bank, shelterOps.bankPage, { keyword: '测试方舱企业ru' })).list).toEqual([]);
    expect(
      await refused(t.app, tok.bank, shelterOps.recordHelp, {
        caseId: id,
        type: 'NEW_CREDIT',
        amount: 10,
        givenOn: shanghaiToday(),
      }),
    ).toMatchObject({ status: 403, code: 'SHELTER_NOT_ASSIGNED' });
  });

  it("a measure's fields follow its type, dates are checked, nothing is written on a refusal", async () => {
    const n = async () =>
      (await q('SELECT count(*)::int AS n FROM shelter_measures WHERE case_id = $1', [id])).rows[0].n as number;
    const before = await n();
    const b = bank.tokens.branchA;
    expect(
      (await refused(t.app, b, shelterOps.recordHelp, { caseId: id, type: 'NEW_CREDIT', givenOn: shanghaiToday() }))
        .fields,
    ).toEqual(['amount']);
    expect(
      (await refused(t.app, b, shelterOps.recordHelp, { caseId: id, type: 'RATE_RELIEF', givenOn: shanghaiToday() }))
        .fields,
    ).toEqual(['rateChangeBp']);
    expect(
      (
        await refused(t.app, b, shelterOps.recordHelp, {
          caseId: id,
          type: 'EXTENSION',
          amount: 5,
          givenOn: shanghaiToday(),
        })
      ).fields,
    ).toEqual(['newDueDate']);
    expect(
      (await refused(t.app, b, shelterOps.recordHelp, { caseId: id, type: 'PENALTY_WAIVER', givenOn: shanghaiToday() }))
        .fields,
    ).toEqual(['penaltyWaived']);
    expect(
      (
        await refused(t.app, b, shelterOps.recordHelp, {
          caseId: id,
          type: 'NEW_CREDIT',
          amount: 5,
          givenOn: '2199-01-01',
        })
      ).fields,
    ).toEqual(['givenOn']);
    expect(
      (
        await refused(t.app, b, shelterOps.recordHelp, {
          caseId: id,
          type: 'NEW_CREDIT',
          amount: 5,
          givenOn: '2020-01-01',
        })
      ).fields,
    ).toEqual(['givenOn']);
    expect(await n()).toBe(before);
  });

  it('wrong states: no review or refusal once admitted, no exit before admission, no urge on a closed case', async () => {
    expect((await refused(t.app, sup, shelterOps.startReview, { id })).code).toBe('SHELTER_BAD_STATE');
    expect((await refused(t.app, sup, shelterOps.refuse, { id, reason: '不符合条件' })).code).toBe('SHELTER_BAD_STATE');
    expect((await refused(t.app, sup, shelterOps.exit, { id: otherId, outcome: 'RECOVERED' })).code).toBe(
      'SHELTER_BAD_STATE',
    );
    expect((await refused(t.app, sup, shelterOps.refuse, { id: otherId, reason: '' })).fields).toEqual(['reason']);
    expect(await must(t.app, sup, shelterOps.refuse, { id: otherId, reason: '存在恶意逃废债记录' })).toEqual({
      id: otherId,
      state: 'NOT_ADMITTED',
    });
    expect((await refused(t.app, sup, shelterOps.urge, { id: otherId, message: '请尽快办理' })).code).toBe(
      'SHELTER_BAD_STATE',
    );
    expect((await refused(t.app, other.tokens, shelterOps.withdraw, { id: otherId })).code).toBe('SHELTER_BAD_STATE');
    const d = await must(t.app, other.tokens, shelterOps.detail, { id: otherId });
    expect(d).toMatchObject({ state: 'NOT_ADMITTED', refuseReason: '存在恶意逃废债记录', actions: [] });
  });

  it('the export is the supervisor list as xlsx, audited', async () => {
    const res = await callOp(t.app, sup, shelterOps.superviseExport, { view: 'ALL' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.rawPayload.subarray(0, 2).toString()).toBe('PK');
    expect(
      (await q(`SELECT count(*)::int AS n FROM audit_log WHERE action = 'export' AND target = 'shelter:supervise'`))
        .rows[0].n,
    ).toBeGreaterThan(0);
  });

  it('a portal visitor gets aggregates only: no name, credit code or phone', async () => {
    const res = await callOp(t.app, null, shelterOps.portalFigures);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('测试方舱企业');
    expect(res.body).not.toContain(ent.creditCode);
    expect(res.body).not.toContain('13912345678');
    expect(res.json().data.byDistrict).toHaveLength(8);
  });

  it(`a portal visitor gets no district of fewer than ${SMALL_CELL_MIN} applications, nor one the total would give away`, async () => {
    // The figures a supervisor sees per district (not withheld) against what the public gets.
    const applications = new Map<string, number>();
    for (const { code } of (await q(`SELECT code FROM regions WHERE parent_code IS NOT NULL`)).rows) {
      applications.set(
        code,
        (await must(t.app, tok.gov, shelterOps.superviseFigures, { regionCode: code })).applications,
      );
    }
    // The demo has districts of 1 to 4 cases (about 3 each): the check below is not empty.
    if (![...applications.values()].some((n) => n > 0 && n < SMALL_CELL_MIN))
      throw new Error('the demo has no small district to check');
    const p = await must(t.app, null, shelterOps.portalFigures);
    let held = 0;
    for (const d of p.byDistrict) {
      const n = applications.get(d.regionCode)!;
      if (n > 0 && n < SMALL_CELL_MIN) expect(d.figures, d.regionCode).toBeNull();
      if (d.figures === null) held += n;
      else expect(d.figures.applications).toBe(n);
    }
    expect(held === 0 || held >= SMALL_CELL_MIN).toBe(true);
    expect(p.total.applications).toBe([...applications.values()].reduce((a, b) => a + b, 0));
  });
});

describe('the enterprise and its sub-accounts; two writes at once', () => {
  it("a sub-account applies for its enterprise: the case is the main account's, and one open case holds for both", async () => {
    const main = await testEnterprise(t.app, t.database.db, 'rs');
    const username = `sub${main.username}`.slice(0, 60);
    await insertUser(t.database.db, {
      username,
      name: '子账号',
      password: DEMO_PASSWORD,
      accountType: 'ENTERPRISE',
      phone: nextPhone(),
      parentUserId: main.id,
      certified: true,
      roleCodes: ['ENTERPRISE_SUB'],
    });
    const sub = await signIn(t.app, username);
    const r = await must(t.app, sub, shelterOps.apply, applyInput());
    const mine = await must(t.app, main.tokens, shelterOps.myPage, {});
    expect(mine.list.map((c: { id: number }) => c.id)).toEqual([r.id]);
    expect(mine.list[0].creditCode).toBe(main.creditCode);
    expect((await refused(t.app, main.tokens, shelterOps.apply, applyInput())).code).toBe('SHELTER_CASE_OPEN');
  });

  it('two applications at once: one case, the other SHELTER_CASE_OPEN; two admissions at once: one wins', async () => {
    const e = await testEnterprise(t.app, t.database.db, 'rc');
    const results = await Promise.all([0, 1, 2].map(() => callOp(t.app, e.tokens, shelterOps.apply, applyInput())));
    expect(results.map((x) => x.statusCode).sort()).toEqual([200, 409, 409]);
    const id = results.find((x) => x.statusCode === 200)!.json().data.id;
    const admits = await Promise.all(
      [bank.ids.head, bank.ids.branchB].map((lead) =>
        callOp(t.app, sup, shelterOps.admit, { id, leadBankOrgId: lead, planNote: '并发入舱' }),
      ),
    );
    expect(admits.map((x) => x.statusCode).sort()).toEqual([200, 409]);
    expect((await q('SELECT count(*)::int AS n FROM shelter_banks WHERE case_id = $1', [id])).rows[0].n).toBe(1);
  });
});
