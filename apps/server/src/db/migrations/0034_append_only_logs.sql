-- The audit log and the credit-query log are append-only in the database itself (issue 29, finding 10; docs/security.md
-- "Database roles"): an UPDATE, DELETE or TRUNCATE of either is refused whoever sends it, the tables' owner and a
-- superuser included, before any row is touched (a statement trigger fires even when no row matches). The app role is
-- also granted no right to try (db/roles.ts). Nothing in the product changes or removes a row of either; a retention
-- would be a deliberate act of the owner (ALTER TABLE ... DISABLE TRIGGER), outside the product.
CREATE FUNCTION "refuse_log_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only: % refused', TG_TABLE_NAME, TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;--> statement-breakpoint
CREATE TRIGGER "audit_log_append_only" BEFORE UPDATE OR DELETE OR TRUNCATE ON "audit_log" FOR EACH STATEMENT EXECUTE FUNCTION "refuse_log_change"();--> statement-breakpoint
CREATE TRIGGER "credit_queries_append_only" BEFORE UPDATE OR DELETE OR TRUNCATE ON "credit_queries" FOR EACH STATEMENT EXECUTE FUNCTION "refuse_log_change"();
