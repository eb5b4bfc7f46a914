CREATE TABLE "holidays" (
	"day" date PRIMARY KEY NOT NULL,
	"kind" varchar(8) NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "enterprise_registry" (
	"credit_code" varchar(18) PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"legal_rep" text NOT NULL,
	"reg_capital" numeric(14, 2),
	"established_on" date,
	"address" text,
	"business_scope" text,
	"industry" text,
	"status" varchar(16) DEFAULT '存续' NOT NULL,
	"region_code" varchar(12)
);
--> statement-breakpoint
CREATE TABLE "import_failures" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"job_id" bigint NOT NULL,
	"row_no" integer NOT NULL,
	"data" text NOT NULL,
	"reason" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "import_jobs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" varchar(32) NOT NULL,
	"file_name" text NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"succeeded" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"user_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"link" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sms_codes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"phone" varchar(20) NOT NULL,
	"purpose" varchar(24) NOT NULL,
	"code_hash" varchar(64) NOT NULL,
	"ip" varchar(64) NOT NULL,
	"wrong_tries" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sms_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"phone" varchar(20) NOT NULL,
	"template_code" varchar(48) NOT NULL,
	"content" text NOT NULL,
	"status" varchar(12) DEFAULT 'SENT' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_templates" (
	"code" varchar(48) PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"content" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint
);
--> statement-breakpoint
CREATE TABLE "user_subjects" (
	"user_id" bigint NOT NULL,
	"enterprise_user_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_subjects_user_id_enterprise_user_id_pk" PRIMARY KEY("user_id","enterprise_user_id")
);
--> statement-breakpoint
ALTER TABLE "orgs" ADD COLUMN "credit_code" varchar(18);--> statement-breakpoint
ALTER TABLE "orgs" ADD COLUMN "contact_name" text;--> statement-breakpoint
ALTER TABLE "orgs" ADD COLUMN "contact_phone" varchar(20);--> statement-breakpoint
ALTER TABLE "orgs" ADD COLUMN "address" text;--> statement-breakpoint
ALTER TABLE "roles" ADD COLUMN "description" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "cert_status" varchar(12) DEFAULT 'NONE' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "cert_reason" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "certified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "legal_rep" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "id_number" varchar(18);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email" varchar(120);--> statement-breakpoint
ALTER TABLE "import_failures" ADD CONSTRAINT "import_failures_job_id_import_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."import_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_subjects" ADD CONSTRAINT "user_subjects_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_subjects" ADD CONSTRAINT "user_subjects_enterprise_user_id_users_id_fk" FOREIGN KEY ("enterprise_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "import_failures_job_idx" ON "import_failures" USING btree ("job_id","row_no");--> statement-breakpoint
CREATE INDEX "import_jobs_kind_idx" ON "import_jobs" USING btree ("kind","created_at");--> statement-breakpoint
CREATE INDEX "messages_user_idx" ON "messages" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "messages_unread_idx" ON "messages" USING btree ("user_id") WHERE "messages"."read_at" IS NULL;--> statement-breakpoint
CREATE INDEX "sms_codes_phone_idx" ON "sms_codes" USING btree ("phone","created_at");--> statement-breakpoint
CREATE INDEX "sms_codes_ip_idx" ON "sms_codes" USING btree ("ip","created_at");--> statement-breakpoint
CREATE INDEX "sms_outbox_phone_idx" ON "sms_outbox" USING btree ("phone","created_at");--> statement-breakpoint
CREATE INDEX "sms_outbox_created_idx" ON "sms_outbox" USING btree ("created_at");