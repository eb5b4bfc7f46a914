CREATE TABLE "demand_day_counts" (
	"type" varchar(12) NOT NULL,
	"source" varchar(10) NOT NULL,
	"status" varchar(20) NOT NULL,
	"day" date NOT NULL,
	"region_code" varchar(12) NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "demand_day_counts_type_source_status_day_region_code_pk" PRIMARY KEY("type","source","status","day","region_code")
);
--> statement-breakpoint
-- Kept like demand_counts (0005): inserts and deletes per statement, updates per row and only when a counted column
-- changes, rows written in key order. The triggers come first: they lock demands against writes until the migration
-- commits, so the backfill below and the triggers never miss or double-count a row. The backfill writes in key order, so
-- a list's range of days reads a few pages.
CREATE FUNCTION "demand_day_counts_on_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "demand_day_counts" ("type", "source", "status", "day", "region_code", "n")
      SELECT "type", "source", "status", bj_day("created_at"), "region_code", count(*)
      FROM "new_rows" GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
      ON CONFLICT ("type", "source", "status", "day", "region_code") DO UPDATE SET "n" = "demand_day_counts"."n" + EXCLUDED."n";
  ELSE
    INSERT INTO "demand_day_counts" ("type", "source", "status", "day", "region_code", "n")
      SELECT "type", "source", "status", bj_day("created_at"), "region_code", -count(*)
      FROM "old_rows" GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
      ON CONFLICT ("type", "source", "status", "day", "region_code") DO UPDATE SET "n" = "demand_day_counts"."n" + EXCLUDED."n";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "demand_day_counts_on_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "demand_day_counts" ("type", "source", "status", "day", "region_code", "n")
    SELECT v."type", v."source", v."status", v."day", v."region_code", sum(v."d")
    FROM (VALUES (OLD."type", OLD."source", OLD."status", bj_day(OLD."created_at"), OLD."region_code", -1),
                 (NEW."type", NEW."source", NEW."status", bj_day(NEW."created_at"), NEW."region_code", 1))
         AS v("type", "source", "status", "day", "region_code", "d")
    GROUP BY 1, 2, 3, 4, 5 HAVING sum(v."d") <> 0 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT ("type", "source", "status", "day", "region_code") DO UPDATE SET "n" = "demand_day_counts"."n" + EXCLUDED."n";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "demands_day_counts_insert" AFTER INSERT ON "demands" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "demand_day_counts_on_rows"();--> statement-breakpoint
CREATE TRIGGER "demands_day_counts_delete" AFTER DELETE ON "demands" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "demand_day_counts_on_rows"();--> statement-breakpoint
CREATE TRIGGER "demands_day_counts_update" AFTER UPDATE OF "type", "source", "status", "created_at", "region_code" ON "demands" FOR EACH ROW
  WHEN (OLD."type" IS DISTINCT FROM NEW."type" OR OLD."source" IS DISTINCT FROM NEW."source" OR OLD."status" IS DISTINCT FROM NEW."status"
        OR OLD."created_at" IS DISTINCT FROM NEW."created_at" OR OLD."region_code" IS DISTINCT FROM NEW."region_code")
  EXECUTE FUNCTION "demand_day_counts_on_change"();--> statement-breakpoint
INSERT INTO "demand_day_counts" ("type", "source", "status", "day", "region_code", "n")
  SELECT "type", "source", "status", bj_day("created_at"), "region_code", count(*)::int FROM "demands" GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5;
