import { sql } from 'drizzle-orm';
import { farmerVillages } from '../../db/schema/index.ts';
import type { ScaleDomain } from './index.ts';
import { demoFarmer } from '../demo-farmers.ts';
import { VILLAGES } from '../regions.ts';

/** A district holding a full share of the scale records, and the one holding 1/100 of a share. */
export const SCALE_BIG_DISTRICT = '999901';
export const SCALE_SMALL_DISTRICT = '999908';
/** The village of the bench's village list (bench/scenarios.ts). */
export const SCALE_BENCH_VILLAGE = '999901001001';

const CHARSET = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const CODE_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];
/** SQL completing a 17-character body (a column or expression) with its check character, as the contract does. */
const idCheck = (body: string) =>
  `${body} || substr('10X98765432', 1 + (${ID_WEIGHTS.map((w, i) => `substr(${body}, ${i + 1}, 1)::int * ${w}`).join(' + ')}) % 11, 1)`;
const codeCheck = (body: string) =>
  `${body} || substr('${CHARSET}', 1 + (31 - (${CODE_WEIGHTS.map((w, i) => `(position(substr(${body}, ${i + 1}, 1) in '${CHARSET}') - 1) * ${w}`).join(' + ')}) % 31) % 31, 1)`;

/**
 * Farmer records at the budget's scale (500,000): set-based, over the demo villages (added when the database lacks
 * them), an equal share in each demo district but SCALE_SMALL_DISTRICT, which gets 1/100 of a share (~71,000 and ~700
 * records at full scale; the demo's own ~600 a district come on top when the database has them). Each record takes
 * the hard data, credit and rating of one of 256 profiles made by the demo generator (so the stored rating is the
 * contract's rateFarmer of that data), a valid identity number (births 1930–1949, never a demo one) or credit code,
 * and a phone. The figures are then kept by the triggers on `farmers`, as for any write.
 */
export const farmersAtScale: ScaleDomain = {
  name: 'farmers',
  rows: 500_000,
  async generate(db, rows) {
    let n = 0;
    const rnd = () => {
      n = (n * 1_103_515_245 + 12_345) % 2_147_483_648;
      return n / 2_147_483_648;
    };
    const profiles = Array.from({ length: 256 }, (_, k) => demoFarmer(k, rnd));
    const lit = (v: string | number | null) =>
      v === null ? 'NULL' : typeof v === 'number' ? String(v) : `'${v.replace(/'/g, "''")}'`;
    const values = profiles
      .map(
        (p, k) =>
          `(${[k, p.kind, p.name, p.landArea, p.landTenure, p.mainProducts, p.annualIncome, p.assets, p.liabilities, p.overdueCount, p.yearsFarming, p.creditGranted, p.creditDrawn, p.financingNeed, p.needPurpose, p.rating, p.ratingScore].map(lit).join(', ')})`,
      )
      .join(',\n');
    // Seven full shares and one hundredth of a share.
    const small = Math.max(1, Math.round(rows / 701));
    const main = rows - small;
    await db.transaction(async (tx) => {
      // A benchmark database seeded before the farmer data existed has no villages yet.
      await tx
        .insert(farmerVillages)
        .values(VILLAGES.map((v) => ({ ...v })))
        .onConflictDoNothing();
      await tx.execute(
        sql.raw(`
        CREATE TEMP TABLE scale_farmer_profiles (k int, kind text, name text, land_area numeric, land_tenure text, main_products text, annual_income numeric,
          assets numeric, liabilities numeric, overdue_count int, years_farming int, credit_granted numeric, credit_drawn numeric, financing_need numeric,
          need_purpose text, rating text, rating_score int) ON COMMIT DROP`),
      );
      await tx.execute(sql.raw(`INSERT INTO scale_farmer_profiles VALUES ${values}`));
      await tx.execute(
        sql.raw(`
        CREATE TEMP TABLE scale_villages ON COMMIT DROP AS
        SELECT (row_number() OVER (PARTITION BY district_code = '${SCALE_SMALL_DISTRICT}' ORDER BY code) - 1)::int AS k, district_code = '${SCALE_SMALL_DISTRICT}' AS small,
          code, district_code, township_code FROM farmer_villages`),
      );
      await tx.execute(
        sql.raw(`
        INSERT INTO farmers (kind, name, id_number, phone, district_code, township_code, village_code, grid, land_area, land_tenure, main_products,
          annual_income, assets, liabilities, overdue_count, years_farming, credit_granted, credit_drawn, financing_need, need_purpose, rating, rating_score,
          source, created_at, updated_at)
        SELECT p.kind, p.name || g,
          CASE WHEN p.kind IN ('HOUSEHOLD', 'LARGE_GROWER')
            THEN ${idCheck(`(v.district_code || to_char(date '1930-01-01' + (g % 7000), 'YYYYMMDD') || lpad(((g / 7000) % 1000)::text, 3, '0'))`)}
            ELSE ${codeCheck(`(CASE p.kind WHEN 'COOPERATIVE' THEN '93' WHEN 'FAMILY_FARM' THEN '92' ELSE '91' END || v.district_code || 'NG' || lpad(g::text, 7, '0'))`)} END,
          '13' || lpad((g::bigint * 7919 % 1000000000)::text, 9, '0'), v.district_code, v.township_code, v.code, '第' || (1 + g % 5) || '网格',
          p.land_area, p.land_tenure, p.main_products, p.annual_income, p.assets, p.liabilities, p.overdue_count, p.years_farming,
          p.credit_granted, p.credit_drawn, p.financing_need, p.need_purpose, p.rating, p.rating_score, 'IMPORT',
          now() - (g % 900) * interval '1 day', now() - (g % 900) * interval '1 day'
        FROM generate_series(1, ${rows}) AS g
        CROSS JOIN (SELECT count(*) FILTER (WHERE NOT small)::int AS nb, count(*) FILTER (WHERE small)::int AS ns FROM scale_villages) c
        JOIN scale_farmer_profiles p ON p.k = g % 256
        JOIN scale_villages v ON v.small = (g > ${main}) AND v.k = g % CASE WHEN g > ${main} THEN c.ns ELSE c.nb END`),
      );
    });
  },
};
