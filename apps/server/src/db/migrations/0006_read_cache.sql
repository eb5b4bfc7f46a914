-- The read cache of the portal lists and the demand lists (db/read-cache.ts): every committed change to a table those lists read
-- sends one notification on the channel 'phjr_data_changed', and every server process listening drops its cache.
-- Statement-level triggers, and PostgreSQL folds equal notifications of one transaction, so a bulk change sends one.
-- Counting a view (UPDATE OF views alone) sends none: view counts in a cached list may lag by the cache's lifetime.
CREATE FUNCTION "notify_data_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('phjr_data_changed', TG_TABLE_NAME);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "products_changed" AFTER INSERT OR DELETE OR TRUNCATE ON "products" FOR EACH STATEMENT EXECUTE FUNCTION "notify_data_changed"();--> statement-breakpoint
CREATE TRIGGER "products_changed_update" AFTER UPDATE OF "id", "kind", "name", "org_id", "bank_id", "loan_type", "guarantee_methods", "amount_min", "amount_max", "term_min", "term_max", "rate_min", "rate_max", "customer_types", "industries", "region_codes", "industrial_chain_ids", "features", "conditions", "materials", "contact_name", "contact_phone", "logo", "status", "reject_reason", "applications", "grants", "created_by", "reviewed_by", "reviewed_at", "created_at", "updated_at", "submitted_at", "listed_at" ON "products" FOR EACH STATEMENT EXECUTE FUNCTION "notify_data_changed"();--> statement-breakpoint
CREATE TRIGGER "articles_changed" AFTER INSERT OR DELETE OR TRUNCATE ON "articles" FOR EACH STATEMENT EXECUTE FUNCTION "notify_data_changed"();--> statement-breakpoint
CREATE TRIGGER "articles_changed_update" AFTER UPDATE OF "id", "title", "channel", "region_code", "industrial_chain_id", "cover", "summary", "body", "source", "author", "status", "pinned", "publish_at", "created_by", "org_id", "created_at", "updated_at" ON "articles" FOR EACH STATEMENT EXECUTE FUNCTION "notify_data_changed"();--> statement-breakpoint
CREATE TRIGGER "orgs_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "orgs" FOR EACH STATEMENT EXECUTE FUNCTION "notify_data_changed"();--> statement-breakpoint
CREATE TRIGGER "regions_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "regions" FOR EACH STATEMENT EXECUTE FUNCTION "notify_data_changed"();--> statement-breakpoint
CREATE TRIGGER "product_counts_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "product_counts" FOR EACH STATEMENT EXECUTE FUNCTION "notify_data_changed"();--> statement-breakpoint
CREATE TRIGGER "stat_totals_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "stat_totals" FOR EACH STATEMENT EXECUTE FUNCTION "notify_data_changed"();--> statement-breakpoint
CREATE TRIGGER "demands_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "demands" FOR EACH STATEMENT EXECUTE FUNCTION "notify_data_changed"();
