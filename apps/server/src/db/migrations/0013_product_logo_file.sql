-- A product's logo is a PUBLIC image uploaded through the files module, kept by its id (like a chain's cover), so the
-- server can check on every save that it is a public image; the old free address column goes. A logo that was already
-- this site's view link keeps its file when that file is a public image; any other address is dropped (the page's
-- CSP never let a foreign address show anyway).
ALTER TABLE "products" ADD COLUMN "logo_file_id" varchar(64);--> statement-breakpoint
UPDATE "products" p SET "logo_file_id" = f.id
  FROM "files" f
  WHERE p."logo" LIKE '/zscms/files/view.json?id=%' AND f.id = substring(p."logo" FROM '^/zscms/files/view\.json\?id=([A-Za-z0-9_-]{16,64})$')
    AND f.visibility = 'PUBLIC' AND f.content_type LIKE 'image/%';--> statement-breakpoint
-- The read cache's trigger names its columns (0006_read_cache): recreated with the new one instead of the old.
DROP TRIGGER "products_changed_update" ON "products";--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "logo";--> statement-breakpoint
CREATE TRIGGER "products_changed_update" AFTER UPDATE OF "id", "kind", "name", "org_id", "bank_id", "loan_type", "guarantee_methods", "amount_min", "amount_max", "term_min", "term_max", "rate_min", "rate_max", "customer_types", "industries", "region_codes", "industrial_chain_ids", "features", "conditions", "materials", "contact_name", "contact_phone", "logo_file_id", "status", "reject_reason", "applications", "grants", "created_by", "reviewed_by", "reviewed_at", "created_at", "updated_at", "submitted_at", "listed_at" ON "products" FOR EACH STATEMENT EXECUTE FUNCTION "notify_data_changed"();
