-- Every committed change to what a session carries (auth.repo.ts findSessionByToken: the session, its user, the user's
-- roles and their permissions, the organisations and regions) notifies the channel phjr_auth_changed: each process
-- drops the sessions it keeps (auth.service.ts resolveSession), so no request is answered on a revoked session or a withdrawn
-- permission once the notification is delivered. The session's touch (last_seen_at, at most once a minute) and a
-- login's mark (users.last_login_at) change nothing a session carries and notify nothing.
CREATE FUNCTION "notify_auth_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('phjr_auth_changed', '');
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "sessions_auth_changed" AFTER UPDATE OF "kind", "parent_id", "user_id", "client_token_hash", "server_token_hash", "first_login", "created_at", "ended_at" OR DELETE OR TRUNCATE ON "sessions" FOR EACH STATEMENT EXECUTE FUNCTION "notify_auth_changed"();--> statement-breakpoint
CREATE TRIGGER "users_auth_changed" AFTER UPDATE OF "status", "username", "name", "phone", "account_type", "org_id", "region_code", "certified", "parent_user_id" OR DELETE OR TRUNCATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "notify_auth_changed"();--> statement-breakpoint
CREATE TRIGGER "user_roles_auth_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "user_roles" FOR EACH STATEMENT EXECUTE FUNCTION "notify_auth_changed"();--> statement-breakpoint
CREATE TRIGGER "role_permissions_auth_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "role_permissions" FOR EACH STATEMENT EXECUTE FUNCTION "notify_auth_changed"();--> statement-breakpoint
CREATE TRIGGER "orgs_auth_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "orgs" FOR EACH STATEMENT EXECUTE FUNCTION "notify_auth_changed"();--> statement-breakpoint
CREATE TRIGGER "regions_auth_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "regions" FOR EACH STATEMENT EXECUTE FUNCTION "notify_auth_changed"();
