import type { ClassifiedOrgType } from '@phjr/contract/auth/enums';
import type { AssignableRole } from '@phjr/contract/orgs/role-admin';
import { GRANTOR_ACCOUNT_TYPE, grantorOfOrg, type RoleGrantor } from '@phjr/contract/orgs/role-grantors';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { SessionContext } from '../auth/auth.service.ts';
import { assignableRoleRows } from './orgs-admin.repo.ts';

/**
 * Roles given by someone other than the operator (PRODUCT.md section 3): an enterprise main account to its
 * sub-accounts, an institution's staff admin to its staff. They give only roles the operator made assignable by their
 * kind (roles.assignable_to), and only roles whose permissions they hold themselves, so no one hands out more than
 * they have. A create that names no role gets the least of those: the fewest permissions, then the fewest resources.
 */
export interface Grantor {
  kind: RoleGrantor | null;
  permissions: ReadonlySet<string>;
}

/** The enterprise main account (for its sub-accounts) or the staff admin of an institution (for its staff). */
export function grantorOf(s: SessionContext): Grantor {
  const mainEnterprise =
    s.accountType === 'ENTERPRISE' && s.parentUserId === null && s.permissions.has('enterprise-sub:manage');
  const kind = mainEnterprise
    ? 'ENTERPRISE'
    : s.permissions.has('org-staff:manage')
      ? grantorOfOrg(s.classifiedType as ClassifiedOrgType | null)
      : null;
  return { kind, permissions: s.permissions };
}

type Row = Awaited<ReturnType<typeof assignableRoleRows>>[number];
const leastFirst = (a: Row, b: Row) =>
  a.permissions.length - b.permissions.length || a.resourceCount - b.resourceCount || a.id - b.id;
const holdsAll = (g: Grantor, r: Row) => r.permissions.every((p) => g.permissions.has(p));

/** The roles `g` may give, least first; `least` marks the default. */
export async function assignableRoles(db: DbOrTx, g: Grantor): Promise<AssignableRole[]> {
  if (!g.kind) return [];
  const rows = (await assignableRoleRows(db, g.kind, GRANTOR_ACCOUNT_TYPE[g.kind]))
    .filter((r) => holdsAll(g, r))
    .sort(leastFirst);
  return rows.map((r, i) => ({
    id: r.id,
    code: r.code,
    name: r.name,
    description: r.description,
    permissions: r.permissions,
    least: i === 0,
  }));
}

/**
 * The role to give: `roleId` if `g` may give it, else (none named) the least one. Refuses a role outside the set the
 * operator allowed for `g`'s kind, and one with a permission `g` lacks. Call it in the transaction that gives it.
 */
export async function chooseRole(
  db: DbOrTx,
  g: Grantor,
  roleId: number | undefined,
): Promise<{ id: number; name: string }> {
  if (!g.kind) throw new AppError('ROLE_NOT_ASSIGNABLE', '没有可分配的角色', { httpStatus: 403 });
  const rows = await assignableRoleRows(db, g.kind, GRANTOR_ACCOUNT_TYPE[g.kind]);
  if (roleId === undefined) {
    const least = rows.filter((r) => holdsAll(g, r)).sort(leastFirst)[0];
    if (!least) throw new AppError('ROLE_NOT_ASSIGNABLE', '没有可分配的角色，请联系平台运营方', { httpStatus: 403 });
    return { id: least.id, name: least.name };
  }
  const role = rows.find((r) => r.id === roleId);
  if (!role) throw new AppError('ROLE_NOT_ASSIGNABLE', '该角色不能由您分配', { httpStatus: 403 });
  if (!holdsAll(g, role))
    throw new AppError('ROLE_NOT_ASSIGNABLE', '该角色含有您本人没有的权限，不能分配', { httpStatus: 403 });
  return { id: role.id, name: role.name };
}
