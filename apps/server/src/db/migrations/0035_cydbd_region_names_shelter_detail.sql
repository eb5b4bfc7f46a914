-- Issue 30: products and demands carry a policy programme (CYDBD: 创业担保贷, items 5), regions an English name and
-- shelter history rows what the server composed as data (item 7).
ALTER TABLE "regions" ADD COLUMN "name_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "policy" varchar(12);--> statement-breakpoint
ALTER TABLE "demands" ADD COLUMN "policy" varchar(12);--> statement-breakpoint
ALTER TABLE "shelter_history" ADD COLUMN "detail" jsonb;--> statement-breakpoint
-- 创业担保贷 (issue 30, item 5): a demand posted through a product of the CYDBD policy carries it, whatever writes the
-- demand (the service, seeds, the scale generator): copied from the product when the demand is inserted or its product
-- changes. A product's later change of policy does not rewrite the demands already posted.
CREATE FUNCTION "demand_policy_of_product"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."policy" := CASE WHEN NEW."product_id" IS NULL THEN NULL ELSE (SELECT p."policy" FROM "products" p WHERE p."id" = NEW."product_id") END;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "demands_policy" BEFORE INSERT OR UPDATE OF "product_id" ON "demands" FOR EACH ROW EXECUTE FUNCTION "demand_policy_of_product"();--> statement-breakpoint
-- The rollup's scope C: the events of CYDBD demands per district (org 0), the same events as scope R, so the
-- 创业担保贷 figures are sums of kept rows like every other report figure (docs/statistics.md "创业担保贷").
CREATE OR REPLACE FUNCTION "demand_report_events"(d "demands") RETURNS TABLE ("scope" char(1), "org_id" bigint, "region_code" varchar, "day" date, "counted" int, "counted_amount" numeric, "posted" int, "accepted" int, "accept_wd" int, "accept_wd_n" int, "accept_bucket" int, "accept_late" int, "granted" int, "granted_amount" numeric, "granted_rate" numeric, "granted_rate_n" int, "granted_credit" int, "granted_credit_amount" numeric, "first_loan" int, "grant_wd" int, "grant_wd_n" int, "grant_bucket" int, "makeup" int, "makeup_amount" numeric, "rejected" int, "reject_idx" int, "decide_late" int, "withdrawn" int, "withdrawn_pre" int, "expired" int, "guaranteed" int, "guaranteed_amount" numeric)
LANGUAGE sql STABLE AS $$
  WITH ev AS (
    SELECT * FROM (VALUES
      ('BG', bj_day(d.created_at), (NOT (d.status = 'WITHDRAWN' AND d.accepted_at IS NULL))::int, CASE WHEN d.status = 'WITHDRAWN' AND d.accepted_at IS NULL THEN 0 ELSE d.amount END, (d.source = 'APPLICANT')::int, 0, 0, 0, NULL::int, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, NULL::int, 0, 0, 0, NULL::int, 0, 0, 0, 0, 0, 0),
      ('A', CASE WHEN d.accepted_at IS NOT NULL AND d.source = 'APPLICANT' THEN bj_day(d.accepted_at) END, 0, 0, 0, 1, coalesce(d.accept_wd, 0), (d.accept_wd IS NOT NULL)::int, least(d.accept_wd, 31), (coalesce(d.accepted_at > d.accept_deadline, false))::int, 0, 0, 0, 0, 0, 0, 0, 0, 0, NULL::int, 0, 0, 0, NULL::int, 0, 0, 0, 0, 0, 0),
      ('BG', CASE WHEN d.status = 'GRANTED' THEN d.granted_at END, 0, 0, 0, 0, 0, 0, NULL::int, 0, 1, coalesce(d.granted_amount, 0), coalesce(d.granted_rate, 0), (d.granted_rate IS NOT NULL)::int, (d.guarantee_method = 'CREDIT')::int, CASE WHEN d.guarantee_method = 'CREDIT' THEN coalesce(d.granted_amount, 0) ELSE 0 END, (coalesce(d.first_loan, false))::int, coalesce(d.grant_wd, 0), (d.grant_wd IS NOT NULL)::int, least(d.grant_wd, 31), (d.source = 'MAKEUP')::int, CASE WHEN d.source = 'MAKEUP' THEN coalesce(d.granted_amount, 0) ELSE 0 END, 0, NULL::int, 0, 0, 0, 0, 0, 0),
      ('BG', CASE WHEN d.status IN ('GRANTED', 'REJECTED') THEN bj_day(d.decided_at) END, 0, 0, 0, 0, 0, 0, NULL::int, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, NULL::int, 0, 0, (d.status = 'REJECTED')::int, CASE WHEN d.status = 'REJECTED' THEN coalesce(array_position(ARRAY['INSUFFICIENT_COLLATERAL', 'CREDIT_RECORD', 'OUTSIDE_SCOPE', 'UNREACHABLE', 'OTHER']::varchar[], d.reject_code), 5) END, (coalesce(d.decided_at > d.decide_deadline, false))::int, 0, 0, 0, 0, 0),
      ('BG', CASE WHEN d.status = 'WITHDRAWN' THEN bj_day(d.withdrawn_at) END, 0, 0, 0, 0, 0, 0, NULL::int, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, NULL::int, 0, 0, 0, NULL::int, 0, 1, (d.accepted_at IS NULL)::int, 0, 0, 0),
      ('X', bj_day(d.expired_at), 0, 0, 0, 0, 0, 0, NULL::int, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, NULL::int, 0, 0, 0, NULL::int, 0, 0, 0, 1, 0, 0),
      ('G', CASE WHEN d.guaranteed_amount IS NOT NULL THEN coalesce(d.guarantee_signed_at, bj_day(d.updated_at)) END, 0, 0, 0, 0, 0, 0, NULL::int, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, NULL::int, 0, 0, 0, NULL::int, 0, 0, 0, 0, 1, d.guaranteed_amount)
    ) AS v("role", "day", "counted", "counted_amount", "posted", "accepted", "accept_wd", "accept_wd_n", "accept_bucket", "accept_late", "granted", "granted_amount", "granted_rate", "granted_rate_n", "granted_credit", "granted_credit_amount", "first_loan", "grant_wd", "grant_wd_n", "grant_bucket", "makeup", "makeup_amount", "rejected", "reject_idx", "decide_late", "withdrawn", "withdrawn_pre", "expired", "guaranteed", "guaranteed_amount")
    WHERE v."day" IS NOT NULL
  ),
  targets AS (
    SELECT 'BG' AS "role", o AS "org" FROM unnest(ARRAY[d."bank_org_id", d."guarantee_org_id"]) AS o
    UNION ALL SELECT 'A', CASE WHEN d."type" = 'GUARANTEE' THEN d."guarantee_org_id" ELSE d."bank_org_id" END
    UNION ALL SELECT 'X', d."expired_org_id"
    UNION ALL SELECT 'G', d."guarantee_org_id"
  )
  SELECT 'R'::char(1), 0::bigint, d."region_code", ev."day", ev."counted", ev."counted_amount", ev."posted", ev."accepted", ev."accept_wd", ev."accept_wd_n", ev."accept_bucket", ev."accept_late", ev."granted", ev."granted_amount", ev."granted_rate", ev."granted_rate_n", ev."granted_credit", ev."granted_credit_amount", ev."first_loan", ev."grant_wd", ev."grant_wd_n", ev."grant_bucket", ev."makeup", ev."makeup_amount", ev."rejected", ev."reject_idx", ev."decide_late", ev."withdrawn", ev."withdrawn_pre", ev."expired", ev."guaranteed", ev."guaranteed_amount" FROM ev
  UNION ALL
  SELECT 'C'::char(1), 0::bigint, d."region_code", ev."day", ev."counted", ev."counted_amount", ev."posted", ev."accepted", ev."accept_wd", ev."accept_wd_n", ev."accept_bucket", ev."accept_late", ev."granted", ev."granted_amount", ev."granted_rate", ev."granted_rate_n", ev."granted_credit", ev."granted_credit_amount", ev."first_loan", ev."grant_wd", ev."grant_wd_n", ev."grant_bucket", ev."makeup", ev."makeup_amount", ev."rejected", ev."reject_idx", ev."decide_late", ev."withdrawn", ev."withdrawn_pre", ev."expired", ev."guaranteed", ev."guaranteed_amount" FROM ev WHERE d."policy" = 'CYDBD'
  UNION ALL
  SELECT s."scope"::char(1),
         CASE WHEN s."scope" = 'O' THEN t."org" WHEN t."org" = d."bank_org_id" AND d."bank_id" IS NOT NULL THEN d."bank_id" ELSE "report_org_head"(t."org") END,
         CASE WHEN s."scope" = 'O' THEN d."region_code" ELSE '' END, ev."day", ev."counted", ev."counted_amount", ev."posted", ev."accepted", ev."accept_wd", ev."accept_wd_n", ev."accept_bucket", ev."accept_late", ev."granted", ev."granted_amount", ev."granted_rate", ev."granted_rate_n", ev."granted_credit", ev."granted_credit_amount", ev."first_loan", ev."grant_wd", ev."grant_wd_n", ev."grant_bucket", ev."makeup", ev."makeup_amount", ev."rejected", ev."reject_idx", ev."decide_late", ev."withdrawn", ev."withdrawn_pre", ev."expired", ev."guaranteed", ev."guaranteed_amount"
  FROM ev JOIN targets t ON t."role" = ev."role" AND t."org" IS NOT NULL CROSS JOIN (VALUES ('O'), ('H')) AS s("scope")
$$;
