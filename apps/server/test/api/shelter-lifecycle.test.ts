import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shelterOps } from '@phjr/contract/shelter/shelter-ops';
import { createTestApp, type TestApp, type Tokens, signInAs } from '../helpers.ts';
import { figureRows, recomputeFigures } from '../../src/modules/shelter/shelter-figures.repo.ts';
import {
  applyInput,
  must,
  refused,
  shanghaiToday,
  testBank,
  testDistrictSupervisor,
  testEnterprise,
} from './shelter-helpers.ts';

/**
 * The whole path of a shelter case (docs/shelter.md): an enterprise applies, a district supervisor reviews and admits
 * it with a lead and a helping bank, the banks record help, the supervisor urges and closes it as recovered; every
 * step writes its history, audit, messages and figures in one transaction, and the district's figures move with it.
 */
let t: TestApp;
let ent: Awaited<ReturnType<typeof testEnterprise>>;
let sup: Tokens;
let gov: Tokens;
let bank1: Awaited<ReturnType<typeof testBank>>;
let bank2: Awaited<ReturnType<typeof testBank>>;
const q = (sql: string, params: unknown[] = []) => t.database.pool.query(sql, params);

/** The district's figures as a city-level supervisor reads them (the public ones withhold a district of few cases). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const district = async (): Promise<any> => must(t.app, gov, shelterOps.superviseFigures, { regionCode: '999901' });

beforeAll(async () => {
  t = await createTestApp();
  ent = await testEnterprise(t.app, t.database.db, 'lc');
  sup = (await testDistrictSupervisor(t.app, t.database.db, 'shlc', '999901')).tokens;
  gov = await signInAs(t.app, 'gov');
  bank1 = await testBank(t.app, t.database.db, 'shlc1');
  bank2 = await testBank(t.app, t.database.db, 'shlc2');
});
afterAll(() => t.close());

describe('apply → review → admit → help → exit', () => {
  let id: number;
  const before = {} as Record<string, number | null>;

  it('the enterprise applies: APPLIED, with its timeline, message, SMS and the applications figure', async () => {
    Object.assign(before, await district());
    const r = await must(
      t.app,
      ent.tokens,
      shelterOps.apply,
      applyInput({
        loans: [
          { bankOrgId: bank1.ids.head, amount: 300, dueDate: '2026-12-31' },
          { bankName: '外地测试银行', amount: 50.5, dueDate: '2027-03-31' },
        ],
      }),
    );
    expect(r.state).toBe('APPLIED');
    expect(r.code).toMatch(/^FC\d{8}\d{6,}$/);
    id = r.id;
    const d = await must(t.app, ent.tokens, shelterOps.detail, { id });
    expect(d).toMatchObject({
      state: 'APPLIED',
      regionCode: '999901',
      creditCode: ent.creditCode,
      loanTotal: 350.5,
      actions: ['withdraw'],
      publicOnRecovery: true,
    });
    expect(d.loans).toEqual([
      { bankOrgId: bank1.ids.head, bankName: '测试银行shlc1', amount: 300, dueDate: '2026-12-31' },
      { bankOrgId: null, bankName: '外地测试银行', amount: 50.5, dueDate: '2027-03-31' },
    ]);
    expect(d.history.map((h: { action: string }) => h.action)).toEqual(['apply']);
    expect(
      (
        await q(`SELECT count(*)::int AS n FROM messages WHERE user_id = $1 AND content LIKE $2`, [
          ent.id,
          `%${r.code}%`,
        ])
      ).rows[0].n,
    ).toBe(1);
    expect(
      (
        await q(
          `SELECT count(*)::int AS n FROM sms_outbox WHERE phone = '13912345678' AND template_code = 'SHELTER_STATUS' AND content LIKE $1`,
          [`%${r.code}%`],
        )
      ).rows[0].n,
    ).toBe(1);
    expect(
      (
        await q(`SELECT count(*)::int AS n FROM audit_log WHERE target = $1 AND action = 'shelter.apply'`, [
          `shelter:${id}`,
        ])
      ).rows[0].n,
    ).toBe(1);
    const after = await district();
    expect(after.applications).toBe((before.applications as number) + 1);
  });

  it('a second application while one is open is refused (SHELTER_CASE_OPEN)', async () => {
    const r = await refused(t.app, ent.tokens, shelterOps.apply, applyInput());
    expect(r).toMatchObject({ status: 409, code: 'SHELTER_CASE_OPEN' });
  });

  it('the district supervisor sees it in UN with its actions, starts the review', async () => {
    const page = await must(t.app, sup, shelterOps.supervisePage, { view: 'UN', keyword: '测试方舱企业lc' });
    const row = page.list.find((c: { id: number }) => c.id === id);
    expect(row.actions).toEqual(['startReview', 'admit', 'refuse']);
    expect(await must(t.app, sup, shelterOps.startReview, { id })).toEqual({ id, state: 'UNDER_REVIEW' });
    expect((await refused(t.app, sup, shelterOps.startReview, { id })).code).toBe('SHELTER_BAD_STATE');
  });

  it('admits with a lead bank and a helping bank: IN_SHELTER, banks told, admitted figure', async () => {
    const r = await must(t.app, sup, shelterOps.admit, {
      id,
      leadBankOrgId: bank1.ids.branchA,
      helperBankOrgIds: [bank2.ids.head],
      planNote: '主办行办理展期并下调利率，协办行新增授信',
    });
    expect(r.state).toBe('IN_SHELTER');
    const d = await must(t.app, sup, shelterOps.detail, { id });
    expect(d.banks).toEqual([
      { orgId: bank1.ids.branchA, name: '测试银行shlc1城关支行', role: 'LEAD' },
      { orgId: bank2.ids.head, name: '测试银行shlc2', role: 'HELPER' },
    ]);
    expect(d.leadBankName).toBe('测试银行shlc1城关支行');
    expect(d.actions).toEqual(['urge', 'exit']);
    expect(
      (
        await q(
          `SELECT count(*)::int AS n FROM sms_outbox WHERE phone = '13912345678' AND template_code = 'SHELTER_ADMITTED'`,
        )
      ).rows[0].n,
    ).toBeGreaterThan(0);
    const f = await district();
    expect(f.admitted).toBe((before.admitted as number) + 1);
    expect(f.inShelter).toBe((before.inShelter as number) + 1);
  });

  it("the supervisor's list finds it by every filter at once, and not when one of them differs", async () => {
    const today = shanghaiToday();
    const every = {
      view: 'IN',
      regionCode: '999901',
      industry: 'MANUFACTURING',
      bankOrgId: String(bank2.ids.head),
      state: 'IN_SHELTER',
      from: today,
      to: today,
      keyword: '测试方舱企业lc',
    } as const;
    const page = await must(t.app, sup, shelterOps.supervisePage, every);
    expect(page.list.map((c: { id: number }) => c.id)).toEqual([id]);
    expect(page.total).toBe(1);
    // By its case number too (the keyword as a code), and by the same filters on the export's count.
    const code = (await must(t.app, sup, shelterOps.detail, { id })).code;
    expect((await must(t.app, sup, shelterOps.supervisePage, { ...every, keyword: code })).total).toBe(1);
    for (const other of [
      { industry: 'TECH' },
      { bankOrgId: String(bank1.ids.head + 100000) },
      { from: '2000-01-01', to: '2000-01-02' },
      { state: 'APPLIED' },
      { regionCode: '999902' },
    ]) {
      const r = await must(t.app, sup, shelterOps.supervisePage, { ...every, ...other });
      expect([r.list.length, r.total], JSON.stringify(other)).toEqual([0, 0]);
    }
  });

  it('the enterprise can no longer withdraw once admitted', async () => {
    expect(await refused(t.app, ent.tokens, shelterOps.withdraw, { id })).toMatchObject({
      status: 409,
      code: 'SHELTER_BAD_STATE',
    });
  });

  it('the banks on the case (and a sub-branch under the lead) record help; the plan shows asked against given', async () => {
    const today = shanghaiToday();
    // The sub-branch under the lead branch works for it; the helping bank's branch works for its head office.
    const ext = await must(t.app, bank1.tokens.sub, shelterOps.recordHelp, {
      caseId: id,
      type: 'EXTENSION',
      amount: 300,
      newDueDate: '2027-12-31',
      givenOn: today,
    });
    expect(ext).toMatchObject({ orgId: bank1.ids.branchA, type: 'EXTENSION', amount: 300 });
    await must(t.app, bank1.tokens.branchA, shelterOps.recordHelp, {
      caseId: id,
      type: 'RATE_RELIEF',
      rateChangeBp: -50,
      givenOn: today,
    });
    await must(t.app, bank2.tokens.branchB, shelterOps.recordHelp, {
      caseId: id,
      type: 'NEW_CREDIT',
      amount: 120.5,
      givenOn: today,
      note: '流动资金贷款',
    });
    const d = await must(t.app, ent.tokens, shelterOps.detail, { id });
    expect(d.measureCount).toBe(3);
    expect(d.plan).toEqual([
      { type: 'EXTENSION', asked: true, askedAmount: 300, givenCount: 1, givenAmount: 300, avgRateChangeBp: null },
      { type: 'RATE_RELIEF', asked: true, askedAmount: null, givenCount: 1, givenAmount: null, avgRateChangeBp: -50 },
      { type: 'NEW_CREDIT', asked: true, askedAmount: 200, givenCount: 1, givenAmount: 120.5, avgRateChangeBp: null },
    ]);
    const f = await district();
    expect(f.extendedAmount).toBeCloseTo((before.extendedAmount as number) + 300, 2);
    expect(f.newCreditAmount).toBeCloseTo((before.newCreditAmount as number) + 120.5, 2);
    expect(f.rateCuts).toBe((before.rateCuts as number) + 1);
    expect(f.measures).toBe((before.measures as number) + 3);
    expect(f.avgDaysToFirstHelp).not.toBeNull();
  });

  it('the bank workbench and the bank list show the assigned case; the lead bank head office above the branch does not', async () => {
    const s = await must(t.app, bank1.tokens.sub, shelterOps.bankSummary);
    expect(s.inShelter).toBe(1);
    expect(s.latest[0]).toMatchObject({ id, actions: ['recordHelp'] });
    const other = await must(t.app, bank1.tokens.branchB, shelterOps.bankPage, {});
    expect(other.list).toEqual([]);
    expect(await refused(t.app, bank1.tokens.branchB, shelterOps.detail, { id })).toMatchObject({
      status: 404,
      code: 'SHELTER_NOT_FOUND',
    });
    expect(
      await refused(t.app, bank1.tokens.head, shelterOps.recordHelp, {
        caseId: id,
        type: 'NEW_CREDIT',
        amount: 10,
        givenOn: shanghaiToday(),
      }),
    ).toMatchObject({
      status: 403,
      code: 'SHELTER_NOT_ASSIGNED',
    });
  });

  it('the supervisor urges the banks: a history row and messages to their users', async () => {
    const before = (
      await q(
        `SELECT count(*)::int AS n FROM messages m JOIN users u ON u.id = m.user_id WHERE u.org_id = $1 AND m.title = '金融方舱督办'`,
        [bank1.ids.branchA],
      )
    ).rows[0].n;
    await must(t.app, sup, shelterOps.urge, { id, message: '请尽快落实新增授信' });
    const after = (
      await q(
        `SELECT count(*)::int AS n FROM messages m JOIN users u ON u.id = m.user_id WHERE u.org_id = $1 AND m.title = '金融方舱督办'`,
        [bank1.ids.branchA],
      )
    ).rows[0].n;
    expect(after).toBe(before + 1);
    const d = await must(t.app, sup, shelterOps.detail, { id });
    expect(d.urgeCount).toBe(1);
    expect(d.history.map((h: { action: string }) => h.action)).toEqual([
      'apply',
      'startReview',
      'admit',
      'help',
      'help',
      'help',
      'urge',
    ]);
  });

  it('the timeline carries what the server composed as data, and what people wrote as they wrote it (issue 30, item 7)', async () => {
    const d = await must(t.app, sup, shelterOps.detail, { id });
    const rows = d.history.map((h: { action: string; reason: string | null; detail: unknown }) => [
      h.action,
      h.reason,
      h.detail,
    ]);
    const today = shanghaiToday();
    expect(rows).toEqual([
      ['apply', null, null],
      ['startReview', null, null],
      [
        'admit',
        '主办行办理展期并下调利率，协办行新增授信',
        { kind: 'admit', leadBank: '测试银行shlc1城关支行', helperBanks: ['测试银行shlc2'] },
      ],
      [
        'help',
        null,
        {
          kind: 'help',
          type: 'EXTENSION',
          amount: 300,
          rateChangeBp: null,
          newDueDate: '2027-12-31',
          penaltyWaived: null,
          givenOn: today,
        },
      ],
      [
        'help',
        null,
        {
          kind: 'help',
          type: 'RATE_RELIEF',
          amount: null,
          rateChangeBp: -50,
          newDueDate: null,
          penaltyWaived: null,
          givenOn: today,
        },
      ],
      [
        'help',
        '流动资金贷款',
        {
          kind: 'help',
          type: 'NEW_CREDIT',
          amount: 120.5,
          rateChangeBp: null,
          newDueDate: null,
          penaltyWaived: null,
          givenOn: today,
        },
      ],
      ['urge', '请尽快落实新增授信', null],
    ]);
  });

  it('closes it as recovered: EXITED, figures move, no more help', async () => {
    expect(await refused(t.app, sup, shelterOps.exit, { id, outcome: 'OTHER' })).toMatchObject({
      status: 400,
      fields: ['note'],
    });
    expect(await must(t.app, sup, shelterOps.exit, { id, outcome: 'RECOVERED', note: '订单恢复，经营好转' })).toEqual({
      id,
      state: 'EXITED',
    });
    const f = await district();
    expect(f.exitedRecovered).toBe((before.exitedRecovered as number) + 1);
    expect(f.inShelter).toBe(before.inShelter);
    expect(
      await refused(t.app, bank1.tokens.branchA, shelterOps.recordHelp, {
        caseId: id,
        type: 'NEW_CREDIT',
        amount: 10,
        givenOn: shanghaiToday(),
      }),
    ).toMatchObject({ code: 'SHELTER_BAD_STATE' });
    // With the case closed the enterprise may apply again.
    const again = await must(t.app, ent.tokens, shelterOps.apply, applyInput());
    expect(again.state).toBe('APPLIED');
    expect(await must(t.app, ent.tokens, shelterOps.withdraw, { id: again.id, reason: '已自行解决' })).toEqual({
      id: again.id,
      state: 'WITHDRAWN',
    });
  });

  it('the figures the writes kept equal the figures rebuilt from the cases and measures', async () => {
    const kept = await figureRows(t.database.db);
    let rebuilt: unknown = null;
    await t.database.db
      .transaction(async (tx) => {
        await recomputeFigures(tx);
        rebuilt = await figureRows(tx);
        tx.rollback();
      })
      .catch(() => undefined);
    expect(rebuilt).toEqual(kept);
  });
});
