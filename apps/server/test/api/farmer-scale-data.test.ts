import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isValidIdNumber } from '@phjr/contract/auth/certification';
import { farmerOps } from '@phjr/contract/farmers/farmer-ops';
import { PERSON_KINDS, rateFarmer, type FarmerKind } from '@phjr/contract/farmers/farmer-rules';
import { isValidCreditCode } from '@phjr/contract/orgs/credit-code';
import { farmersAtScale, SCALE_SMALL_DISTRICT } from '../../src/seed/scale/farmers.ts';
import { connect } from '../../src/db/client.ts';
import { createTestApp, type TestApp, newSeededDatabase } from '../helpers.ts';
import { must } from './farmers-helpers.ts';

/**
 * The farmer scale data of `npm run bench` (src/seed/scale/farmers.ts) is written set-based in SQL: its identity
 * numbers and credit codes must be valid (check characters computed in SQL), its ratings the contract's, and the
 * figures (kept by the triggers) equal to the records. Runs on a database of its own (5,000 records).
 */
let t: TestApp;
let drop: () => Promise<void>;
const sql = async (text: string, values: unknown[] = []) => (await t.database.pool.query(text, values)).rows;

beforeAll(async () => {
  const made = await newSeededDatabase('phjr_farmer_scale');
  drop = made.drop;
  t = await createTestApp({ databaseUrl: made.url, readCacheTtlMs: 0 });
  // As the owner, as npm run bench does: the generator vacuums and analyses what it wrote.
  const owner = connect(made.adminUrl, 2);
  try {
    await farmersAtScale.generate(owner.db, 5_000);
  } finally {
    await owner.close();
  }
}, 180_000);

afterAll(async () => {
  await t?.close();
  await drop?.();
});

describe('the farmer scale data', () => {
  it("holds valid, unique identity numbers and the contract's ratings", async () => {
    const rows =
      await sql(`SELECT kind, id_number, annual_income::float8 AS "annualIncome", assets::float8 AS assets, liabilities::float8 AS liabilities,
      overdue_count AS "overdueCount", years_farming AS "yearsFarming", land_area::float8 AS "landArea", rating, rating_score FROM farmers WHERE name ~ '[0-9]+$'`);
    expect(rows.length).toBe(5_000);
    const bad = rows.filter(
      (r) =>
        !(PERSON_KINDS.includes(r.kind as FarmerKind) ? isValidIdNumber(r.id_number) : isValidCreditCode(r.id_number)),
    );
    expect(bad.slice(0, 3)).toEqual([]);
    const wrong = rows.filter((r) => {
      const x = rateFarmer(r);
      return x.rating !== r.rating || x.score !== r.rating_score;
    });
    expect(wrong.slice(0, 3)).toEqual([]);
    // The small district holds 1/100 of a big district's share.
    const per = await sql(
      `SELECT district_code AS d, count(*)::int AS n FROM farmers WHERE name ~ '[0-9]+$' GROUP BY 1 ORDER BY 1`,
    );
    expect(per).toHaveLength(8);
    expect(per.find((r) => r.d === SCALE_SMALL_DISTRICT).n).toBe(7);
    for (const r of per.filter((x) => x.d !== SCALE_SMALL_DISTRICT)) expect(r.n).toBeGreaterThanOrEqual(700);
  });

  it('keeps the figures equal to the records', async () => {
    const portal = await must(t.app, null, farmerOps.portalFigures);
    expect(portal.total.collected).toBe((await sql(`SELECT count(*)::int AS n FROM farmers`))[0].n);
    const [g] = await sql(
      `SELECT sum(granted)::int AS granted, sum(drawn_amount)::float8 AS drawn FROM farmer_village_figures`,
    );
    const [r] = await sql(
      `SELECT count(*) FILTER (WHERE credit_granted > 0)::int AS granted, sum(credit_drawn)::float8 AS drawn FROM farmers`,
    );
    expect(g).toEqual(r);
  });
});
