CREATE TABLE "farmer_fail_records" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"job_id" bigint NOT NULL,
	"district_code" varchar(6),
	"row_no" integer NOT NULL,
	"cells" jsonb NOT NULL,
	"errors" jsonb NOT NULL,
	"status" varchar(10) DEFAULT 'FAILED' NOT NULL,
	"farmer_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "farmer_imports" (
	"job_id" bigint PRIMARY KEY NOT NULL,
	"org_id" bigint,
	"district_code" varchar(6),
	"updated" integer DEFAULT 0 NOT NULL,
	"pending" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "farmer_village_figures" (
	"village_code" varchar(12) PRIMARY KEY NOT NULL,
	"district_code" varchar(6) NOT NULL,
	"township_code" varchar(9) NOT NULL,
	"collected" integer DEFAULT 0 NOT NULL,
	"households" integer DEFAULT 0 NOT NULL,
	"family_farms" integer DEFAULT 0 NOT NULL,
	"cooperatives" integer DEFAULT 0 NOT NULL,
	"large_growers" integer DEFAULT 0 NOT NULL,
	"agri_enterprises" integer DEFAULT 0 NOT NULL,
	"rated" integer DEFAULT 0 NOT NULL,
	"rated_aaa" integer DEFAULT 0 NOT NULL,
	"rated_aa" integer DEFAULT 0 NOT NULL,
	"rated_a" integer DEFAULT 0 NOT NULL,
	"rated_b" integer DEFAULT 0 NOT NULL,
	"rated_c" integer DEFAULT 0 NOT NULL,
	"granted" integer DEFAULT 0 NOT NULL,
	"granted_amount" numeric(16, 2) DEFAULT 0 NOT NULL,
	"drawn" integer DEFAULT 0 NOT NULL,
	"drawn_amount" numeric(16, 2) DEFAULT 0 NOT NULL,
	"with_need" integer DEFAULT 0 NOT NULL,
	"need_amount" numeric(16, 2) DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "farmer_villages" (
	"code" varchar(12) PRIMARY KEY NOT NULL,
	"district_code" varchar(6) NOT NULL,
	"township_code" varchar(9) NOT NULL,
	"township_name" varchar(40) NOT NULL,
	"name" varchar(40) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "farmers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" varchar(16) NOT NULL,
	"name" varchar(60) NOT NULL,
	"id_number" varchar(18) NOT NULL,
	"phone" varchar(11),
	"district_code" varchar(6) NOT NULL,
	"township_code" varchar(9) NOT NULL,
	"village_code" varchar(12) NOT NULL,
	"grid" varchar(40),
	"land_area" numeric(12, 2) DEFAULT 0 NOT NULL,
	"land_tenure" varchar(16),
	"main_products" varchar(100),
	"annual_income" numeric(12, 2),
	"assets" numeric(12, 2),
	"liabilities" numeric(12, 2),
	"overdue_count" integer,
	"years_farming" integer,
	"credit_granted" numeric(12, 2) DEFAULT 0 NOT NULL,
	"credit_drawn" numeric(12, 2) DEFAULT 0 NOT NULL,
	"financing_need" numeric(12, 2) DEFAULT 0 NOT NULL,
	"need_purpose" varchar(100),
	"rating" varchar(8) NOT NULL,
	"rating_score" integer,
	"source" varchar(16) NOT NULL,
	"import_job_id" bigint,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "farmer_fail_records" ADD CONSTRAINT "farmer_fail_records_job_id_import_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."import_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "farmer_fail_records" ADD CONSTRAINT "farmer_fail_records_farmer_id_farmers_id_fk" FOREIGN KEY ("farmer_id") REFERENCES "public"."farmers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "farmer_imports" ADD CONSTRAINT "farmer_imports_job_id_import_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."import_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "farmer_imports" ADD CONSTRAINT "farmer_imports_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "farmers" ADD CONSTRAINT "farmers_village_code_farmer_villages_code_fk" FOREIGN KEY ("village_code") REFERENCES "public"."farmer_villages"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "farmer_fail_records_job_idx" ON "farmer_fail_records" USING btree ("job_id","row_no");--> statement-breakpoint
CREATE INDEX "farmer_fail_records_district_idx" ON "farmer_fail_records" USING btree ("district_code","status","id");--> statement-breakpoint
CREATE INDEX "farmer_imports_district_idx" ON "farmer_imports" USING btree ("district_code","job_id");--> statement-breakpoint
CREATE INDEX "farmer_village_figures_district_idx" ON "farmer_village_figures" USING btree ("district_code","township_code");--> statement-breakpoint
CREATE INDEX "farmer_villages_district_idx" ON "farmer_villages" USING btree ("district_code","code");--> statement-breakpoint
CREATE UNIQUE INDEX "farmers_id_number_idx" ON "farmers" USING btree ("id_number");--> statement-breakpoint
CREATE INDEX "farmers_village_idx" ON "farmers" USING btree ("village_code","id");--> statement-breakpoint
CREATE INDEX "farmers_township_idx" ON "farmers" USING btree ("township_code","id");--> statement-breakpoint
CREATE INDEX "farmers_district_idx" ON "farmers" USING btree ("district_code","id");--> statement-breakpoint
-- farmer_village_figures (docs/statistics.md, "Farmer credit data") stays exact in the statement that changes farmers,
-- whatever writes them: one aggregated delta per village and statement (a 100,000-row import or the scale generator
-- stays cheap), rows written in key order so two transactions never lock villages in opposite orders.
CREATE FUNCTION "farmer_figures_on_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "farmer_village_figures" AS f ("village_code", "district_code", "township_code", "collected", "households", "family_farms", "cooperatives", "large_growers", "agri_enterprises", "rated", "rated_aaa", "rated_aa", "rated_a", "rated_b", "rated_c", "granted", "granted_amount", "drawn", "drawn_amount", "with_need", "need_amount")
      SELECT village_code, min(district_code), min(township_code),
           sum(s * 1),
           sum(s * (kind = 'HOUSEHOLD')::int),
           sum(s * (kind = 'FAMILY_FARM')::int),
           sum(s * (kind = 'COOPERATIVE')::int),
           sum(s * (kind = 'LARGE_GROWER')::int),
           sum(s * (kind = 'AGRI_ENTERPRISE')::int),
           sum(s * (rating <> 'UNRATED')::int),
           sum(s * (rating = 'AAA')::int),
           sum(s * (rating = 'AA')::int),
           sum(s * (rating = 'A')::int),
           sum(s * (rating = 'B')::int),
           sum(s * (rating = 'C')::int),
           sum(s * (credit_granted > 0)::int),
           sum(s * credit_granted),
           sum(s * (credit_drawn > 0)::int),
           sum(s * credit_drawn),
           sum(s * (financing_need > 0)::int),
           sum(s * financing_need)
      FROM (SELECT village_code, district_code, township_code, kind, rating, credit_granted, credit_drawn, financing_need, 1 AS s FROM "new_rows") x GROUP BY village_code ORDER BY village_code
      ON CONFLICT ("village_code") DO UPDATE SET "collected" = f."collected" + EXCLUDED."collected", "households" = f."households" + EXCLUDED."households", "family_farms" = f."family_farms" + EXCLUDED."family_farms", "cooperatives" = f."cooperatives" + EXCLUDED."cooperatives", "large_growers" = f."large_growers" + EXCLUDED."large_growers", "agri_enterprises" = f."agri_enterprises" + EXCLUDED."agri_enterprises", "rated" = f."rated" + EXCLUDED."rated", "rated_aaa" = f."rated_aaa" + EXCLUDED."rated_aaa", "rated_aa" = f."rated_aa" + EXCLUDED."rated_aa", "rated_a" = f."rated_a" + EXCLUDED."rated_a", "rated_b" = f."rated_b" + EXCLUDED."rated_b", "rated_c" = f."rated_c" + EXCLUDED."rated_c", "granted" = f."granted" + EXCLUDED."granted", "granted_amount" = f."granted_amount" + EXCLUDED."granted_amount", "drawn" = f."drawn" + EXCLUDED."drawn", "drawn_amount" = f."drawn_amount" + EXCLUDED."drawn_amount", "with_need" = f."with_need" + EXCLUDED."with_need", "need_amount" = f."need_amount" + EXCLUDED."need_amount";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "farmer_village_figures" AS f ("village_code", "district_code", "township_code", "collected", "households", "family_farms", "cooperatives", "large_growers", "agri_enterprises", "rated", "rated_aaa", "rated_aa", "rated_a", "rated_b", "rated_c", "granted", "granted_amount", "drawn", "drawn_amount", "with_need", "need_amount")
      SELECT village_code, min(district_code), min(township_code),
           sum(s * 1),
           sum(s * (kind = 'HOUSEHOLD')::int),
           sum(s * (kind = 'FAMILY_FARM')::int),
           sum(s * (kind = 'COOPERATIVE')::int),
           sum(s * (kind = 'LARGE_GROWER')::int),
           sum(s * (kind = 'AGRI_ENTERPRISE')::int),
           sum(s * (rating <> 'UNRATED')::int),
           sum(s * (rating = 'AAA')::int),
           sum(s * (rating = 'AA')::int),
           sum(s * (rating = 'A')::int),
           sum(s * (rating = 'B')::int),
           sum(s * (rating = 'C')::int),
           sum(s * (credit_granted > 0)::int),
           sum(s * credit_granted),
           sum(s * (credit_drawn > 0)::int),
           sum(s * credit_drawn),
           sum(s * (financing_need > 0)::int),
           sum(s * financing_need)
      FROM (SELECT village_code, district_code, township_code, kind, rating, credit_granted, credit_drawn, financing_need, -1 AS s FROM "old_rows") x GROUP BY village_code ORDER BY village_code
      ON CONFLICT ("village_code") DO UPDATE SET "collected" = f."collected" + EXCLUDED."collected", "households" = f."households" + EXCLUDED."households", "family_farms" = f."family_farms" + EXCLUDED."family_farms", "cooperatives" = f."cooperatives" + EXCLUDED."cooperatives", "large_growers" = f."large_growers" + EXCLUDED."large_growers", "agri_enterprises" = f."agri_enterprises" + EXCLUDED."agri_enterprises", "rated" = f."rated" + EXCLUDED."rated", "rated_aaa" = f."rated_aaa" + EXCLUDED."rated_aaa", "rated_aa" = f."rated_aa" + EXCLUDED."rated_aa", "rated_a" = f."rated_a" + EXCLUDED."rated_a", "rated_b" = f."rated_b" + EXCLUDED."rated_b", "rated_c" = f."rated_c" + EXCLUDED."rated_c", "granted" = f."granted" + EXCLUDED."granted", "granted_amount" = f."granted_amount" + EXCLUDED."granted_amount", "drawn" = f."drawn" + EXCLUDED."drawn", "drawn_amount" = f."drawn_amount" + EXCLUDED."drawn_amount", "with_need" = f."with_need" + EXCLUDED."with_need", "need_amount" = f."need_amount" + EXCLUDED."need_amount";
  ELSE
    INSERT INTO "farmer_village_figures" AS f ("village_code", "district_code", "township_code", "collected", "households", "family_farms", "cooperatives", "large_growers", "agri_enterprises", "rated", "rated_aaa", "rated_aa", "rated_a", "rated_b", "rated_c", "granted", "granted_amount", "drawn", "drawn_amount", "with_need", "need_amount")
      SELECT village_code, min(district_code), min(township_code),
           sum(s * 1),
           sum(s * (kind = 'HOUSEHOLD')::int),
           sum(s * (kind = 'FAMILY_FARM')::int),
           sum(s * (kind = 'COOPERATIVE')::int),
           sum(s * (kind = 'LARGE_GROWER')::int),
           sum(s * (kind = 'AGRI_ENTERPRISE')::int),
           sum(s * (rating <> 'UNRATED')::int),
           sum(s * (rating = 'AAA')::int),
           sum(s * (rating = 'AA')::int),
           sum(s * (rating = 'A')::int),
           sum(s * (rating = 'B')::int),
           sum(s * (rating = 'C')::int),
           sum(s * (credit_granted > 0)::int),
           sum(s * credit_granted),
           sum(s * (credit_drawn > 0)::int),
           sum(s * credit_drawn),
           sum(s * (financing_need > 0)::int),
           sum(s * financing_need)
      FROM (SELECT village_code, district_code, township_code, kind, rating, credit_granted, credit_drawn, financing_need, 1 AS s FROM "new_rows" UNION ALL SELECT village_code, district_code, township_code, kind, rating, credit_granted, credit_drawn, financing_need, -1 AS s FROM "old_rows") x GROUP BY village_code ORDER BY village_code
      ON CONFLICT ("village_code") DO UPDATE SET "collected" = f."collected" + EXCLUDED."collected", "households" = f."households" + EXCLUDED."households", "family_farms" = f."family_farms" + EXCLUDED."family_farms", "cooperatives" = f."cooperatives" + EXCLUDED."cooperatives", "large_growers" = f."large_growers" + EXCLUDED."large_growers", "agri_enterprises" = f."agri_enterprises" + EXCLUDED."agri_enterprises", "rated" = f."rated" + EXCLUDED."rated", "rated_aaa" = f."rated_aaa" + EXCLUDED."rated_aaa", "rated_aa" = f."rated_aa" + EXCLUDED."rated_aa", "rated_a" = f."rated_a" + EXCLUDED."rated_a", "rated_b" = f."rated_b" + EXCLUDED."rated_b", "rated_c" = f."rated_c" + EXCLUDED."rated_c", "granted" = f."granted" + EXCLUDED."granted", "granted_amount" = f."granted_amount" + EXCLUDED."granted_amount", "drawn" = f."drawn" + EXCLUDED."drawn", "drawn_amount" = f."drawn_amount" + EXCLUDED."drawn_amount", "with_need" = f."with_need" + EXCLUDED."with_need", "need_amount" = f."need_amount" + EXCLUDED."need_amount";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "farmers_figures_insert" AFTER INSERT ON "farmers" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "farmer_figures_on_rows"();--> statement-breakpoint
CREATE TRIGGER "farmers_figures_delete" AFTER DELETE ON "farmers" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "farmer_figures_on_rows"();--> statement-breakpoint
CREATE TRIGGER "farmers_figures_update" AFTER UPDATE ON "farmers" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "farmer_figures_on_rows"();--> statement-breakpoint
-- Built-in roles of an existing database gain the farmer permissions of contract/orgs/builtin-roles.ts.
INSERT INTO "role_permissions" ("role_id", "permission") SELECT "id", 'farmer:import' FROM "roles" WHERE "code" IN ('PLATFORM_ADMIN', 'GOV_SUPERVISOR', 'JRJ_SUPERVISOR') ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "role_permissions" ("role_id", "permission") SELECT "id", 'farmer:sensitive' FROM "roles" WHERE "code" IN ('PLATFORM_ADMIN', 'JRJ_SUPERVISOR') ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "role_permissions" ("role_id", "permission") SELECT "id", 'farmer:read' FROM "roles" WHERE "code" IN ('PLATFORM_ADMIN', 'GOV_SUPERVISOR', 'JRJ_SUPERVISOR') ON CONFLICT DO NOTHING;
