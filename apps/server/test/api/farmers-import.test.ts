import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withCheckChar } from '@phjr/contract/orgs/credit-code';
import { farmerOps } from '@phjr/contract/farmers/farmer-ops';
import { FARMER_CITY_REVIEW_REASON } from '@phjr/contract/farmers/farmer-rules';
import { createTestApp, type TestApp, type Tokens, signInAs } from '../helpers.ts';
import { testDistrictSupervisor } from './demands-helpers.ts';
import {
  HEADERS,
  callOp,
  household,
  importRows,
  must,
  nextIdNumber,
  row,
  upload,
  xlsx,
  xlsxText,
} from './farmers-helpers.ts';

/**
 * The farmer import (docs/farmers.md "Import"): the dry run writes nothing and answers errors by row and column; the
 * real import keeps accepted rows and failed rows; a failed row is fixed and registered again; an ID number already
 * there updates its record; a forbidden column refuses the file whole; the village funnel moves with each write.
 */
let t: TestApp;
let gov: Tokens;
let district: Tokens;
const tag = `FI${Math.random().toString(36).slice(2, 6)}`;
const sql = async (text: string, values: unknown[] = []) => (await t.database.pool.query(text, values)).rows;
const VILLAGE = '999903002003';

/** What the tables hold, to show that a refused call changed nothing. */
const state = async () =>
  (
    await sql(`SELECT (SELECT count(*) FROM farmers)::int AS farmers, (SELECT count(*) FROM import_jobs WHERE kind = 'FARMERS')::int AS jobs,
      (SELECT count(*) FROM farmer_fail_records)::int AS failed, (SELECT coalesce(sum(collected), 0) FROM farmer_village_figures)::int AS collected,
      (SELECT coalesce(sum(granted_amount), 0) FROM farmer_village_figures)::float8 AS granted`)
  )[0];
const villageFigures = async (tokens: Tokens) => {
  const f = await must(t.app, tokens, farmerOps.funnel, { level: 'VILLAGE', districtCode: '999903' });
  return (
    f.rows.find((r: { code: string }) => r.code === VILLAGE)?.figures ?? {
      collected: 0,
      rated: 0,
      granted: 0,
      grantedAmount: 0,
      drawn: 0,
    }
  );
};

beforeAll(async () => {
  t = await createTestApp();
  gov = await signInAs(t.app, 'gov');
  district = (await testDistrictSupervisor(t.app, t.database.db, tag, '999903')).tokens;
});
afterAll(() => t.close());

describe('the import', () => {
  let rows: Record<string, string>[];
  let badId: string;
  beforeAll(() => {
    const twice = nextIdNumber();
    badId = `${nextIdNumber().slice(0, 17)}Y`;
    rows = [
      /* 2 */ household({ name: `好${tag}`, villageCode: VILLAGE, creditGranted: '20', creditDrawn: '10' }),
      /* 3 */ household({ name: `坏校验${tag}`, idNumber: badId, villageCode: VILLAGE }),
      /* 4 */ household({ name: `超额${tag}`, villageCode: VILLAGE, creditGranted: '5', creditDrawn: '8' }),
      /* 5 */ household({ name: `无此村${tag}`, villageCode: '999903009009' }),
      /* 6 */ household({ name: `外区${tag}`, villageCode: '999901001001' }),
      /* 7 */ household({ name: `重复一${tag}`, idNumber: twice, villageCode: VILLAGE }),
      /* 8 */ household({ name: `重复二${tag}`, idNumber: twice, villageCode: VILLAGE }),
      /* 9 */ {
        kind: '合作社',
        name: '',
        idNumber: withCheckChar('93999903NF8000001'),
        villageCode: VILLAGE,
        landArea: '很多',
        phone: '12345',
      },
      /* 10 */ household({
        name: `未评级${tag}`,
        villageCode: VILLAGE,
        annualIncome: '',
        creditGranted: '0',
        creditDrawn: '0',
        financingNeed: '15',
        needPurpose: '购买农机',
      }),
    ];
  });

  it('a dry run answers accepted and failed rows with errors by row and column, and writes nothing', async () => {
    const before = await state();
    const res = await upload(t.app, district, await xlsx(rows.map(row)), true);
    expect(res.statusCode).toBe(200);
    const d = res.json().data;
    expect(d).toMatchObject({
      dryRun: true,
      importRecordId: null,
      total: 9,
      valid: 3,
      invalid: 6,
      duplicates: 1,
      updated: 0,
    });
    const at = (rowNo: number) =>
      d.errors.filter((e: { rowNo: number }) => e.rowNo === rowNo).map((e: { column: string | null }) => e.column);
    expect(at(3)).toEqual(['idNumber']);
    expect(at(4)).toEqual(['creditDrawn']);
    expect(at(5)).toEqual(['villageCode']);
    expect(at(6)).toEqual(['villageCode']);
    expect(at(8)).toEqual(['idNumber']);
    // An unknown kind leaves the identity rule unchecked (it depends on the kind).
    expect(at(9).sort()).toEqual(['kind', 'landArea', 'name', 'phone']);
    // The refused row's ID number is quoted masked, if at all.
    expect(res.body).not.toContain(badId);
    expect(await state()).toEqual(before);
  });

  it('the real import keeps accepted rows and failed rows; the funnel moves; a failed row is fixed and registered again', async () => {
    const before = await villageFigures(district);
    const d = (await upload(t.app, district, await xlsx(rows.map(row)), false)).json().data;
    expect(d).toMatchObject({ dryRun: false, total: 9, valid: 3, invalid: 6 });
    const after = await villageFigures(district);
    expect(after.collected).toBe(before.collected + 3);
    expect(after.rated).toBe(before.rated + 2);
    // Rows 2 (granted 20, drawn 10) and 7 (granted 10, drawn 4) have credit; row 10 none and no rating.
    expect(after.granted).toBe(before.granted + 2);
    expect(after.grantedAmount).toBeCloseTo(before.grantedAmount + 30, 2);
    expect(after.drawn).toBe(before.drawn + 2);

    const failed = await must(t.app, district, farmerOps.failRecords, { importRecordId: d.importRecordId });
    expect(failed.total).toBe(6);
    const raw = (await callOp(t.app, district, farmerOps.failRecords, { importRecordId: d.importRecordId })).body;
    expect(raw).not.toContain(badId);
    expect(raw).not.toContain('13912345678');
    const file = await callOp(t.app, district, farmerOps.failRecordsFile, { importRecordId: d.importRecordId });
    const text = await xlsxText(file.rawPayload);
    expect(text).toContain(`超额${tag}`);
    expect(text).not.toContain('13912345678');
    const records = await must(t.app, district, farmerOps.importRecords);
    expect(records.list[0]).toMatchObject({
      id: d.importRecordId,
      total: 9,
      succeeded: 3,
      failed: 6,
      pending: 6,
      districtCode: '999903',
    });

    // Row 4 fixed: the ID number and phone sent back masked as shown stand for the row's own.
    const rec = failed.list.find((r: { rowNo: number }) => r.rowNo === 4);
    const fields = {
      kind: 'HOUSEHOLD',
      name: `超额${tag}`,
      idNumber: rec.values.idNumber,
      phone: rec.values.phone,
      villageCode: VILLAGE,
      grid: null,
      landArea: 12,
      landTenure: 'OWN',
      mainProducts: '水稻',
      annualIncome: 12,
      assets: 40,
      liabilities: 8,
      overdueCount: 0,
      yearsFarming: 12,
      creditGranted: 8,
      creditDrawn: 8,
      financingNeed: 0,
      needPurpose: null,
    };
    // Bad input: a field error, nothing changed.
    const s0 = await state();
    const bad = await callOp(t.app, district, farmerOps.registerAgain, {
      ...fields,
      failRecordId: rec.id,
      creditDrawn: 9,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.fields[0].field).toBe('creditDrawn');
    const wrongMask = await callOp(t.app, district, farmerOps.registerAgain, {
      ...fields,
      failRecordId: rec.id,
      idNumber: `****************${rows[2].idNumber.slice(-2) === '00' ? '11' : '00'}`,
    });
    expect(wrongMask.json().data.fields[0].field).toBe('idNumber');
    const away = await callOp(t.app, district, farmerOps.registerAgain, {
      ...fields,
      failRecordId: rec.id,
      villageCode: '999901001001',
    });
    expect(away.statusCode).toBe(400);
    expect(away.json()).toMatchObject({
      errorCode: 'FARMER_OUT_OF_SCOPE',
      data: { fields: [{ field: 'villageCode' }] },
    });
    expect(await state()).toEqual(s0);

    const ok = await must(t.app, district, farmerOps.registerAgain, { ...fields, failRecordId: rec.id });
    expect(ok).toMatchObject({ status: 'REGISTERED', farmerId: expect.any(Number) });
    const stored = (await sql(`SELECT id_number, phone, source, rating FROM farmers WHERE id = $1`, [ok.farmerId]))[0];
    expect(stored).toMatchObject({ id_number: rows[2].idNumber, phone: '13912345678', source: 'REREGISTERED' });
    const moved = await villageFigures(district);
    expect(moved.collected).toBe(after.collected + 1);
    expect(moved.grantedAmount).toBeCloseTo(after.grantedAmount + 8, 2);
    expect((await must(t.app, district, farmerOps.importRecords)).list[0].pending).toBe(5);
    const again = await callOp(t.app, district, farmerOps.registerAgain, { ...fields, failRecordId: rec.id });
    expect(again.json().errorCode).toBe('FARMER_FAIL_RECORD_DONE');
  });

  it("updates the record of an ID number already there (upsert); another district's record is refused, naming no district", async () => {
    const id = nextIdNumber();
    // Characters that array literals escape travel intact (the rows go to PostgreSQL as one array per column).
    const odd = `更新前${tag}"引号",逗号{括号}\\反斜杠'单引号 NULL`;
    await importRows(t.app, gov, [
      household({ idNumber: id, name: odd, villageCode: VILLAGE, creditGranted: '0', creditDrawn: '0', grid: 'NULL' }),
    ]);
    expect((await sql(`SELECT name, grid FROM farmers WHERE id_number = $1`, [id]))[0]).toEqual({
      name: odd,
      grid: 'NULL',
    });
    const before = await villageFigures(district);
    const d = await importRows(t.app, district, [
      household({ idNumber: id, name: `更新后${tag}`, villageCode: VILLAGE, creditGranted: '30', creditDrawn: '0' }),
    ]);
    expect(d).toMatchObject({ valid: 1, updated: 1, invalid: 0 });
    expect((await sql(`SELECT name, credit_granted::float8 AS g FROM farmers WHERE id_number = $1`, [id]))[0]).toEqual({
      name: `更新后${tag}`,
      g: 30,
    });
    const after = await villageFigures(district);
    expect(after.collected).toBe(before.collected);
    expect(after.granted).toBe(before.granted + 1);
    expect(after.grantedAmount).toBeCloseTo(before.grantedAmount + 30, 2);

    const elsewhere = nextIdNumber('999901');
    await importRows(t.app, gov, [household({ idNumber: elsewhere, villageCode: '999901001002' })]);
    const refused = await importRows(t.app, district, [household({ idNumber: elsewhere, villageCode: VILLAGE })]);
    expect(refused).toMatchObject({ valid: 0, invalid: 1, duplicates: 0 });
    expect(refused.errors[0]).toMatchObject({ column: 'idNumber', reason: FARMER_CITY_REVIEW_REASON });
  });

  it('refuses a file with a forbidden column whole, naming the column, and stores nothing', async () => {
    const before = await state();
    for (const header of ['政治面貌', '宗教信仰情况', 'Ethnicity', '家庭成员健康状况']) {
      const file = await xlsx([[...row(household({ villageCode: VILLAGE })), '群众']], [...HEADERS, header]);
      for (const dryRun of [true, false]) {
        const res = await upload(t.app, gov, file, dryRun);
        expect(res.statusCode).toBe(400);
        expect(res.json().errorCode).toBe('FARMER_FORBIDDEN_COLUMN');
        expect(res.json().errorMessage).toContain(header);
      }
    }
    expect(await state()).toEqual(before);
  });

  it('answers the template to importers only', async () => {
    const res = await callOp(t.app, gov, farmerOps.importTemplate);
    expect(res.statusCode).toBe(200);
    expect(await xlsxText(res.rawPayload)).toContain(HEADERS[0]);
    const bank = await signInAs(t.app, 'bank');
    expect((await callOp(t.app, bank, farmerOps.importTemplate)).statusCode).toBe(403);
  });
});
