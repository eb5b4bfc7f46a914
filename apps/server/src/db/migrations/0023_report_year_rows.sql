-- Year rows (grain Y, period the first of the Beijing year): a report over whole calendar years reads one row per key and
-- year instead of twelve month rows (a one-year district report: ~25 rows instead of ~300, the scorecard ~70 instead of
-- ~800), so the reports' cost no longer grows with the months they span (docs/statistics.md, "Report figures"). The
-- trigger writes one more row per event and key (D, M, Y, T); the backfill sums the month rows, one statement.
-- Takes the events of `olds` out and adds those of `news`, day, month, year and all-time rows alike, net per row (a
-- transition that leaves a row's sums unchanged does not write it), in key order so two transactions never lock rows in
-- opposite orders.
CREATE OR REPLACE FUNCTION "demand_report_bump"(olds "demands"[], news "demands"[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "demand_report_figures" ("scope", "grain", "period", "region_code", "type", "org_id", "counted_n", "counted_amount", "posted_n", "accepted_n", "accept_wd_sum", "accept_wd_n", "accept_hist", "accept_late_n", "granted_n", "granted_amount", "granted_rate_sum", "granted_rate_n", "granted_credit_n", "granted_credit_amount", "first_loan_n", "grant_wd_sum", "grant_wd_n", "grant_hist", "makeup_n", "makeup_amount", "rejected_n", "rejected_codes", "decide_late_n", "withdrawn_n", "withdrawn_pre_n", "expired_n", "guaranteed_n", "guaranteed_amount")
  SELECT e."scope", g."grain", CASE g."grain" WHEN 'D' THEN e."day" WHEN 'M' THEN date_trunc('month', e."day")::date WHEN 'Y' THEN date_trunc('year', e."day")::date ELSE DATE '2000-01-01' END, e."region_code", x."type", e."org_id",
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
  CROSS JOIN (VALUES ('D'), ('M'), ('Y'), ('T')) AS g("grain")
  GROUP BY 1, 2, 3, 4, 5, 6
  HAVING (sum(x."s" * e."counted"), sum(x."s" * e."counted_amount"), sum(x."s" * e."posted"), sum(x."s" * e."accepted"), sum(x."s" * e."accept_wd"), sum(x."s" * e."accept_wd_n"), sum(x."s" * e."accept_late"), sum(x."s" * e."granted"), sum(x."s" * e."granted_amount"), sum(x."s" * e."granted_rate"), sum(x."s" * e."granted_rate_n"), sum(x."s" * e."granted_credit"), sum(x."s" * e."granted_credit_amount"), sum(x."s" * e."first_loan"), sum(x."s" * e."grant_wd"), sum(x."s" * e."grant_wd_n"), sum(x."s" * e."makeup"), sum(x."s" * e."makeup_amount"), sum(x."s" * e."rejected"), sum(x."s" * e."decide_late"), sum(x."s" * e."withdrawn"), sum(x."s" * e."withdrawn_pre"), sum(x."s" * e."expired"), sum(x."s" * e."guaranteed"), sum(x."s" * e."guaranteed_amount")) IS DISTINCT FROM (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
  ORDER BY 1, 2, 3, 4, 5, 6
  ON CONFLICT ("scope", "grain", "period", "region_code", "type", "org_id") DO UPDATE SET "counted_n" = "demand_report_figures"."counted_n" + EXCLUDED."counted_n", "counted_amount" = "demand_report_figures"."counted_amount" + EXCLUDED."counted_amount", "posted_n" = "demand_report_figures"."posted_n" + EXCLUDED."posted_n", "accepted_n" = "demand_report_figures"."accepted_n" + EXCLUDED."accepted_n", "accept_wd_sum" = "demand_report_figures"."accept_wd_sum" + EXCLUDED."accept_wd_sum", "accept_wd_n" = "demand_report_figures"."accept_wd_n" + EXCLUDED."accept_wd_n", "accept_hist" = "report_add"("demand_report_figures"."accept_hist", EXCLUDED."accept_hist"), "accept_late_n" = "demand_report_figures"."accept_late_n" + EXCLUDED."accept_late_n", "granted_n" = "demand_report_figures"."granted_n" + EXCLUDED."granted_n", "granted_amount" = "demand_report_figures"."granted_amount" + EXCLUDED."granted_amount", "granted_rate_sum" = "demand_report_figures"."granted_rate_sum" + EXCLUDED."granted_rate_sum", "granted_rate_n" = "demand_report_figures"."granted_rate_n" + EXCLUDED."granted_rate_n", "granted_credit_n" = "demand_report_figures"."granted_credit_n" + EXCLUDED."granted_credit_n", "granted_credit_amount" = "demand_report_figures"."granted_credit_amount" + EXCLUDED."granted_credit_amount", "first_loan_n" = "demand_report_figures"."first_loan_n" + EXCLUDED."first_loan_n", "grant_wd_sum" = "demand_report_figures"."grant_wd_sum" + EXCLUDED."grant_wd_sum", "grant_wd_n" = "demand_report_figures"."grant_wd_n" + EXCLUDED."grant_wd_n", "grant_hist" = "report_add"("demand_report_figures"."grant_hist", EXCLUDED."grant_hist"), "makeup_n" = "demand_report_figures"."makeup_n" + EXCLUDED."makeup_n", "makeup_amount" = "demand_report_figures"."makeup_amount" + EXCLUDED."makeup_amount", "rejected_n" = "demand_report_figures"."rejected_n" + EXCLUDED."rejected_n", "rejected_codes" = "report_add"("demand_report_figures"."rejected_codes", EXCLUDED."rejected_codes"), "decide_late_n" = "demand_report_figures"."decide_late_n" + EXCLUDED."decide_late_n", "withdrawn_n" = "demand_report_figures"."withdrawn_n" + EXCLUDED."withdrawn_n", "withdrawn_pre_n" = "demand_report_figures"."withdrawn_pre_n" + EXCLUDED."withdrawn_pre_n", "expired_n" = "demand_report_figures"."expired_n" + EXCLUDED."expired_n", "guaranteed_n" = "demand_report_figures"."guaranteed_n" + EXCLUDED."guaranteed_n", "guaranteed_amount" = "demand_report_figures"."guaranteed_amount" + EXCLUDED."guaranteed_amount"
$$;--> statement-breakpoint
INSERT INTO "demand_report_figures" ("scope", "grain", "period", "region_code", "type", "org_id", "counted_n", "counted_amount", "posted_n", "accepted_n", "accept_wd_sum", "accept_wd_n", "accept_hist", "accept_late_n", "granted_n", "granted_amount", "granted_rate_sum", "granted_rate_n", "granted_credit_n", "granted_credit_amount", "first_loan_n", "grant_wd_sum", "grant_wd_n", "grant_hist", "makeup_n", "makeup_amount", "rejected_n", "rejected_codes", "decide_late_n", "withdrawn_n", "withdrawn_pre_n", "expired_n", "guaranteed_n", "guaranteed_amount")
SELECT "scope", 'Y', date_trunc('year', "period")::date, "region_code", "type", "org_id",
       sum("counted_n"),
       sum("counted_amount"),
       sum("posted_n"),
       sum("accepted_n"),
       sum("accept_wd_sum"),
       sum("accept_wd_n"),
       ARRAY[sum("accept_hist"[1]), sum("accept_hist"[2]), sum("accept_hist"[3]), sum("accept_hist"[4]), sum("accept_hist"[5]), sum("accept_hist"[6]), sum("accept_hist"[7]), sum("accept_hist"[8]), sum("accept_hist"[9]), sum("accept_hist"[10]), sum("accept_hist"[11]), sum("accept_hist"[12]), sum("accept_hist"[13]), sum("accept_hist"[14]), sum("accept_hist"[15]), sum("accept_hist"[16]), sum("accept_hist"[17]), sum("accept_hist"[18]), sum("accept_hist"[19]), sum("accept_hist"[20]), sum("accept_hist"[21]), sum("accept_hist"[22]), sum("accept_hist"[23]), sum("accept_hist"[24]), sum("accept_hist"[25]), sum("accept_hist"[26]), sum("accept_hist"[27]), sum("accept_hist"[28]), sum("accept_hist"[29]), sum("accept_hist"[30]), sum("accept_hist"[31]), sum("accept_hist"[32])]::int[],
       sum("accept_late_n"),
       sum("granted_n"),
       sum("granted_amount"),
       sum("granted_rate_sum"),
       sum("granted_rate_n"),
       sum("granted_credit_n"),
       sum("granted_credit_amount"),
       sum("first_loan_n"),
       sum("grant_wd_sum"),
       sum("grant_wd_n"),
       ARRAY[sum("grant_hist"[1]), sum("grant_hist"[2]), sum("grant_hist"[3]), sum("grant_hist"[4]), sum("grant_hist"[5]), sum("grant_hist"[6]), sum("grant_hist"[7]), sum("grant_hist"[8]), sum("grant_hist"[9]), sum("grant_hist"[10]), sum("grant_hist"[11]), sum("grant_hist"[12]), sum("grant_hist"[13]), sum("grant_hist"[14]), sum("grant_hist"[15]), sum("grant_hist"[16]), sum("grant_hist"[17]), sum("grant_hist"[18]), sum("grant_hist"[19]), sum("grant_hist"[20]), sum("grant_hist"[21]), sum("grant_hist"[22]), sum("grant_hist"[23]), sum("grant_hist"[24]), sum("grant_hist"[25]), sum("grant_hist"[26]), sum("grant_hist"[27]), sum("grant_hist"[28]), sum("grant_hist"[29]), sum("grant_hist"[30]), sum("grant_hist"[31]), sum("grant_hist"[32])]::int[],
       sum("makeup_n"),
       sum("makeup_amount"),
       sum("rejected_n"),
       ARRAY[sum("rejected_codes"[1]), sum("rejected_codes"[2]), sum("rejected_codes"[3]), sum("rejected_codes"[4]), sum("rejected_codes"[5])]::int[],
       sum("decide_late_n"),
       sum("withdrawn_n"),
       sum("withdrawn_pre_n"),
       sum("expired_n"),
       sum("guaranteed_n"),
       sum("guaranteed_amount")
FROM "demand_report_figures" WHERE "grain" = 'M'
GROUP BY "scope", date_trunc('year', "period")::date, "region_code", "type", "org_id";
