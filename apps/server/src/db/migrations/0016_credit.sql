CREATE TABLE "credit_consents" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"subject_credit_code" varchar(18) NOT NULL,
	"subject_name" text NOT NULL,
	"subject_user_id" bigint,
	"org_id" bigint NOT NULL,
	"purpose" varchar(16) NOT NULL,
	"source" varchar(8) NOT NULL,
	"demand_id" bigint,
	"given_on" date NOT NULL,
	"expires_on" date NOT NULL,
	"given_by" bigint,
	"revoked_at" timestamp with time zone,
	"revoked_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "credit_queries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" bigint,
	"org_id" bigint,
	"subject_credit_code" varchar(18) NOT NULL,
	"subject_name" text,
	"subject_region_code" varchar(12),
	"purpose" varchar(16) NOT NULL,
	"consent_id" bigint,
	"outcome" varchar(8) NOT NULL,
	"field_groups" varchar(16)[] DEFAULT '{}'::varchar[] NOT NULL,
	"ip" varchar(64)
);
--> statement-breakpoint
CREATE TABLE "credit_query_counts" (
	"day" date NOT NULL,
	"org_id" bigint NOT NULL,
	"purpose" varchar(16) NOT NULL,
	"outcome" varchar(8) NOT NULL,
	"region_code" varchar(12) NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "credit_query_counts_day_org_id_purpose_outcome_region_code_pk" PRIMARY KEY("day","org_id","purpose","outcome","region_code")
);
--> statement-breakpoint
ALTER TABLE "credit_consents" ADD CONSTRAINT "credit_consents_subject_user_id_users_id_fk" FOREIGN KEY ("subject_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_consents" ADD CONSTRAINT "credit_consents_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_consents" ADD CONSTRAINT "credit_consents_given_by_users_id_fk" FOREIGN KEY ("given_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_consents" ADD CONSTRAINT "credit_consents_revoked_by_users_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_queries" ADD CONSTRAINT "credit_queries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_queries" ADD CONSTRAINT "credit_queries_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_queries" ADD CONSTRAINT "credit_queries_consent_id_credit_consents_id_fk" FOREIGN KEY ("consent_id") REFERENCES "public"."credit_consents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credit_consents_subject_idx" ON "credit_consents" USING btree ("subject_credit_code","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "credit_consents_cover_idx" ON "credit_consents" USING btree ("subject_credit_code","org_id","purpose") WHERE revoked_at IS NULL;--> statement-breakpoint
CREATE INDEX "credit_consents_org_idx" ON "credit_consents" USING btree ("org_id","expires_on");--> statement-breakpoint
CREATE INDEX "credit_queries_at_idx" ON "credit_queries" USING btree ("at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "credit_queries_subject_idx" ON "credit_queries" USING btree ("subject_credit_code","at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "credit_queries_org_idx" ON "credit_queries" USING btree ("org_id","at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "credit_queries_region_idx" ON "credit_queries" USING btree ("subject_region_code","at" DESC NULLS LAST);--> statement-breakpoint
-- A subject's demands (its full record, the public record's products and loan count) by credit code.
CREATE INDEX IF NOT EXISTS "demands_credit_code_idx" ON "demands" USING btree ("credit_code", "created_at" DESC) WHERE "credit_code" IS NOT NULL;--> statement-breakpoint
-- A subject's enterprise account by credit code (the search's platform facts, the record's contact).
CREATE INDEX IF NOT EXISTS "users_credit_code_idx" ON "users" USING btree ("credit_code") WHERE "credit_code" IS NOT NULL;--> statement-breakpoint
-- A subject's chain memberships by credit code.
CREATE INDEX IF NOT EXISTS "chain_enterprises_credit_code_idx" ON "chain_enterprises" USING btree ("credit_code");--> statement-breakpoint
-- Built-in roles of an existing database gain the credit permissions of contract/orgs/builtin-roles.ts.
INSERT INTO "role_permissions" ("role_id", "permission") SELECT "id", 'credit:consent' FROM "roles" WHERE "code" IN ('PLATFORM_ADMIN', 'PERSON', 'ENTERPRISE') ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "role_permissions" ("role_id", "permission") SELECT "id", 'credit:query' FROM "roles" WHERE "code" IN ('PLATFORM_ADMIN', 'BANK_ADMIN', 'BANK_STAFF', 'GUARANTEE_ADMIN', 'GUARANTEE_STAFF') ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "role_permissions" ("role_id", "permission") SELECT "id", 'credit:audit' FROM "roles" WHERE "code" IN ('PLATFORM_ADMIN', 'GOV_SUPERVISOR', 'JRJ_SUPERVISOR') ON CONFLICT DO NOTHING;
