CREATE TABLE "demand_attachments" (
	"demand_id" bigint NOT NULL,
	"file_id" varchar(64) NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "demand_attachments_demand_id_file_id_pk" PRIMARY KEY("demand_id","file_id")
);
--> statement-breakpoint
CREATE TABLE "demand_counts" (
	"region_code" varchar(12) NOT NULL,
	"type" varchar(12) NOT NULL,
	"status" varchar(20) NOT NULL,
	"source" varchar(10) NOT NULL,
	"bank_org_id" bigint NOT NULL,
	"guarantee_org_id" bigint NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "demand_counts_region_code_type_status_source_bank_org_id_guarantee_org_id_pk" PRIMARY KEY("region_code","type","status","source","bank_org_id","guarantee_org_id")
);
--> statement-breakpoint
CREATE TABLE "demand_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"demand_id" bigint NOT NULL,
	"action" varchar(16) NOT NULL,
	"from_status" varchar(20),
	"to_status" varchar(20),
	"user_id" bigint,
	"org_id" bigint,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "demands" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"type" varchar(12) NOT NULL,
	"status" varchar(20) NOT NULL,
	"source" varchar(10) DEFAULT 'APPLICANT' NOT NULL,
	"applicant_user_id" bigint,
	"applicant_name" text NOT NULL,
	"applicant_type" varchar(16) NOT NULL,
	"credit_code" varchar(18),
	"created_by" bigint,
	"product_id" bigint,
	"target_org_id" bigint,
	"owner_org_id" bigint,
	"bank_org_id" bigint,
	"bank_id" bigint,
	"guarantee_org_id" bigint,
	"amount" numeric(12, 2) NOT NULL,
	"term" integer NOT NULL,
	"purpose" text NOT NULL,
	"guarantee_method" varchar(20) NOT NULL,
	"region_code" varchar(12) NOT NULL,
	"industry" varchar(20) NOT NULL,
	"contact_name" text NOT NULL,
	"contact_phone" varchar(20) NOT NULL,
	"consent_user_id" bigint,
	"consent_at" timestamp with time zone,
	"consent_institution" text,
	"accept_deadline" timestamp with time zone,
	"decide_deadline" timestamp with time zone,
	"due_at" timestamp with time zone,
	"warn_at" timestamp with time zone,
	"warned_at" timestamp with time zone,
	"expired_at" timestamp with time zone,
	"pool_at" timestamp with time zone,
	"accepted_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"granted_amount" numeric(12, 2),
	"granted_rate" numeric(6, 3),
	"granted_term" integer,
	"granted_at" date,
	"guaranteed_amount" numeric(12, 2),
	"reject_code" varchar(24),
	"reject_reason" text,
	"withdraw_reason" text,
	"urge_count" integer DEFAULT 0 NOT NULL,
	"last_urged_at" timestamp with time zone,
	"import_job_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_runs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"job" varchar(48) NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"status" varchar(8) NOT NULL,
	"detail" jsonb
);
--> statement-breakpoint
CREATE TABLE "stat_totals" (
	"key" varchar(32) NOT NULL,
	"shard" smallint NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	"amount" numeric(18, 2) DEFAULT 0 NOT NULL,
	CONSTRAINT "stat_totals_key_shard_pk" PRIMARY KEY("key","shard")
);
--> statement-breakpoint
ALTER TABLE "demand_attachments" ADD CONSTRAINT "demand_attachments_demand_id_demands_id_fk" FOREIGN KEY ("demand_id") REFERENCES "public"."demands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "demand_history" ADD CONSTRAINT "demand_history_demand_id_demands_id_fk" FOREIGN KEY ("demand_id") REFERENCES "public"."demands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "demands" ADD CONSTRAINT "demands_target_org_id_orgs_id_fk" FOREIGN KEY ("target_org_id") REFERENCES "public"."orgs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "demands" ADD CONSTRAINT "demands_owner_org_id_orgs_id_fk" FOREIGN KEY ("owner_org_id") REFERENCES "public"."orgs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "demands" ADD CONSTRAINT "demands_bank_org_id_orgs_id_fk" FOREIGN KEY ("bank_org_id") REFERENCES "public"."orgs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "demands" ADD CONSTRAINT "demands_bank_id_orgs_id_fk" FOREIGN KEY ("bank_id") REFERENCES "public"."orgs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "demands" ADD CONSTRAINT "demands_guarantee_org_id_orgs_id_fk" FOREIGN KEY ("guarantee_org_id") REFERENCES "public"."orgs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "demand_counts_bank_org_idx" ON "demand_counts" USING btree ("bank_org_id");--> statement-breakpoint
CREATE INDEX "demand_counts_guarantee_idx" ON "demand_counts" USING btree ("guarantee_org_id");--> statement-breakpoint
CREATE INDEX "demand_history_demand_idx" ON "demand_history" USING btree ("demand_id","id");--> statement-breakpoint
CREATE INDEX "demands_created_idx" ON "demands" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "demands_status_idx" ON "demands" USING btree ("status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "demands_view_idx" ON "demands" USING btree ("type","source","status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "demands_region_idx" ON "demands" USING btree ("region_code","status","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "demands_region_created_idx" ON "demands" USING btree ("region_code","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "demands_bank_idx" ON "demands" USING btree ("bank_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "demands_bank_org_idx" ON "demands" USING btree ("bank_org_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "demands_guarantee_idx" ON "demands" USING btree ("guarantee_org_id","created_at" DESC NULLS FIRST) WHERE guarantee_org_id IS NOT NULL;--> statement-breakpoint
CREATE INDEX "demands_applicant_idx" ON "demands" USING btree ("applicant_user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "demands_open_product_uq" ON "demands" USING btree ("applicant_user_id","product_id") WHERE product_id IS NOT NULL AND status IN ('PENDING', 'ACCEPTED', 'GUARANTEE_ACCEPTED', 'GUARANTEED', 'EXPIRED');--> statement-breakpoint
CREATE INDEX "demands_pool_idx" ON "demands" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE status = 'PENDING' AND bank_org_id IS NULL AND type <> 'GUARANTEE';--> statement-breakpoint
CREATE INDEX "demands_pool_region_idx" ON "demands" USING btree ("region_code","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE status = 'PENDING' AND bank_org_id IS NULL AND type <> 'GUARANTEE';--> statement-breakpoint
CREATE INDEX "demands_due_idx" ON "demands" USING btree ("due_at") WHERE due_at IS NOT NULL;--> statement-breakpoint
CREATE INDEX "demands_bank_due_idx" ON "demands" USING btree ("bank_id","due_at") WHERE due_at IS NOT NULL;--> statement-breakpoint
CREATE INDEX "demands_bank_org_due_idx" ON "demands" USING btree ("bank_org_id","due_at") WHERE due_at IS NOT NULL;--> statement-breakpoint
CREATE INDEX "demands_guarantee_due_idx" ON "demands" USING btree ("guarantee_org_id","due_at") WHERE due_at IS NOT NULL;--> statement-breakpoint
CREATE INDEX "demands_region_due_idx" ON "demands" USING btree ("region_code","due_at") WHERE due_at IS NOT NULL;--> statement-breakpoint
CREATE INDEX "demands_warn_idx" ON "demands" USING btree ("warn_at") WHERE warned_at IS NULL AND warn_at IS NOT NULL;--> statement-breakpoint
CREATE INDEX "demands_pool_at_idx" ON "demands" USING btree ("pool_at") WHERE pool_at IS NOT NULL;--> statement-breakpoint
CREATE INDEX "demands_makeup_idx" ON "demands" USING btree ("applicant_name","granted_at") WHERE source = 'MAKEUP';--> statement-breakpoint
CREATE INDEX "job_runs_job_idx" ON "job_runs" USING btree ("job","started_at" DESC NULLS FIRST);--> statement-breakpoint
-- A demand's share of the platform totals (stat_totals, docs/statistics.md): `demands` counts every demand except one
-- withdrawn before any acceptance, with its amount; `granted` the granted ones with their granted amounts; `rejected`.
CREATE FUNCTION "demand_stat_parts"(st varchar, accepted timestamptz, amt numeric, granted numeric)
  RETURNS TABLE ("key" varchar, "n" bigint, "amount" numeric) LANGUAGE sql IMMUTABLE AS $$
  SELECT 'demands'::varchar, CASE WHEN st = 'WITHDRAWN' AND accepted IS NULL THEN 0 ELSE 1 END::bigint,
         CASE WHEN st = 'WITHDRAWN' AND accepted IS NULL THEN 0 ELSE amt END
  UNION ALL SELECT 'granted'::varchar, (st = 'GRANTED')::int::bigint, CASE WHEN st = 'GRANTED' THEN coalesce(granted, 0) ELSE 0 END
  UNION ALL SELECT 'rejected'::varchar, (st = 'REJECTED')::int::bigint, 0::numeric
$$;--> statement-breakpoint
-- demand_counts and stat_totals stay exact in the statement that changes demands, whatever writes them: inserts and
-- deletes are counted per statement (a bulk import or the scale generator stays cheap), updates per row and only when
-- a counted column changes. Rows are written in key order, so two transactions never lock them in opposite orders;
-- stat_totals is sharded by the demand's id, so concurrent transitions rarely wait on one row.
CREATE FUNCTION "demand_counts_on_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "demand_counts" ("region_code", "type", "status", "source", "bank_org_id", "guarantee_org_id", "n")
      SELECT "region_code", "type", "status", "source", coalesce("bank_org_id", 0), coalesce("guarantee_org_id", 0), count(*)
      FROM "new_rows" GROUP BY 1, 2, 3, 4, 5, 6 ORDER BY 1, 2, 3, 4, 5, 6
      ON CONFLICT ("region_code", "type", "status", "source", "bank_org_id", "guarantee_org_id") DO UPDATE SET "n" = "demand_counts"."n" + EXCLUDED."n";
    INSERT INTO "stat_totals" ("key", "shard", "n", "amount")
      SELECT k."key", (r."id" % 16)::smallint, sum(k."n"), sum(k."amount")
      FROM "new_rows" r CROSS JOIN LATERAL "demand_stat_parts"(r."status", r."accepted_at", r."amount", r."granted_amount") k
      GROUP BY 1, 2 ORDER BY 1, 2
      ON CONFLICT ("key", "shard") DO UPDATE SET "n" = "stat_totals"."n" + EXCLUDED."n", "amount" = "stat_totals"."amount" + EXCLUDED."amount";
  ELSE
    INSERT INTO "demand_counts" ("region_code", "type", "status", "source", "bank_org_id", "guarantee_org_id", "n")
      SELECT "region_code", "type", "status", "source", coalesce("bank_org_id", 0), coalesce("guarantee_org_id", 0), -count(*)
      FROM "old_rows" GROUP BY 1, 2, 3, 4, 5, 6 ORDER BY 1, 2, 3, 4, 5, 6
      ON CONFLICT ("region_code", "type", "status", "source", "bank_org_id", "guarantee_org_id") DO UPDATE SET "n" = "demand_counts"."n" + EXCLUDED."n";
    INSERT INTO "stat_totals" ("key", "shard", "n", "amount")
      SELECT k."key", (r."id" % 16)::smallint, -sum(k."n"), -sum(k."amount")
      FROM "old_rows" r CROSS JOIN LATERAL "demand_stat_parts"(r."status", r."accepted_at", r."amount", r."granted_amount") k
      GROUP BY 1, 2 ORDER BY 1, 2
      ON CONFLICT ("key", "shard") DO UPDATE SET "n" = "stat_totals"."n" + EXCLUDED."n", "amount" = "stat_totals"."amount" + EXCLUDED."amount";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "demand_counts_on_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "demand_counts" ("region_code", "type", "status", "source", "bank_org_id", "guarantee_org_id", "n")
    SELECT v."region_code", v."type", v."status", v."source", v."b", v."g", sum(v."d")
    FROM (VALUES (OLD."region_code", OLD."type", OLD."status", OLD."source", coalesce(OLD."bank_org_id", 0), coalesce(OLD."guarantee_org_id", 0), -1),
                 (NEW."region_code", NEW."type", NEW."status", NEW."source", coalesce(NEW."bank_org_id", 0), coalesce(NEW."guarantee_org_id", 0), 1))
         AS v("region_code", "type", "status", "source", "b", "g", "d")
    GROUP BY 1, 2, 3, 4, 5, 6 HAVING sum(v."d") <> 0 ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT ("region_code", "type", "status", "source", "bank_org_id", "guarantee_org_id") DO UPDATE SET "n" = "demand_counts"."n" + EXCLUDED."n";
  INSERT INTO "stat_totals" ("key", "shard", "n", "amount")
    SELECT x."key", (NEW."id" % 16)::smallint, sum(x."n"), sum(x."amount")
    FROM (SELECT k."key", -k."n" AS "n", -k."amount" AS "amount" FROM "demand_stat_parts"(OLD."status", OLD."accepted_at", OLD."amount", OLD."granted_amount") k
          UNION ALL SELECT k."key", k."n", k."amount" FROM "demand_stat_parts"(NEW."status", NEW."accepted_at", NEW."amount", NEW."granted_amount") k) x
    GROUP BY x."key" HAVING sum(x."n") <> 0 OR sum(x."amount") <> 0 ORDER BY x."key"
    ON CONFLICT ("key", "shard") DO UPDATE SET "n" = "stat_totals"."n" + EXCLUDED."n", "amount" = "stat_totals"."amount" + EXCLUDED."amount";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "demands_counts_insert" AFTER INSERT ON "demands" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "demand_counts_on_rows"();--> statement-breakpoint
CREATE TRIGGER "demands_counts_delete" AFTER DELETE ON "demands" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "demand_counts_on_rows"();--> statement-breakpoint
CREATE TRIGGER "demands_counts_update" AFTER UPDATE OF "status", "type", "region_code", "source", "bank_org_id", "guarantee_org_id", "accepted_at", "amount", "granted_amount" ON "demands" FOR EACH ROW
  WHEN (OLD."status" IS DISTINCT FROM NEW."status" OR OLD."type" IS DISTINCT FROM NEW."type" OR OLD."region_code" IS DISTINCT FROM NEW."region_code"
        OR OLD."source" IS DISTINCT FROM NEW."source" OR OLD."bank_org_id" IS DISTINCT FROM NEW."bank_org_id" OR OLD."guarantee_org_id" IS DISTINCT FROM NEW."guarantee_org_id"
        OR (OLD."accepted_at" IS NULL) <> (NEW."accepted_at" IS NULL) OR OLD."amount" IS DISTINCT FROM NEW."amount" OR OLD."granted_amount" IS DISTINCT FROM NEW."granted_amount")
  EXECUTE FUNCTION "demand_counts_on_change"();--> statement-breakpoint
-- The homepage's enterprises (active enterprise main accounts) kept the same way, so the overview never counts users.
CREATE FUNCTION "enterprise_totals_on_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "stat_totals" ("key", "shard", "n", "amount")
      SELECT 'enterprises', ("id" % 16)::smallint, count(*), 0 FROM "new_rows"
      WHERE "account_type" = 'ENTERPRISE' AND "parent_user_id" IS NULL AND "status" = 'ACTIVE' GROUP BY 2 ORDER BY 2
      ON CONFLICT ("key", "shard") DO UPDATE SET "n" = "stat_totals"."n" + EXCLUDED."n";
  ELSE
    INSERT INTO "stat_totals" ("key", "shard", "n", "amount")
      SELECT 'enterprises', ("id" % 16)::smallint, -count(*), 0 FROM "old_rows"
      WHERE "account_type" = 'ENTERPRISE' AND "parent_user_id" IS NULL AND "status" = 'ACTIVE' GROUP BY 2 ORDER BY 2
      ON CONFLICT ("key", "shard") DO UPDATE SET "n" = "stat_totals"."n" + EXCLUDED."n";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "enterprise_totals_on_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  d int := (NEW."account_type" = 'ENTERPRISE' AND NEW."parent_user_id" IS NULL AND NEW."status" = 'ACTIVE')::int
         - (OLD."account_type" = 'ENTERPRISE' AND OLD."parent_user_id" IS NULL AND OLD."status" = 'ACTIVE')::int;
BEGIN
  IF d <> 0 THEN
    INSERT INTO "stat_totals" ("key", "shard", "n", "amount") VALUES ('enterprises', (NEW."id" % 16)::smallint, d, 0)
      ON CONFLICT ("key", "shard") DO UPDATE SET "n" = "stat_totals"."n" + EXCLUDED."n";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "users_totals_insert" AFTER INSERT ON "users" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "enterprise_totals_on_rows"();--> statement-breakpoint
CREATE TRIGGER "users_totals_delete" AFTER DELETE ON "users" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "enterprise_totals_on_rows"();--> statement-breakpoint
CREATE TRIGGER "users_totals_update" AFTER UPDATE OF "account_type", "parent_user_id", "status" ON "users" FOR EACH ROW
  WHEN (OLD."account_type" IS DISTINCT FROM NEW."account_type" OR OLD."parent_user_id" IS DISTINCT FROM NEW."parent_user_id" OR OLD."status" IS DISTINCT FROM NEW."status")
  EXECUTE FUNCTION "enterprise_totals_on_change"();--> statement-breakpoint
INSERT INTO "stat_totals" ("key", "shard", "n", "amount")
  SELECT 'enterprises', ("id" % 16)::smallint, count(*), 0 FROM "users"
  WHERE "account_type" = 'ENTERPRISE' AND "parent_user_id" IS NULL AND "status" = 'ACTIVE' GROUP BY 2;--> statement-breakpoint
-- Built-in roles are never changed at start on an existing database: the roles get the demand rights here.
INSERT INTO "role_permissions" ("role_id", "permission") SELECT "id", 'demand:apply' FROM "roles" WHERE "code" IN ('PERSON', 'ENTERPRISE', 'ENTERPRISE_SUB') ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "role_permissions" ("role_id", "permission") SELECT "id", 'demand:handle' FROM "roles" WHERE "code" = 'BANK_ADMIN' ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "role_permissions" ("role_id", "permission") SELECT "id", 'demand:guarantee' FROM "roles" WHERE "code" = 'GUARANTEE_ADMIN' ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "role_permissions" ("role_id", "permission") SELECT "id", 'demand:supervise' FROM "roles" WHERE "code" IN ('GOV_SUPERVISOR', 'JRJ_SUPERVISOR', 'RSJ_SUPERVISOR') ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "role_permissions" ("role_id", "permission")
  SELECT r."id", p."permission" FROM "roles" r CROSS JOIN (VALUES ('demand:apply'), ('demand:handle'), ('demand:guarantee'), ('demand:supervise'), ('demand:manage')) AS p("permission")
  WHERE r."code" = 'PLATFORM_ADMIN' ON CONFLICT DO NOTHING;
