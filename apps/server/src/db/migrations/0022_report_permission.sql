-- The reports' permission (issue 16) for the built-in roles of databases seeded before it: the operator and every
-- supervisor role (new databases get it from BUILTIN_ROLES when the seed inserts the roles).
INSERT INTO "role_permissions" ("role_id", "permission") SELECT "id", 'report:read' FROM "roles" WHERE "code" IN ('PLATFORM_ADMIN', 'GOV_SUPERVISOR', 'JRJ_SUPERVISOR', 'RSJ_SUPERVISOR', 'GOV_STAFF') ON CONFLICT DO NOTHING;
