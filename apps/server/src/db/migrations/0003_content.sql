CREATE TABLE "achievements" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"figure" varchar(20),
	"unit" varchar(10),
	"summary" text NOT NULL,
	"cover" text,
	"link" text,
	"sort" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint
);
--> statement-breakpoint
CREATE TABLE "agreements" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" varchar(16) NOT NULL,
	"version" integer NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" bigint
);
--> statement-breakpoint
CREATE TABLE "articles" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"channel" varchar(32) NOT NULL,
	"region_code" varchar(12) NOT NULL,
	"industrial_chain_id" bigint,
	"cover" text,
	"summary" text DEFAULT '' NOT NULL,
	"body" text NOT NULL,
	"source" text,
	"author" text,
	"status" varchar(12) DEFAULT 'DRAFT' NOT NULL,
	"pinned" boolean DEFAULT false NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"publish_at" timestamp with time zone,
	"created_by" bigint,
	"org_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "files" (
	"id" varchar(64) PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"content_type" varchar(128) NOT NULL,
	"size" integer NOT NULL,
	"data" "bytea" NOT NULL,
	"visibility" varchar(8) NOT NULL,
	"uploaded_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "agreements_kind_version_uq" ON "agreements" USING btree ("kind","version");--> statement-breakpoint
CREATE INDEX "articles_portal_idx" ON "articles" USING btree ("channel","status","publish_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "articles_region_idx" ON "articles" USING btree ("region_code","channel","publish_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "articles_chain_idx" ON "articles" USING btree ("industrial_chain_id");--> statement-breakpoint
CREATE INDEX "articles_org_idx" ON "articles" USING btree ("org_id","updated_at");--> statement-breakpoint
CREATE INDEX "files_uploader_idx" ON "files" USING btree ("uploaded_by","created_at");--> statement-breakpoint
-- Built-in roles are never changed at start on an existing database: the operator's role gets the new right here.
INSERT INTO "role_permissions" ("role_id", "permission") SELECT "id", 'content:manage' FROM "roles" WHERE "code" = 'PLATFORM_ADMIN' ON CONFLICT DO NOTHING;--> statement-breakpoint
-- Picture places are the contract's PICTURE_PLACES from now on.
UPDATE "sys_images" SET "place" = 'HOME_BANNER' WHERE "place" = 'home-banner';
