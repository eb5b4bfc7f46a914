import { z } from 'zod';
import { ZId, ZIdText } from '../bounds.ts';
import { page, ZPageQuery } from '../envelope.ts';
import { ZClassifiedOrgType } from '../auth/enums.ts';
import { isValidCreditCode } from './credit-code.ts';
import { ZPassword } from '../auth/password-policy.ts';
import { ZPhone } from '../auth/sms.ts';
import { sortShape } from '../list-sort.ts';
import { ZOrgAction } from './admin-actions.ts';
import { ZOptText, ZStatus, ZText, ZUsername } from './admin-fields.ts';

/** The three institution lists of the operator (SPEC section 2: institution). */
export const ZOrgKind = z.enum(['GOVERNMENT', 'BANK', 'GUARANTEE']);
export type OrgKind = z.infer<typeof ZOrgKind>;
/** Classifications each list holds. */
export const KIND_CLASSIFICATIONS = {
  GOVERNMENT: ['GOVERNMENT', 'JINRONGJU', 'RENSHEJUE'],
  BANK: ['BANK'],
  GUARANTEE: ['GUARANTEE'],
} as const;
export const ZOrgLevel = z.enum(['HEAD', 'BRANCH', 'SUB']);

export const ZOrgRow = z.object({
  id: z.number().int(),
  name: z.string(),
  shortName: z.string(),
  classifiedType: ZClassifiedOrgType,
  parentId: z.number().int().nullable(),
  level: ZOrgLevel,
  regionCode: z.string(),
  chainAccess: z.boolean(),
  creditCode: z.string().nullable(),
  contactName: z.string().nullable(),
  contactPhone: z.string().nullable(),
  address: z.string().nullable(),
  status: ZStatus,
  userCount: z.number().int(),
  createdAt: z.string(),
  /** What the caller may do to it now (the rule that checks each request). */
  actions: z.array(ZOrgAction),
});
export type OrgRow = z.infer<typeof ZOrgRow>;

/**
 * GET /finance/org/tree.json: every bank as a flat list (parentId links head office → branch → sub-branch); `ALL`:
 * every organisation, the platform's own included (the platform-users page's organisation filter).
 */
export const ZOrgTreeKind = z.enum([...ZOrgKind.options, 'ALL']);
export type OrgTreeKind = z.infer<typeof ZOrgTreeKind>;
export const ZOrgTreeQuery = z.object({
  kind: ZOrgTreeKind.default('BANK'),
  name: z.string().trim().max(60).optional(),
});
export const ZOrgTreeResponse = z.array(ZOrgRow);

/** GET /finance/org/page.json: government departments or guarantee companies, paged. */
/** The organisation list's sortable fields (list-sort.ts; issue 30): when it was made, how many accounts it holds. */
export const ORG_SORT = ['createdAt', 'userCount'] as const;

export const ZOrgPageQuery = ZPageQuery.extend({
  ...sortShape(ORG_SORT),
  kind: ZOrgKind,
  name: z.string().trim().max(60).optional(),
  regionCode: z.string().max(12).optional(),
  status: ZStatus.optional(),
});
export const ZOrgPageResponse = page(ZOrgRow);

/** The organisation's admin account, created with it. */
export const ZOrgAdminAccount = z.object({
  username: ZUsername,
  name: ZText(40),
  phone: ZPhone,
  password: ZPassword,
});

/** POST /finance/org/save.json: create (with its admin account) or edit an organisation. */
export const ZSaveOrgRequest = z
  .object({
    id: ZId.optional(),
    kind: ZOrgKind,
    name: ZText(60),
    shortName: ZText(30),
    classifiedType: ZClassifiedOrgType,
    /** Banks only: the node this branch hangs under. */
    parentId: ZId.nullish(),
    regionCode: z.string().min(6).max(12),
    creditCode: ZOptText(18).refine((v) => v === null || isValidCreditCode(v), '统一社会信用代码不正确'),
    contactName: ZOptText(40),
    contactPhone: ZOptText(20),
    address: ZOptText(120),
    admin: ZOrgAdminAccount.optional(),
  })
  .strict();
export type SaveOrgRequest = z.input<typeof ZSaveOrgRequest>;
export const ZSaveOrgResponse = z.object({ id: z.number().int(), adminUserId: z.number().int().nullable() });

/** POST /finance/org/setChainAccess.json: banks and government only; the next request sees it. */
export const ZSetChainAccessRequest = z.object({ id: ZIdText, chainAccess: z.boolean() }).strict();
/** POST /finance/org/setStatus.json. */
export const ZSetOrgStatusRequest = z.object({ id: ZIdText, status: ZStatus }).strict();
export const ZDoneResponse = z.object({ id: z.number().int() });
