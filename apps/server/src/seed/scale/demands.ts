import { sql } from 'drizzle-orm';
import type { ScaleDomain } from './index.ts';

const BATCH = 100_000;

/** Twenty states a demand of each kind is drawn from: mostly decided, some running, a few expired or withdrawn. */
const BANK_STATES = [
  'PENDING',
  'ACCEPTED',
  'ACCEPTED',
  'GRANTED',
  'GRANTED',
  'GRANTED',
  'GRANTED',
  'GRANTED',
  'GRANTED',
  'GRANTED',
  'GRANTED',
  'GRANTED',
  'GRANTED',
  'REJECTED',
  'REJECTED',
  'REJECTED',
  'REJECTED',
  'WITHDRAWN',
  'WITHDRAWN',
  'EXPIRED',
];
const GUARANTEE_STATES = [
  'PENDING',
  'GUARANTEE_ACCEPTED',
  'GUARANTEED',
  'ACCEPTED',
  'GRANTED',
  'GRANTED',
  'GRANTED',
  'GRANTED',
  'GRANTED',
  'GRANTED',
  'GRANTED',
  'GRANTED',
  'GRANTED',
  'REJECTED',
  'REJECTED',
  'REJECTED',
  'REJECTED',
  'WITHDRAWN',
  'WITHDRAWN',
  'EXPIRED',
];
const arr = (a: string[]) => sql.raw(`ARRAY[${a.map((s) => `'${s}'`).join(',')}]`);

/**
 * Demands at the budget's scale (1M) with about three history rows each, over two years, from the scale enterprises
 * to every bank unit and guarantee company: 40% public, 40% orientation, 15% guarantee, 5% makeup. Running demands
 * (pending, accepted...) were posted in the last three weeks, so their deadlines are near, some past; the public
 * pool holds about 2% of the demands. Set-based, one statement per 100k demands writing the demands and their
 * history together; the triggers keep demand_counts and stat_totals as for any insert.
 */
export const demandsAtScale: ScaleDomain = {
  name: 'demands',
  rows: 1_000_000,
  async generate(db, rows) {
    for (let start = 1; start <= rows; start += BATCH) {
      const end = Math.min(rows, start + BATCH - 1);
      await db.execute(sql`
        WITH units AS (
          SELECT o.id, COALESCE(gp.id, p.id, o.id) AS head, o.region_code AS region,
                 (SELECT r.parent_code IS NULL FROM regions r WHERE r.code = o.region_code) AS city, row_number() OVER (ORDER BY o.id) AS i
          FROM orgs o LEFT JOIN orgs p ON p.id = o.parent_id LEFT JOIN orgs gp ON gp.id = p.parent_id
          WHERE o.classified_type = 'BANK' AND o.status = 'ACTIVE'
        ),
        u AS (SELECT count(*) AS n FROM units),
        g AS (SELECT array_agg(id ORDER BY id) AS ids, count(*) AS n FROM orgs WHERE classified_type = 'GUARANTEE'),
        dist AS (SELECT array_agg(code ORDER BY code) AS codes FROM regions WHERE parent_code IS NOT NULL),
        ent AS (SELECT min(id) AS first, count(*) AS n FROM users WHERE username LIKE 'scale-ent-%'),
        s AS (
          SELECT n,
                 CASE WHEN n % 20 = 19 THEN 'MAKEUP' ELSE 'APPLICANT' END AS source,
                 CASE WHEN n % 20 = 19 THEN 'ORIENTATION' WHEN n % 20 < 8 THEN 'PUBLIC' WHEN n % 20 < 16 THEN 'ORIENTATION' ELSE 'GUARANTEE' END AS type,
                 (n / 20) % 20 AS k
          FROM generate_series(${start}::int, ${end}::int) AS n
        ),
        t AS (
          SELECT s.*,
                 CASE WHEN source = 'MAKEUP' THEN 'GRANTED' WHEN type = 'GUARANTEE' THEN (${arr(GUARANTEE_STATES)})[1 + k] ELSE (${arr(BANK_STATES)})[1 + k] END AS status,
                 units.id AS unit, units.head, CASE WHEN units.city THEN dist.codes[1 + s.n % 8] ELSE units.region END AS region,
                 g.ids[(1 + s.n % g.n)::int] AS guarantee, ent.first + s.n % greatest(ent.n, 1) AS applicant, s.n % greatest(ent.n, 1) AS e
          FROM s JOIN units ON units.i = 1 + (s.n * 7) % (SELECT n FROM u) CROSS JOIN dist CROSS JOIN g CROSS JOIN ent
        ),
        v AS (
          SELECT t.*,
                 status IN ('PENDING', 'ACCEPTED', 'GUARANTEE_ACCEPTED', 'GUARANTEED') AS running,
                 -- Withdrawn: every other one after acceptance.
                 (status IN ('ACCEPTED', 'GRANTED', 'REJECTED') OR (status = 'WITHDRAWN' AND n % 2 = 0 AND type <> 'GUARANTEE')) AS owned,
                 CASE WHEN status = 'PENDING' THEN now() - (n % 4) * interval '1 day' - (n % 1440) * interval '1 minute'
                      WHEN status IN ('ACCEPTED', 'GUARANTEE_ACCEPTED', 'GUARANTEED') THEN now() - (n % 20) * interval '1 day' - (n % 1440) * interval '1 minute'
                      ELSE now() - (20 + n % 710) * interval '1 day' - (n % 1440) * interval '1 minute' END AS at
          FROM t
        ),
        ins AS (
          INSERT INTO demands (type, status, source, applicant_user_id, applicant_name, applicant_type, credit_code, created_by, target_org_id, owner_org_id,
                               bank_org_id, bank_id, guarantee_org_id, amount, term, purpose, guarantee_method, region_code, industry, contact_name, contact_phone,
                               consent_user_id, consent_at, consent_institution, accept_deadline, decide_deadline, due_at, warn_at, expired_at, accepted_at, decided_at,
                               granted_amount, granted_rate, granted_term, granted_at, reject_code, created_at, updated_at)
          SELECT type, status, source,
                 CASE WHEN source = 'APPLICANT' THEN applicant END,
                 '示范市规模测试企业' || (e + 1) || '有限公司', 'ENTERPRISE', '91' || lpad((e + 1)::text, 16, '0'),
                 CASE WHEN source = 'APPLICANT' THEN applicant END,
                 CASE WHEN type = 'ORIENTATION' THEN unit WHEN type = 'GUARANTEE' THEN guarantee END,
                 CASE WHEN owned THEN unit END,
                 CASE WHEN owned OR type = 'ORIENTATION' THEN unit END,
                 CASE WHEN owned OR type = 'ORIENTATION' THEN head END,
                 CASE WHEN type = 'GUARANTEE' THEN guarantee END,
                 (ARRAY[10, 20, 30, 50, 80, 100, 150, 200, 300, 500])[1 + n % 10], (ARRAY[6, 12, 12, 24, 36])[1 + n % 5],
                 '规模测试：补充流动资金', CASE WHEN type = 'GUARANTEE' THEN 'GUARANTEE_COMPANY' ELSE (ARRAY['CREDIT', 'MORTGAGE', 'PLEDGE', 'GUARANTOR'])[1 + n % 4] END,
                 region, (ARRAY['AGRICULTURE', 'FORESTRY_ANIMAL', 'AGRI_PROCESSING', 'MANUFACTURING', 'WHOLESALE_RETAIL', 'SERVICES'])[1 + n % 6],
                 '规模测试联系人', '139' || lpad((n % 100000000)::text, 8, '0'),
                 CASE WHEN source = 'APPLICANT' THEN applicant END, CASE WHEN source = 'APPLICANT' THEN at END, CASE WHEN source = 'APPLICANT' THEN '规模测试机构' END,
                 at + interval '5 days', CASE WHEN owned OR status LIKE 'GUARANTEE%' THEN at + interval '25 days' END,
                 CASE WHEN status = 'PENDING' THEN at + interval '5 days' WHEN running THEN at + interval '25 days' END,
                 CASE WHEN status = 'PENDING' THEN at + interval '4 days' WHEN running THEN at + interval '24 days' END,
                 CASE WHEN status = 'EXPIRED' THEN at + interval '5 days' END,
                 CASE WHEN owned OR status LIKE 'GUARANTEE%' OR source = 'MAKEUP' THEN at + interval '1 day' END,
                 CASE WHEN status IN ('GRANTED', 'REJECTED') THEN at + interval '10 days' END,
                 CASE WHEN status = 'GRANTED' THEN (ARRAY[10, 20, 30, 50, 80, 100, 150, 200, 300, 500])[1 + n % 10] * 0.8 END,
                 CASE WHEN status = 'GRANTED' THEN 3.45 + (n % 250) / 100.0 END,
                 CASE WHEN status = 'GRANTED' THEN (ARRAY[6, 12, 12, 24, 36])[1 + n % 5] END,
                 CASE WHEN status = 'GRANTED' THEN (at + interval '10 days')::date END,
                 CASE WHEN status = 'REJECTED' THEN (ARRAY['INSUFFICIENT_COLLATERAL', 'CREDIT_RECORD', 'OUTSIDE_SCOPE', 'UNREACHABLE'])[1 + n % 4] END,
                 at, at + interval '10 days'
          FROM v
          RETURNING id, type, status, source, owner_org_id, guarantee_org_id, created_at, accepted_at
        )
        INSERT INTO demand_history (demand_id, action, from_status, to_status, user_id, org_id, reason, created_at)
        SELECT ins.id, h.action, h.from_status, h.to_status, NULL, h.org_id, NULL, h.at
        FROM ins CROSS JOIN LATERAL (VALUES
          (CASE WHEN ins.source = 'MAKEUP' THEN 'makeup' ELSE 'create' END, NULL, CASE WHEN ins.source = 'MAKEUP' THEN 'GRANTED' ELSE 'PENDING' END, NULL::bigint, ins.created_at),
          (CASE WHEN ins.source = 'MAKEUP' OR ins.status = 'PENDING' THEN NULL
                WHEN ins.status = 'EXPIRED' THEN 'expire'
                WHEN ins.status = 'WITHDRAWN' AND ins.accepted_at IS NULL THEN 'withdraw'
                WHEN ins.type = 'GUARANTEE' THEN 'guaranteeAccept'
                ELSE 'accept' END,
           'PENDING',
           CASE WHEN ins.status = 'EXPIRED' THEN 'EXPIRED' WHEN ins.status = 'WITHDRAWN' AND ins.accepted_at IS NULL THEN 'WITHDRAWN'
                WHEN ins.type = 'GUARANTEE' THEN 'GUARANTEE_ACCEPTED' ELSE 'ACCEPTED' END,
           CASE WHEN ins.type = 'GUARANTEE' THEN ins.guarantee_org_id ELSE ins.owner_org_id END, ins.created_at + interval '1 day'),
          (CASE WHEN ins.source = 'MAKEUP' THEN NULL
                WHEN ins.status = 'GRANTED' THEN 'grant' WHEN ins.status = 'REJECTED' THEN 'reject'
                WHEN ins.status = 'WITHDRAWN' AND ins.accepted_at IS NOT NULL THEN 'withdraw'
                WHEN ins.status = 'GUARANTEED' THEN 'guarantee' WHEN ins.status = 'ACCEPTED' AND ins.type = 'GUARANTEE' THEN 'handToBank' END,
           CASE WHEN ins.type = 'GUARANTEE' AND ins.status IN ('GUARANTEED', 'ACCEPTED') THEN 'GUARANTEE_ACCEPTED' ELSE 'ACCEPTED' END,
           ins.status, ins.owner_org_id, ins.created_at + interval '10 days')
        ) AS h(action, from_status, to_status, org_id, at)
        WHERE h.action IS NOT NULL`);
    }
    // As autovacuum would leave a loaded table: the visibility map set, so capped counts read the indexes alone.
    await db.execute(sql`VACUUM ANALYZE demands`);
    await db.execute(sql`VACUUM ANALYZE demand_history`);
  },
};
