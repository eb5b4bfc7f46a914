import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chainOps } from '@phjr/contract/chains/chain-ops';
import { createTestApp, type TestApp } from '../helpers.ts';
import {
  addMember,
  beijingDay,
  chainCast,
  loanInput,
  ok,
  op,
  visitInput,
  type ChainCast,
} from './chain-records-helpers.ts';
import { column, exportAudits, sheetOf } from './list-exports-helpers.ts';

/**
 * The chain lists sort on the server and export what they show (issue 30; docs/lists.md): members, visits, loans
 * and failed rows, each export with the list's scope, filters and sort, masked as the list, audited `export`.
 */

let t: TestApp;
let c: ChainCast;
const tag = `LX${Math.random().toString(36).slice(2, 6)}`;
const sql = async (text: string, values: unknown[] = []) => (await t.database.pool.query(text, values)).rows;
const userIdOf = async (username: string) =>
  (await sql('SELECT id FROM users WHERE username = $1', [username.toLowerCase()]))[0].id as number;

beforeAll(async () => {
  t = await createTestApp();
  c = await chainCast(t.app, t.database, tag);
});
afterAll(() => t.close());

describe('sorting', () => {
  it('sorts loans by amount both ways (ties by id) and refuses a field outside the list set with a 400', async () => {
    const m = await addMember(t.app, c.operator, c.x);
    for (const amount of [30, 120, 75])
      await ok(t.app, c.bank.tokens.head, chainOps.loanSave, loanInput(m.id, { amount }));
    const page = async (sortOrder: string) =>
      (await ok(t.app, c.operator, chainOps.loanPage, { enterpriseId: m.id, sortField: 'amount', sortOrder })).list.map(
        (l: { amount: number }) => l.amount,
      );
    expect(await page('desc')).toEqual([120, 75, 30]);
    expect(await page('asc')).toEqual([30, 75, 120]);
    const bad = await op(t.app, c.operator, chainOps.loanPage, { enterpriseId: m.id, sortField: 'createdBy' });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('sortField');
    expect(
      (await op(t.app, c.operator, chainOps.loanPage, { enterpriseId: m.id, sortField: 'amount', sortOrder: 'up' }))
        .statusCode,
    ).toBe(400);
  });

  it('sorts members by their kept figures, and visits by the amount named (none below any amount)', async () => {
    const [a, b, d] = [
      await addMember(t.app, c.operator, c.x),
      await addMember(t.app, c.operator, c.x),
      await addMember(t.app, c.operator, c.x),
    ];
    await ok(t.app, c.bank.tokens.head, chainOps.loanSave, loanInput(b.id, { amount: 10 }));
    await ok(t.app, c.bank.tokens.head, chainOps.loanSave, loanInput(b.id, { amount: 10 }));
    await ok(t.app, c.bank.tokens.head, chainOps.loanSave, loanInput(d.id, { amount: 500 }));
    const mine = new Set([a.id, b.id, d.id]);
    const members = async (sortField: string) =>
      (
        await ok(t.app, c.operator, chainOps.enterprisePage, {
          industrialChainId: c.x,
          sortField,
          sortOrder: 'desc',
          pageSize: 100,
        })
      ).list
        .map((x: { id: number }) => x.id)
        .filter((id: number) => mine.has(id));
    expect(await members('loanAmount')).toEqual([d.id, b.id, a.id]);
    expect(await members('loans')).toEqual([b.id, d.id, a.id]);

    await ok(t.app, c.bank.tokens.head, chainOps.visitSave, visitInput(a.id, { intendedAmount: 80 }));
    await ok(t.app, c.bank.tokens.head, chainOps.visitSave, visitInput(a.id, { intention: 'NO_NEED' }));
    await ok(t.app, c.bank.tokens.head, chainOps.visitSave, visitInput(a.id, { intendedAmount: 300 }));
    const visits = (
      await ok(t.app, c.operator, chainOps.visitPage, {
        enterpriseId: a.id,
        sortField: 'intendedAmount',
        sortOrder: 'desc',
      })
    ).list;
    expect(visits.map((v: { intendedAmount: number | null }) => v.intendedAmount)).toEqual([300, 80, null]);
  });
});

describe('exports', () => {
  it('exports the members of the filter in the list sort, the phone masked as the bank sees it, audited', async () => {
    const low = await addMember(t.app, c.operator, c.x, {
      financingNeed: 20,
      contactPhone: '13912340001',
      name: `低需求${tag}有限公司`,
    });
    const high = await addMember(t.app, c.operator, c.x, {
      financingNeed: 900,
      contactPhone: '13912340002',
      name: `高需求${tag}有限公司`,
    });
    const q = { industrialChainId: c.x, keyword: tag, sortField: 'financingNeed', sortOrder: 'asc' };
    const asBank = await sheetOf(t.app, c.bank.tokens.head, chainOps.enterpriseExport.path, q);
    expect(column(asBank, '企业名称')).toEqual([low.name, high.name]);
    expect(column(asBank, '联系电话')).toEqual(['139****0001', '139****0002']);
    const asOperator = await sheetOf(t.app, c.operator, chainOps.enterpriseExport.path, { ...q, sortOrder: 'desc' });
    expect(column(asOperator, '企业名称')).toEqual([high.name, low.name]);
    expect(column(asOperator, '联系电话')).toEqual(['13912340002', '13912340001']);
    const bankUser = (await sql('SELECT id FROM users WHERE org_id = $1 ORDER BY id LIMIT 1', [c.bank.ids.head]))[0]
      .id as number;
    const [audit] = await exportAudits(t.database.pool, bankUser, 'chain:members');
    expect(audit.detail).toMatchObject({ list: 'chainMembers', filters: { keyword: tag, sortField: 'financingNeed' } });
  });

  it('exports visits and loans of the scope with the filters and sort, audited; another chain bank sees none of them', async () => {
    const m = await addMember(t.app, c.operator, c.x);
    await ok(
      t.app,
      c.bank.tokens.head,
      chainOps.visitSave,
      visitInput(m.id, { staff: `甲${tag}`, intendedAmount: 40 }),
    );
    await ok(
      t.app,
      c.bank.tokens.head,
      chainOps.visitSave,
      visitInput(m.id, { staff: `乙${tag}`, intendedAmount: 90 }),
    );
    for (const amount of [15, 60, 35])
      await ok(t.app, c.bank.tokens.head, chainOps.loanSave, loanInput(m.id, { amount, rate: 3.5 }));

    const visits = await sheetOf(t.app, c.gov, chainOps.visitExport.path, {
      enterpriseId: m.id,
      sortField: 'intendedAmount',
      sortOrder: 'desc',
    });
    expect(column(visits, '走访人员')).toEqual([`乙${tag}`, `甲${tag}`]);
    expect(column(visits, '走访日期')).toEqual([beijingDay(), beijingDay()]);
    const loans = await sheetOf(t.app, c.gov, chainOps.loanExport.path, {
      enterpriseId: m.id,
      sortField: 'amount',
      sortOrder: 'asc',
    });
    expect(column(loans, '金额（万元）')).toEqual(['15', '35', '60']);
    const govId = await userIdOf(`tcg${tag}`);
    expect((await exportAudits(t.database.pool, govId, 'chain:visits'))[0].detail).toMatchObject({
      list: 'chainVisits',
      filters: { enterpriseId: m.id },
    });
    expect((await exportAudits(t.database.pool, govId, 'chain:loans'))[0].detail).toMatchObject({
      list: 'chainLoans',
      filters: { sortField: 'amount' },
    });

    expect((await sheetOf(t.app, c.bank2.tokens.head, chainOps.loanExport.path, { enterpriseId: m.id })).rows).toEqual(
      [],
    );
    expect((await op(t.app, c.operator, chainOps.visitExport, { sortField: 'staff' })).statusCode).toBe(400);
  });

  it('exports the failed rows of an import as the list shows them (the phone masked for a bank), audited', async () => {
    const rows = [
      {
        cells: { creditCode: 'BAD', name: `失败甲${tag}`, contactPhone: '13912345601' },
        errors: [{ column: 'creditCode', reason: '统一社会信用代码格式不正确' }],
      },
      {
        cells: { creditCode: 'BAD2', name: `失败乙${tag}`, contactPhone: '13912345602' },
        errors: [{ column: 'tier', reason: '请填写所处环节' }],
      },
    ];
    const [job] = await sql(
      `INSERT INTO import_jobs (kind, file_name, total, succeeded, failed) VALUES ('CHAIN_ENTERPRISES', 'members.xlsx', 2, 0, 2) RETURNING id`,
    );
    await sql(`INSERT INTO chain_imports (job_id, chain_id, pending) VALUES ($1, $2, 2)`, [job.id, c.x]);
    for (const [i, r] of rows.entries())
      await sql(
        `INSERT INTO chain_fail_records (job_id, chain_id, row_no, cells, errors, status) VALUES ($1, $2, $3, $4, $5, 'FAILED')`,
        [job.id, c.x, i + 2, r.cells, JSON.stringify(r.errors)],
      );
    const asBank = await sheetOf(t.app, c.bank.tokens.head, chainOps.failRecordsExport.path, {
      importRecordId: job.id,
    });
    expect(column(asBank, '企业名称')).toEqual([`失败甲${tag}`, `失败乙${tag}`]);
    expect(column(asBank, '联系电话')).toEqual(['139****5601', '139****5602']);
    expect(column(asBank, '错误原因')).toEqual(['统一社会信用代码格式不正确', '请填写所处环节']);
    const asOperator = await sheetOf(t.app, c.operator, chainOps.failRecordsExport.path, { importRecordId: job.id });
    expect(column(asOperator, '联系电话')).toEqual(['13912345601', '13912345602']);
    const bankUser = (await sql('SELECT id FROM users WHERE org_id = $1 ORDER BY id LIMIT 1', [c.bank.ids.head]))[0]
      .id as number;
    expect((await exportAudits(t.database.pool, bankUser, 'chain:failRecords'))[0].detail).toMatchObject({
      list: 'chainFailRecords',
      filters: { importRecordId: job.id },
    });
  });
});
