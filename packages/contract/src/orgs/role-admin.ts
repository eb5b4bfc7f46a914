import { z } from 'zod';
import { ZId, ZIdText } from '../bounds.ts';
import { ZAccountType } from '../auth/enums.ts';
import { ZRoleAction } from './admin-actions.ts';
import { ZOptText, ZText } from './admin-fields.ts';
import { PERMISSIONS } from './permissions.ts';
import { ALL_RESOURCES } from './resources.ts';
import { ZRoleGrantor } from './role-grantors.ts';

export const ZPermission = z.enum(PERMISSIONS);
export const ZResource = z.string().refine((p) => ALL_RESOURCES.includes(p), '未知的资源路径');

export const ZRoleRow = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  accountType: ZAccountType,
  builtin: z.boolean(),
  description: z.string().nullable(),
  resources: z.array(z.string()),
  permissions: z.array(z.string()),
  /** Who besides the operator may give it (ROLE_GRANTORS). */
  assignableTo: z.array(ZRoleGrantor),
  userCount: z.number().int(),
  /** What the caller may do to it now (the rule that checks each request). */
  actions: z.array(ZRoleAction),
});
export type RoleRow = z.infer<typeof ZRoleRow>;
/** GET /finance/role/list.json. */
export const ZRoleListResponse = z.array(ZRoleRow);

/** POST /finance/role/save.json: resources are route paths of the real route tree, permissions from PERMISSIONS. */
export const ZSaveRoleRequest = z
  .object({
    id: ZId.optional(),
    name: ZText(40),
    description: ZOptText(200),
    accountType: ZAccountType,
    resources: z.array(ZResource).max(500),
    permissions: z.array(ZPermission).max(100),
    /** Each grantor must create accounts of the role's account type (GRANTOR_ACCOUNT_TYPE); left out keeps the current. */
    assignableTo: z.array(ZRoleGrantor).max(6).optional(),
  })
  .strict();
export type SaveRoleRequest = z.input<typeof ZSaveRoleRequest>;
/** POST /finance/role/delete.json: built-in roles and roles still assigned cannot be deleted. */
export const ZDeleteRoleRequest = z.object({ id: ZIdText }).strict();
export const ZRoleIdResponse = z.object({ id: z.number().int() });

/**
 * GET /finance/role/assignable.json: the roles the caller may give to the accounts it creates (an institution's staff
 * admin to its staff, an enterprise main account to its sub-accounts): those the operator made assignable by the
 * caller's kind and whose permissions the caller holds itself. `least` marks the default: the one with the fewest
 * permissions (then resources), given when a create names no role.
 */
export const ZAssignableRole = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  permissions: z.array(z.string()),
  least: z.boolean(),
});
export type AssignableRole = z.infer<typeof ZAssignableRole>;
export const ZAssignableRolesResponse = z.array(ZAssignableRole);
/** A role given to an account, as its lists show it. */
export const ZRoleRef = z.object({ id: z.number().int(), name: z.string() });
