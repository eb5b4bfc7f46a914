CREATE TABLE "chain_bank_figures" (
	"chain_id" bigint NOT NULL,
	"org_id" bigint NOT NULL,
	"visits" integer DEFAULT 0 NOT NULL,
	"enterprises_visited" integer DEFAULT 0 NOT NULL,
	"enterprises_with_intention" integer DEFAULT 0 NOT NULL,
	"enterprises_financed" integer DEFAULT 0 NOT NULL,
	"loans" integer DEFAULT 0 NOT NULL,
	"loan_amount" numeric(14, 2) DEFAULT 0 NOT NULL,
	CONSTRAINT "chain_bank_figures_chain_id_org_id_pk" PRIMARY KEY("chain_id","org_id")
);
--> statement-breakpoint
CREATE TABLE "chain_enterprise_banks" (
	"enterprise_id" bigint NOT NULL,
	"org_id" bigint NOT NULL,
	"visits" integer DEFAULT 0 NOT NULL,
	"has_intention" boolean DEFAULT false NOT NULL,
	"loans" integer DEFAULT 0 NOT NULL,
	"loan_amount" numeric(14, 2) DEFAULT 0 NOT NULL,
	CONSTRAINT "chain_enterprise_banks_enterprise_id_org_id_pk" PRIMARY KEY("enterprise_id","org_id")
);
--> statement-breakpoint
CREATE TABLE "chain_enterprises" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"chain_id" bigint NOT NULL,
	"credit_code" varchar(18) NOT NULL,
	"name" varchar(60) NOT NULL,
	"legal_person" varchar(20),
	"contact_name" varchar(20),
	"contact_phone" varchar(20),
	"scale" varchar(8),
	"tier" varchar(10) NOT NULL,
	"main_business" varchar(200),
	"financing_need" numeric(12, 2),
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"source" varchar(14) NOT NULL,
	"import_job_id" bigint,
	"claimed_by_org_id" bigint,
	"claimed_until" timestamp with time zone,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"visits" integer DEFAULT 0 NOT NULL,
	"last_visit_date" date,
	"has_intention" boolean DEFAULT false NOT NULL,
	"loans" integer DEFAULT 0 NOT NULL,
	"loan_amount" numeric(14, 2) DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chain_fail_records" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"job_id" bigint NOT NULL,
	"chain_id" bigint NOT NULL,
	"row_no" integer NOT NULL,
	"cells" jsonb NOT NULL,
	"errors" jsonb NOT NULL,
	"status" varchar(10) DEFAULT 'FAILED' NOT NULL,
	"enterprise_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chain_imports" (
	"job_id" bigint PRIMARY KEY NOT NULL,
	"chain_id" bigint NOT NULL,
	"org_id" bigint,
	"pending" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chain_loans" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"chain_id" bigint NOT NULL,
	"enterprise_id" bigint NOT NULL,
	"org_id" bigint NOT NULL,
	"user_id" bigint,
	"amount" numeric(12, 2) NOT NULL,
	"rate" numeric(6, 3) NOT NULL,
	"term" integer NOT NULL,
	"loan_date" date NOT NULL,
	"product_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chain_managers" (
	"chain_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"kind" varchar(12) NOT NULL,
	CONSTRAINT "chain_managers_chain_id_user_id_pk" PRIMARY KEY("chain_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "chain_orgs" (
	"chain_id" bigint NOT NULL,
	"org_id" bigint NOT NULL,
	"role" varchar(20) NOT NULL,
	CONSTRAINT "chain_orgs_chain_id_org_id_pk" PRIMARY KEY("chain_id","org_id")
);
--> statement-breakpoint
CREATE TABLE "chain_visits" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"chain_id" bigint NOT NULL,
	"enterprise_id" bigint NOT NULL,
	"org_id" bigint NOT NULL,
	"user_id" bigint,
	"visit_date" date NOT NULL,
	"staff" varchar(60) NOT NULL,
	"content" text NOT NULL,
	"intention" varchar(10) NOT NULL,
	"intended_amount" numeric(12, 2),
	"result" varchar(16) NOT NULL,
	"no_loan_reason" varchar(14),
	"photo_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "industrial_chains" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" varchar(40) NOT NULL,
	"category" varchar(16) NOT NULL,
	"region_code" varchar(12) NOT NULL,
	"status" varchar(10) DEFAULT 'ACTIVE' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"tiers" jsonb NOT NULL,
	"lead_enterprises" text[] DEFAULT '{}'::text[] NOT NULL,
	"cover_file_id" varchar(64),
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"enterprises" integer DEFAULT 0 NOT NULL,
	"banks" integer DEFAULT 0 NOT NULL,
	"visits" integer DEFAULT 0 NOT NULL,
	"enterprises_visited" integer DEFAULT 0 NOT NULL,
	"enterprises_with_intention" integer DEFAULT 0 NOT NULL,
	"enterprises_financed" integer DEFAULT 0 NOT NULL,
	"loans" integer DEFAULT 0 NOT NULL,
	"loan_amount" numeric(14, 2) DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chain_bank_figures" ADD CONSTRAINT "chain_bank_figures_chain_id_industrial_chains_id_fk" FOREIGN KEY ("chain_id") REFERENCES "public"."industrial_chains"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chain_bank_figures" ADD CONSTRAINT "chain_bank_figures_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chain_enterprise_banks" ADD CONSTRAINT "chain_enterprise_banks_enterprise_id_chain_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."chain_enterprises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chain_enterprise_banks" ADD CONSTRAINT "chain_enterprise_banks_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chain_enterprises" ADD CONSTRAINT "chain_enterprises_chain_id_industrial_chains_id_fk" FOREIGN KEY ("chain_id") REFERENCES "public"."industrial_chains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chain_enterprises" ADD CONSTRAINT "chain_enterprises_import_job_id_import_jobs_id_fk" FOREIGN KEY ("import_job_id") REFERENCES "public"."import_jobs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chain_enterprises" ADD CONSTRAINT "chain_enterprises_claimed_by_org_id_orgs_id_fk" FOREIGN KEY ("claimed_by_org_id") REFERENCES "public"."orgs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chain_fail_records" ADD CONSTRAINT "chain_fail_records_job_id_import_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."import_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chain_fail_records" ADD CONSTRAINT "chain_fail_records_chain_id_industrial_chains_id_fk" FOREIGN KEY ("chain_id") REFERENCES "public"."industrial_chains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chain_fail_records" ADD CONSTRAINT "chain_fail_records_enterprise_id_chain_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."chain_enterprises"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chain_imports" ADD CONSTRAINT "chain_imports_job_id_import_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."import_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chain_imports" ADD CONSTRAINT "chain_imports_chain_id_industrial_chains_id_fk" FOREIGN KEY ("chain_id") REFERENCES "public"."industrial_chains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chain_imports" ADD CONSTRAINT "chain_imports_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chain_loans" ADD CONSTRAINT "chain_loans_chain_id_industrial_chains_id_fk" FOREIGN KEY ("chain_id") REFERENCES "public"."industrial_chains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chain_loans" ADD CONSTRAINT "chain_loans_enterprise_id_chain_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."chain_enterprises"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chain_loans" ADD CONSTRAINT "chain_loans_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chain_managers" ADD CONSTRAINT "chain_managers_chain_id_industrial_chains_id_fk" FOREIGN KEY ("chain_id") REFERENCES "public"."industrial_chains"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chain_managers" ADD CONSTRAINT "chain_managers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chain_orgs" ADD CONSTRAINT "chain_orgs_chain_id_industrial_chains_id_fk" FOREIGN KEY ("chain_id") REFERENCES "public"."industrial_chains"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chain_orgs" ADD CONSTRAINT "chain_orgs_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chain_visits" ADD CONSTRAINT "chain_visits_chain_id_industrial_chains_id_fk" FOREIGN KEY ("chain_id") REFERENCES "public"."industrial_chains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chain_visits" ADD CONSTRAINT "chain_visits_enterprise_id_chain_enterprises_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."chain_enterprises"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chain_visits" ADD CONSTRAINT "chain_visits_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chain_enterprises_code_idx" ON "chain_enterprises" USING btree ("chain_id","credit_code");--> statement-breakpoint
CREATE INDEX "chain_enterprises_chain_idx" ON "chain_enterprises" USING btree ("chain_id","id");--> statement-breakpoint
CREATE INDEX "chain_enterprises_tags_idx" ON "chain_enterprises" USING gin ("tags");--> statement-breakpoint
CREATE INDEX "chain_fail_records_job_idx" ON "chain_fail_records" USING btree ("job_id","row_no");--> statement-breakpoint
CREATE INDEX "chain_fail_records_chain_idx" ON "chain_fail_records" USING btree ("chain_id","status","id");--> statement-breakpoint
CREATE INDEX "chain_imports_chain_idx" ON "chain_imports" USING btree ("chain_id","job_id");--> statement-breakpoint
CREATE INDEX "chain_loans_chain_idx" ON "chain_loans" USING btree ("chain_id","id");--> statement-breakpoint
CREATE INDEX "chain_loans_org_idx" ON "chain_loans" USING btree ("org_id","id");--> statement-breakpoint
CREATE INDEX "chain_loans_enterprise_idx" ON "chain_loans" USING btree ("enterprise_id","id");--> statement-breakpoint
CREATE INDEX "chain_managers_user_idx" ON "chain_managers" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "chain_orgs_org_idx" ON "chain_orgs" USING btree ("org_id");--> statement-breakpoint
CREATE INDEX "chain_visits_chain_idx" ON "chain_visits" USING btree ("chain_id","id");--> statement-breakpoint
CREATE INDEX "chain_visits_org_idx" ON "chain_visits" USING btree ("org_id","id");--> statement-breakpoint
CREATE INDEX "chain_visits_enterprise_idx" ON "chain_visits" USING btree ("enterprise_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "industrial_chains_name_idx" ON "industrial_chains" USING btree ("name");--> statement-breakpoint
CREATE INDEX "industrial_chains_status_idx" ON "industrial_chains" USING btree ("status","category");--> statement-breakpoint
-- Built-in roles of an existing database gain the chain permissions of contract/orgs/builtin-roles.ts.
INSERT INTO "role_permissions" ("role_id", "permission") SELECT "id", 'chain:work' FROM "roles" WHERE "code" IN ('PLATFORM_ADMIN', 'BANK_ADMIN') ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "role_permissions" ("role_id", "permission") SELECT "id", 'chain:manage' FROM "roles" WHERE "code" = 'PLATFORM_ADMIN' ON CONFLICT DO NOTHING;
