import type pg from 'pg';

/**
 * The database roles (docs/security.md, "The server was a superuser"). The server's pool connects as an app role that is not a
 * superuser and owns nothing: it may read and write rows (SELECT, INSERT, UPDATE, DELETE on the tables, the sequences
 * it needs), not change the schema, not disable a trigger, not truncate. The tables belong to the role that runs the
 * migrations (the embedded cluster's superuser, or MIGRATION_DATABASE_URL's role). The two logs are append-only for
 * everyone in the database itself (migration 0034's triggers) and the app role has not even the right to try.
 */

/** The embedded cluster's app role; its password is kept beside the cluster in APP_PASSWORD_FILE (mode 0600). */
export const EMBEDDED_APP_ROLE = 'phjr_app';

/** The tables no one may change or empty once written: the audit log and the credit-query log. */
export const APPEND_ONLY_TABLES = ['audit_log', 'credit_queries'] as const;

function ident(client: pg.ClientBase, name: string) {
  return client.escapeIdentifier(name);
}

/**
 * Makes `role` a login role that is not a superuser and can make no database or role, with `password` (run as a role
 * that may create roles). A role of that name from an earlier start is brought back to exactly this.
 */
export async function ensureLoginRole(client: pg.ClientBase, role: string, password: string) {
  const exists = await client.query('SELECT 1 FROM pg_roles WHERE rolname = $1', [role]);
  const attributes = `LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS INHERIT PASSWORD ${client.escapeLiteral(password)}`;
  await client.query(`${exists.rowCount ? 'ALTER' : 'CREATE'} ROLE ${ident(client, role)} WITH ${attributes}`);
}

/**
 * Gives the app role what the server needs of the tables the migrations made, and takes from it every right to change
 * the append-only logs. Run as the tables' owner after every migration run (a new table is granted at the next start),
 * in one transaction. Nothing to do when the app and the owner are one role.
 */
export async function grantAppRole(client: pg.ClientBase, role: string) {
  const owner = (await client.query<{ me: string }>('SELECT current_user AS me')).rows[0].me;
  if (owner === role) return;
  const r = ident(client, role);
  await client.query('BEGIN');
  try {
    await client.query(
      `GRANT CONNECT ON DATABASE ${ident(client, (await client.query<{ db: string }>('SELECT current_database() AS db')).rows[0].db)} TO ${r}`,
    );
    await client.query(`GRANT USAGE ON SCHEMA public TO ${r}`);
    await client.query(`GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${r}`);
    await client.query(`GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA public TO ${r}`);
    await client.query(
      `REVOKE UPDATE, DELETE, TRUNCATE ON ${APPEND_ONLY_TABLES.map((t) => ident(client, t)).join(', ')} FROM ${r}`,
    );
    await client.query('COMMIT');
  } catch (e) {
    await client.query('ROLLBACK').catch(() => {});
    throw e;
  }
}

/** Whether the connection's role is a superuser. */
export async function isSuperuser(client: Pick<pg.ClientBase, 'query'>): Promise<boolean> {
  const { rows } = await client.query<{ rolsuper: boolean }>(
    'SELECT rolsuper FROM pg_roles WHERE rolname = current_user',
  );
  return rows[0]?.rolsuper === true;
}

/** The role a connection string signs in as (the URL's user; the operating-system user when it names none). */
export async function roleOf(client: Pick<pg.ClientBase, 'query'>): Promise<string> {
  return (await client.query<{ me: string }>('SELECT current_user AS me')).rows[0].me;
}
