import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditOps } from '@phjr/contract/audit/audit-page';
import { creditOps } from '@phjr/contract/credit/credit-ops';
import { shelterOps } from '@phjr/contract/shelter/shelter-ops';
import { insertQuery } from '../../src/modules/credit/credit.repo.ts';
import { callOp, createTestApp, type TestApp, type Tokens, signInAs } from '../helpers.ts';
import { testBank } from './products-helpers.ts';
import { column, exportAudits, sheetOf } from './list-exports-helpers.ts';

/**
 * Sorting and exports of the back-office lists (issue 30; docs/lists.md): the audit log and the query logs sort by
 * their instant both ways and refuse a field outside their set; the bank's credit-query log and shelter list get an
 * Excel twin with the list's scope, filters and sort, audited `export`.
 */

let t: TestApp;
let operator: Tokens;
let bank: Awaited<ReturnType<typeof testBank>>;
let rival: Awaited<ReturnType<typeof testBank>>;
const tag = `SE${Math.random().toString(36).slice(2, 7)}`;
const sql = async (text: string, values: unknown[] = []) => (await t.database.pool.query(text, values)).rows;
const userOf = async (orgId: number) =>
  (await sql('SELECT id FROM users WHERE org_id = $1 ORDER BY id LIMIT 1', [orgId]))[0].id as number;

/**
 * A credit query of `orgId` on a subject named with the tag, at a Beijing day and hour, written as the query service
 * writes one: the log row with its counter (the figures read the counters; credit-demo.test.ts compares them).
 */
async function creditQuery(orgId: number, name: string, at: string) {
  await insertQuery(t.database.db, {
    at: new Date(at),
    day: at.slice(0, 10),
    userId: await userOf(orgId),
    orgId,
    subjectCreditCode: '91999901MA0000001X',
    subjectName: name,
    subjectRegionCode: '999901',
    purpose: 'LOAN_APPROVAL',
    consentId: null,
    outcome: 'SHOWN',
    fieldGroups: ['REGISTRY'],
    ip: null,
  });
}

beforeAll(async () => {
  t = await createTestApp();
  operator = await signInAs(t.app, 'operator');
  bank = await testBank(t.app, t.database.db, `${tag}a`);
  rival = await testBank(t.app, t.database.db, `${tag}b`);
  await creditQuery(bank.ids.branchA, `早${tag}`, '2026-03-01T09:00:00+08:00');
  await creditQuery(bank.ids.head, `晚${tag}`, '2026-03-05T09:00:00+08:00');
  await creditQuery(bank.ids.branchB, `中${tag}`, '2026-03-03T09:00:00+08:00');
  await creditQuery(rival.ids.head, `他行${tag}`, '2026-03-04T09:00:00+08:00');
});
afterAll(() => t.close());

describe('sorting', () => {
  it('the audit log sorts by its instant both ways and refuses another field', async () => {
    const target = `sort-${tag}`;
    for (const at of ['2026-02-01T10:00:00+08:00', '2026-02-03T10:00:00+08:00', '2026-02-02T10:00:00+08:00'])
      await sql(`INSERT INTO audit_log (at, user_id, action, target) VALUES ($1, NULL, 'export', $2)`, [at, target]);
    const days = async (sortOrder: string) =>
      (
        (await callOp(t.app, operator, auditOps.page, { target, sortField: 'at', sortOrder })).json().data.list as {
          at: string;
        }[]
      ).map((e) => e.at.slice(0, 10));
    expect(await days('asc')).toEqual(['2026-02-01', '2026-02-02', '2026-02-03']);
    expect(await days('desc')).toEqual(['2026-02-03', '2026-02-02', '2026-02-01']);
    const bad = await callOp(t.app, operator, auditOps.page, { target, sortField: 'ip' });
    expect(bad.statusCode).toBe(400);
    expect((await callOp(t.app, operator, auditOps.export, { target, sortField: 'detail' })).statusCode).toBe(400);
    // The export writes the list's order.
    const sheet = await sheetOf(t.app, operator, auditOps.export.path, { target, sortField: 'at', sortOrder: 'asc' });
    expect(column(sheet, '时间').map((x) => x.slice(0, 10))).toEqual(['2026-02-01', '2026-02-02', '2026-02-03']);
  });

  it('the institution query log sorts by its instant both ways and refuses another field', async () => {
    const names = async (sortOrder: string) =>
      (
        (
          await callOp(t.app, bank.tokens.head, creditOps.institutionQueries, {
            keyword: tag,
            sortField: 'at',
            sortOrder,
          })
        ).json().data.list as { subjectName: string }[]
      ).map((l) => l.subjectName);
    expect(await names('asc')).toEqual([`早${tag}`, `中${tag}`, `晚${tag}`]);
    expect(await names('desc')).toEqual([`晚${tag}`, `中${tag}`, `早${tag}`]);
    expect(
      (await callOp(t.app, bank.tokens.head, creditOps.institutionQueries, { sortField: 'subjectName' })).statusCode,
    ).toBe(400);
  });
});

describe('exports', () => {
  it('the bank exports its own credit-query log (its units too, not another bank) in the list sort, audited', async () => {
    const sheet = await sheetOf(t.app, bank.tokens.head, creditOps.institutionExport.path, {
      keyword: tag,
      sortField: 'at',
      sortOrder: 'asc',
    });
    expect(column(sheet, '被查询企业')).toEqual([`早${tag}`, `中${tag}`, `晚${tag}`]);
    const [audit] = await exportAudits(t.database.pool, await userOf(bank.ids.head), 'credit:institutionLog');
    expect(audit.detail).toMatchObject({ list: 'creditInstitutionLog', filters: { keyword: tag, sortOrder: 'asc' } });
    // A branch exports its own queries only.
    const branch = await sheetOf(t.app, bank.tokens.branchA, creditOps.institutionExport.path, { keyword: tag });
    expect(column(branch, '被查询企业')).toEqual([`早${tag}`]);
  });

  it('the bank exports its shelter list with the list filters, audited as shelter:bank', async () => {
    const sheet = await sheetOf(t.app, bank.tokens.head, shelterOps.bankExport.path, {
      keyword: tag,
      state: 'APPLIED',
    });
    expect(sheet.header).toContain('申请编号');
    expect(sheet.rows).toEqual([]);
    const [audit] = await exportAudits(t.database.pool, await userOf(bank.ids.head), 'shelter:bank');
    expect(audit.detail).toMatchObject({ filters: { keyword: tag, state: 'APPLIED' } });
    expect((await callOp(t.app, bank.tokens.head, shelterOps.bankExport, { state: 'NOPE' })).statusCode).toBe(400);
  });
});
