import { sql } from 'drizzle-orm';
import { CHAIN_CATEGORIES } from '@phjr/contract/chains/chain';
import type { ScaleDomain } from './index.ts';

/** The chain holding a tenth of the members and records, and the one holding a hundredth of that (bench/scenarios.ts). */
export const SCALE_BIG_CHAIN = '规模测试产业链（大）';
export const SCALE_SMALL_CHAIN = '规模测试产业链（小）';

const arr = (a: readonly string[]) => sql.raw(`ARRAY[${a.map((s) => `'${s}'`).join(',')}]`);

/**
 * Industry chains at the budget's scale (issue 14): 100 chains over the districts, 50,000 member enterprises (`rows`),
 * 150,000 visits and about 50,000 loans. One chain holds a tenth of everything (SCALE_BIG_CHAIN), one a hundredth of
 * that (SCALE_SMALL_CHAIN), the others share the rest; four are archived. Each chain has a government chief department,
 * a lead bank and two member banks among the head offices; the demo `bank` (示范市农村商业银行) leads every eighth chain
 * (the big one among them) and is a member bank of as many others, so its member list spans 25 chains and ~16,000
 * members. Members: 60% visited (5 visits each, by the chain's banks in turn), 40% of them with a need, 30% of all
 * financed (3-4 loans); every 50th (never visited) under a live claim. Everything set-based; then every counter (the chain's, the
 * member's, per member and bank, per chain and bank, per tier) is computed from the records in one pass each, so the
 * figures equal the lists exactly, as the writes would have left them.
 */
export const chainsAtScale: ScaleDomain = {
  name: 'chains',
  rows: 50_000,
  async generate(db, rows) {
    const chains = Math.max(3, Math.round(rows / 500));
    const big = Math.max(1, Math.round(rows / 10));
    const small = Math.max(1, Math.round(big / 100));
    await db.transaction(async (tx) => {
      const [first] = (
        await tx.execute<{ id: string }>(sql`SELECT coalesce(max(id), 0) + 1 AS id FROM industrial_chains`)
      ).rows;
      const base = Number(first.id);
      await tx.execute(sql`
        INSERT INTO industrial_chains (id, name, category, region_code, status, description, tiers, lead_enterprises, created_at, updated_at)
        SELECT ${base} - 1 + k,
               CASE k WHEN 1 THEN ${SCALE_BIG_CHAIN} WHEN ${chains} THEN ${SCALE_SMALL_CHAIN} ELSE '规模测试产业链' || k END,
               (${arr(CHAIN_CATEGORIES)})[1 + k % ${CHAIN_CATEGORIES.length}],
               (ARRAY(SELECT code FROM regions WHERE parent_code IS NOT NULL ORDER BY code))[1 + k % 8],
               CASE WHEN k % 25 = 12 THEN 'ARCHIVED' ELSE 'ACTIVE' END,
               '规模测试产业链第' || k || '号：覆盖种养、加工、流通全链条的经营主体。',
               jsonb_build_object('UPSTREAM', '种养殖与农资', 'MIDSTREAM', '收购加工与仓储', 'DOWNSTREAM', '流通销售与品牌'),
               ARRAY['规模测试龙头企业' || k || '号'],
               now() - (800 + k) * interval '1 day', now() - k * interval '1 hour'
        FROM generate_series(1, ${chains}) AS k`);
      await tx.execute(
        sql`SELECT setval(pg_get_serial_sequence('industrial_chains', 'id'), (SELECT max(id) FROM industrial_chains))`,
      );

      // Taking part: a chief department (the city and district governments in turn), the city finance bureau in every
      // tenth, a lead bank and two member banks among the head offices other than the demo bank; the demo bank leads
      // every eighth chain, the big one first (the lead bank it replaces becomes a member), and joins as many others as a
      // member bank.
      await tx.execute(sql`
        WITH g AS (SELECT array_agg(id ORDER BY id) AS ids, count(*) AS n FROM orgs WHERE classified_type = 'GOVERNMENT'),
        j AS (SELECT id FROM orgs WHERE classified_type = 'JINRONGJU' ORDER BY id LIMIT 1),
        demo AS (SELECT id FROM orgs WHERE name = '示范市农村商业银行股份有限公司'),
        b AS (SELECT array_agg(id ORDER BY id) AS ids, count(*)::int AS n FROM orgs
              WHERE classified_type = 'BANK' AND parent_id IS NULL AND id <> (SELECT id FROM demo)),
        c AS (SELECT ${base} - 1 + k AS chain_id, k FROM generate_series(1, ${chains}) AS k)
        INSERT INTO chain_orgs (chain_id, org_id, role)
        SELECT c.chain_id, g.ids[1 + c.k % g.n], 'CHIEF_DEPARTMENT' FROM c, g
        UNION ALL SELECT c.chain_id, j.id, 'MEMBER_DEPARTMENT' FROM c, j WHERE c.k % 10 = 0
        UNION ALL SELECT c.chain_id, CASE WHEN c.k % 8 = 1 THEN (SELECT id FROM demo) ELSE b.ids[1 + c.k % b.n] END, 'LEAD_BANK' FROM c, b
        UNION ALL SELECT c.chain_id, b.ids[1 + c.k % b.n], 'MEMBER_BANK' FROM c, b WHERE c.k % 8 = 1
        UNION ALL SELECT c.chain_id, b.ids[1 + (c.k + 5) % b.n], 'MEMBER_BANK' FROM c, b
        UNION ALL SELECT c.chain_id, b.ids[1 + (c.k + 11) % b.n], 'MEMBER_BANK' FROM c, b
        UNION ALL SELECT c.chain_id, (SELECT id FROM demo), 'MEMBER_BANK' FROM c WHERE c.k % 8 = 5`);
      // The demo bank's account manages the big chain (its managers see the members' phones).
      await tx.execute(sql`
        INSERT INTO chain_managers (chain_id, user_id, kind) SELECT ${base}, id, 'BANK' FROM users WHERE username = 'bank'`);

      // Members: chain 1 the first tenth, the last chain the next hundredth of that, the rest in turn over the others.
      await tx.execute(sql`
        CREATE TEMP TABLE scale_banks ON COMMIT DROP AS
        SELECT chain_id, array_agg(org_id ORDER BY org_id) AS ids, count(*)::int AS cnt FROM chain_orgs
        WHERE chain_id >= ${base} AND role IN ('LEAD_BANK', 'MEMBER_BANK') GROUP BY chain_id`);
      await tx.execute(sql`
        INSERT INTO chain_enterprises (chain_id, credit_code, name, legal_person, contact_name, contact_phone, scale, tier, main_business,
                                       financing_need, tags, source, claimed_by_org_id, claimed_until, created_at, updated_at)
        SELECT m.chain_id, '92' || lpad(n::text, 16, '0'), '规模测试链上企业' || n || '号有限公司', '法人' || n, '联系人' || n,
               '136' || lpad(n::text, 8, '0'), (ARRAY['MICRO', 'SMALL', 'MEDIUM', 'LARGE'])[1 + n % 4],
               (ARRAY['UPSTREAM', 'MIDSTREAM', 'DOWNSTREAM'])[1 + (n / 3) % 3], '种养殖、加工与销售',
               CASE WHEN n % 3 = 0 THEN 50 + n % 500 END,
               CASE n % 7 WHEN 0 THEN ARRAY['WHITELIST'] WHEN 1 THEN ARRAY['NEW_AGRI_ENTITY'] WHEN 2 THEN ARRAY['WHITELIST', 'FIRST_LOAN_NEEDED'] ELSE '{}'::text[] END,
               CASE WHEN n % 5 = 0 THEN 'MANUAL' ELSE 'IMPORT' END,
               CASE WHEN n % 50 = 27 THEN sb.ids[1 + n % sb.cnt] END, CASE WHEN n % 50 = 27 THEN now() + interval '10 days' END,
               now() - (40 + n % 700) * interval '1 day', now() - (n % 30) * interval '1 day'
        FROM generate_series(1, ${rows}) AS n
        CROSS JOIN LATERAL (SELECT ${base} - 1 + CASE WHEN n <= ${big} THEN 1 WHEN n <= ${big + small} THEN ${chains}
                                                   ELSE 2 + (n - ${big + small} - 1) % ${chains - 2} END AS chain_id) m
        JOIN scale_banks sb ON sb.chain_id = m.chain_id`);
      // n of each member, for the records' formulas.
      await tx.execute(sql`
        CREATE TEMP TABLE scale_members ON COMMIT DROP AS
        SELECT e.id, e.chain_id, substr(e.credit_code, 3)::int AS n, e.created_at FROM chain_enterprises e WHERE e.chain_id >= ${base}`);

      // Visits: 60% of the members, five each, a week apart, by the chain's banks in turn. The members to be financed
      // and one in ten more find a need at the first visit; no need ends NO_LOAN (NO_NEED), undecided is followed up.
      await tx.execute(sql`
        INSERT INTO chain_visits (chain_id, enterprise_id, org_id, visit_date, staff, content, intention, intended_amount, result, no_loan_reason, created_at)
        SELECT m.chain_id, m.id, sb.ids[1 + (m.n + j) % sb.cnt], (m.created_at + j * interval '5 days')::date, '规模测试客户经理' || (1 + j),
               '走访企业生产基地，了解经营规模、上下游订单和资金周转情况。', v.intention,
               CASE WHEN v.intention = 'HAS_NEED' THEN 100 + m.n % 400 END,
               CASE WHEN v.intention = 'HAS_NEED' THEN CASE WHEN m.n % 10 < 3 THEN 'LOAN_FOLLOWING' ELSE 'FOLLOW_UP' END
                    WHEN v.intention = 'NO_NEED' THEN 'NO_LOAN' ELSE 'FOLLOW_UP' END,
               CASE WHEN v.intention = 'NO_NEED' THEN 'NO_NEED' END,
               m.created_at + j * interval '5 days' + interval '10 hours'
        FROM scale_members m JOIN scale_banks sb ON sb.chain_id = m.chain_id
        CROSS JOIN generate_series(1, 5) AS j
        CROSS JOIN LATERAL (SELECT CASE WHEN j = 1 AND m.n % 10 < 4 THEN 'HAS_NEED' WHEN j % 2 = 0 THEN 'UNDECIDED' ELSE 'NO_NEED' END AS intention) v
        WHERE m.n % 10 < 6`);
      // Loans: 30% of the members (a subset of those visited with a need), three or four each, after the visits.
      await tx.execute(sql`
        INSERT INTO chain_loans (chain_id, enterprise_id, org_id, amount, rate, term, loan_date, created_at)
        SELECT m.chain_id, m.id, sb.ids[1 + (m.n + j) % sb.cnt], (ARRAY[20, 50, 80, 100, 150, 200, 300])[1 + (m.n + j) % 7],
               3.45 + (m.n % 150) / 100.0, (ARRAY[6, 12, 12, 24, 36])[1 + (m.n + j) % 5],
               (m.created_at + interval '30 days' + j * interval '1 day')::date, m.created_at + interval '30 days' + j * interval '1 day'
        FROM scale_members m JOIN scale_banks sb ON sb.chain_id = m.chain_id
        CROSS JOIN generate_series(1, 4) AS j
        WHERE m.n % 10 < 3 AND (j < 4 OR (m.n / 10) % 3 = 0)`);
      // The counters, from the records (what the writes keep, chain-figures.repo.ts).
      await tx.execute(sql`
        INSERT INTO chain_enterprise_banks (enterprise_id, org_id, visits, has_intention, loans, loan_amount)
        SELECT enterprise_id, org_id, sum(visits)::int, bool_or(need), sum(loans)::int, sum(amount)
        FROM (SELECT enterprise_id, org_id, 1 AS visits, intention = 'HAS_NEED' AS need, 0 AS loans, 0::numeric AS amount FROM chain_visits WHERE chain_id >= ${base}
              UNION ALL
              SELECT enterprise_id, org_id, 0, false, 1, amount FROM chain_loans WHERE chain_id >= ${base}) r
        GROUP BY enterprise_id, org_id`);
      await tx.execute(sql`
        UPDATE chain_enterprises e SET visits = x.visits, has_intention = x.need, loans = x.loans, loan_amount = x.amount, last_visit_date = x.last
        FROM (SELECT b.enterprise_id, sum(b.visits)::int AS visits, bool_or(b.has_intention) AS need, sum(b.loans)::int AS loans, sum(b.loan_amount) AS amount,
                     (SELECT max(v.visit_date) FROM chain_visits v WHERE v.enterprise_id = b.enterprise_id) AS last
              FROM chain_enterprise_banks b JOIN scale_members m ON m.id = b.enterprise_id GROUP BY b.enterprise_id) x
        WHERE e.id = x.enterprise_id`);
      await tx.execute(sql`
        INSERT INTO chain_bank_figures (chain_id, org_id, visits, enterprises_visited, enterprises_with_intention, enterprises_financed, loans, loan_amount)
        SELECT co.chain_id, co.org_id, coalesce(sum(b.visits), 0)::int, count(*) FILTER (WHERE b.visits > 0)::int,
               count(*) FILTER (WHERE b.has_intention)::int, count(*) FILTER (WHERE b.loans > 0)::int,
               coalesce(sum(b.loans), 0)::int, coalesce(sum(b.loan_amount), 0)
        FROM chain_orgs co
        LEFT JOIN (chain_enterprise_banks b JOIN scale_members m ON m.id = b.enterprise_id) ON m.chain_id = co.chain_id AND b.org_id = co.org_id
        WHERE co.chain_id >= ${base} AND co.role IN ('LEAD_BANK', 'MEMBER_BANK')
        GROUP BY co.chain_id, co.org_id`);
      await tx.execute(sql`
        INSERT INTO chain_tier_figures (chain_id, tier, enterprises, enterprises_visited, enterprises_financed, loan_amount)
        SELECT c.id, t.tier, count(e.id)::int, count(e.id) FILTER (WHERE e.visits > 0)::int, count(e.id) FILTER (WHERE e.loans > 0)::int, coalesce(sum(e.loan_amount), 0)
        FROM industrial_chains c CROSS JOIN unnest(ARRAY['UPSTREAM', 'MIDSTREAM', 'DOWNSTREAM']) AS t(tier)
        LEFT JOIN chain_enterprises e ON e.chain_id = c.id AND e.tier = t.tier
        WHERE c.id >= ${base} GROUP BY c.id, t.tier`);
      await tx.execute(sql`
        UPDATE industrial_chains c SET enterprises = x.enterprises, visits = x.visits, enterprises_visited = x.visited,
               enterprises_with_intention = x.need, enterprises_financed = x.financed, loans = x.loans, loan_amount = x.amount,
               banks = (SELECT count(*) FROM chain_orgs co WHERE co.chain_id = c.id AND co.role IN ('LEAD_BANK', 'MEMBER_BANK'))
        FROM (SELECT chain_id, count(*)::int AS enterprises, sum(visits)::int AS visits, count(*) FILTER (WHERE visits > 0)::int AS visited,
                     count(*) FILTER (WHERE has_intention)::int AS need, count(*) FILTER (WHERE loans > 0)::int AS financed,
                     sum(loans)::int AS loans, sum(loan_amount) AS amount
              FROM chain_enterprises WHERE chain_id >= ${base} GROUP BY chain_id) x
        WHERE c.id = x.chain_id`);
    });
    // As autovacuum would leave loaded tables: the visibility map set, so counts can read the indexes alone.
    for (const t of [
      'chain_enterprises',
      'chain_visits',
      'chain_loans',
      'chain_enterprise_banks',
      'chain_bank_figures',
      'chain_tier_figures',
      'industrial_chains',
      'chain_orgs',
    ]) {
      await db.execute(sql.raw(`VACUUM ANALYZE ${t}`));
    }
  },
};
