CREATE TABLE "shelter_attachments" (
	"case_id" bigint NOT NULL,
	"file_id" varchar(64) NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "shelter_attachments_case_id_file_id_pk" PRIMARY KEY("case_id","file_id")
);
--> statement-breakpoint
CREATE TABLE "shelter_banks" (
	"case_id" bigint NOT NULL,
	"org_id" bigint NOT NULL,
	"role" varchar(8) NOT NULL,
	CONSTRAINT "shelter_banks_case_id_org_id_pk" PRIMARY KEY("case_id","org_id")
);
--> statement-breakpoint
CREATE TABLE "shelter_cases" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"state" varchar(16) NOT NULL,
	"enterprise_user_id" bigint NOT NULL,
	"enterprise_name" text NOT NULL,
	"credit_code" varchar(18) NOT NULL,
	"region_code" varchar(12) NOT NULL,
	"industry" varchar(20) NOT NULL,
	"cause" text NOT NULL,
	"difficulty_since" date NOT NULL,
	"expected_recovery" text NOT NULL,
	"contact_name" text NOT NULL,
	"contact_phone" varchar(20) NOT NULL,
	"public_on_recovery" boolean DEFAULT false NOT NULL,
	"help_types" varchar(24)[] NOT NULL,
	"loan_total" numeric(14, 2) DEFAULT 0 NOT NULL,
	"lead_bank_org_id" bigint,
	"plan_note" text,
	"refuse_reason" text,
	"withdraw_reason" text,
	"exit_outcome" varchar(12),
	"exit_note" text,
	"urge_count" integer DEFAULT 0 NOT NULL,
	"measure_count" integer DEFAULT 0 NOT NULL,
	"first_help_on" date,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"review_started_at" timestamp with time zone,
	"admitted_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shelter_figures" (
	"region_code" varchar(12) PRIMARY KEY NOT NULL,
	"applied" integer DEFAULT 0 NOT NULL,
	"under_review" integer DEFAULT 0 NOT NULL,
	"in_shelter" integer DEFAULT 0 NOT NULL,
	"not_admitted" integer DEFAULT 0 NOT NULL,
	"withdrawn" integer DEFAULT 0 NOT NULL,
	"exited_recovered" integer DEFAULT 0 NOT NULL,
	"exited_other" integer DEFAULT 0 NOT NULL,
	"measures" integer DEFAULT 0 NOT NULL,
	"new_credit_amount" numeric(16, 2) DEFAULT 0 NOT NULL,
	"extended_amount" numeric(16, 2) DEFAULT 0 NOT NULL,
	"renewed_amount" numeric(16, 2) DEFAULT 0 NOT NULL,
	"rate_cuts" integer DEFAULT 0 NOT NULL,
	"rate_cut_bp_sum" bigint DEFAULT 0 NOT NULL,
	"penalty_waived" numeric(16, 2) DEFAULT 0 NOT NULL,
	"admission_days_sum" bigint DEFAULT 0 NOT NULL,
	"first_help_days_sum" bigint DEFAULT 0 NOT NULL,
	"first_help_cases" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shelter_help_asked" (
	"case_id" bigint NOT NULL,
	"type" varchar(24) NOT NULL,
	"amount" numeric(12, 2),
	CONSTRAINT "shelter_help_asked_case_id_type_pk" PRIMARY KEY("case_id","type")
);
--> statement-breakpoint
CREATE TABLE "shelter_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"case_id" bigint NOT NULL,
	"action" varchar(16) NOT NULL,
	"from_state" varchar(16),
	"to_state" varchar(16),
	"user_id" bigint,
	"org_id" bigint,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shelter_loans" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"case_id" bigint NOT NULL,
	"bank_org_id" bigint,
	"bank_name" text NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"due_date" date NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shelter_measures" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"case_id" bigint NOT NULL,
	"bank_org_id" bigint NOT NULL,
	"org_id" bigint NOT NULL,
	"user_id" bigint,
	"type" varchar(24) NOT NULL,
	"amount" numeric(12, 2),
	"rate_change_bp" integer,
	"new_due_date" date,
	"penalty_waived" numeric(12, 2),
	"given_on" date NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "shelter_attachments" ADD CONSTRAINT "shelter_attachments_case_id_shelter_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."shelter_cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shelter_banks" ADD CONSTRAINT "shelter_banks_case_id_shelter_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."shelter_cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shelter_banks" ADD CONSTRAINT "shelter_banks_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shelter_cases" ADD CONSTRAINT "shelter_cases_lead_bank_org_id_orgs_id_fk" FOREIGN KEY ("lead_bank_org_id") REFERENCES "public"."orgs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shelter_help_asked" ADD CONSTRAINT "shelter_help_asked_case_id_shelter_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."shelter_cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shelter_history" ADD CONSTRAINT "shelter_history_case_id_shelter_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."shelter_cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shelter_loans" ADD CONSTRAINT "shelter_loans_case_id_shelter_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."shelter_cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shelter_loans" ADD CONSTRAINT "shelter_loans_bank_org_id_orgs_id_fk" FOREIGN KEY ("bank_org_id") REFERENCES "public"."orgs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shelter_measures" ADD CONSTRAINT "shelter_measures_case_id_shelter_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."shelter_cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shelter_measures" ADD CONSTRAINT "shelter_measures_bank_org_id_orgs_id_fk" FOREIGN KEY ("bank_org_id") REFERENCES "public"."orgs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shelter_banks_org_idx" ON "shelter_banks" USING btree ("org_id","case_id");--> statement-breakpoint
CREATE INDEX "shelter_cases_region_state_idx" ON "shelter_cases" USING btree ("region_code","state","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "shelter_cases_state_idx" ON "shelter_cases" USING btree ("state","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "shelter_cases_region_idx" ON "shelter_cases" USING btree ("region_code","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "shelter_cases_created_idx" ON "shelter_cases" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "shelter_cases_enterprise_idx" ON "shelter_cases" USING btree ("enterprise_user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "shelter_cases_open_uq" ON "shelter_cases" USING btree ("enterprise_user_id") WHERE state IN ('APPLIED', 'UNDER_REVIEW', 'IN_SHELTER');--> statement-breakpoint
CREATE INDEX "shelter_history_case_idx" ON "shelter_history" USING btree ("case_id","id");--> statement-breakpoint
CREATE INDEX "shelter_loans_case_idx" ON "shelter_loans" USING btree ("case_id","id");--> statement-breakpoint
CREATE INDEX "shelter_measures_case_idx" ON "shelter_measures" USING btree ("case_id","id");--> statement-breakpoint
-- Built-in roles of an existing database gain the shelter permissions of contract/orgs/builtin-roles.ts.
INSERT INTO "role_permissions" ("role_id", "permission") SELECT "id", 'shelter:apply' FROM "roles" WHERE "code" IN ('PLATFORM_ADMIN', 'ENTERPRISE', 'ENTERPRISE_SUB') ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "role_permissions" ("role_id", "permission") SELECT "id", 'shelter:supervise' FROM "roles" WHERE "code" IN ('PLATFORM_ADMIN', 'GOV_SUPERVISOR', 'JRJ_SUPERVISOR') ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "role_permissions" ("role_id", "permission") SELECT "id", 'shelter:help' FROM "roles" WHERE "code" IN ('PLATFORM_ADMIN', 'BANK_ADMIN', 'BANK_STAFF') ON CONFLICT DO NOTHING;--> statement-breakpoint
-- The bank's shelter page (/financialInstitution/shelter, docs/shelter.md) for the built-in bank roles of an existing database.
INSERT INTO "role_resources" ("role_id", "path") SELECT "id", '/financialInstitution/shelter' FROM "roles" WHERE "code" IN ('BANK_ADMIN', 'BANK_STAFF') ON CONFLICT DO NOTHING;
