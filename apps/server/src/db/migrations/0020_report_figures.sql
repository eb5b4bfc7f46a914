CREATE TABLE "demand_report_figures" (
	"scope" char(1) NOT NULL,
	"grain" char(1) NOT NULL,
	"period" date NOT NULL,
	"region_code" varchar(12) NOT NULL,
	"type" varchar(12) NOT NULL,
	"org_id" bigint NOT NULL,
	"counted_n" integer DEFAULT 0 NOT NULL,
	"counted_amount" numeric(18, 2) DEFAULT 0 NOT NULL,
	"posted_n" integer DEFAULT 0 NOT NULL,
	"accepted_n" integer DEFAULT 0 NOT NULL,
	"accept_wd_sum" bigint DEFAULT 0 NOT NULL,
	"accept_wd_n" integer DEFAULT 0 NOT NULL,
	"accept_hist" integer[] NOT NULL,
	"accept_late_n" integer DEFAULT 0 NOT NULL,
	"granted_n" integer DEFAULT 0 NOT NULL,
	"granted_amount" numeric(18, 2) DEFAULT 0 NOT NULL,
	"granted_rate_sum" numeric(18, 3) DEFAULT 0 NOT NULL,
	"granted_rate_n" integer DEFAULT 0 NOT NULL,
	"granted_credit_n" integer DEFAULT 0 NOT NULL,
	"granted_credit_amount" numeric(18, 2) DEFAULT 0 NOT NULL,
	"first_loan_n" integer DEFAULT 0 NOT NULL,
	"grant_wd_sum" bigint DEFAULT 0 NOT NULL,
	"grant_wd_n" integer DEFAULT 0 NOT NULL,
	"grant_hist" integer[] NOT NULL,
	"makeup_n" integer DEFAULT 0 NOT NULL,
	"makeup_amount" numeric(18, 2) DEFAULT 0 NOT NULL,
	"rejected_n" integer DEFAULT 0 NOT NULL,
	"rejected_codes" integer[] NOT NULL,
	"decide_late_n" integer DEFAULT 0 NOT NULL,
	"withdrawn_n" integer DEFAULT 0 NOT NULL,
	"withdrawn_pre_n" integer DEFAULT 0 NOT NULL,
	"expired_n" integer DEFAULT 0 NOT NULL,
	"guaranteed_n" integer DEFAULT 0 NOT NULL,
	"guaranteed_amount" numeric(18, 2) DEFAULT 0 NOT NULL,
	CONSTRAINT "demand_report_figures_scope_grain_period_region_code_type_org_id_pk" PRIMARY KEY("scope","grain","period","region_code","type","org_id")
);
--> statement-breakpoint
ALTER TABLE "demands" ADD COLUMN "withdrawn_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "demands" ADD COLUMN "expired_org_id" bigint;--> statement-breakpoint
ALTER TABLE "demands" ADD COLUMN "accept_wd" smallint;--> statement-breakpoint
ALTER TABLE "demands" ADD COLUMN "grant_wd" smallint;--> statement-breakpoint
ALTER TABLE "demands" ADD COLUMN "first_loan" boolean;--> statement-breakpoint
CREATE INDEX "demands_granted_idx" ON "demands" USING btree ("granted_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE status = 'GRANTED';--> statement-breakpoint
-- The reports' rollup (docs/statistics.md, "Report figures"; contract stats/reports.ts). A demand's report events, each
-- on the Beijing day of its own date, are a pure function of the row (demand_report_events), so the triggers keep
-- demand_report_figures equal to the same sums over demands by taking a changed row's old events out and adding its
-- new ones, in the statement that changes it, whatever writes it (service, SLA sweep, imports, seeds, the scale
-- generator). Marks the events need (withdrawal time, the unit that let it expire, working days, first loan) are set
-- on the row by a BEFORE trigger, so drill-down lists filter on plain columns.
CREATE FUNCTION "bj_day"(t timestamptz) RETURNS date LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT ((t AT TIME ZONE 'UTC') + interval '8 hours')::date
$$;--> statement-breakpoint
-- Working days after `a` up to and including `b` on the operator's calendar (modules/system/working-days.ts
-- workingDaysBetween): a weekday unless marked HOLIDAY, a weekend day if marked WORKDAY.
CREATE FUNCTION "working_days_between"(a date, b date) RETURNS int LANGUAGE sql STABLE AS $$
  SELECT count(*)::int FROM generate_series(a + 1, b, interval '1 day') AS g(d) LEFT JOIN "holidays" h ON h."day" = g.d::date
  WHERE CASE h."kind" WHEN 'HOLIDAY' THEN false WHEN 'WORKDAY' THEN true ELSE extract(isodow FROM g.d) < 6 END
$$;--> statement-breakpoint
-- Who borrowed, for the first-loan mark (首贷户): the credit code, else the applicant account, else the name.
CREATE FUNCTION "demand_borrower"(credit_code varchar, applicant_user_id bigint, applicant_name text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(credit_code, 'u' || applicant_user_id::text, 'n' || applicant_name)
$$;--> statement-breakpoint
-- The head office of an organisation unit (a unit is at most a sub-branch of a branch of its head office).
CREATE FUNCTION "report_org_head"(org bigint) RETURNS bigint LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN o."parent_id" IS NULL OR o."level" = 'HEAD' THEN o."id" WHEN p."parent_id" IS NULL OR p."level" = 'HEAD' THEN p."id" ELSE coalesce(gp."id", p."id") END
  FROM "orgs" o LEFT JOIN "orgs" p ON p."id" = o."parent_id" LEFT JOIN "orgs" gp ON gp."id" = p."parent_id" WHERE o."id" = org
$$;--> statement-breakpoint
CREATE FUNCTION "report_add"(a int[], b int[]) RETURNS int[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT array_agg(coalesce(x, 0) + coalesce(y, 0) ORDER BY i) FROM unnest(a, b) WITH ORDINALITY AS u(x, y, i)
$$;--> statement-breakpoint
-- A demand's events: one line per event and organisation row it counts for (scope R: its district; O: the unit in
-- the district; H: the unit's head office, whole city). Roles say which organisations an event counts for: BG the
-- bank unit and the guarantee company, A the acceptor (the guarantee company of a GUARANTEE demand, else the bank
-- unit), X the unit that let it expire, G the guarantee company.
CREATE FUNCTION "demand_report_events"(d "demands") RETURNS TABLE ("scope" char(1), "org_id" bigint, "region_code" varchar, "day" date, "counted" int, "counted_amount" numeric, "posted" int, "accepted" int, "accept_wd" int, "accept_wd_n" int, "accept_bucket" int, "accept_late" int, "granted" int, "granted_amount" numeric, "granted_rate" numeric, "granted_rate_n" int, "granted_credit" int, "granted_credit_amount" numeric, "first_loan" int, "grant_wd" int, "grant_wd_n" int, "grant_bucket" int, "makeup" int, "makeup_amount" numeric, "rejected" int, "reject_idx" int, "decide_late" int, "withdrawn" int, "withdrawn_pre" int, "expired" int, "guaranteed" int, "guaranteed_amount" numeric)
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
  SELECT s."scope"::char(1),
         CASE WHEN s."scope" = 'O' THEN t."org" WHEN t."org" = d."bank_org_id" AND d."bank_id" IS NOT NULL THEN d."bank_id" ELSE "report_org_head"(t."org") END,
         CASE WHEN s."scope" = 'O' THEN d."region_code" ELSE '' END, ev."day", ev."counted", ev."counted_amount", ev."posted", ev."accepted", ev."accept_wd", ev."accept_wd_n", ev."accept_bucket", ev."accept_late", ev."granted", ev."granted_amount", ev."granted_rate", ev."granted_rate_n", ev."granted_credit", ev."granted_credit_amount", ev."first_loan", ev."grant_wd", ev."grant_wd_n", ev."grant_bucket", ev."makeup", ev."makeup_amount", ev."rejected", ev."reject_idx", ev."decide_late", ev."withdrawn", ev."withdrawn_pre", ev."expired", ev."guaranteed", ev."guaranteed_amount"
  FROM ev JOIN targets t ON t."role" = ev."role" AND t."org" IS NOT NULL CROSS JOIN (VALUES ('O'), ('H')) AS s("scope")
$$;--> statement-breakpoint
-- Takes the events of `olds` out and adds those of `news`, day and month rows alike, net per row (a transition that
-- leaves a row's sums unchanged does not write it), in key order so two transactions never lock rows in opposite orders.
CREATE FUNCTION "demand_report_bump"(olds "demands"[], news "demands"[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "demand_report_figures" ("scope", "grain", "period", "region_code", "type", "org_id", "counted_n", "counted_amount", "posted_n", "accepted_n", "accept_wd_sum", "accept_wd_n", "accept_hist", "accept_late_n", "granted_n", "granted_amount", "granted_rate_sum", "granted_rate_n", "granted_credit_n", "granted_credit_amount", "first_loan_n", "grant_wd_sum", "grant_wd_n", "grant_hist", "makeup_n", "makeup_amount", "rejected_n", "rejected_codes", "decide_late_n", "withdrawn_n", "withdrawn_pre_n", "expired_n", "guaranteed_n", "guaranteed_amount")
  SELECT e."scope", g."grain", CASE WHEN g."grain" = 'D' THEN e."day" ELSE date_trunc('month', e."day")::date END, e."region_code", x."type", e."org_id",
         sum(x."s" * e."counted"),
         sum(x."s" * e."counted_amount"),
         sum(x."s" * e."posted"),
         sum(x."s" * e."accepted"),
         sum(x."s" * e."accept_wd"),
         sum(x."s" * e."accept_wd_n"),
         ARRAY[coalesce(sum(x."s") FILTER (WHERE e."accept_bucket" = 0), 0)::int, coalesce(sum(x."s") FILTER (WHERE e."accept_bucket" = 1), 0)::int, coalesce(sum(x."s") FILTER (WHERE e."accept_bucket" = 2), 0)::int, coalesce(sum(x."s") FILTER (WHERE e."accept_bucket" = 3), 0)::int, coalesce(sum(x."s") FILTER (WHERE e."accept_bucket" = 4), 0)::int, coalesce(sum(x."s") FILTER (WHERE e."accept_bucket" = 5), 0)::int, coalesce(sum(x."s") FILTER (WHERE e."accept_bucket" = 6), 0)::int, coalesce(sum(x."s") FILTER (WHERE e."accept_bucket" = 7), 0)::int, coalesce(sum(x."s") FILTER (WHERE e."accept_bucket" = 8), 0)::int, coalesce(sum(x."s") FILTER (WHERE e."accept_bucket" = 9), 0)::int, coalesce(sum(x."s") FILTER (WHERE e."accept_bucket" = 10), 0)::int, coalesce(sum(x."s") FILTER (WHERE e."accept_bucket" = 11), 0)::int, coalesce(sum(x."s") FILTER (WHERE e."accept_bucket" = 12), 0)::int, coalesce(sum(x."s") FILTER (WHERE e."accept_bucket" = 13), 0)::int, coalesce(sum(x."s") FILTER (WHERE e."accept_bucket" = 14), 0)::int, coalesce(sum(x."s") FILTER (WHERE e."accept_bucket" = 15), 0)::int, coalesce(sum(x."s") FILTER (WHERE e."accept_bucket" = 16), 0)::int, coalesce(sum(x."s") FILTER (WHERE e."accept_bucket" = 17), 0)::int, coalesce(sum(x."s") FILTER (WHERE e."accept_bucket" = 18), 0)::int, coalesce(sum(x."s") FILTER (WHERE e."accept_bucket" = 19), 0)::int, coalesce(sum(x."s") FILTER (WHERE e."accept_bucket" = 20), 0)::int, coalesce(sum(x."s") FILTER (WHERE e."accept_bucket" = 21), 0)::int, coalesce(sum(x."s") FILTER (WHERE e."accept_bucket" = 22), 0)::int, coalesce(sum(x."s") FILTER (WHERE e."accept_bucket" = 23), 0)::int, coalesce(sum(x."s") FILTER (WHERE e."accept_bucket" = 24), 0)::int, coalesce(sum(x."s") FILTER (WHERE e."accept_bucket" = 25), 0)::int, coalesce(sum(x."s") FILTER (WHERE e."accept_bucket" = 26), 0)::int, coalesce(sum(x."s") FILTER (WHERE e."accept_bucket" = 27), 0)::int, coalesce(sum(x."s") FILTER (WHERE e."accept_bucket" = 28), 0)::int, coalesce(sum(x."s") FILTER (WHERE e."accept_bucket" = 29), 0)::int, coalesce(sum(x."s") FILTER (WHERE e."accept_bucket" = 30), 0)::int, coalesce(sum(x."s") FILTER (WHERE e."accept_bucket" = 31), 0)::int],
         sum(x."s" * e."accept_late"),
         sum(x."s" * e."granted"),
         sum(x."s" * e."granted_amount"),
         sum(x."s" * e."granted_rate"),
         sum(x."s" * e."granted_rate_n"),
         sum(x."s" * e."granted_credit"),
         sum(x."s" * e."granted_credit_amount"),
         sum(x."s" * e."first_loan"),
         sum(x."s" * e."grant_wd"),
         sum(x."s" * e."grant_wd_n"),
         ARRAY[coalesce(sum(x."s") FILTER (WHERE e."grant_bucket" = 0), 0)::int, coalesce(sum(x."s") FILTER (WHERE e."grant_bucket" = 1), 0)::int, coalesce(sum(x."s") FILTER (WHERE e."grant_bucket" = 2), 0)::int, coalesce(sum(x."s") FILTER (WHERE e."grant_bucket" = 3), 0)::int, coalesce(sum(x."s") FILTER (WHERE e."grant_bucket" = 4), 0)::int, coalesce(sum(x."s") FILTER (WHERE e."grant_bucket" = 5), 0)::int, coalesce(sum(x."s") FILTER (WHERE e."grant_bucket" = 6), 0)::int, coalesce(sum(x."s") FILTER (WHERE e."grant_bucket" = 7), 0)::int, coalesce(sum(x."s") FILTER (WHERE e."grant_bucket" = 8), 0)::int, coalesce(sum(x."s") FILTER (WHERE e."grant_bucket" = 9), 0)::int, coalesce(sum(x."s") FILTER (WHERE e."grant_bucket" = 10), 0)::int, coalesce(sum(x."s") FILTER (WHERE e."grant_bucket" = 11), 0)::int, coalesce(sum(x."s") FILTER (WHERE e."grant_bucket" = 12), 0)::int, coalesce(sum(x."s") FILTER (WHERE e."grant_bucket" = 13), 0)::int, coalesce(sum(x."s") FILTER (WHERE e."grant_bucket" = 14), 0)::int, coalesce(sum(x."s") FILTER (WHERE e."grant_bucket" = 15), 0)::int, coalesce(sum(x."s") FILTER (WHERE e."grant_bucket" = 16), 0)::int, coalesce(sum(x."s") FILTER (WHERE e."grant_bucket" = 17), 0)::int, coalesce(sum(x."s") FILTER (WHERE e."grant_bucket" = 18), 0)::int, coalesce(sum(x."s") FILTER (WHERE e."grant_bucket" = 19), 0)::int, coalesce(sum(x."s") FILTER (WHERE e."grant_bucket" = 20), 0)::int, coalesce(sum(x."s") FILTER (WHERE e."grant_bucket" = 21), 0)::int, coalesce(sum(x."s") FILTER (WHERE e."grant_bucket" = 22), 0)::int, coalesce(sum(x."s") FILTER (WHERE e."grant_bucket" = 23), 0)::int, coalesce(sum(x."s") FILTER (WHERE e."grant_bucket" = 24), 0)::int, coalesce(sum(x."s") FILTER (WHERE e."grant_bucket" = 25), 0)::int, coalesce(sum(x."s") FILTER (WHERE e."grant_bucket" = 26), 0)::int, coalesce(sum(x."s") FILTER (WHERE e."grant_bucket" = 27), 0)::int, coalesce(sum(x."s") FILTER (WHERE e."grant_bucket" = 28), 0)::int, coalesce(sum(x."s") FILTER (WHERE e."grant_bucket" = 29), 0)::int, coalesce(sum(x."s") FILTER (WHERE e."grant_bucket" = 30), 0)::int, coalesce(sum(x."s") FILTER (WHERE e."grant_bucket" = 31), 0)::int],
         sum(x."s" * e."makeup"),
         sum(x."s" * e."makeup_amount"),
         sum(x."s" * e."rejected"),
         ARRAY[coalesce(sum(x."s") FILTER (WHERE e."reject_idx" = 1), 0)::int, coalesce(sum(x."s") FILTER (WHERE e."reject_idx" = 2), 0)::int, coalesce(sum(x."s") FILTER (WHERE e."reject_idx" = 3), 0)::int, coalesce(sum(x."s") FILTER (WHERE e."reject_idx" = 4), 0)::int, coalesce(sum(x."s") FILTER (WHERE e."reject_idx" = 5), 0)::int],
         sum(x."s" * e."decide_late"),
         sum(x."s" * e."withdrawn"),
         sum(x."s" * e."withdrawn_pre"),
         sum(x."s" * e."expired"),
         sum(x."s" * e."guaranteed"),
         sum(x."s" * e."guaranteed_amount")
  FROM (SELECT r AS "d", r."type", -1 AS "s" FROM unnest(olds) AS r UNION ALL SELECT r, r."type", 1 FROM unnest(news) AS r) AS x
  CROSS JOIN LATERAL "demand_report_events"(x."d") AS e
  CROSS JOIN (VALUES ('D'), ('M')) AS g("grain")
  GROUP BY 1, 2, 3, 4, 5, 6
  HAVING (sum(x."s" * e."counted"), sum(x."s" * e."counted_amount"), sum(x."s" * e."posted"), sum(x."s" * e."accepted"), sum(x."s" * e."accept_wd"), sum(x."s" * e."accept_wd_n"), sum(x."s" * e."accept_late"), sum(x."s" * e."granted"), sum(x."s" * e."granted_amount"), sum(x."s" * e."granted_rate"), sum(x."s" * e."granted_rate_n"), sum(x."s" * e."granted_credit"), sum(x."s" * e."granted_credit_amount"), sum(x."s" * e."first_loan"), sum(x."s" * e."grant_wd"), sum(x."s" * e."grant_wd_n"), sum(x."s" * e."makeup"), sum(x."s" * e."makeup_amount"), sum(x."s" * e."rejected"), sum(x."s" * e."decide_late"), sum(x."s" * e."withdrawn"), sum(x."s" * e."withdrawn_pre"), sum(x."s" * e."expired"), sum(x."s" * e."guaranteed"), sum(x."s" * e."guaranteed_amount")) IS DISTINCT FROM (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
  ORDER BY 1, 2, 3, 4, 5, 6
  ON CONFLICT ("scope", "grain", "period", "region_code", "type", "org_id") DO UPDATE SET "counted_n" = "demand_report_figures"."counted_n" + EXCLUDED."counted_n", "counted_amount" = "demand_report_figures"."counted_amount" + EXCLUDED."counted_amount", "posted_n" = "demand_report_figures"."posted_n" + EXCLUDED."posted_n", "accepted_n" = "demand_report_figures"."accepted_n" + EXCLUDED."accepted_n", "accept_wd_sum" = "demand_report_figures"."accept_wd_sum" + EXCLUDED."accept_wd_sum", "accept_wd_n" = "demand_report_figures"."accept_wd_n" + EXCLUDED."accept_wd_n", "accept_hist" = "report_add"("demand_report_figures"."accept_hist", EXCLUDED."accept_hist"), "accept_late_n" = "demand_report_figures"."accept_late_n" + EXCLUDED."accept_late_n", "granted_n" = "demand_report_figures"."granted_n" + EXCLUDED."granted_n", "granted_amount" = "demand_report_figures"."granted_amount" + EXCLUDED."granted_amount", "granted_rate_sum" = "demand_report_figures"."granted_rate_sum" + EXCLUDED."granted_rate_sum", "granted_rate_n" = "demand_report_figures"."granted_rate_n" + EXCLUDED."granted_rate_n", "granted_credit_n" = "demand_report_figures"."granted_credit_n" + EXCLUDED."granted_credit_n", "granted_credit_amount" = "demand_report_figures"."granted_credit_amount" + EXCLUDED."granted_credit_amount", "first_loan_n" = "demand_report_figures"."first_loan_n" + EXCLUDED."first_loan_n", "grant_wd_sum" = "demand_report_figures"."grant_wd_sum" + EXCLUDED."grant_wd_sum", "grant_wd_n" = "demand_report_figures"."grant_wd_n" + EXCLUDED."grant_wd_n", "grant_hist" = "report_add"("demand_report_figures"."grant_hist", EXCLUDED."grant_hist"), "makeup_n" = "demand_report_figures"."makeup_n" + EXCLUDED."makeup_n", "makeup_amount" = "demand_report_figures"."makeup_amount" + EXCLUDED."makeup_amount", "rejected_n" = "demand_report_figures"."rejected_n" + EXCLUDED."rejected_n", "rejected_codes" = "report_add"("demand_report_figures"."rejected_codes", EXCLUDED."rejected_codes"), "decide_late_n" = "demand_report_figures"."decide_late_n" + EXCLUDED."decide_late_n", "withdrawn_n" = "demand_report_figures"."withdrawn_n" + EXCLUDED."withdrawn_n", "withdrawn_pre_n" = "demand_report_figures"."withdrawn_pre_n" + EXCLUDED."withdrawn_pre_n", "expired_n" = "demand_report_figures"."expired_n" + EXCLUDED."expired_n", "guaranteed_n" = "demand_report_figures"."guaranteed_n" + EXCLUDED."guaranteed_n", "guaranteed_amount" = "demand_report_figures"."guaranteed_amount" + EXCLUDED."guaranteed_amount"
$$;--> statement-breakpoint
CREATE FUNCTION "demand_report_on_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "demand_report_bump"('{}'::"demands"[], ARRAY(SELECT r::"demands" FROM "new_rows" AS r));
  ELSE
    PERFORM "demand_report_bump"(ARRAY(SELECT r::"demands" FROM "old_rows" AS r), '{}'::"demands"[]);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "demand_report_on_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "demand_report_bump"(ARRAY[OLD], ARRAY[NEW]);
  RETURN NULL;
END $$;--> statement-breakpoint
-- The marks the events read, set on the row whatever writes it. A makeup loan was neither accepted nor decided on the
-- platform: no working days. The first-loan mark is decided once, when the demand becomes GRANTED: no GRANTED demand
-- of the same borrower existed then.
CREATE FUNCTION "demand_report_marks"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  fresh boolean := TG_OP = 'INSERT';
BEGIN
  IF NEW."status" = 'WITHDRAWN' THEN
    NEW."withdrawn_at" := coalesce(NEW."withdrawn_at", CASE WHEN NOT fresh AND OLD."status" = 'WITHDRAWN' THEN OLD."withdrawn_at" END, now());
  ELSE
    NEW."withdrawn_at" := NULL;
  END IF;
  IF NEW."expired_at" IS NULL THEN
    NEW."expired_org_id" := NULL;
  ELSIF fresh OR OLD."expired_at" IS DISTINCT FROM NEW."expired_at" THEN
    NEW."expired_org_id" := coalesce(NEW."bank_org_id", NEW."guarantee_org_id");
  END IF;
  IF NEW."source" <> 'APPLICANT' OR NEW."accepted_at" IS NULL THEN
    NEW."accept_wd" := NULL;
  ELSIF fresh OR OLD."accepted_at" IS DISTINCT FROM NEW."accepted_at" OR OLD."created_at" IS DISTINCT FROM NEW."created_at" OR OLD."accept_wd" IS NULL THEN
    NEW."accept_wd" := "working_days_between"("bj_day"(NEW."created_at"), "bj_day"(NEW."accepted_at"));
  END IF;
  IF NEW."source" <> 'APPLICANT' OR NEW."status" <> 'GRANTED' OR NEW."accepted_at" IS NULL OR NEW."granted_at" IS NULL THEN
    NEW."grant_wd" := NULL;
  ELSIF fresh OR OLD."accepted_at" IS DISTINCT FROM NEW."accepted_at" OR OLD."granted_at" IS DISTINCT FROM NEW."granted_at" OR OLD."grant_wd" IS NULL THEN
    NEW."grant_wd" := "working_days_between"("bj_day"(NEW."accepted_at"), NEW."granted_at");
  END IF;
  IF NEW."status" <> 'GRANTED' THEN
    NEW."first_loan" := NULL;
  ELSIF fresh OR OLD."status" <> 'GRANTED' OR NEW."first_loan" IS NULL THEN
    NEW."first_loan" := NOT EXISTS (
      SELECT 1 FROM "demands" x
      WHERE "demand_borrower"(x."credit_code", x."applicant_user_id", x."applicant_name") = "demand_borrower"(NEW."credit_code", NEW."applicant_user_id", NEW."applicant_name")
        AND x."status" = 'GRANTED' AND x."id" <> NEW."id");
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
-- Marks of the demands already there: withdrawn when last updated, expired by the unit in charge now, working days on
-- today's calendar, the first grant per borrower by decision order.
UPDATE "demands" SET
  "withdrawn_at" = CASE WHEN "status" = 'WITHDRAWN' THEN "updated_at" END,
  "expired_org_id" = CASE WHEN "expired_at" IS NOT NULL THEN coalesce("bank_org_id", "guarantee_org_id") END,
  "accept_wd" = CASE WHEN "source" = 'APPLICANT' AND "accepted_at" IS NOT NULL THEN "working_days_between"("bj_day"("created_at"), "bj_day"("accepted_at")) END,
  "grant_wd" = CASE WHEN "source" = 'APPLICANT' AND "status" = 'GRANTED' AND "accepted_at" IS NOT NULL AND "granted_at" IS NOT NULL
                    THEN "working_days_between"("bj_day"("accepted_at"), "granted_at") END
WHERE "status" = 'WITHDRAWN' OR "expired_at" IS NOT NULL OR "accepted_at" IS NOT NULL;--> statement-breakpoint
UPDATE "demands" d SET "first_loan" = f."first"
FROM (SELECT "id", row_number() OVER (PARTITION BY "demand_borrower"("credit_code", "applicant_user_id", "applicant_name") ORDER BY "decided_at" NULLS FIRST, "id") = 1 AS "first"
      FROM "demands" WHERE "status" = 'GRANTED') f
WHERE d."id" = f."id";--> statement-breakpoint
DO $$
DECLARE
  lo bigint := (SELECT coalesce(min("id"), 0) FROM "demands");
  hi bigint := (SELECT coalesce(max("id"), -1) FROM "demands");
BEGIN
  WHILE lo <= hi LOOP
    PERFORM "demand_report_bump"('{}'::"demands"[], ARRAY(SELECT d FROM "demands" d WHERE d."id" BETWEEN lo AND lo + 49999));
    lo := lo + 50000;
  END LOOP;
END $$;--> statement-breakpoint
CREATE TRIGGER "demands_report_marks" BEFORE INSERT OR UPDATE ON "demands" FOR EACH ROW EXECUTE FUNCTION "demand_report_marks"();--> statement-breakpoint
CREATE TRIGGER "demands_report_insert" AFTER INSERT ON "demands" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "demand_report_on_rows"();--> statement-breakpoint
CREATE TRIGGER "demands_report_delete" AFTER DELETE ON "demands" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "demand_report_on_rows"();--> statement-breakpoint
CREATE TRIGGER "demands_report_update" AFTER UPDATE ON "demands" FOR EACH ROW
  WHEN (OLD."status" IS DISTINCT FROM NEW."status" OR OLD."type" IS DISTINCT FROM NEW."type" OR OLD."region_code" IS DISTINCT FROM NEW."region_code" OR OLD."source" IS DISTINCT FROM NEW."source" OR OLD."bank_org_id" IS DISTINCT FROM NEW."bank_org_id" OR OLD."bank_id" IS DISTINCT FROM NEW."bank_id" OR OLD."guarantee_org_id" IS DISTINCT FROM NEW."guarantee_org_id" OR OLD."amount" IS DISTINCT FROM NEW."amount" OR OLD."created_at" IS DISTINCT FROM NEW."created_at" OR OLD."accepted_at" IS DISTINCT FROM NEW."accepted_at" OR OLD."accept_deadline" IS DISTINCT FROM NEW."accept_deadline" OR OLD."accept_wd" IS DISTINCT FROM NEW."accept_wd" OR OLD."granted_at" IS DISTINCT FROM NEW."granted_at" OR OLD."granted_amount" IS DISTINCT FROM NEW."granted_amount" OR OLD."granted_rate" IS DISTINCT FROM NEW."granted_rate" OR OLD."guarantee_method" IS DISTINCT FROM NEW."guarantee_method" OR OLD."first_loan" IS DISTINCT FROM NEW."first_loan" OR OLD."grant_wd" IS DISTINCT FROM NEW."grant_wd" OR OLD."decided_at" IS DISTINCT FROM NEW."decided_at" OR OLD."decide_deadline" IS DISTINCT FROM NEW."decide_deadline" OR OLD."reject_code" IS DISTINCT FROM NEW."reject_code" OR OLD."withdrawn_at" IS DISTINCT FROM NEW."withdrawn_at" OR OLD."expired_at" IS DISTINCT FROM NEW."expired_at" OR OLD."expired_org_id" IS DISTINCT FROM NEW."expired_org_id" OR OLD."guaranteed_amount" IS DISTINCT FROM NEW."guaranteed_amount" OR OLD."guarantee_signed_at" IS DISTINCT FROM NEW."guarantee_signed_at")
  EXECUTE FUNCTION "demand_report_on_change"();--> statement-breakpoint
CREATE INDEX "demands_borrower_granted_idx" ON "demands" USING btree (demand_borrower(credit_code, applicant_user_id, applicant_name)) WHERE status = 'GRANTED';
