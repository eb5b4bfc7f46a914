import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { farmerOps } from '@phjr/contract/farmers/farmer-ops';
import { DEMO_PASSWORD } from '../../src/seed/demo-accounts.ts';
import { insertOrg, insertUser } from '../../src/seed/factories.ts';
import { call, createTestApp, type TestApp, type Tokens, signIn, signInAs } from '../helpers.ts';
import { testDistrictSupervisor } from './demands-helpers.ts';
import { callOp, household, importRows, must, nextIdNumber, xlsxText } from './farmers-helpers.ts';

/**
 * Farmer reads (docs/farmers.md): masking asserted on the raw answers of every list, detail, export and portal read;
 * the one unmasked read with its reason in the audit log; district scoping; the exact ID search; the figures kept by
 * the writes equal the records.
 */
let t: TestApp;
let operator: Tokens;
let gov: Tokens;
let jrj: Tokens;
let district: Tokens;
let districtJrj: Tokens;
const tag = `FR${Math.random().toString(36).slice(2, 6)}`;
const sql = async (text: string, values: unknown[] = []) => (await t.database.pool.query(text, values)).rows;

const PHONE_HERE = '13977771234';
const PHONE_THERE = '13966662345';
let here: { id: number; idNumber: string };
let there: { id: number; idNumber: string };

beforeAll(async () => {
  t = await createTestApp();
  [operator, gov, jrj] = await Promise.all([
    signInAs(t.app, 'operator'),
    signInAs(t.app, 'gov'),
    signInAs(t.app, 'jrj'),
  ]);
  district = (await testDistrictSupervisor(t.app, t.database.db, tag, '999903')).tokens;
  const orgId = await insertOrg(t.database.db, {
    name: `测试区金融办${tag}`,
    orgType: 'JINRONGJU',
    classifiedType: 'JINRONGJU',
    regionCode: '999903',
  });
  await insertUser(t.database.db, {
    username: `fj${tag}`.toLowerCase(),
    name: '区金融办',
    password: DEMO_PASSWORD,
    accountType: 'GOVERNMENT',
    orgId,
    roleCodes: ['JRJ_SUPERVISOR'],
  });
  districtJrj = await signIn(t.app, `fj${tag}`.toLowerCase());
  const a = nextIdNumber('999903');
  const b = nextIdNumber('999901');
  await importRows(t.app, operator, [
    household({ idNumber: a, phone: PHONE_HERE, name: `西山${tag}`, villageCode: '999903001001' }),
    household({ idNumber: b, phone: PHONE_THERE, name: `城关${tag}`, villageCode: '999901001001' }),
  ]);
  const ids = await sql(`SELECT id, id_number FROM farmers WHERE id_number = ANY($1)`, [[a, b]]);
  here = { id: Number(ids.find((r) => r.id_number === a).id), idNumber: a };
  there = { id: Number(ids.find((r) => r.id_number === b).id), idNumber: b };
});
afterAll(() => t.close());

/** Neither the whole number nor any 6 of its first 14 characters, nor the phone's middle digits, are in the text. */
function expectMasked(text: string) {
  for (const f of [here, there]) {
    expect(text).not.toContain(f.idNumber);
    expect(text).not.toContain(f.idNumber.slice(6, 14));
  }
  expect(text).not.toContain(PHONE_HERE);
  expect(text).not.toContain(PHONE_THERE);
}

describe('masking', () => {
  it("masks ID numbers and phones in every list, detail and export, the operator's included", async () => {
    for (const who of [operator, gov, jrj, district]) {
      const page = await callOp(t.app, who, farmerOps.page, { keyword: tag });
      expect(page.statusCode).toBe(200);
      expectMasked(page.body);
      // The exact search needs farmer:sensitive (the operator, jrj) and a reason (farmers-disclosure.test.ts).
      const sensitive = who === operator || who === jrj;
      const bySearch = await callOp(t.app, who, farmerOps.page, {
        idNumber: here.idNumber,
        reason: '核实农户身份信息',
      });
      expectMasked(bySearch.body);
      if (sensitive) {
        expect(bySearch.json().data.list.map((r: { id: number }) => r.id)).toEqual([here.id]);
        expect(bySearch.json().data.list[0]).toMatchObject({
          idNumber: `****************${here.idNumber.slice(-2)}`,
          phone: '139****1234',
        });
        // The times as PostgreSQL writes them for the list are Date's ISO text of the stored instants.
        const [stored] = await sql('SELECT created_at, updated_at FROM farmers WHERE id = $1', [here.id]);
        expect(bySearch.json().data.list[0]).toMatchObject({
          createdAt: stored.created_at.toISOString(),
          updatedAt: stored.updated_at.toISOString(),
        });
      } else expect(bySearch.statusCode).toBe(403);
      const detail = await callOp(t.app, who, farmerOps.detail, { id: here.id });
      expectMasked(detail.body);
      expect(detail.json().data.drivers).toHaveLength(6);
      const file = await callOp(t.app, who, farmerOps.exportFile, { keyword: tag });
      expect(file.statusCode).toBe(200);
      const text = await xlsxText(file.rawPayload);
      expect(text).toContain(`西山${tag}`);
      expectMasked(text);
    }
    const audit = await sql(
      `SELECT count(*)::int AS n FROM audit_log WHERE action = 'export' AND target = 'farmers' AND detail->'filters'->>'keyword' = $1`,
      [tag],
    );
    expect(audit[0].n).toBe(4);
  });

  it('answers the portal aggregates and villages without any personal row', async () => {
    for (const q of [{}, { districtCode: '999903' }]) {
      const res = await callOp(t.app, null, farmerOps.portalFigures, q);
      expect(res.statusCode).toBe(200);
      expectMasked(res.body);
      expect(res.body).not.toContain(tag);
      expect(res.body).not.toContain('idNumber');
      expect(res.body).not.toContain('phone');
    }
    const villages = await callOp(t.app, null, farmerOps.villages, { districtCode: '999903' });
    // Every village of the district: the demo's 12, and any a test of small cells added (farmers-disclosure).
    const inDistrict = (await sql(`SELECT count(*)::int AS n FROM farmer_villages WHERE district_code = '999903'`))[0]
      .n;
    expect(inDistrict).toBeGreaterThanOrEqual(12);
    expect(villages.json().data).toHaveLength(inDistrict);
    expect(villages.json().data[0]).toEqual({
      code: '999903001001',
      name: expect.any(String),
      townshipCode: '999903001',
      townshipName: '西岭镇',
      districtCode: '999903',
      districtName: '西山区',
    });
  });

  it('matches an ID number exactly, never a prefix', async () => {
    const prefix = await callOp(t.app, operator, farmerOps.page, {
      idNumber: here.idNumber.slice(0, 17),
      reason: '核实农户身份信息',
    });
    expect(prefix.statusCode).toBe(400);
    const other = await must(t.app, operator, farmerOps.page, {
      idNumber: `${here.idNumber.slice(0, 17)}${here.idNumber[17] === '0' ? '1' : '0'}`,
      reason: '核实农户身份信息',
    });
    expect(other.total).toBe(0);
  });
});

describe('the unmasked read', () => {
  it('answers one record in full to a holder of farmer:sensitive and audits who, which and why', async () => {
    const before = (await sql(`SELECT count(*)::int AS n FROM audit_log WHERE action = 'farmer.sensitive'`))[0].n;
    const res = await callOp(t.app, jrj, farmerOps.sensitive, { id: here.id, reason: '贷款审批核实身份信息' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: here.id, idNumber: here.idNumber, phone: PHONE_HERE });
    const rows = await sql(
      `SELECT user_id, target, detail, at FROM audit_log WHERE action = 'farmer.sensitive' ORDER BY id DESC LIMIT 1`,
    );
    expect(rows[0]).toMatchObject({ target: `farmer:${here.id}`, detail: { reason: '贷款审批核实身份信息' } });
    expect((await sql(`SELECT username FROM users WHERE id = $1`, [rows[0].user_id]))[0].username).toBe('jrj');
    expect((await sql(`SELECT count(*)::int AS n FROM audit_log WHERE action = 'farmer.sensitive'`))[0].n).toBe(
      before + 1,
    );
  });

  it('refuses a caller without farmer:sensitive, a short reason (field error, nothing audited), and out of scope', async () => {
    const before = (await sql(`SELECT count(*)::int AS n FROM audit_log WHERE action = 'farmer.sensitive'`))[0].n;
    expect(
      (await callOp(t.app, gov, farmerOps.sensitive, { id: here.id, reason: '贷款审批核实身份' })).statusCode,
    ).toBe(403);
    const short = await callOp(t.app, jrj, farmerOps.sensitive, { id: here.id, reason: '看看' });
    expect(short.statusCode).toBe(400);
    expect(short.json().data.fields[0].field).toBe('reason');
    expectMasked(short.body);
    const away = await callOp(t.app, districtJrj, farmerOps.sensitive, {
      id: there.id,
      reason: '贷款审批核实身份信息',
    });
    expect(away.statusCode).toBe(404);
    expectMasked(away.body);
    expect((await sql(`SELECT count(*)::int AS n FROM audit_log WHERE action = 'farmer.sensitive'`))[0].n).toBe(before);
    // Within its district the same caller reads it (and the row offers the action).
    expect((await must(t.app, districtJrj, farmerOps.detail, { id: here.id })).actions).toEqual(['sensitive']);
    expect((await must(t.app, district, farmerOps.detail, { id: here.id })).actions).toEqual([]);
    expect(
      (await callOp(t.app, districtJrj, farmerOps.sensitive, { id: here.id, reason: '贷款审批核实身份信息' }))
        .statusCode,
    ).toBe(200);
  });
});

describe('scoping', () => {
  it('shows a district supervisor its district only; the city and the operator all', async () => {
    const mine = await must(t.app, district, farmerOps.page, { keyword: tag });
    expect(mine.list.map((r: { id: number }) => r.id)).toEqual([here.id]);
    expect((await callOp(t.app, district, farmerOps.detail, { id: there.id })).statusCode).toBe(404);
    const all = await must(t.app, gov, farmerOps.page, { keyword: tag });
    expect(all.list.map((r: { id: number }) => r.id).sort()).toEqual([here.id, there.id].sort());
    const other = await must(t.app, district, farmerOps.page, { districtCode: '999901' });
    expect(other.total).toBe(0);
    const funnel = await must(t.app, district, farmerOps.funnel, { level: 'DISTRICT' });
    expect(funnel.rows.map((r: { code: string }) => r.code)).toEqual(['999903']);
    const city = await must(t.app, operator, farmerOps.funnel, { level: 'DISTRICT' });
    expect(city.rows).toHaveLength(8);
    const file = await callOp(t.app, district, farmerOps.exportFile, { keyword: tag });
    const text = await xlsxText(file.rawPayload);
    expect(text).toContain(`西山${tag}`);
    expect(text).not.toContain(`城关${tag}`);
  });

  it('answers the list total from the figures when only regions filter, equal to the records', async () => {
    const byVillage = await must(t.app, operator, farmerOps.page, { villageCode: '999903001001' });
    const n = (await sql(`SELECT count(*)::int AS n FROM farmers WHERE village_code = '999903001001'`))[0].n;
    expect(byVillage.total).toBe(n);
    const anon = await call(t.app, null, { method: 'GET', url: farmerOps.page.path });
    expect(anon.statusCode).toBe(401);
  });
});

describe('figures kept by the writes', () => {
  it('equal the records, per village, after demo data and imports', async () => {
    const diff = await sql(`
      SELECT coalesce(g.village_code, r.village_code) AS v FROM farmer_village_figures g FULL JOIN (
        SELECT village_code, count(*)::int AS collected, count(*) FILTER (WHERE kind = 'HOUSEHOLD')::int AS households,
          count(*) FILTER (WHERE rating <> 'UNRATED')::int AS rated, count(*) FILTER (WHERE rating = 'AAA')::int AS aaa,
          count(*) FILTER (WHERE credit_granted > 0)::int AS granted, sum(credit_granted) AS granted_amount,
          count(*) FILTER (WHERE credit_drawn > 0)::int AS drawn, sum(credit_drawn) AS drawn_amount,
          count(*) FILTER (WHERE financing_need > 0)::int AS with_need, sum(financing_need) AS need_amount
        FROM farmers GROUP BY village_code) r ON r.village_code = g.village_code
      WHERE coalesce(g.collected, 0) <> coalesce(r.collected, 0) OR g.households <> r.households OR g.rated <> r.rated OR g.rated_aaa <> r.aaa
        OR g.granted <> r.granted OR g.granted_amount <> r.granted_amount OR g.drawn <> r.drawn OR g.drawn_amount <> r.drawn_amount
        OR g.with_need <> r.with_need OR g.need_amount <> r.need_amount`);
    expect(diff).toEqual([]);
    const portal = await must(t.app, null, farmerOps.portalFigures);
    const total = (await sql(`SELECT count(*)::int AS n FROM farmers`))[0].n;
    expect(portal.total.collected).toBe(total);
    expect(portal.total.collected).toBeGreaterThan(4000);
    expect(portal.districts).toHaveLength(8);
  });
});

describe('demo data', () => {
  it('covers every district and village with every kind, ratings, credit and needs, and failed rows to fix', async () => {
    const portal = await must(t.app, null, farmerOps.portalFigures, { districtCode: '999906' });
    expect(portal.districts).toHaveLength(8);
    for (const d of portal.districts) {
      expect(d.figures.collected, d.name).toBeGreaterThan(400);
      expect(d.figures.granted, d.name).toBeGreaterThan(0);
      expect(d.figures.drawn, d.name).toBeGreaterThan(0);
      expect(d.figures.withNeed, d.name).toBeGreaterThan(0);
    }
    expect(portal.villages).toHaveLength(12);
    for (const v of portal.villages) expect(v.figures.collected).toBeGreaterThan(20);
    for (const k of Object.values(portal.total.kinds)) expect(k).toBeGreaterThan(50);
    for (const r of Object.values(portal.total.ratings)) expect(r).toBeGreaterThan(0);
    const failed = await must(t.app, gov, farmerOps.failRecords, { status: 'FAILED' });
    expect(failed.total).toBeGreaterThanOrEqual(3);
    expect(JSON.stringify(failed.list)).not.toMatch(/\d{17}[\dX]/);
  });
});
