ALTER TABLE "chain_tier_figures" ADD COLUMN "enterprises_visited" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Every chain's per-tier figures recounted from its members in one set-based statement: enterprises_visited is new,
-- and chains made before chain_tier_figures existed (0011) were only counted from their next write on. The member
-- lists' totals read these rows (issue 17), so they must be exact.
INSERT INTO "chain_tier_figures" ("chain_id", "tier", "enterprises", "enterprises_visited", "enterprises_financed", "loan_amount")
SELECT e."chain_id", e."tier", count(*)::int, count(*) FILTER (WHERE e."visits" > 0)::int, count(*) FILTER (WHERE e."loans" > 0)::int, coalesce(sum(e."loan_amount"), 0)
FROM "chain_enterprises" e GROUP BY e."chain_id", e."tier"
ON CONFLICT ("chain_id", "tier") DO UPDATE SET "enterprises" = excluded."enterprises", "enterprises_visited" = excluded."enterprises_visited",
  "enterprises_financed" = excluded."enterprises_financed", "loan_amount" = excluded."loan_amount";
--> statement-breakpoint
UPDATE "chain_tier_figures" f SET "enterprises" = 0, "enterprises_visited" = 0, "enterprises_financed" = 0, "loan_amount" = 0
WHERE NOT EXISTS (SELECT 1 FROM "chain_enterprises" e WHERE e."chain_id" = f."chain_id" AND e."tier" = f."tier");
