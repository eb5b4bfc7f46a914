ALTER TABLE "users" ADD COLUMN "must_change_password" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "password_changed_at" timestamp with time zone;--> statement-breakpoint
-- The flag is part of what a session carries (auth.repo.ts findSessionByToken): setting or clearing it notifies like the
-- other such columns (migration 0029), so no process answers on a kept session that no longer owes a change, or does.
DROP TRIGGER "users_auth_changed" ON "users";--> statement-breakpoint
CREATE TRIGGER "users_auth_changed" AFTER UPDATE OF "status", "username", "name", "phone", "account_type", "org_id", "region_code", "certified", "parent_user_id", "must_change_password" OR DELETE OR TRUNCATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "notify_auth_changed"();
