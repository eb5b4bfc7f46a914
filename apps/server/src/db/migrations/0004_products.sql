CREATE TABLE "product_counts" (
	"kind" varchar(20) NOT NULL,
	"bank_id" bigint NOT NULL,
	"listed" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "product_counts_kind_bank_id_pk" PRIMARY KEY("kind","bank_id")
);
--> statement-breakpoint
CREATE TABLE "product_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"product_id" bigint NOT NULL,
	"action" varchar(16) NOT NULL,
	"from_status" varchar(16),
	"to_status" varchar(16) NOT NULL,
	"reason" text,
	"user_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" varchar(20) NOT NULL,
	"name" text NOT NULL,
	"org_id" bigint NOT NULL,
	"bank_id" bigint NOT NULL,
	"loan_type" varchar(12) NOT NULL,
	"guarantee_methods" text[] NOT NULL,
	"amount_min" numeric(12, 2) NOT NULL,
	"amount_max" numeric(12, 2) NOT NULL,
	"term_min" integer NOT NULL,
	"term_max" integer NOT NULL,
	"rate_min" numeric(6, 3) NOT NULL,
	"rate_max" numeric(6, 3) NOT NULL,
	"customer_types" text[] NOT NULL,
	"industries" text[] DEFAULT '{}'::text[] NOT NULL,
	"region_codes" text[] NOT NULL,
	"industrial_chain_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"features" text NOT NULL,
	"conditions" text NOT NULL,
	"materials" text NOT NULL,
	"contact_name" text NOT NULL,
	"contact_phone" varchar(20) NOT NULL,
	"logo" text,
	"status" varchar(16) DEFAULT 'DRAFT' NOT NULL,
	"reject_reason" text,
	"views" integer DEFAULT 0 NOT NULL,
	"applications" integer DEFAULT 0 NOT NULL,
	"grants" integer DEFAULT 0 NOT NULL,
	"created_by" bigint,
	"reviewed_by" bigint,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"submitted_at" timestamp with time zone,
	"listed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "product_history" ADD CONSTRAINT "product_history_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_bank_id_orgs_id_fk" FOREIGN KEY ("bank_id") REFERENCES "public"."orgs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_history_product_idx" ON "product_history" USING btree ("product_id","id");--> statement-breakpoint
CREATE INDEX "products_listed_newest_idx" ON "products" USING btree ("kind","listed_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE status = 'LISTED';--> statement-breakpoint
CREATE INDEX "products_listed_rate_idx" ON "products" USING btree ("kind","rate_min","id" DESC NULLS FIRST) WHERE status = 'LISTED';--> statement-breakpoint
CREATE INDEX "products_listed_amount_idx" ON "products" USING btree ("kind","amount_max" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE status = 'LISTED';--> statement-breakpoint
CREATE INDEX "products_listed_popular_idx" ON "products" USING btree ("kind","applications" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE status = 'LISTED';--> statement-breakpoint
CREATE INDEX "products_listed_bank_idx" ON "products" USING btree ("bank_id","kind") WHERE status = 'LISTED';--> statement-breakpoint
CREATE INDEX "products_listed_loan_type_idx" ON "products" USING btree ("kind","loan_type") WHERE status = 'LISTED';--> statement-breakpoint
CREATE INDEX "products_listed_regions_idx" ON "products" USING gin ("region_codes") WITH (fastupdate=false) WHERE status = 'LISTED';--> statement-breakpoint
CREATE INDEX "products_listed_guarantee_idx" ON "products" USING gin ("guarantee_methods") WITH (fastupdate=false) WHERE status = 'LISTED';--> statement-breakpoint
CREATE INDEX "products_listed_customers_idx" ON "products" USING gin ("customer_types") WITH (fastupdate=false) WHERE status = 'LISTED';--> statement-breakpoint
CREATE INDEX "products_listed_industries_idx" ON "products" USING gin ("industries") WITH (fastupdate=false) WHERE status = 'LISTED';--> statement-breakpoint
CREATE INDEX "products_listed_chains_idx" ON "products" USING gin ("industrial_chain_ids") WITH (fastupdate=false) WHERE status = 'LISTED';--> statement-breakpoint
CREATE INDEX "products_listed_search_idx" ON "products" USING gin (string_to_array(lower("name" || ' ' || "features"), NULL)) WITH (fastupdate=false) WHERE status = 'LISTED';--> statement-breakpoint
CREATE INDEX "products_org_idx" ON "products" USING btree ("org_id","updated_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "products_status_idx" ON "products" USING btree ("status","updated_at" DESC NULLS FIRST);--> statement-breakpoint
-- product_counts keeps the number of LISTED products per kind and head office exact in the statement that changes
-- products, whatever writes them: inserts and deletes are counted per statement (bulk loads stay cheap), updates per
-- row and only when the status, the kind or the head office changes (counting a view does not touch it).
CREATE FUNCTION "product_counts_on_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "product_counts" ("kind", "bank_id", "listed")
      SELECT "kind", "bank_id", count(*) FROM "new_rows" WHERE "status" = 'LISTED' GROUP BY "kind", "bank_id"
      ON CONFLICT ("kind", "bank_id") DO UPDATE SET "listed" = "product_counts"."listed" + EXCLUDED."listed";
  ELSE
    UPDATE "product_counts" c SET "listed" = c."listed" - o.n
      FROM (SELECT "kind", "bank_id", count(*) AS n FROM "old_rows" WHERE "status" = 'LISTED' GROUP BY "kind", "bank_id") o
      WHERE c."kind" = o."kind" AND c."bank_id" = o."bank_id";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "product_counts_on_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD."status" = 'LISTED' THEN
    UPDATE "product_counts" SET "listed" = "listed" - 1 WHERE "kind" = OLD."kind" AND "bank_id" = OLD."bank_id";
  END IF;
  IF NEW."status" = 'LISTED' THEN
    INSERT INTO "product_counts" ("kind", "bank_id", "listed") VALUES (NEW."kind", NEW."bank_id", 1)
      ON CONFLICT ("kind", "bank_id") DO UPDATE SET "listed" = "product_counts"."listed" + 1;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "products_counts_insert" AFTER INSERT ON "products" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "product_counts_on_rows"();--> statement-breakpoint
CREATE TRIGGER "products_counts_delete" AFTER DELETE ON "products" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "product_counts_on_rows"();--> statement-breakpoint
CREATE TRIGGER "products_counts_update" AFTER UPDATE OF "status", "kind", "bank_id" ON "products" FOR EACH ROW
  WHEN (OLD."status" IS DISTINCT FROM NEW."status" OR OLD."kind" IS DISTINCT FROM NEW."kind" OR OLD."bank_id" IS DISTINCT FROM NEW."bank_id")
  EXECUTE FUNCTION "product_counts_on_change"();--> statement-breakpoint
-- Built-in roles are never changed at start on an existing database: the providers' and the operator's roles get the new rights here.
INSERT INTO "role_permissions" ("role_id", "permission") SELECT "id", 'product:manage' FROM "roles" WHERE "code" IN ('PLATFORM_ADMIN', 'BANK_ADMIN', 'GUARANTEE_ADMIN') ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "role_permissions" ("role_id", "permission") SELECT "id", 'product:review' FROM "roles" WHERE "code" = 'PLATFORM_ADMIN' ON CONFLICT DO NOTHING;
