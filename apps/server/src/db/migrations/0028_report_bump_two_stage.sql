-- The rollup bump in two stages and in PL/pgSQL (issue 17: the makeup import of 2000 rows spent 520 ms of its 760 ms in
-- this trigger, over the 60 s budget of the import bench).
-- 1. The events (about nine per demand) are summed per day key first: a bank's import of 2000 makeup loans gives 18,000
--    events but 2,900 day keys, so the hundred aggregate expressions (histogram buckets, refusal codes) run once per
--    event instead of four times (once per grain).
-- 2. The day sums are then spread to the day, month, year and all-time rows and summed again: the same rows, the same
--    sums as before (compared row for row on the benchmark database), net per row, in key order.
-- PL/pgSQL keeps the statement's plan for the session; a SQL function planned the INSERT again on every call, which the
-- per-row update trigger paid on every transition of a demand (300 single-row updates: 1.18 s -> 0.50 s).
CREATE OR REPLACE FUNCTION "demand_report_bump"(olds "demands"[], news "demands"[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  WITH "d" AS (
    SELECT e."scope", e."day", e."region_code", x."type", e."org_id",
           sum(x."s" * e."counted")::int AS "counted_n",
           sum(x."s" * e."counted_amount") AS "counted_amount",
           sum(x."s" * e."posted")::int AS "posted_n",
           sum(x."s" * e."accepted")::int AS "accepted_n",
           sum(x."s" * e."accept_wd")::int AS "accept_wd_sum",
           sum(x."s" * e."accept_wd_n")::int AS "accept_wd_n",
           ARRAY[coalesce(sum(x."s") FILTER (WHERE e."accept_bucket" = 0), 0)::int, coalesce(sum(x."s") FILTER (WHERE e."accept_bucket" = 1), 0)::int, coalesce(sum(x."s") FILTER (WHERE e."accept_bucket" = 2), 0)::int, coalesce(sum(x."s") FILTER (WHERE e."accept_bucket" = 3), 0)::int, coalesce(sum(x."s") FILTER (WHERE e."accept_bucket" = 4), 0)::int, coalesce(sum(x."s") FILTER (WHERE e."accept_bucket" = 5), 0)::int, coalesce(sum(x."s") FILTER (WHERE e."accept_bucket" = 6), 0)::int, coalesce(sum(x."s") FILTER (WHERE e."accept_bucket" = 7), 0)::int, coalesce(sum(x."s") FILTER (WHERE e."accept_bucket" = 8), 0)::int, coalesce(sum(x."s") FILTER (WHERE e."accept_bucket" = 9), 0)::int, coalesce(sum(x."s") FILTER (WHERE e."accept_bucket" = 10), 0)::int, coalesce(sum(x."s") FILTER (WHERE e."accept_bucket" = 11), 0)::int, coalesce(sum(x."s") FILTER (WHERE e."accept_bucket" = 12), 0)::int, coalesce(sum(x."s") FILTER (WHERE e."accept_bucket" = 13), 0)::int, coalesce(sum(x."s") FILTER (WHERE e."accept_bucket" = 14), 0)::int, coalesce(sum(x."s") FILTER (WHERE e."accept_bucket" = 15), 0)::int, coalesce(sum(x."s") FILTER (WHERE e."accept_bucket" = 16), 0)::int, coalesce(sum(x."s") FILTER (WHERE e."accept_bucket" = 17), 0)::int, coalesce(sum(x."s") FILTER (WHERE e."accept_bucket" = 18), 0)::int, coalesce(sum(x."s") FILTER (WHERE e."accept_bucket" = 19), 0)::int, coalesce(sum(x."s") FILTER (WHERE e."accept_bucket" = 20), 0)::int, coalesce(sum(x."s") FILTER (WHERE e."accept_bucket" = 21), 0)::int, coalesce(sum(x."s") FILTER (WHERE e."accept_bucket" = 22), 0)::int, coalesce(sum(x."s") FILTER (WHERE e."accept_bucket" = 23), 0)::int, coalesce(sum(x."s") FILTER (WHERE e."accept_bucket" = 24), 0)::int, coalesce(sum(x."s") FILTER (WHERE e."accept_bucket" = 25), 0)::int, coalesce(sum(x."s") FILTER (WHERE e."accept_bucket" = 26), 0)::int, coalesce(sum(x."s") FILTER (WHERE e."accept_bucket" = 27), 0)::int, coalesce(sum(x."s") FILTER (WHERE e."accept_bucket" = 28), 0)::int, coalesce(sum(x."s") FILTER (WHERE e."accept_bucket" = 29), 0)::int, coalesce(sum(x."s") FILTER (WHERE e."accept_bucket" = 30), 0)::int, coalesce(sum(x."s") FILTER (WHERE e."accept_bucket" = 31), 0)::int] AS "accept_hist",
           sum(x."s" * e."accept_late")::int AS "accept_late_n",
           sum(x."s" * e."granted")::int AS "granted_n",
           sum(x."s" * e."granted_amount") AS "granted_amount",
           sum(x."s" * e."granted_rate") AS "granted_rate_sum",
           sum(x."s" * e."granted_rate_n")::int AS "granted_rate_n",
           sum(x."s" * e."granted_credit")::int AS "granted_credit_n",
           sum(x."s" * e."granted_credit_amount") AS "granted_credit_amount",
           sum(x."s" * e."first_loan")::int AS "first_loan_n",
           sum(x."s" * e."grant_wd")::int AS "grant_wd_sum",
           sum(x."s" * e."grant_wd_n")::int AS "grant_wd_n",
           ARRAY[coalesce(sum(x."s") FILTER (WHERE e."grant_bucket" = 0), 0)::int, coalesce(sum(x."s") FILTER (WHERE e."grant_bucket" = 1), 0)::int, coalesce(sum(x."s") FILTER (WHERE e."grant_bucket" = 2), 0)::int, coalesce(sum(x."s") FILTER (WHERE e."grant_bucket" = 3), 0)::int, coalesce(sum(x."s") FILTER (WHERE e."grant_bucket" = 4), 0)::int, coalesce(sum(x."s") FILTER (WHERE e."grant_bucket" = 5), 0)::int, coalesce(sum(x."s") FILTER (WHERE e."grant_bucket" = 6), 0)::int, coalesce(sum(x."s") FILTER (WHERE e."grant_bucket" = 7), 0)::int, coalesce(sum(x."s") FILTER (WHERE e."grant_bucket" = 8), 0)::int, coalesce(sum(x."s") FILTER (WHERE e."grant_bucket" = 9), 0)::int, coalesce(sum(x."s") FILTER (WHERE e."grant_bucket" = 10), 0)::int, coalesce(sum(x."s") FILTER (WHERE e."grant_bucket" = 11), 0)::int, coalesce(sum(x."s") FILTER (WHERE e."grant_bucket" = 12), 0)::int, coalesce(sum(x."s") FILTER (WHERE e."grant_bucket" = 13), 0)::int, coalesce(sum(x."s") FILTER (WHERE e."grant_bucket" = 14), 0)::int, coalesce(sum(x."s") FILTER (WHERE e."grant_bucket" = 15), 0)::int, coalesce(sum(x."s") FILTER (WHERE e."grant_bucket" = 16), 0)::int, coalesce(sum(x."s") FILTER (WHERE e."grant_bucket" = 17), 0)::int, coalesce(sum(x."s") FILTER (WHERE e."grant_bucket" = 18), 0)::int, coalesce(sum(x."s") FILTER (WHERE e."grant_bucket" = 19), 0)::int, coalesce(sum(x."s") FILTER (WHERE e."grant_bucket" = 20), 0)::int, coalesce(sum(x."s") FILTER (WHERE e."grant_bucket" = 21), 0)::int, coalesce(sum(x."s") FILTER (WHERE e."grant_bucket" = 22), 0)::int, coalesce(sum(x."s") FILTER (WHERE e."grant_bucket" = 23), 0)::int, coalesce(sum(x."s") FILTER (WHERE e."grant_bucket" = 24), 0)::int, coalesce(sum(x."s") FILTER (WHERE e."grant_bucket" = 25), 0)::int, coalesce(sum(x."s") FILTER (WHERE e."grant_bucket" = 26), 0)::int, coalesce(sum(x."s") FILTER (WHERE e."grant_bucket" = 27), 0)::int, coalesce(sum(x."s") FILTER (WHERE e."grant_bucket" = 28), 0)::int, coalesce(sum(x."s") FILTER (WHERE e."grant_bucket" = 29), 0)::int, coalesce(sum(x."s") FILTER (WHERE e."grant_bucket" = 30), 0)::int, coalesce(sum(x."s") FILTER (WHERE e."grant_bucket" = 31), 0)::int] AS "grant_hist",
           sum(x."s" * e."makeup")::int AS "makeup_n",
           sum(x."s" * e."makeup_amount") AS "makeup_amount",
           sum(x."s" * e."rejected")::int AS "rejected_n",
           ARRAY[coalesce(sum(x."s") FILTER (WHERE e."reject_idx" = 1), 0)::int, coalesce(sum(x."s") FILTER (WHERE e."reject_idx" = 2), 0)::int, coalesce(sum(x."s") FILTER (WHERE e."reject_idx" = 3), 0)::int, coalesce(sum(x."s") FILTER (WHERE e."reject_idx" = 4), 0)::int, coalesce(sum(x."s") FILTER (WHERE e."reject_idx" = 5), 0)::int] AS "rejected_codes",
           sum(x."s" * e."decide_late")::int AS "decide_late_n",
           sum(x."s" * e."withdrawn")::int AS "withdrawn_n",
           sum(x."s" * e."withdrawn_pre")::int AS "withdrawn_pre_n",
           sum(x."s" * e."expired")::int AS "expired_n",
           sum(x."s" * e."guaranteed")::int AS "guaranteed_n",
           sum(x."s" * e."guaranteed_amount") AS "guaranteed_amount"
    FROM (SELECT r AS "d", r."type", -1 AS "s" FROM unnest(olds) AS r UNION ALL SELECT r, r."type", 1 FROM unnest(news) AS r) AS x
    CROSS JOIN LATERAL "demand_report_events"(x."d") AS e
    GROUP BY 1, 2, 3, 4, 5
  )
  INSERT INTO "demand_report_figures" ("scope", "grain", "period", "region_code", "type", "org_id", "counted_n", "counted_amount", "posted_n", "accepted_n", "accept_wd_sum", "accept_wd_n", "accept_hist", "accept_late_n", "granted_n", "granted_amount", "granted_rate_sum", "granted_rate_n", "granted_credit_n", "granted_credit_amount", "first_loan_n", "grant_wd_sum", "grant_wd_n", "grant_hist", "makeup_n", "makeup_amount", "rejected_n", "rejected_codes", "decide_late_n", "withdrawn_n", "withdrawn_pre_n", "expired_n", "guaranteed_n", "guaranteed_amount")
  SELECT d."scope", g."grain", CASE g."grain" WHEN 'D' THEN d."day" WHEN 'M' THEN date_trunc('month', d."day")::date WHEN 'Y' THEN date_trunc('year', d."day")::date ELSE DATE '2000-01-01' END, d."region_code", d."type", d."org_id",
         sum(d."counted_n"),
         sum(d."counted_amount"),
         sum(d."posted_n"),
         sum(d."accepted_n"),
         sum(d."accept_wd_sum"),
         sum(d."accept_wd_n"),
         ARRAY[sum(d."accept_hist"[1]), sum(d."accept_hist"[2]), sum(d."accept_hist"[3]), sum(d."accept_hist"[4]), sum(d."accept_hist"[5]), sum(d."accept_hist"[6]), sum(d."accept_hist"[7]), sum(d."accept_hist"[8]), sum(d."accept_hist"[9]), sum(d."accept_hist"[10]), sum(d."accept_hist"[11]), sum(d."accept_hist"[12]), sum(d."accept_hist"[13]), sum(d."accept_hist"[14]), sum(d."accept_hist"[15]), sum(d."accept_hist"[16]), sum(d."accept_hist"[17]), sum(d."accept_hist"[18]), sum(d."accept_hist"[19]), sum(d."accept_hist"[20]), sum(d."accept_hist"[21]), sum(d."accept_hist"[22]), sum(d."accept_hist"[23]), sum(d."accept_hist"[24]), sum(d."accept_hist"[25]), sum(d."accept_hist"[26]), sum(d."accept_hist"[27]), sum(d."accept_hist"[28]), sum(d."accept_hist"[29]), sum(d."accept_hist"[30]), sum(d."accept_hist"[31]), sum(d."accept_hist"[32])]::int[],
         sum(d."accept_late_n"),
         sum(d."granted_n"),
         sum(d."granted_amount"),
         sum(d."granted_rate_sum"),
         sum(d."granted_rate_n"),
         sum(d."granted_credit_n"),
         sum(d."granted_credit_amount"),
         sum(d."first_loan_n"),
         sum(d."grant_wd_sum"),
         sum(d."grant_wd_n"),
         ARRAY[sum(d."grant_hist"[1]), sum(d."grant_hist"[2]), sum(d."grant_hist"[3]), sum(d."grant_hist"[4]), sum(d."grant_hist"[5]), sum(d."grant_hist"[6]), sum(d."grant_hist"[7]), sum(d."grant_hist"[8]), sum(d."grant_hist"[9]), sum(d."grant_hist"[10]), sum(d."grant_hist"[11]), sum(d."grant_hist"[12]), sum(d."grant_hist"[13]), sum(d."grant_hist"[14]), sum(d."grant_hist"[15]), sum(d."grant_hist"[16]), sum(d."grant_hist"[17]), sum(d."grant_hist"[18]), sum(d."grant_hist"[19]), sum(d."grant_hist"[20]), sum(d."grant_hist"[21]), sum(d."grant_hist"[22]), sum(d."grant_hist"[23]), sum(d."grant_hist"[24]), sum(d."grant_hist"[25]), sum(d."grant_hist"[26]), sum(d."grant_hist"[27]), sum(d."grant_hist"[28]), sum(d."grant_hist"[29]), sum(d."grant_hist"[30]), sum(d."grant_hist"[31]), sum(d."grant_hist"[32])]::int[],
         sum(d."makeup_n"),
         sum(d."makeup_amount"),
         sum(d."rejected_n"),
         ARRAY[sum(d."rejected_codes"[1]), sum(d."rejected_codes"[2]), sum(d."rejected_codes"[3]), sum(d."rejected_codes"[4]), sum(d."rejected_codes"[5])]::int[],
         sum(d."decide_late_n"),
         sum(d."withdrawn_n"),
         sum(d."withdrawn_pre_n"),
         sum(d."expired_n"),
         sum(d."guaranteed_n"),
         sum(d."guaranteed_amount")
  FROM "d" CROSS JOIN (VALUES ('D'), ('M'), ('Y'), ('T')) AS g("grain")
  GROUP BY 1, 2, 3, 4, 5, 6
  HAVING (sum(d."counted_n"), sum(d."counted_amount"), sum(d."posted_n"), sum(d."accepted_n"), sum(d."accept_wd_sum"), sum(d."accept_wd_n"), sum(d."accept_late_n"), sum(d."granted_n"), sum(d."granted_amount"), sum(d."granted_rate_sum"), sum(d."granted_rate_n"), sum(d."granted_credit_n"), sum(d."granted_credit_amount"), sum(d."first_loan_n"), sum(d."grant_wd_sum"), sum(d."grant_wd_n"), sum(d."makeup_n"), sum(d."makeup_amount"), sum(d."rejected_n"), sum(d."decide_late_n"), sum(d."withdrawn_n"), sum(d."withdrawn_pre_n"), sum(d."expired_n"), sum(d."guaranteed_n"), sum(d."guaranteed_amount")) IS DISTINCT FROM (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
  ORDER BY 1, 2, 3, 4, 5, 6
  ON CONFLICT ("scope", "grain", "period", "region_code", "type", "org_id") DO UPDATE SET "counted_n" = "demand_report_figures"."counted_n" + EXCLUDED."counted_n", "counted_amount" = "demand_report_figures"."counted_amount" + EXCLUDED."counted_amount", "posted_n" = "demand_report_figures"."posted_n" + EXCLUDED."posted_n", "accepted_n" = "demand_report_figures"."accepted_n" + EXCLUDED."accepted_n", "accept_wd_sum" = "demand_report_figures"."accept_wd_sum" + EXCLUDED."accept_wd_sum", "accept_wd_n" = "demand_report_figures"."accept_wd_n" + EXCLUDED."accept_wd_n", "accept_hist" = "report_add"("demand_report_figures"."accept_hist", EXCLUDED."accept_hist"), "accept_late_n" = "demand_report_figures"."accept_late_n" + EXCLUDED."accept_late_n", "granted_n" = "demand_report_figures"."granted_n" + EXCLUDED."granted_n", "granted_amount" = "demand_report_figures"."granted_amount" + EXCLUDED."granted_amount", "granted_rate_sum" = "demand_report_figures"."granted_rate_sum" + EXCLUDED."granted_rate_sum", "granted_rate_n" = "demand_report_figures"."granted_rate_n" + EXCLUDED."granted_rate_n", "granted_credit_n" = "demand_report_figures"."granted_credit_n" + EXCLUDED."granted_credit_n", "granted_credit_amount" = "demand_report_figures"."granted_credit_amount" + EXCLUDED."granted_credit_amount", "first_loan_n" = "demand_report_figures"."first_loan_n" + EXCLUDED."first_loan_n", "grant_wd_sum" = "demand_report_figures"."grant_wd_sum" + EXCLUDED."grant_wd_sum", "grant_wd_n" = "demand_report_figures"."grant_wd_n" + EXCLUDED."grant_wd_n", "grant_hist" = "report_add"("demand_report_figures"."grant_hist", EXCLUDED."grant_hist"), "makeup_n" = "demand_report_figures"."makeup_n" + EXCLUDED."makeup_n", "makeup_amount" = "demand_report_figures"."makeup_amount" + EXCLUDED."makeup_amount", "rejected_n" = "demand_report_figures"."rejected_n" + EXCLUDED."rejected_n", "rejected_codes" = "report_add"("demand_report_figures"."rejected_codes", EXCLUDED."rejected_codes"), "decide_late_n" = "demand_report_figures"."decide_late_n" + EXCLUDED."decide_late_n", "withdrawn_n" = "demand_report_figures"."withdrawn_n" + EXCLUDED."withdrawn_n", "withdrawn_pre_n" = "demand_report_figures"."withdrawn_pre_n" + EXCLUDED."withdrawn_pre_n", "expired_n" = "demand_report_figures"."expired_n" + EXCLUDED."expired_n", "guaranteed_n" = "demand_report_figures"."guaranteed_n" + EXCLUDED."guaranteed_n", "guaranteed_amount" = "demand_report_figures"."guaranteed_amount" + EXCLUDED."guaranteed_amount";
END
$$;
