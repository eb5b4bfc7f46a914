import { sql } from 'drizzle-orm';
import { recomputeFigures } from '../../modules/shelter/shelter-figures.repo.ts';
import { DEMO_PASSWORD } from '../demo-accounts.ts';
import { insertUser } from '../factories.ts';
import type { ScaleDomain } from './index.ts';

/** The district supervisor the bench signs in as (bench/scenarios.ts "shelter-supervisor-list"): 城关区. */
export const SCALE_SHELTER_SUPERVISOR = 'bench_cg_gov';
export const SCALE_SHELTER_DISTRICT = '999901';

/**
 * Financial-shelter cases at the budget's scale (issue 15): 50,000 cases of the scale enterprises (scale-ent-N, one
 * case each, so at most one open per enterprise), over the eight districts by the enterprise's region, applied over
 * two years. States by (n / 8) % 20 (independent of the district, n % 8): APPLIED 2, UNDER_REVIEW 1, IN_SHELTER 7, NOT_ADMITTED 2, WITHDRAWN 1, EXITED 7 (of 20);
 * every case has a loan, the help asked and its timeline (apply, review, decision, exit); an admitted case has a lead
 * bank (a head office, the demo bank every fifth) and one or two measures. The figures are then rebuilt from the rows
 * (recomputeFigures), as the writes would have kept them. Also a supervisor of 城关区 (SCALE_SHELTER_SUPERVISOR, the demo
 * password) for the bench's district list.
 */
export const shelterAtScale: ScaleDomain = {
  name: 'shelter',
  rows: 50_000,
  async generate(db, rows) {
    const [gov] = (
      await db.execute<{ id: string }>(
        sql`SELECT id FROM orgs WHERE classified_type = 'GOVERNMENT' AND region_code = ${SCALE_SHELTER_DISTRICT} ORDER BY id LIMIT 1`,
      )
    ).rows;
    const exists =
      (await db.execute(sql`SELECT 1 FROM users WHERE username = ${SCALE_SHELTER_SUPERVISOR}`)).rows.length > 0;
    if (!exists) {
      await insertUser(db, {
        username: SCALE_SHELTER_SUPERVISOR,
        name: '城关区监管（压测）',
        password: DEMO_PASSWORD,
        accountType: 'GOVERNMENT',
        orgId: Number(gov.id),
        roleCodes: ['GOV_SUPERVISOR'],
      });
    }
    await db.transaction(async (tx) => {
      await tx.execute(sql`CREATE TEMP TABLE scale_shelter ON COMMIT DROP AS
        SELECT n, u.id AS user_id, u.name, u.credit_code, u.region_code, u.phone,
               CASE WHEN (n / 8) % 20 < 2 THEN 'APPLIED' WHEN (n / 8) % 20 = 2 THEN 'UNDER_REVIEW' WHEN (n / 8) % 20 < 10 THEN 'IN_SHELTER'
                    WHEN (n / 8) % 20 < 12 THEN 'NOT_ADMITTED' WHEN (n / 8) % 20 = 12 THEN 'WITHDRAWN' ELSE 'EXITED' END AS state,
               now() - (n % 730) * interval '1 day' - (n % 600) * interval '1 minute' AS applied_at
        FROM generate_series(1, ${rows}) AS n JOIN users u ON lower(u.username) = 'scale-ent-' || n
        WHERE u.region_code IS NOT NULL AND u.credit_code IS NOT NULL`);
      // Decisions come 1-10 days after the application (never after now), exits 60-200 days after admission.
      await tx.execute(sql`
        WITH b AS (SELECT array_agg(id ORDER BY id) AS ids, count(*)::int AS k FROM orgs WHERE classified_type = 'BANK' AND parent_id IS NULL),
        demo AS (SELECT id FROM orgs WHERE name = '示范市农村商业银行股份有限公司')
        INSERT INTO shelter_cases (state, enterprise_user_id, enterprise_name, credit_code, region_code, industry, cause, difficulty_since, expected_recovery,
          contact_name, contact_phone, public_on_recovery, help_types, loan_total, lead_bank_org_id, plan_note, refuse_reason, withdraw_reason, exit_outcome,
          exit_note, measure_count, first_help_on, created_by, created_at, review_started_at, admitted_at, closed_at, updated_at)
        SELECT s.state, s.user_id, s.name, s.credit_code, s.region_code,
               (ARRAY['AGRICULTURE','MANUFACTURING','WHOLESALE_RETAIL','AGRI_PROCESSING','LOGISTICS','SERVICES'])[1 + s.n % 6],
               '受市场波动影响，订单减少、回款放缓，短期流动资金紧张，申请金融方舱帮扶。（规模测试' || s.n || '）',
               (s.applied_at - interval '60 days')::date, to_char(s.applied_at + interval '240 days', 'YYYY-MM'),
               '联系人' || s.n, coalesce(s.phone, '13000000000'), s.n % 3 = 0,
               CASE WHEN s.n % 2 = 0 THEN ARRAY['EXTENSION','RATE_RELIEF'] ELSE ARRAY['NEW_CREDIT'] END,
               50 + s.n % 500,
               CASE WHEN s.state IN ('IN_SHELTER','EXITED') THEN CASE WHEN s.n % 5 = 0 THEN (SELECT id FROM demo) ELSE b.ids[1 + s.n % b.k] END END,
               CASE WHEN s.state IN ('IN_SHELTER','EXITED') THEN '主办行办理展期并下调利率' END,
               CASE WHEN s.state = 'NOT_ADMITTED' THEN '不符合入舱条件' END,
               NULL,
               CASE WHEN s.state = 'EXITED' THEN CASE WHEN s.n % 7 = 0 THEN 'OTHER' ELSE 'RECOVERED' END END,
               CASE WHEN s.state = 'EXITED' THEN '经营恢复' END,
               0, NULL, s.user_id, s.applied_at,
               CASE WHEN s.state <> 'APPLIED' THEN least(s.applied_at + interval '1 day', now()) END,
               CASE WHEN s.state IN ('IN_SHELTER','EXITED') THEN least(s.applied_at + (1 + s.n % 10) * interval '1 day', now()) END,
               CASE WHEN s.state IN ('NOT_ADMITTED','WITHDRAWN') THEN least(s.applied_at + (1 + s.n % 10) * interval '1 day', now())
                    WHEN s.state = 'EXITED' THEN least(s.applied_at + (61 + s.n % 140) * interval '1 day', now()) END,
               s.applied_at
        FROM scale_shelter s, b`);
      await tx.execute(
        sql`INSERT INTO shelter_banks (case_id, org_id, role) SELECT id, lead_bank_org_id, 'LEAD' FROM shelter_cases WHERE lead_bank_org_id IS NOT NULL AND cause LIKE '%（规模测试%'`,
      );
      await tx.execute(sql`
        INSERT INTO shelter_loans (case_id, bank_org_id, bank_name, amount, due_date)
        SELECT c.id, NULL, '规模测试银行', c.loan_total, (c.created_at + interval '90 days')::date FROM shelter_cases c WHERE c.cause LIKE '%（规模测试%'`);
      await tx.execute(sql`
        INSERT INTO shelter_help_asked (case_id, type, amount)
        SELECT c.id, t, CASE WHEN t = 'RATE_RELIEF' THEN NULL ELSE c.loan_total END FROM shelter_cases c, unnest(c.help_types) AS t WHERE c.cause LIKE '%（规模测试%'`);
      // Measures: one per admitted case on its admission day plus 3 days (capped at today), a second on every other.
      await tx.execute(sql`
        INSERT INTO shelter_measures (case_id, bank_org_id, org_id, type, amount, rate_change_bp, new_due_date, given_on, created_at)
        SELECT c.id, c.lead_bank_org_id, c.lead_bank_org_id, m.type,
               CASE WHEN m.type = 'RATE_RELIEF' THEN NULL ELSE c.loan_total END,
               CASE WHEN m.type = 'RATE_RELIEF' THEN -10 - (c.id % 5) * 10 END,
               CASE WHEN m.type = 'EXTENSION' THEN (c.admitted_at + interval '400 days')::date END,
               least((c.admitted_at AT TIME ZONE 'Asia/Shanghai')::date + 3, (now() AT TIME ZONE 'Asia/Shanghai')::date),
               least(c.admitted_at + interval '3 days', now())
        FROM shelter_cases c
        CROSS JOIN LATERAL (SELECT unnest(CASE WHEN c.id % 2 = 0 THEN c.help_types ELSE c.help_types[1:1] END) AS type) m
        WHERE c.admitted_at IS NOT NULL AND c.cause LIKE '%（规模测试%'`);
      await tx.execute(sql`
        UPDATE shelter_cases c SET measure_count = m.n, first_help_on = m.first
        FROM (SELECT case_id, count(*)::int AS n, min(given_on) AS first FROM shelter_measures GROUP BY case_id) m
        WHERE m.case_id = c.id AND c.cause LIKE '%（规模测试%'`);
      // The timeline: apply, then review, decision and exit where the state reached them.
      await tx.execute(sql`
        INSERT INTO shelter_history (case_id, action, from_state, to_state, user_id, org_id, reason, created_at)
        SELECT id, 'apply'::varchar, NULL::varchar, 'APPLIED'::varchar, enterprise_user_id, NULL::bigint, NULL::text, created_at FROM shelter_cases WHERE cause LIKE '%（规模测试%'
        UNION ALL SELECT id, 'startReview', 'APPLIED', 'UNDER_REVIEW', NULL, NULL, NULL, review_started_at FROM shelter_cases WHERE review_started_at IS NOT NULL AND cause LIKE '%（规模测试%'
        UNION ALL SELECT id, 'admit', 'UNDER_REVIEW', 'IN_SHELTER', NULL, NULL, plan_note, admitted_at FROM shelter_cases WHERE admitted_at IS NOT NULL AND cause LIKE '%（规模测试%'
        UNION ALL SELECT id, CASE state WHEN 'NOT_ADMITTED' THEN 'refuse' ELSE 'withdraw' END, 'UNDER_REVIEW', state, NULL, NULL, refuse_reason, closed_at
          FROM shelter_cases WHERE state IN ('NOT_ADMITTED','WITHDRAWN') AND cause LIKE '%（规模测试%'
        UNION ALL SELECT id, 'exit', 'IN_SHELTER', 'EXITED', NULL, NULL, exit_note, closed_at FROM shelter_cases WHERE state = 'EXITED' AND cause LIKE '%（规模测试%'`);
      await recomputeFigures(tx);
    });
  },
};
