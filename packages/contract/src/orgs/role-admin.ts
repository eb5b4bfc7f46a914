import { z } from 'zod';
import { ZAccountType } from '../auth/enums.ts';
import { ZId, ZOptText, ZText } from './admin-fields.ts';
import { PERMISSIONS } from './permissions.ts';
import { ALL_RESOURCES } from './resources.ts';

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
  userCount: z.number().int(),
});
export type RoleRow = z.infer<typeof ZRoleRow>;
/** GET /finance/role/list.json. */
export const ZRoleListResponse = z.array(ZRoleRow);

/** POST /finance/role/save.json: resources are route paths of the real route tree, permissions from PERMISSIONS. */
export const ZSaveRoleRequest = z
  .object({
    id: z.number().int().positive().optional(),
    name: ZText(40),
    description: ZOptText(200),
    accountType: ZAccountType,
    resources: z.array(ZResource).max(500),
    permissions: z.array(ZPermission).max(100),
  })
  .strict();
export type SaveRoleRequest = z.input<typeof ZSaveRoleRequest>;
/** POST /finance/role/delete.json: built-in roles and roles still assigned cannot be deleted. */
export const ZDeleteRoleRequest = z.object({ id: ZId }).strict();
export const ZRoleIdResponse = z.object({ id: z.number().int() });
