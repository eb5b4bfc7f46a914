import {
  BACK_OFFICE_ACCOUNT_TYPES,
  ORG_ACTIONS,
  ROLE_ACTIONS,
  STAFF_ACTIONS,
  USER_ACTIONS,
  type OrgAction,
  type RoleAction,
  type StaffAction,
  type UserAction,
} from '@phjr/contract/orgs/admin-actions';
import type { Permission } from '@phjr/contract/orgs/permissions';
import { AppError } from '../../lib/errors.ts';

/**
 * Issue 12: what a caller may do to a row of the administration lists. Each function returns why the caller may not,
 * or null when they may; the service throws its answer on every request and lists the actions it would accept on
 * every row, so the buttons a screen shows and the requests the server accepts cannot disagree.
 */
export interface Caller {
  userId: number;
  permissions: ReadonlySet<Permission>;
}

const lacks = (c: Caller, p: Permission) => (c.permissions.has(p) ? null : new AppError('FORBIDDEN'));

/** Enabling what is active or disabling what is disabled: the screen showed a state that has changed since. */
function statusRefusal(status: string, action: 'enable' | 'disable'): AppError | null {
  return (action === 'enable') === (status === 'ACTIVE') ? new AppError('CONFLICT') : null;
}

/** Chain access is a switch of banks and government departments (not the HR bureau). */
const CHAIN_CLASSIFICATIONS: readonly string[] = ['BANK', 'GOVERNMENT', 'JINRONGJU'];

export function orgRefusal(
  c: Caller,
  org: { classifiedType: string; status: string },
  action: OrgAction,
): AppError | null {
  const forbidden = lacks(c, 'org:manage');
  if (forbidden) return forbidden;
  // Branches hang under banks only.
  if (action === 'createBranch') return org.classifiedType === 'BANK' ? null : new AppError('ORG_PARENT_INVALID');
  // The platform's own organisation is not administered through the institution lists.
  if (org.classifiedType === 'PLATFORM') return new AppError('NOT_FOUND');
  switch (action) {
    case 'edit':
      return null;
    case 'chainAccess':
      return CHAIN_CLASSIFICATIONS.includes(org.classifiedType)
        ? null
        : new AppError('VALIDATION', '仅银行和政府部门可开通产业链金融');
    case 'enable':
    case 'disable':
      return statusRefusal(org.status, action);
  }
}

export const isBackOffice = (accountType: string) =>
  (BACK_OFFICE_ACCOUNT_TYPES as readonly string[]).includes(accountType);

/**
 * Issue 30: an administrator resets only another active account it administers; persons and enterprises reset their
 * own by SMS code (the sign-in pages), an enterprise's sub-accounts are reset by their main account.
 */
function resetRefusal(c: Caller, u: { userId: number; status: string }): AppError | null {
  if (u.userId === c.userId) return new AppError('VALIDATION', '不能重置自己的密码，请在“我的账户”中修改');
  return u.status === 'ACTIVE' ? null : new AppError('CONFLICT', '账号已停用，请先启用');
}

export function userRefusal(
  c: Caller,
  u: { userId: number; status: string; accountType: string },
  action: UserAction,
): AppError | null {
  if (action === 'roles') return lacks(c, 'role:manage');
  const forbidden = lacks(c, 'user:manage');
  if (forbidden) return forbidden;
  if (action === 'edit') return isBackOffice(u.accountType) ? null : new AppError('NOT_FOUND');
  if (action === 'resetPassword') return isBackOffice(u.accountType) ? resetRefusal(c, u) : new AppError('NOT_FOUND');
  if (u.userId === c.userId) return new AppError('VALIDATION', '不能停用自己的账号');
  return statusRefusal(u.status, action);
}

/** The staff account is in the admin's scope (the service answers NOT_FOUND for any other first). */
export function staffRefusal(c: Caller, u: { userId: number; status: string }, action: StaffAction): AppError | null {
  const forbidden = lacks(c, 'org-staff:manage');
  if (forbidden || action === 'edit') return forbidden;
  if (action === 'resetPassword') return resetRefusal(c, u);
  if (u.userId === c.userId) return new AppError('VALIDATION', '不能停用自己的账号');
  return statusRefusal(u.status, action);
}

export function roleRefusal(
  c: Caller,
  r: { builtin: boolean; userCount: number },
  action: RoleAction,
): AppError | null {
  const forbidden = lacks(c, 'role:manage');
  if (forbidden || action === 'edit') return forbidden;
  if (r.builtin) return new AppError('ROLE_BUILTIN');
  return r.userCount > 0 ? new AppError('ROLE_IN_USE') : null;
}

export const orgActions = (c: Caller, org: Parameters<typeof orgRefusal>[1]) =>
  ORG_ACTIONS.filter((a) => orgRefusal(c, org, a) === null);
export const userActions = (c: Caller, u: Parameters<typeof userRefusal>[1]) =>
  USER_ACTIONS.filter((a) => userRefusal(c, u, a) === null);
export const staffActions = (c: Caller, u: Parameters<typeof staffRefusal>[1]) =>
  STAFF_ACTIONS.filter((a) => staffRefusal(c, u, a) === null);
export const roleActions = (c: Caller, r: Parameters<typeof roleRefusal>[1]) =>
  ROLE_ACTIONS.filter((a) => roleRefusal(c, r, a) === null);

/** Throws the refusal, if any. */
export function check(refusal: AppError | null): void {
  if (refusal) throw refusal;
}
