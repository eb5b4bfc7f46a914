import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { farmerOps } from '@phjr/contract/farmers/farmer-ops';
import {
  FARMER_CITY_REVIEW_REASON,
  FARMER_DRY_RUNS_PER_HOUR,
  FARMER_ID_SEARCHES_PER_HOUR,
  maskIdNumber,
} from '@phjr/contract/farmers/farmer-rules';
import { SMALL_CELL_MIN } from '@phjr/contract/stats/small-cells';
import { DEMO_PASSWORD } from '../../src/seed/demo-accounts.ts';
import { insertOrg, insertUser } from '../../src/seed/factories.ts';
import { createTestApp, type TestApp, type Tokens, signIn, signInAs } from '../helpers.ts';
import { testDistrictSupervisor } from './demands-helpers.ts';
import { callOp, household, importRows, must, nextIdNumber, row, upload, xlsx } from './farmers-helpers.ts';

/**
 * What farmer data must not give away (issue 29 findings 2, 3 and 7; docs/farmers.md, docs/statistics.md "Small
 * cells"): the exact ID search is no oracle for a caller without farmer:sensitive and is audited and limited for one
 * with it; a dry run answers a number registered in another district as it answers a new one, and is audited and
 * limited; the public figures carry no cell of fewer than SMALL_CELL_MIN records.
 */
let t: TestApp;
let operator: Tokens;
let gov: Tokens;
let jrj: Tokens;
const tag = `FD${Math.random().toString(36).slice(2, 6)}`;
const sql = async (text: string, values: unknown[] = []) => (await t.database.pool.query(text, values)).rows;
/** The audit log's last id before this file ran: in CI the API files share one database, and the demo accounts' rows
 * that earlier files wrote are not this file's. */
let auditFloor = 0;
const audits = async (action: string, username: string) =>
  sql(
    `SELECT a.target, a.detail FROM audit_log a JOIN users u ON u.id = a.user_id WHERE a.action = $1 AND u.username = $2 AND a.id > $3 ORDER BY a.id`,
    [action, username, auditFloor],
  );

/** A unit-level JRJ supervisor (farmer:sensitive) of its own, so that its hourly counts are this test's alone. */
async function sensitiveReader(name: string, regionCode: string): Promise<{ tokens: Tokens; username: string }> {
  const orgId = await insertOrg(t.database.db, {
    name: `测试金融办${name}${tag}`,
    orgType: 'JINRONGJU',
    classifiedType: 'JINRONGJU',
    regionCode,
  });
  const username = `${name}${tag}`.toLowerCase();
  await insertUser(t.database.db, {
    username,
    name: '金融办',
    password: DEMO_PASSWORD,
    accountType: 'GOVERNMENT',
    orgId,
    roleCodes: ['JRJ_SUPERVISOR'],
  });
  return { tokens: await signIn(t.app, username), username };
}

let here: { id: number; idNumber: string };

beforeAll(async () => {
  t = await createTestApp();
  auditFloor = Number((await sql(`SELECT coalesce(max(id), 0) AS id FROM audit_log`))[0].id);
  [operator, gov, jrj] = await Promise.all([
    signInAs(t.app, 'operator'),
    signInAs(t.app, 'gov'),
    signInAs(t.app, 'jrj'),
  ]);
  const idNumber = nextIdNumber('999903');
  await importRows(t.app, operator, [household({ idNumber, name: `查找${tag}`, villageCode: '999903001001' })]);
  here = { id: Number((await sql(`SELECT id FROM farmers WHERE id_number = $1`, [idNumber]))[0].id), idNumber };
});
afterAll(() => t.close());

describe('the exact ID search (finding 2)', () => {
  const reason = '贷款审批核实借款人身份';

  it('is refused without farmer:sensitive, on the list and on the export, and nothing is searched or audited', async () => {
    for (const who of [gov, (await testDistrictSupervisor(t.app, t.database.db, tag, '999903')).tokens]) {
      for (const op of [farmerOps.page, farmerOps.exportFile]) {
        const res = await callOp(t.app, who, op, { idNumber: here.idNumber, reason });
        expect(res.statusCode, op.path).toBe(403);
        expect(res.body).not.toContain(here.idNumber.slice(-4));
        expect(res.body).not.toContain(`查找${tag}`);
      }
    }
    expect(await audits('farmer.idSearch', 'gov')).toEqual([]);
    // The export refused wrote no export row either.
    expect(await audits('export', 'gov')).toEqual([]);
    // Without the number, gov still lists and exports (masked).
    expect(
      (await must(t.app, gov, farmerOps.page, { keyword: `查找${tag}` })).list.map((r: { id: number }) => r.id),
    ).toEqual([here.id]);
  });

  it('needs a reason, and writes who, why, the number masked and what was found', async () => {
    const bare = await callOp(t.app, jrj, farmerOps.page, { idNumber: here.idNumber });
    expect(bare.statusCode).toBe(400);
    expect(bare.json().data.fields[0].field).toBe('reason');
    const bareExport = await callOp(t.app, jrj, farmerOps.exportFile, { idNumber: here.idNumber });
    expect(bareExport.statusCode).toBe(400);
    expect(await audits('farmer.idSearch', 'jrj')).toEqual([]);

    const found = await callOp(t.app, jrj, farmerOps.page, { idNumber: here.idNumber, reason });
    expect(found.statusCode).toBe(200);
    expect(found.json().data.list.map((r: { id: number; idNumber: string }) => [r.id, r.idNumber])).toEqual([
      [here.id, maskIdNumber(here.idNumber)],
    ]);
    expect(found.body).not.toContain(here.idNumber);
    const file = await callOp(t.app, jrj, farmerOps.exportFile, { idNumber: here.idNumber, reason });
    expect(file.statusCode).toBe(200);
    const rows = await audits('farmer.idSearch', 'jrj');
    expect(rows).toEqual([
      { target: 'farmers', detail: { via: 'page', reason, idNumber: maskIdNumber(here.idNumber), found: [here.id] } },
      { target: 'farmers', detail: { via: 'export', reason, idNumber: maskIdNumber(here.idNumber), found: [here.id] } },
    ]);
    // No audit row holds the number in clear (the export's own row included).
    expect(
      (await sql(`SELECT count(*)::int AS n FROM audit_log WHERE detail::text LIKE $1`, [`%${here.idNumber}%`]))[0].n,
    ).toBe(0);
  });

  it(`stops a user after ${FARMER_ID_SEARCHES_PER_HOUR} searches in an hour (list and export together) with 429, audited each`, async () => {
    const reader = await sensitiveReader('fs', '999903');
    const other = await sensitiveReader('fo', '999903');
    for (let i = 0; i < FARMER_ID_SEARCHES_PER_HOUR; i += 1) {
      const op = i % 5 === 4 ? farmerOps.exportFile : farmerOps.page;
      const res = await callOp(t.app, reader.tokens, op, { idNumber: nextIdNumber('999903'), reason });
      expect(res.statusCode, `search ${i + 1}`).toBe(200);
    }
    for (const op of [farmerOps.page, farmerOps.exportFile]) {
      const over = await callOp(t.app, reader.tokens, op, { idNumber: here.idNumber, reason });
      expect(over.statusCode).toBe(429);
      expect(over.json().errorCode).toBe('RATE_LIMITED');
      expect(over.body).not.toContain(`查找${tag}`);
    }
    expect(await audits('farmer.idSearch', reader.username)).toHaveLength(FARMER_ID_SEARCHES_PER_HOUR);
    // The list without the number is not limited, and the limit is the user's own.
    expect((await callOp(t.app, reader.tokens, farmerOps.page, { keyword: `查找${tag}` })).statusCode).toBe(200);
    expect((await callOp(t.app, other.tokens, farmerOps.page, { idNumber: here.idNumber, reason })).statusCode).toBe(
      200,
    );
  });
});

describe('the dry run (finding 3)', () => {
  const VILLAGE = '999903002001';
  let elsewhere: string;
  let district: { tokens: Tokens; username: string };
  beforeAll(async () => {
    elsewhere = nextIdNumber('999901');
    await importRows(t.app, operator, [
      household({ idNumber: elsewhere, name: `城关户${tag}`, villageCode: '999901001003' }),
    ]);
    const d = await testDistrictSupervisor(t.app, t.database.db, `${tag}dr`, '999903');
    district = { tokens: d.tokens, username: `ts${tag}dr999903`.toLowerCase() };
  });

  it('answers a number registered in another district exactly as a new one, and audits each dry run', async () => {
    const answer = async (idNumber: string) => {
      const res = await upload(
        t.app,
        district.tokens,
        await xlsx([row(household({ idNumber, name: `试${tag}`, villageCode: VILLAGE }))]),
        true,
      );
      expect(res.statusCode).toBe(200);
      return res.json();
    };
    const taken = await answer(elsewhere);
    const fresh = await answer(nextIdNumber('999903'));
    expect(taken).toEqual(fresh);
    expect(taken.data).toMatchObject({
      dryRun: true,
      total: 1,
      valid: 1,
      invalid: 0,
      duplicates: 0,
      updated: 0,
      errors: [],
    });
    const rows = await audits('farmer.importDryRun', district.username);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toEqual({
      target: 'farmers',
      detail: { fileName: 'farmers.xlsx', total: 1, valid: 1, updated: 0, invalid: 0, duplicates: 0 },
    });
  });

  it('the real import refuses such a row with a reason that names no district, leaves the record alone, and the city level sees it', async () => {
    const before = (
      await sql(`SELECT name, district_code, village_code FROM farmers WHERE id_number = $1`, [elsewhere])
    )[0];
    const d = await importRows(t.app, district.tokens, [
      household({ idNumber: elsewhere, name: `改${tag}`, villageCode: VILLAGE }),
    ]);
    expect(d).toMatchObject({ valid: 0, invalid: 1 });
    expect(d.errors).toEqual([{ rowNo: 2, column: 'idNumber', reason: FARMER_CITY_REVIEW_REASON }]);
    expect(JSON.stringify(d)).not.toContain('其他区县');
    expect(
      (await sql(`SELECT name, district_code, village_code FROM farmers WHERE id_number = $1`, [elsewhere]))[0],
    ).toEqual(before);
    const city = await must(t.app, gov, farmerOps.failRecords, { importRecordId: d.importRecordId });
    expect(city.list.map((r: { errors: { reason: string }[] }) => r.errors[0].reason)).toEqual([
      FARMER_CITY_REVIEW_REASON,
    ]);
  });

  it('re-registering such a row is refused the same way and audited', async () => {
    const d = await importRows(t.app, district.tokens, [
      household({ idNumber: '123', name: `重登${tag}`, villageCode: VILLAGE }),
    ]);
    const [rec] = (await must(t.app, district.tokens, farmerOps.failRecords, { importRecordId: d.importRecordId }))
      .list;
    const fields = {
      kind: 'HOUSEHOLD',
      name: `重登${tag}`,
      idNumber: elsewhere,
      phone: null,
      villageCode: VILLAGE,
      grid: null,
      landArea: 12,
      landTenure: 'OWN',
      mainProducts: null,
      annualIncome: 12,
      assets: 40,
      liabilities: 8,
      overdueCount: 0,
      yearsFarming: 12,
      creditGranted: 0,
      creditDrawn: 0,
      financingNeed: 0,
      needPurpose: null,
    };
    const res = await callOp(t.app, district.tokens, farmerOps.registerAgain, { ...fields, failRecordId: rec.id });
    expect(res.statusCode).toBe(400);
    expect(res.json().data.fields).toEqual([{ field: 'idNumber', message: FARMER_CITY_REVIEW_REASON }]);
    expect(await audits('farmer.cityReview', district.username)).toEqual([
      { target: `farmerFailRecord:${rec.id}`, detail: { idNumber: maskIdNumber(elsewhere) } },
    ]);
  });

  it(`stops a user after ${FARMER_DRY_RUNS_PER_HOUR} dry runs in an hour with 429; the real import is not counted`, async () => {
    const d = await testDistrictSupervisor(t.app, t.database.db, `${tag}lm`, '999903');
    const username = `ts${tag}lm999903`.toLowerCase();
    const file = await xlsx([row(household({ villageCode: VILLAGE }))]);
    for (let i = 0; i < FARMER_DRY_RUNS_PER_HOUR; i += 1)
      expect((await upload(t.app, d.tokens, file, true)).statusCode, `dry run ${i + 1}`).toBe(200);
    const over = await upload(t.app, d.tokens, file, true);
    expect(over.statusCode).toBe(429);
    expect(over.json().errorCode).toBe('RATE_LIMITED');
    expect(await audits('farmer.importDryRun', username)).toHaveLength(FARMER_DRY_RUNS_PER_HOUR);
    expect((await upload(t.app, d.tokens, file, false)).statusCode).toBe(200);
  });
});

describe('public figures (finding 7)', () => {
  it(`withhold a village of fewer than ${SMALL_CELL_MIN} records, and one more so that the district total does not give it away`, async () => {
    // A village of its own with 2 records, one with a credit line.
    const village = '999903003099';
    await sql(
      `INSERT INTO farmer_villages (code, district_code, township_code, township_name, name) VALUES ($1, '999903', '999903003', '测试镇', $2)`,
      [village, `小村${tag}`],
    );
    await importRows(t.app, operator, [
      household({ villageCode: village, creditGranted: '37.5', creditDrawn: '12.25' }),
      household({ villageCode: village, creditGranted: '0', creditDrawn: '0' }),
    ]);
    const res = await callOp(t.app, null, farmerOps.portalFigures, { districtCode: '999903' });
    expect(res.statusCode).toBe(200);
    const p = res.json().data;
    const small = p.villages.find((v: { code: string }) => v.code === village);
    expect(small).toEqual({ code: village, name: `小村${tag}`, townshipName: '测试镇', figures: null });
    expect(res.body).not.toContain('37.5');
    // Every published cell holds at least SMALL_CELL_MIN records; the withheld ones hold at least that many together.
    const counts = await sql(
      `SELECT village_code AS code, collected FROM farmer_village_figures WHERE district_code = '999903'`,
    );
    const collected = new Map(counts.map((r) => [r.code, Number(r.collected)]));
    const held = p.villages.filter((v: { figures: unknown }) => v.figures === null);
    expect(held.length).toBeGreaterThan(1);
    expect(held.reduce((s: number, v: { code: string }) => s + collected.get(v.code)!, 0)).toBeGreaterThanOrEqual(
      SMALL_CELL_MIN,
    );
    for (const v of p.villages) if (v.figures) expect(v.figures.collected).toBeGreaterThanOrEqual(SMALL_CELL_MIN);
    // The district itself (hundreds of records) and the city are published; a supervisor's funnel still has the village.
    expect(p.districts.find((d: { code: string }) => d.code === '999903').figures.collected).toBe(
      [...collected.values()].reduce((s, n) => s + n, 0),
    );
    expect(p.total).not.toBeNull();
    const funnel = await must(t.app, gov, farmerOps.funnel, { level: 'VILLAGE', districtCode: '999903' });
    expect(funnel.rows.find((r: { code: string }) => r.code === village).figures).toMatchObject({
      collected: 2,
      grantedAmount: 37.5,
    });
  });
});
