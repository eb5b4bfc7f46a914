ALTER TABLE "roles" ADD COLUMN "assignable_to" varchar(16)[] DEFAULT '{}'::varchar[] NOT NULL;--> statement-breakpoint
ALTER TABLE "demands" ADD COLUMN "idempotency_key" varchar(64);--> statement-breakpoint
CREATE UNIQUE INDEX "demands_idempotency_uq" ON "demands" USING btree ("applicant_user_id","idempotency_key") WHERE idempotency_key IS NOT NULL;--> statement-breakpoint
-- Built-in roles that existed before this migration: who may give them (a fresh database gets the same values from
-- BUILTIN_ROLES when the seed adds its roles; the new least roles of every kind are added there on the next start).
UPDATE "roles" SET "assignable_to" = CASE "code"
  WHEN 'ENTERPRISE_SUB' THEN '{ENTERPRISE}'::varchar[]
  WHEN 'BANK_ADMIN' THEN '{BANK}'::varchar[]
  WHEN 'GUARANTEE_ADMIN' THEN '{GUARANTEE}'::varchar[]
  WHEN 'GOV_SUPERVISOR' THEN '{GOVERNMENT}'::varchar[]
  WHEN 'JRJ_SUPERVISOR' THEN '{JINRONGJU}'::varchar[]
  WHEN 'RSJ_SUPERVISOR' THEN '{RENSHEJUE}'::varchar[]
END WHERE "builtin" AND "code" IN ('ENTERPRISE_SUB', 'BANK_ADMIN', 'GUARANTEE_ADMIN', 'GOV_SUPERVISOR', 'JRJ_SUPERVISOR', 'RSJ_SUPERVISOR');--> statement-breakpoint
-- An enterprise main account may give the view-only sub-account role only if it holds demand:view itself.
INSERT INTO "role_permissions" ("role_id", "permission") SELECT "id", 'demand:view' FROM "roles" WHERE "code" = 'ENTERPRISE' AND "builtin" ON CONFLICT DO NOTHING;
