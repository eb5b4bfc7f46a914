import { z } from 'zod';
import { ZId, ZIdText } from '../bounds.ts';
import { page, ZPageQuery } from '../envelope.ts';
import { ZAccountType } from '../auth/enums.ts';
import { ZPassword } from '../auth/password-policy.ts';
import { ZPhone } from '../auth/sms.ts';
import { sortShape } from '../list-sort.ts';
import { ZUserAction } from './admin-actions.ts';
import { ZOptEmail, ZStatus, ZText, ZUsername } from './admin-fields.ts';

export const ZUserRow = z.object({
  userId: z.number().int(),
  username: z.string(),
  name: z.string(),
  /** Masked: 138****0001. */
  phone: z.string().nullable(),
  accountType: ZAccountType,
  orgId: z.number().int().nullable(),
  /** The organisation, or for an enterprise sub-account its main account's enterprise (issue 30). */
  orgName: z.string().nullable(),
  regionCode: z.string().nullable(),
  /** An enterprise sub-account shows its enterprise's (its main account's) credit code. */
  creditCode: z.string().nullable(),
  /** The main account of an enterprise sub-account (it acts for that enterprise); null otherwise. */
  mainUserId: z.number().int().nullable(),
  certified: z.boolean(),
  certStatus: z.string(),
  status: ZStatus,
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
  roles: z.array(z.object({ id: z.number().int(), name: z.string() })),
  /** What the caller may do to it now (the rule that checks each request). */
  actions: z.array(ZUserAction),
});
export type UserRow = z.infer<typeof ZUserRow>;

/**
 * The user lists' sortable fields (list-sort.ts; issue 30): when the account was made and when it last signed in (one
 * that never did sorts below every sign-in). Without a sort: newest account first. The operator's user lists, the
 * platform's accounts and an institution's staff share them.
 */
export const USER_SORT = ['createdAt', 'lastLoginAt'] as const;

/** The operator's company and personal user lists' filters and sort (GET /finance/user/page.json and its export). */
export const ZUserFilter = z.object({
  ...sortShape(USER_SORT),
  accountType: ZAccountType,
  name: z.string().trim().max(60).optional(),
  phone: z.string().trim().max(20).optional(),
  regionCode: z.string().max(12).optional(),
  certified: z.enum(['true', 'false']).optional(),
  status: ZStatus.optional(),
});
/** GET /finance/user/page.json: the operator's company and personal user lists (and any account type). */
export const ZUserPageQuery = ZPageQuery.extend(ZUserFilter.shape);
export const ZUserPageResponse = page(ZUserRow);

/** GET /finance/user/detail.json. */
export const ZUserDetailQuery = z.object({ userId: ZIdText });
export const ZUserDetail = ZUserRow.extend({
  legalRep: z.string().nullable(),
  idNumber: z.string().nullable(),
  email: z.string().nullable(),
  certReason: z.string().nullable(),
  parentUserId: z.number().int().nullable(),
});

/** POST /finance/user/setStatus.json: disabling ends the user's sessions at once. */
export const ZSetUserStatusRequest = z.object({ userId: ZIdText, status: ZStatus }).strict();
/** POST /finance/user/setRoles.json: the user's roles, replaced as a whole. */
export const ZSetUserRolesRequest = z.object({ userId: ZIdText, roleIds: z.array(ZId).max(50) }).strict();
export const ZUserIdResponse = z.object({ userId: z.number().int() });

/**
 * POST /finance/platformUser/save.json: creates a back-office account of the operator's organisation, or edits a
 * back-office account of any institution (roles of its own account type).
 */
export const ZSavePlatformUserRequest = z
  .object({
    userId: ZId.optional(),
    username: ZUsername,
    name: ZText(40),
    /** Required when creating; left out when editing keeps the current one (lists show it masked). */
    phone: ZPhone.optional(),
    email: ZOptEmail,
    /** Required when creating. */
    password: ZPassword.optional(),
    roleIds: z.array(ZId).min(1).max(50),
  })
  .strict();
export type SavePlatformUserRequest = z.input<typeof ZSavePlatformUserRequest>;
/**
 * GET /finance/platformUser/page.json: the back-office accounts of every institution (BACK_OFFICE_ACCOUNT_TYPES);
 * `orgId` keeps one organisation and, for a bank, its branches.
 */
export const ZPlatformUserFilter = z.object({
  ...sortShape(USER_SORT),
  name: z.string().trim().max(60).optional(),
  status: ZStatus.optional(),
  orgId: ZIdText.optional(),
});
export const ZPlatformUserPageQuery = ZPageQuery.extend(ZPlatformUserFilter.shape);

/** At most this many rows in one export of a user list (narrow the filters for the rest; docs/lists.md). */
export const USER_EXPORT_MAX_ROWS = 50_000;

/** A supervisor's own settings (/supervisionClient/my/editSetting). */
export const ZNotifyPref = z.enum(['SITE', 'SMS', 'BOTH', 'NONE']);
export const ZMySetting = z.object({
  name: z.string(),
  email: z.string().nullable(),
  notifyPref: ZNotifyPref,
  username: z.string(),
  orgName: z.string().nullable(),
});
/** POST /finance/user/saveMySetting.json. */
export const ZSaveMySettingRequest = z.object({ name: ZText(40), email: ZOptEmail, notifyPref: ZNotifyPref }).strict();
