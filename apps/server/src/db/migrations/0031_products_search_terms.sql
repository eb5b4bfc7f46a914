-- The supermarket's keyword index holds the customer types and region codes with the characters of the name and
-- features (schema products.ts searchTerms): a keyword search with the customer type and the region filters finds
-- its ~180 products in the index instead of reading the ~450 that hold the characters (issue 17).
DROP INDEX "products_listed_search_idx";--> statement-breakpoint
CREATE INDEX "products_listed_terms_idx" ON "products" USING gin ((string_to_array(lower("name" || ' ' || "features"), NULL) || "customer_types" || "region_codes")) WITH (fastupdate=false) WHERE status = 'LISTED';
