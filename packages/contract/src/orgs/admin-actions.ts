import { z } from 'zod';

/**
 * What the caller may do to a row of the administration lists (issue 12: the server says what the user may do). Each
 * row and detail carries the ones the server accepts from this caller now, computed by the same rule that checks each
 * request (apps/server/src/modules/orgs/admin-actions.ts); the screens show exactly those, in this order.
 */

/** An institution (bank tree node, government department, guarantee company). */
export const ORG_ACTIONS = ['edit', 'createBranch', 'chainAccess', 'enable', 'disable'] as const;
export const ZOrgAction = z.enum(ORG_ACTIONS);
export type OrgAction = z.infer<typeof ZOrgAction>;

/** An account in the operator's lists (companies, persons, back-office accounts of every institution). */
export const USER_ACTIONS = ['edit', 'roles', 'resetPassword', 'enable', 'disable'] as const;
export const ZUserAction = z.enum(USER_ACTIONS);
export type UserAction = z.infer<typeof ZUserAction>;

/** An account of the institution admin's own staff. */
export const STAFF_ACTIONS = ['edit', 'resetPassword', 'enable', 'disable'] as const;
export const ZStaffAction = z.enum(STAFF_ACTIONS);
export type StaffAction = z.infer<typeof ZStaffAction>;

/** A role (built-in roles and roles still given to accounts cannot be deleted). */
export const ROLE_ACTIONS = ['edit', 'delete'] as const;
export const ZRoleAction = z.enum(ROLE_ACTIONS);
export type RoleAction = z.infer<typeof ZRoleAction>;

/** The back-office account types: the platform-users page lists them for every institution. */
export const BACK_OFFICE_ACCOUNT_TYPES = ['PLATFORM', 'BANK', 'GOVERNMENT', 'GUARANTEE'] as const;
