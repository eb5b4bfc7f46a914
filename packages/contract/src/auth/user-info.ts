import { z } from 'zod';
import { ZIdText } from '../bounds.ts';
import { ZAccountType, ZClassifiedOrgType, ZOrgType } from './enums.ts';

const codeName = <T extends z.ZodType>(code: T) => z.object({ code, name: z.string() });

/** GET /zscms/user/getUserInfo.json?sysEnum=PHJR: the signed-in user (SPEC section 3). */
export const ZGetUserInfoQuery = z.object({ sysEnum: z.literal('PHJR') });

export const ZUserInfo = z.object({
  userId: z.number().int(),
  username: z.string(),
  name: z.string(),
  /** Masked unless the viewer may see it. */
  phone: z.string().nullable(),
  accountType: codeName(ZAccountType),
  orgTypeEnum: codeName(ZOrgType).nullable(),
  classifiedOrgTypeEnum: codeName(ZClassifiedOrgType).nullable(),
  orgId: z.number().int().nullable(),
  /**
   * The organisation the account belongs to: an institution's own, an enterprise account's enterprise (a
   * sub-account's is its main account's enterprise, never its own name, issue 30); null for a person.
   */
  orgName: z.string().nullable(),
  regionCode: z.string().nullable(),
  resourceList: z.array(z.string()),
  permissions: z.array(z.string()),
  certified: z.boolean(),
  firstLogin: z.boolean(),
  chainAccess: z.boolean(),
  /**
   * An administrator reset the password (issue 30): until the user sets a new one, the server refuses every call but
   * the few the change needs (PASSWORD_CHANGE_REQUIRED), and the web shows the change page before anything else.
   */
  mustChangePassword: z.boolean(),
});
export type UserInfo = z.infer<typeof ZUserInfo>;

/** GET /ssoserver/user/getUserById: the current user on the SSO server (or another user, with user:read). */
export const ZGetUserByIdQuery = z.object({ userId: ZIdText.optional() });
export const ZSsoUser = z.object({
  userId: z.number().int(),
  username: z.string(),
  name: z.string(),
  accountType: codeName(ZAccountType),
  orgId: z.number().int().nullable(),
  orgName: z.string().nullable(),
  status: z.enum(['ACTIVE', 'DISABLED']),
});

/** GET /finance/org/getChainAccess.json: the chain-access flag of the user's organisation (SPEC section 6). */
export const ZChainAccessResponse = z.boolean();

/** GET /article/api/auth/list: the article channels the user may write in (articleAuth = list not empty). */
export const ZArticleAuthResponse = z.array(z.string());
