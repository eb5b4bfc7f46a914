import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { Page } from '@phjr/contract/envelope';
import { CLASSIFIED_ORG_TYPES, type AccountType, type ClassifiedOrgType } from '@phjr/contract/auth/enums';
import { BACK_OFFICE_ACCOUNT_TYPES } from '@phjr/contract/orgs/admin-actions';
import {
  KIND_CLASSIFICATIONS,
  type OrgKind,
  type OrgRow,
  type OrgTreeKind,
  type ZSaveOrgRequest,
} from '@phjr/contract/orgs/org-admin';
import type { RoleRow, ZSaveRoleRequest } from '@phjr/contract/orgs/role-admin';
import { GRANTOR_ACCOUNT_TYPE, type RoleGrantor } from '@phjr/contract/orgs/role-grantors';
import type { StaffRow, ZSaveStaffRequest } from '@phjr/contract/orgs/staff';
import { ADMIN_PASSWORD_RESETS_PER_HOUR, type ResetPasswordResponse } from '@phjr/contract/auth/password-reset';
import { passwordProblem } from '@phjr/contract/auth/password-policy';
import type { UserRow, ZSavePlatformUserRequest, ZSaveMySettingRequest } from '@phjr/contract/orgs/user-admin';
import type { z } from 'zod';
import { sortOf, type ListSort } from '@phjr/contract/list-sort';
import type { ORG_SORT } from '@phjr/contract/orgs/org-admin';
import { USER_EXPORT_MAX_ROWS, type USER_SORT } from '@phjr/contract/orgs/user-admin';
import { exportFileName } from '@phjr/contract/system/export-file-name';
import type { Db, DbOrTx } from '../../db/client.ts';
import { streamSheet } from '../../lib/excel-export.ts';
import { AppError } from '../../lib/errors.ts';
import { hashPassword } from '../../lib/password.ts';
import { endUserSessions } from '../auth/sessions.ts';
import type { SessionContext } from '../auth/auth.service.ts';
import { writeAudit } from '../audit/audit.ts';
import type { SmsGateway } from '../notify/sms.gateway.ts';
import { createSmsGateway } from '../notify/sms.service.ts';
import {
  check,
  orgActions,
  orgRefusal,
  roleActions,
  roleRefusal,
  staffActions,
  staffRefusal,
  userActions,
  userRefusal,
  type Caller,
} from './admin-actions.ts';
import { assignableRoles, chooseRole, grantorOf } from './assignable-roles.ts';
import * as repo from './orgs-admin.repo.ts';
import { listRegions } from './orgs.repo.ts';
import { maskPhone } from './orgs.service.ts';
import { accountColumns, PLATFORM_USER_COLUMNS, STAFF_COLUMNS, type UserSheetColumn } from './user-export.ts';

/** The built-in admin role and the account type of an organisation's accounts, by its classification. */
export const ADMIN_ROLE_OF: Record<ClassifiedOrgType, string> = {
  PLATFORM: 'PLATFORM_ADMIN',
  BANK: 'BANK_ADMIN',
  GUARANTEE: 'GUARANTEE_ADMIN',
  GOVERNMENT: 'GOV_SUPERVISOR',
  JINRONGJU: 'JRJ_SUPERVISOR',
  RENSHEJUE: 'RSJ_SUPERVISOR',
};
export const ACCOUNT_TYPE_OF: Record<ClassifiedOrgType, AccountType> = {
  PLATFORM: 'PLATFORM',
  BANK: 'BANK',
  GUARANTEE: 'GUARANTEE',
  GOVERNMENT: 'GOVERNMENT',
  JINRONGJU: 'GOVERNMENT',
  RENSHEJUE: 'GOVERNMENT',
};

export interface Actor {
  session: SessionContext;
  ip: string;
}

/** A unique index said no: tell the user which value is taken. */
export function mapUniqueViolation(err: unknown): never {
  const e = err as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const pg = e?.code === '23505' ? e : e?.cause?.code === '23505' ? e.cause : null;
  if (pg) {
    if (pg.constraint === 'users_username_uq') throw new AppError('USERNAME_TAKEN', undefined, { httpStatus: 409 });
    if (pg.constraint === 'users_phone_uq') throw new AppError('PHONE_TAKEN', undefined, { httpStatus: 409 });
    if (pg.constraint === 'orgs_name_uq') throw new AppError('ORG_NAME_TAKEN', undefined, { httpStatus: 409 });
  }
  throw err;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function toOrgRow(c: Caller, o: NonNullable<Awaited<ReturnType<typeof repo.findOrg>>>): OrgRow {
  return {
    ...o,
    classifiedType: o.classifiedType as OrgRow['classifiedType'],
    level: o.level as OrgRow['level'],
    status: o.status as OrgRow['status'],
    createdAt: o.createdAt.toISOString(),
    actions: orgActions(c, o),
  };
}

/** The classifications of each tree: a list of the operator's, or every organisation (the platform's included). */
const TREE_CLASSIFICATIONS: Record<OrgTreeKind, readonly string[]> = {
  ...KIND_CLASSIFICATIONS,
  ALL: CLASSIFIED_ORG_TYPES,
};

function pageOf(current: number, pageSize: number) {
  return { limit: pageSize, offset: (current - 1) * pageSize };
}

/** Rows read per batch by a user list's export (memory stays flat whatever the size). */
const EXPORT_BATCH = 1_000;

type UserSort = ListSort<(typeof USER_SORT)[number]>;

/** A random temporary password under the one password policy (issue 30's resets), shown once. */
export function temporaryPassword(): string {
  for (;;) {
    const p = randomPassword();
    if (passwordProblem(p) === null) return p;
  }
}

/** A random initial password: letters and digits, shown once. */
export function randomPassword(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz';
  const digits = '23456789';
  const bytes = randomBytes(12);
  let s = '';
  for (let i = 0; i < 8; i++) s += alphabet[bytes[i] % alphabet.length];
  for (let i = 8; i < 12; i++) s += digits[bytes[i] % digits.length];
  return s;
}

export function createOrgsAdminService(db: Db, gateway: SmsGateway = createSmsGateway(db)) {
  /**
   * Issue 30: an administrator's reset (the caller's check came first): a temporary password shown once, the account's
   * sessions ended, its next sign-in made to set a new one; at most ADMIN_PASSWORD_RESETS_PER_HOUR per administrator.
   * The owner is told by SMS (without the password, which the administrator hands over).
   */
  async function resetPassword(
    actor: Actor,
    u: { userId: number; username: string; phone: string | null },
    action: 'user.password.reset' | 'staff.password.reset',
  ): Promise<ResetPasswordResponse> {
    const since = new Date(Date.now() - 3_600_000);
    if ((await repo.countActionsByUser(db, actor.session.userId, action, since)) >= ADMIN_PASSWORD_RESETS_PER_HOUR)
      throw new AppError('RATE_LIMITED');
    const password = temporaryPassword();
    const passwordHash = await hashPassword(password);
    await db.transaction(async (tx) => {
      await repo.setTemporaryPassword(tx, u.userId, passwordHash);
      await endUserSessions(tx, u.userId);
      await writeAudit(tx, {
        userId: actor.session.userId,
        action,
        target: `user:${u.userId}`,
        detail: { username: u.username },
        ip: actor.ip,
      });
    });
    if (u.phone) await gateway.send(u.phone, 'PASSWORD_RESET', { username: u.username });
    return { userId: u.userId, temporaryPassword: password };
  }

  /** The operator resets an institution's or government account's password (orgsOps.resetUserPassword). */
  async function resetUserPassword(actor: Actor, userId: number) {
    const u = await repo.findUser(db, userId);
    if (!u) throw new AppError('NOT_FOUND');
    check(userRefusal(actor.session, u, 'resetPassword'));
    return resetPassword(actor, u, 'user.password.reset');
  }

  /** An institution's admin resets one of its staff's password (orgsOps.resetStaffPassword). */
  async function resetStaffPassword(actor: Actor, userId: number) {
    const u = await staffTarget(actor.session, userId);
    check(staffRefusal(actor.session, u, 'resetPassword'));
    return resetPassword(actor, u, 'staff.password.reset');
  }

  // ---------- institutions

  async function orgTree(c: Caller, kind: OrgTreeKind, name?: string): Promise<OrgRow[]> {
    const rows = await repo.listOrgs(db, { classifications: [...TREE_CLASSIFICATIONS[kind]], name });
    return rows.map((o) => toOrgRow(c, o));
  }

  async function orgPage(
    c: Caller,
    q: {
      kind: OrgKind;
      name?: string;
      regionCode?: string;
      status?: string;
      current: number;
      pageSize: number;
    } & ListSort<(typeof ORG_SORT)[number]>,
  ): Promise<Page<OrgRow>> {
    const f = {
      classifications: KIND_CLASSIFICATIONS[q.kind],
      name: q.name,
      regionCode: q.regionCode,
      status: q.status,
      sort: sortOf(q),
    };
    const [rows, total] = await Promise.all([
      repo.listOrgs(db, f, pageOf(q.current, q.pageSize)),
      repo.countOrgs(db, f),
    ]);
    return { list: rows.map((o) => toOrgRow(c, o)), total, current: q.current, pageSize: q.pageSize };
  }

  /** Creates an organisation with its admin account in one transaction, or edits one. */
  async function saveOrg(actor: Actor, req: z.output<typeof ZSaveOrgRequest>) {
    const allowed = KIND_CLASSIFICATIONS[req.kind] as readonly string[];
    if (!allowed.includes(req.classifiedType)) throw new AppError('VALIDATION', '机构分类与机构类型不符');
    let parentId: number | null = null;
    let level = 'HEAD';
    if (req.kind === 'BANK' && req.parentId) {
      const parent = await repo.findOrg(db, req.parentId);
      if (!parent || parent.id === req.id) throw new AppError('ORG_PARENT_INVALID');
      check(orgRefusal(actor.session, parent, 'createBranch'));
      if (req.id && (await repo.subtreeIds(db, req.id)).includes(parent.id)) throw new AppError('ORG_PARENT_INVALID');
      parentId = parent.id;
      level = parent.level === 'HEAD' ? 'BRANCH' : 'SUB';
    } else if (req.parentId) {
      throw new AppError('ORG_PARENT_INVALID');
    }
    const values = {
      name: req.name,
      shortName: req.shortName,
      orgType: req.classifiedType,
      classifiedType: req.classifiedType,
      parentId,
      level,
      regionCode: req.regionCode,
      creditCode: req.creditCode,
      contactName: req.contactName,
      contactPhone: req.contactPhone,
      address: req.address,
    };
    if (req.id) {
      const existing = await repo.findOrg(db, req.id);
      if (!existing || !allowed.includes(existing.classifiedType)) throw new AppError('NOT_FOUND');
      check(orgRefusal(actor.session, existing, 'edit'));
      if (existing.classifiedType !== req.classifiedType && existing.userCount > 0)
        throw new AppError('VALIDATION', '已有账号的机构不能更改分类');
      try {
        await db.transaction(async (tx) => {
          await repo.updateOrgRow(tx, req.id!, values);
          await writeAudit(tx, {
            userId: actor.session.userId,
            action: 'org.update',
            target: `org:${req.id}`,
            detail: values,
            ip: actor.ip,
          });
        });
      } catch (e) {
        mapUniqueViolation(e);
      }
      return { id: req.id, adminUserId: null };
    }
    if (!req.admin) throw new AppError('VALIDATION', '请填写机构管理员账号');
    const admin = req.admin;
    const passwordHash = await hashPassword(admin.password);
    // A branch inherits its parent's chain access.
    const chainAccess = parentId ? ((await repo.findOrg(db, parentId))?.chainAccess ?? false) : false;
    try {
      return await db.transaction(async (tx) => {
        const id = await repo.insertOrgRow(tx, { ...values, chainAccess });
        const classified = req.classifiedType as ClassifiedOrgType;
        const adminUserId = await repo.insertAccount(tx, {
          username: admin.username,
          name: admin.name,
          phone: admin.phone,
          passwordHash,
          accountType: ACCOUNT_TYPE_OF[classified],
          orgId: id,
        });
        const roleId = await repo.roleIdByCode(tx, ADMIN_ROLE_OF[classified]);
        if (!roleId) throw new AppError('INTERNAL');
        await repo.replaceUserRoles(tx, adminUserId, [roleId]);
        await writeAudit(tx, {
          userId: actor.session.userId,
          action: 'org.create',
          target: `org:${id}`,
          detail: { ...values, adminUserId, adminUsername: admin.username },
          ip: actor.ip,
        });
        return { id, adminUserId };
      });
    } catch (e) {
      mapUniqueViolation(e);
    }
  }

  /** Banks (the node and its subtree) and government departments; the next request of their users sees it. */
  async function setChainAccess(actor: Actor, id: number, chainAccess: boolean) {
    const org = await repo.findOrg(db, id);
    if (!org) throw new AppError('NOT_FOUND');
    check(orgRefusal(actor.session, org, 'chainAccess'));
    await db.transaction(async (tx) => {
      const ids = org.classifiedType === 'BANK' ? await repo.subtreeIds(tx, id) : [id];
      await repo.setOrgsChainAccess(tx, ids, chainAccess);
      await writeAudit(tx, {
        userId: actor.session.userId,
        action: 'org.chainAccess',
        target: `org:${id}`,
        detail: { chainAccess, orgIds: ids },
        ip: actor.ip,
      });
    });
    return { id };
  }

  /** Disabling an organisation disables it, its subtree and their accounts, and ends their sessions; enabling reverses it. */
  async function setOrgStatus(actor: Actor, id: number, status: 'ACTIVE' | 'DISABLED') {
    const org = await repo.findOrg(db, id);
    if (!org) throw new AppError('NOT_FOUND');
    check(orgRefusal(actor.session, org, status === 'ACTIVE' ? 'enable' : 'disable'));
    await db.transaction(async (tx) => {
      const ids = await repo.subtreeIds(tx, id);
      await repo.setOrgsStatus(tx, ids, status);
      const changed = await repo.setUsersStatusOfOrgs(tx, ids, status);
      if (status === 'DISABLED') for (const u of changed) await endUserSessions(tx, u);
      await writeAudit(tx, {
        userId: actor.session.userId,
        action: 'org.status',
        target: `org:${id}`,
        detail: { status, orgIds: ids, userIds: changed },
        ip: actor.ip,
      });
    });
    return { id };
  }

  // ---------- users

  async function withRoles(c: Caller, rows: Awaited<ReturnType<typeof repo.listUsers>>): Promise<UserRow[]> {
    const rolesBy = await repo.rolesOfUsers(
      db,
      rows.map((r) => r.userId),
    );
    return rows.map((r) => ({
      userId: r.userId,
      username: r.username,
      name: r.name,
      phone: maskPhone(r.phone),
      accountType: r.accountType as UserRow['accountType'],
      orgId: r.orgId,
      orgName: r.orgName,
      regionCode: r.regionCode,
      creditCode: r.creditCode,
      mainUserId: r.mainUserId,
      certified: r.certified,
      certStatus: r.certStatus,
      status: r.status as UserRow['status'],
      createdAt: r.createdAt.toISOString(),
      lastLoginAt: iso(r.lastLoginAt),
      roles: rolesBy.get(r.userId) ?? [],
      actions: userActions(c, r),
    }));
  }

  /** The operator's user list's filter (GET /finance/user/page.json and its export). */
  type AccountQuery = Omit<repo.UserFilter, 'sort' | 'accountTypes' | 'orgIds'> & UserSort;
  const accountFilter = (q: AccountQuery): repo.UserFilter => ({
    accountType: q.accountType,
    name: q.name,
    phone: q.phone,
    regionCode: q.regionCode,
    certified: q.certified,
    status: q.status,
    sort: sortOf(q),
  });

  async function usersOf(c: Caller, f: repo.UserFilter, current: number, pageSize: number): Promise<Page<UserRow>> {
    const [rows, total] = await Promise.all([repo.listUsers(db, f, pageOf(current, pageSize)), repo.countUsers(db, f)]);
    return { list: await withRoles(c, rows), total, current, pageSize };
  }

  async function userPage(c: Caller, q: AccountQuery & { current: number; pageSize: number }): Promise<Page<UserRow>> {
    return usersOf(c, accountFilter(q), q.current, q.pageSize);
  }

  /** The platform's user list's filter: the back-office accounts, an organisation's with its subtree. */
  type PlatformQuery = { name?: string; status?: string; orgId?: number } & UserSort;
  async function platformFilter(q: PlatformQuery): Promise<repo.UserFilter> {
    const orgIds = q.orgId ? await repo.subtreeIds(db, q.orgId) : undefined;
    return { name: q.name, status: q.status, accountTypes: [...BACK_OFFICE_ACCOUNT_TYPES], orgIds, sort: sortOf(q) };
  }

  /** The back-office accounts of every institution; an organisation filter keeps it and, for a bank, its subtree. */
  async function platformUserPage(
    c: Caller,
    q: PlatformQuery & { current: number; pageSize: number },
  ): Promise<Page<UserRow>> {
    return usersOf(c, await platformFilter(q), q.current, q.pageSize);
  }

  /**
   * A user list's Excel twin (issue 30; docs/lists.md): every user of the list's filter in its sort, up to
   * USER_EXPORT_MAX_ROWS, in keyset batches with their roles, the phones masked as the list masks them. The export is
   * audited (`export`, `target`, with its filters) before the file starts.
   */
  async function exportUsers(
    actor: Actor,
    what: { target: string; list: string; sheet: string; columns: readonly UserSheetColumn[] },
    f: repo.UserFilter,
    filters: object,
  ): Promise<{ fileName: string; stream: Readable }> {
    const batch = async (after: repo.UserExportRow | null): Promise<repo.UserExportRow[]> => {
      const rows = await repo.userBatch(db, f, after && { key: after.sortKey, id: after.userId }, EXPORT_BATCH);
      const rolesBy = await repo.rolesOfUsers(
        db,
        rows.map((r) => r.userId),
      );
      return rows.map((r) => ({ ...r, roles: rolesBy.get(r.userId) ?? [] }));
    };
    const first = await batch(null);
    await writeAudit(db, {
      userId: actor.session.userId,
      action: 'export',
      target: what.target,
      detail: { list: what.list, filters },
      ip: actor.ip,
    });
    const stream = streamSheet({
      sheet: what.sheet,
      columns: what.columns,
      cells: (r) => what.columns.map((c) => c.value(r)),
      first,
      next: (last) => batch(last),
      batch: EXPORT_BATCH,
      maxRows: USER_EXPORT_MAX_ROWS,
    });
    return { fileName: exportFileName(what.sheet, Date.now()), stream };
  }

  /** The operator's company or personal users, as their list shows them. */
  async function userExport(actor: Actor, q: AccountQuery) {
    const regions = new Map((await listRegions(db)).map((r) => [r.code, r.name]));
    const regionName = (code: string | null) => (code ? (regions.get(code) ?? code) : '');
    const sheet = q.accountType === 'ENTERPRISE' ? '企业用户' : q.accountType === 'PERSON' ? '个人用户' : '用户';
    return exportUsers(
      actor,
      { target: 'users:accounts', list: 'users', sheet, columns: accountColumns(q.accountType ?? '', regionName) },
      accountFilter(q),
      q,
    );
  }

  /** The platform's back-office accounts, as their list shows them. */
  async function platformUserExport(actor: Actor, q: PlatformQuery) {
    return exportUsers(
      actor,
      { target: 'users:platform', list: 'platformUsers', sheet: '机构用户', columns: PLATFORM_USER_COLUMNS },
      await platformFilter(q),
      q,
    );
  }

  async function userDetail(c: Caller, userId: number) {
    const u = await repo.findUser(db, userId);
    if (!u) throw new AppError('NOT_FOUND');
    const [row] = await withRoles(c, [u]);
    const id = u.idNumber;
    return {
      ...row,
      legalRep: u.legalRep,
      idNumber: id ? `${id.slice(0, 4)}**********${id.slice(-4)}` : null,
      email: u.email,
      certReason: u.certReason,
      parentUserId: u.parentUserId,
    };
  }

  /** Enable or disable any account; disabling ends its sessions at once. */
  async function setUserStatus(actor: Actor, userId: number, status: 'ACTIVE' | 'DISABLED') {
    const u = await repo.findUser(db, userId);
    if (!u) throw new AppError('NOT_FOUND');
    check(userRefusal(actor.session, u, status === 'ACTIVE' ? 'enable' : 'disable'));
    await db.transaction(async (tx) => {
      await repo.setUserStatusRow(tx, userId, status);
      if (status === 'DISABLED') await endUserSessions(tx, userId);
      await writeAudit(tx, {
        userId: actor.session.userId,
        action: 'user.status',
        target: `user:${userId}`,
        detail: { status },
        ip: actor.ip,
      });
    });
    return { userId };
  }

  async function assertRolesFor(tx: DbOrTx, accountType: string, roleIds: number[]) {
    const found = await repo.findRoles(tx, roleIds);
    if (found.length !== new Set(roleIds).size) throw new AppError('VALIDATION', '角色不存在');
    if (found.some((r) => r.accountType !== accountType)) throw new AppError('VALIDATION', '角色的账号类型与用户不符');
  }

  /** Replaces a user's roles; their resourceList and permissions follow at their next request. */
  async function setUserRoles(actor: Actor, userId: number, roleIds: number[]) {
    const u = await repo.findUser(db, userId);
    if (!u) throw new AppError('NOT_FOUND');
    check(userRefusal(actor.session, u, 'roles'));
    const ids = [...new Set(roleIds)];
    await db.transaction(async (tx) => {
      await assertRolesFor(tx, u.accountType, ids);
      await repo.replaceUserRoles(tx, userId, ids);
      await writeAudit(tx, {
        userId: actor.session.userId,
        action: 'user.roles',
        target: `user:${userId}`,
        detail: { roleIds: ids },
        ip: actor.ip,
      });
    });
    return { userId };
  }

  /** Creates a back-office account of the operator's own organisation, or edits one of any institution, with its roles. */
  async function savePlatformUser(actor: Actor, req: z.output<typeof ZSavePlatformUserRequest>) {
    const roleIds = [...new Set(req.roleIds)];
    if (!req.userId && (!req.password || !req.phone)) throw new AppError('VALIDATION', '请填写手机号并设置初始密码');
    const passwordHash = req.password && !req.userId ? await hashPassword(req.password) : null;
    try {
      return await db.transaction(async (tx) => {
        let userId = req.userId;
        if (userId) {
          const u = await repo.findUser(tx, userId);
          if (!u) throw new AppError('NOT_FOUND');
          check(userRefusal(actor.session, u, 'edit'));
          await assertRolesFor(tx, u.accountType, roleIds);
          await repo.updateAccount(tx, userId, {
            username: req.username,
            name: req.name,
            phone: req.phone,
            email: req.email,
          });
        } else {
          await assertRolesFor(tx, 'PLATFORM', roleIds);
          userId = await repo.insertAccount(tx, {
            username: req.username,
            name: req.name,
            phone: req.phone!,
            email: req.email,
            passwordHash: passwordHash!,
            accountType: 'PLATFORM',
            orgId: actor.session.orgId,
          });
        }
        await repo.replaceUserRoles(tx, userId, roleIds);
        await writeAudit(tx, {
          userId: actor.session.userId,
          action: 'platformUser.save',
          target: `user:${userId}`,
          detail: { username: req.username, roleIds },
          ip: actor.ip,
        });
        return { userId };
      });
    } catch (e) {
      mapUniqueViolation(e);
    }
  }

  // ---------- roles

  async function roleList(c: Caller): Promise<RoleRow[]> {
    const rows = (await repo.listRoles(db)) as Omit<RoleRow, 'actions'>[];
    return rows.map((r) => ({ ...r, actions: roleActions(c, r) }));
  }

  async function saveRole(actor: Actor, req: z.output<typeof ZSaveRoleRequest>) {
    const resources = [...new Set(req.resources)];
    const permissions = [...new Set(req.permissions)];
    const assignableTo = req.assignableTo ? [...new Set(req.assignableTo)] : undefined;
    return db.transaction(async (tx) => {
      let id = req.id;
      const current = id ? (await repo.findRoles(tx, [id]))[0] : undefined;
      if (id && !current) throw new AppError('NOT_FOUND');
      // A role is given only to accounts of its own type: a bank admin's staff are BANK accounts, and so on.
      const grantors = (assignableTo ?? current?.assignableTo ?? []) as RoleGrantor[];
      if (grantors.some((g) => GRANTOR_ACCOUNT_TYPE[g] !== req.accountType))
        throw new AppError('VALIDATION', '可分配机构与角色的账号类型不符');
      if (id) {
        if (current!.accountType !== req.accountType && (await repo.roleUserCount(tx, id)) > 0)
          throw new AppError('VALIDATION', '已分配的角色不能更改账号类型');
        await repo.updateRole(tx, id, {
          name: req.name,
          accountType: req.accountType,
          description: req.description,
          assignableTo,
        });
      } else {
        const code = `CUSTOM_${Date.now().toString(36).toUpperCase()}_${randomBytes(3).toString('hex').toUpperCase()}`;
        id = await repo.insertRole(tx, {
          code,
          name: req.name,
          accountType: req.accountType,
          description: req.description,
          assignableTo: assignableTo ?? [],
        });
      }
      await repo.replaceRoleGrants(tx, id, resources, permissions);
      await writeAudit(tx, {
        userId: actor.session.userId,
        action: 'role.save',
        target: `role:${id}`,
        detail: { name: req.name, resources, permissions, assignableTo: grantors },
        ip: actor.ip,
      });
      return { id };
    });
  }

  async function deleteRole(actor: Actor, id: number) {
    return db.transaction(async (tx) => {
      const [r] = await repo.findRoles(tx, [id]);
      if (!r) throw new AppError('NOT_FOUND');
      check(roleRefusal(actor.session, { builtin: r.builtin, userCount: await repo.roleUserCount(tx, id) }, 'delete'));
      await repo.deleteRole(tx, id);
      await writeAudit(tx, {
        userId: actor.session.userId,
        action: 'role.delete',
        target: `role:${id}`,
        detail: { code: r.code },
        ip: actor.ip,
      });
      return { id };
    });
  }

  // ---------- staff of the admin's own organisation

  /** The organisations an institution admin manages: its own and, for a bank, every branch below it. */
  async function staffScope(s: SessionContext): Promise<number[]> {
    if (!s.orgId) return [];
    return s.classifiedType === 'BANK' ? repo.subtreeIds(db, s.orgId) : [s.orgId];
  }

  async function staffOrgs(s: SessionContext) {
    return (await repo.listOrgsByIds(db, await staffScope(s))).map(({ id, name, parentId, level }) => ({
      id,
      name,
      parentId,
      level,
    }));
  }

  /** The staff list's filter: the admin's scope (the organisation, a bank's subtree), narrowed to one unit if asked. */
  type StaffQuery = { name?: string; orgId?: number; status?: string } & UserSort;
  async function staffFilter(s: SessionContext, q: StaffQuery): Promise<repo.UserFilter> {
    const scope = await staffScope(s);
    const orgIds = q.orgId ? scope.filter((id) => id === q.orgId) : scope;
    return { orgIds, name: q.name, status: q.status, sort: sortOf(q) };
  }

  /** An institution's staff, as its list shows them (the admin's scope only). */
  async function staffExport(actor: Actor, q: StaffQuery) {
    return exportUsers(
      actor,
      { target: 'users:staff', list: 'staff', sheet: '员工', columns: STAFF_COLUMNS },
      await staffFilter(actor.session, q),
      q,
    );
  }

  async function staffPage(
    s: SessionContext,
    q: StaffQuery & { current: number; pageSize: number },
  ): Promise<Page<StaffRow>> {
    const f = await staffFilter(s, q);
    const [rows, total] = await Promise.all([
      repo.listUsers(db, f, pageOf(q.current, q.pageSize)),
      repo.countUsers(db, f),
    ]);
    const rolesBy = await repo.rolesOfUsers(
      db,
      rows.map((r) => r.userId),
    );
    return {
      list: rows.map((r) => ({
        userId: r.userId,
        username: r.username,
        name: r.name,
        phone: maskPhone(r.phone),
        email: r.email,
        orgId: r.orgId!,
        orgName: r.orgName ?? '',
        status: r.status as StaffRow['status'],
        createdAt: r.createdAt.toISOString(),
        lastLoginAt: iso(r.lastLoginAt),
        roles: rolesBy.get(r.userId) ?? [],
        actions: staffActions(s, r),
      })),
      total,
      current: q.current,
      pageSize: q.pageSize,
    };
  }

  async function staffTarget(s: SessionContext, userId: number) {
    const u = await repo.findUser(db, userId);
    const scope = await staffScope(s);
    // Another organisation's account answers as if it did not exist.
    if (!u || u.orgId === null || !scope.includes(u.orgId)) throw new AppError('NOT_FOUND');
    return u;
  }

  async function saveStaff(actor: Actor, req: z.output<typeof ZSaveStaffRequest>) {
    const s = actor.session;
    const scope = await staffScope(s);
    if (!scope.includes(req.orgId)) throw new AppError('FORBIDDEN');
    const [org] = await repo.listOrgsByIds(db, [req.orgId]);
    const classified = org.classifiedType as ClassifiedOrgType;
    if (req.userId) check(staffRefusal(s, await staffTarget(s, req.userId), 'edit'));
    else if (!req.password || !req.phone) throw new AppError('VALIDATION', '请填写手机号并设置初始密码');
    // An admin who demoted itself could no longer manage anyone, itself included.
    if (req.userId === s.userId && req.roleId !== undefined) {
      const mine = (await repo.rolesOfUsers(db, [s.userId])).get(s.userId) ?? [];
      if (mine.length !== 1 || mine[0].id !== req.roleId) throw new AppError('VALIDATION', '不能修改自己的角色');
      req = { ...req, roleId: undefined };
    }
    const passwordHash = req.password && !req.userId ? await hashPassword(req.password) : null;
    try {
      return await db.transaction(async (tx) => {
        let userId = req.userId;
        // Only a role the operator lets this kind of institution give, holding no permission the admin lacks; a new
        // account without a chosen role gets the least of them (before issue 11, every one got the admin role).
        const role = !userId || req.roleId !== undefined ? await chooseRole(tx, grantorOf(s), req.roleId) : null;
        if (userId) {
          await repo.updateAccount(tx, userId, {
            username: req.username,
            name: req.name,
            phone: req.phone,
            email: req.email,
            orgId: req.orgId,
          });
          if (role) await repo.replaceUserRoles(tx, userId, [role.id]);
        } else {
          userId = await repo.insertAccount(tx, {
            username: req.username,
            name: req.name,
            phone: req.phone!,
            email: req.email,
            passwordHash: passwordHash!,
            accountType: ACCOUNT_TYPE_OF[classified],
            orgId: req.orgId,
          });
          await repo.replaceUserRoles(tx, userId, [role!.id]);
        }
        const detail = {
          orgId: req.orgId,
          username: req.username,
          ...(role ? { roleId: role.id, role: role.name } : {}),
        };
        await writeAudit(tx, {
          userId: s.userId,
          action: 'staff.save',
          target: `user:${userId}`,
          detail,
          ip: actor.ip,
        });
        return { userId };
      });
    } catch (e) {
      mapUniqueViolation(e);
    }
  }

  /** The roles the caller may give to the accounts it creates (orgsOps.assignableRoles). */
  const assignable = (s: SessionContext) => assignableRoles(db, grantorOf(s));

  async function setStaffStatus(actor: Actor, userId: number, status: 'ACTIVE' | 'DISABLED') {
    check(
      staffRefusal(actor.session, await staffTarget(actor.session, userId), status === 'ACTIVE' ? 'enable' : 'disable'),
    );
    await db.transaction(async (tx) => {
      await repo.setUserStatusRow(tx, userId, status);
      if (status === 'DISABLED') await endUserSessions(tx, userId);
      await writeAudit(tx, {
        userId: actor.session.userId,
        action: 'staff.status',
        target: `user:${userId}`,
        detail: { status },
        ip: actor.ip,
      });
    });
    return { userId };
  }

  // ---------- own settings

  async function mySetting(s: SessionContext) {
    const u = await repo.findUser(db, s.userId);
    if (!u) throw new AppError('NOT_FOUND');
    return {
      name: u.name,
      email: u.email,
      notifyPref: u.notifyPref as 'SITE',
      username: u.username,
      orgName: u.orgName,
    };
  }

  async function saveMySetting(actor: Actor, req: z.output<typeof ZSaveMySettingRequest>) {
    await db.transaction(async (tx) => {
      await repo.updateAccount(tx, actor.session.userId, {
        name: req.name,
        email: req.email,
        notifyPref: req.notifyPref,
      });
      await writeAudit(tx, {
        userId: actor.session.userId,
        action: 'user.setting',
        target: `user:${actor.session.userId}`,
        detail: req,
        ip: actor.ip,
      });
    });
    return mySetting(actor.session);
  }

  return {
    orgTree,
    orgPage,
    saveOrg,
    setChainAccess,
    setOrgStatus,
    userPage,
    userExport,
    platformUserPage,
    platformUserExport,
    userDetail,
    setUserStatus,
    setUserRoles,
    savePlatformUser,
    roleList,
    saveRole,
    deleteRole,
    staffOrgs,
    staffPage,
    staffExport,
    saveStaff,
    assignable,
    setStaffStatus,
    resetUserPassword,
    resetStaffPassword,
    mySetting,
    saveMySetting,
  };
}

export type OrgsAdminService = ReturnType<typeof createOrgsAdminService>;
