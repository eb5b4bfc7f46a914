import type { Permission } from '@phjr/contract/orgs/permissions';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

/**
 * A person to tell of new work: the account, its phone and how it wants to be told. Only supervisors choose
 * (users.notify_pref, /supervisionClient/my/editSetting); every other account is told both ways, as the demands'
 * deadline warnings always were (its SMS still only when the operator left the event's template on).
 */
export interface Recipient {
  id: number;
  phone: string | null;
  notifyPref: string;
}

/** Upper bound of the people one event tells (a city's supervisors or one bank's staff are far fewer). */
const MAX_RECIPIENTS = 500;

/**
 * The active accounts of `accountType` holding `permission` through one of their roles, among the organisations
 * `orgIds` when given, and whose region (their own, else their organisation's) is `district` or the whole city when
 * `district` is given: the supervisors of a district's case are its own and the city's (lib/district-scope.ts).
 */
export interface StaffQuery {
  permission: Permission;
  accountType: string;
  classifiedTypes?: readonly string[];
  orgIds?: readonly number[];
  district?: string;
}

export async function staffWith(db: DbOrTx, q: StaffQuery): Promise<Recipient[]> {
  const where = [sql`u.status = 'ACTIVE'`, sql`u.account_type = ${q.accountType}`];
  if (q.orgIds)
    where.push(
      q.orgIds.length
        ? sql`u.org_id IN (${sql.join(
            q.orgIds.map((id) => sql`${id}`),
            sql`, `,
          )})`
        : sql`false`,
    );
  if (q.classifiedTypes)
    where.push(
      sql`o.classified_type IN (${sql.join(
        q.classifiedTypes.map((t) => sql`${t}`),
        sql`, `,
      )})`,
    );
  if (q.district !== undefined) {
    where.push(sql`(COALESCE(u.region_code, o.region_code) = ${q.district}
      OR EXISTS (SELECT 1 FROM regions r WHERE r.code = COALESCE(u.region_code, o.region_code) AND r.parent_code IS NULL))`);
  }
  const r = await db.execute<{ id: number; phone: string | null; notifyPref: string }>(sql`
    SELECT u.id::int AS id, u.phone,
           CASE WHEN u.account_type = 'GOVERNMENT' THEN u.notify_pref ELSE 'BOTH' END AS "notifyPref"
    FROM users u LEFT JOIN orgs o ON o.id = u.org_id
    WHERE ${sql.join(where, sql` AND `)}
      AND EXISTS (SELECT 1 FROM user_roles ur JOIN role_permissions rp ON rp.role_id = ur.role_id
                  WHERE ur.user_id = u.id AND rp.permission = ${q.permission})
    ORDER BY u.id
    LIMIT ${MAX_RECIPIENTS}`);
  return r.rows.map((x) => ({ id: Number(x.id), phone: x.phone, notifyPref: x.notifyPref }));
}
