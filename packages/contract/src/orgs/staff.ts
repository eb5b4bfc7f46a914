import { z } from 'zod';
import { ZId, ZIdText } from '../bounds.ts';
import { page, ZPageQuery } from '../envelope.ts';
import { ZPassword } from '../auth/password-policy.ts';
import { ZPhone } from '../auth/sms.ts';
import { sortShape } from '../list-sort.ts';
import { ZStaffAction } from './admin-actions.ts';
import { ZOptEmail, ZStatus, ZText, ZUsername } from './admin-fields.ts';
import { ZRoleRef } from './role-admin.ts';
import { USER_SORT } from './user-admin.ts';

/** The institutional admin's staff pages (/.../my/userManage): only the own organisation and, for banks, its subtree. */
export const ZStaffFilter = z.object({
  ...sortShape(USER_SORT),
  name: z.string().trim().max(60).optional(),
  orgId: ZIdText.optional(),
  status: ZStatus.optional(),
});
export const ZStaffPageQuery = ZPageQuery.extend(ZStaffFilter.shape);
export const ZStaffRow = z.object({
  userId: z.number().int(),
  username: z.string(),
  name: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  orgId: z.number().int(),
  orgName: z.string(),
  status: ZStatus,
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
  roles: z.array(ZRoleRef),
  /** What the caller may do to it now (the rule that checks each request). */
  actions: z.array(ZStaffAction),
});
export type StaffRow = z.infer<typeof ZStaffRow>;
/** GET /finance/org/staff/page.json. */
export const ZStaffPageResponse = page(ZStaffRow);
/** GET /finance/org/staff/orgs.json: the organisations the admin may manage staff of. */
export const ZStaffOrgsResponse = z.array(
  z.object({ id: z.number().int(), name: z.string(), parentId: z.number().int().nullable(), level: z.string() }),
);

/** POST /finance/org/staff/save.json. */
export const ZSaveStaffRequest = z
  .object({
    userId: ZId.optional(),
    orgId: ZId,
    username: ZUsername,
    name: ZText(40),
    /** Required when creating; left out when editing keeps the current one. */
    phone: ZPhone.optional(),
    email: ZOptEmail,
    /** Required when creating. */
    password: ZPassword.optional(),
    /**
     * One of GET /finance/role/assignable.json. Creating without one gives the least of them (never the admin role
     * unless chosen); editing without one keeps the current roles.
     */
    roleId: ZId.optional(),
  })
  .strict();
export type SaveStaffRequest = z.input<typeof ZSaveStaffRequest>;
/** POST /finance/org/staff/setStatus.json. */
export const ZSetStaffStatusRequest = z.object({ userId: ZIdText, status: ZStatus }).strict();
