import { sql } from 'drizzle-orm';
import { LOAN_TEMPLATES } from '../demo-product-catalog.ts';
import type { ScaleDomain } from './index.ts';

/** A PostgreSQL array literal of text values (every element quoted). */
function textArray(values: readonly string[]) {
  return `{${values.map((v) => `"${v.replace(/["\\]/g, (c) => `\\${c}`)}"`).join(',')}}`;
}

/**
 * Loans over every bank unit (head offices, branches, sub-branches), built from the demo templates so that a
 * keyword finds about one loan in 35; a third serve the whole city, the others one or two districts; a quarter name
 * one or two of 100 chains; 80% are LISTED, the rest spread over the other states. Counters and listing dates vary.
 */
export const productsAtScale: ScaleDomain = {
  name: 'products',
  rows: 20_000,
  async generate(db, rows) {
    const T = LOAN_TEMPLATES;
    const col = (f: (t: (typeof T)[number]) => string | number) => textArray(T.map((t) => String(f(t))));
    await db.execute(sql`
      WITH units AS (
        SELECT o.id, COALESCE(gp.id, p.id, o.id) AS head, row_number() OVER (ORDER BY o.id) AS i
        FROM orgs o LEFT JOIN orgs p ON p.id = o.parent_id LEFT JOIN orgs gp ON gp.id = p.parent_id
        WHERE o.classified_type = 'BANK'
      ),
      u AS (SELECT count(*) AS n FROM units),
      d AS (SELECT array_agg(code ORDER BY code) AS codes FROM regions WHERE parent_code IS NOT NULL),
      c AS (SELECT code FROM regions WHERE parent_code IS NULL LIMIT 1),
      tpl AS (
        SELECT ${col((t) => t.name)}::text[] AS name, ${col((t) => t.loanType)}::text[] AS loan_type,
               ${col((t) => t.guarantee.join(','))}::text[] AS guarantee, ${col((t) => t.customers.join(','))}::text[] AS customers,
               ${col((t) => t.industries.join(','))}::text[] AS industries, ${col((t) => t.features.join('\n'))}::text[] AS features,
               ${col((t) => t.amount[0])}::numeric[] AS amin, ${col((t) => t.amount[1])}::numeric[] AS amax,
               ${col((t) => t.term[0])}::int[] AS tmin, ${col((t) => t.term[1])}::int[] AS tmax,
               ${col((t) => t.rate[0])}::numeric[] AS rmin, ${col((t) => t.rate[1])}::numeric[] AS rmax
      ),
      g AS (
        SELECT n, 1 + (n * 11) % ${T.length} AS k, 1 + n % (SELECT n FROM u) AS unit,
               CASE n % 20 WHEN 0 THEN 'DRAFT' WHEN 1 THEN 'PENDING_REVIEW' WHEN 2 THEN 'DELISTED' WHEN 3 THEN 'REJECTED' ELSE 'LISTED' END AS status,
               now() - (n % 730) * interval '1 day' - (n % 1440) * interval '1 minute' AS at
        FROM generate_series(1, ${rows}) AS n
      )
      INSERT INTO products (kind, name, org_id, bank_id, loan_type, guarantee_methods, amount_min, amount_max, term_min, term_max,
                            rate_min, rate_max, customer_types, industries, region_codes, industrial_chain_ids, features, conditions,
                            materials, contact_name, contact_phone, status, reject_reason, views, applications, grants,
                            created_at, updated_at, submitted_at, listed_at)
      SELECT 'LOAN', tpl.name[g.k] || g.n, units.id, units.head, tpl.loan_type[g.k],
             string_to_array(tpl.guarantee[g.k], ','), tpl.amin[g.k], tpl.amax[g.k], tpl.tmin[g.k], tpl.tmax[g.k],
             greatest(3.2, tpl.rmin[g.k] + (g.n % 9 - 4) * 0.05), tpl.rmax[g.k] + (g.n % 9 - 4) * 0.05,
             string_to_array(tpl.customers[g.k], ','), string_to_array(tpl.industries[g.k], ','),
             CASE WHEN g.n % 3 = 0 THEN ARRAY[(SELECT code FROM c)::text]
                  ELSE ARRAY[d.codes[1 + g.n % 8], d.codes[1 + (g.n / 8) % 8]]::text[] END,
             CASE g.n % 4 WHEN 0 THEN ARRAY[1 + g.n % 100] WHEN 1 THEN ARRAY[1 + g.n % 100, 1 + (g.n / 100) % 100] ELSE '{}'::int[] END,
             tpl.features[g.k], '正常经营一年以上，征信良好', '营业执照\n法定代表人身份证', '规模测试经理', '0999-6000000',
             g.status, CASE WHEN g.status = 'REJECTED' THEN '材料不完整' END,
             CASE WHEN g.status IN ('LISTED', 'DELISTED') THEN (g.n * 37) % 5000 ELSE 0 END,
             CASE WHEN g.status IN ('LISTED', 'DELISTED') THEN (g.n * 13) % 300 ELSE 0 END,
             CASE WHEN g.status IN ('LISTED', 'DELISTED') THEN (g.n * 13) % 300 / 3 ELSE 0 END,
             g.at - interval '10 days', g.at, CASE WHEN g.status <> 'DRAFT' THEN g.at - interval '2 days' END,
             CASE WHEN g.status IN ('LISTED', 'DELISTED') THEN g.at END
      FROM g JOIN units ON units.i = g.unit CROSS JOIN tpl CROSS JOIN d`);
    // As autovacuum would leave a loaded table: the visibility map set, so counts can read the indexes alone.
    await db.execute(sql`VACUUM products`);
  },
};
