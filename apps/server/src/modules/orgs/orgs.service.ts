import {
  ACCOUNT_TYPE_NAMES,
  ORG_TYPE_NAMES,
  type AccountType,
  type ClassifiedOrgType,
  type OrgType,
} from '@phjr/contract/auth/enums';
import type { UserInfo } from '@phjr/contract/auth/user-info';
import { CHAIN_ACCESS_RESOURCES, OWN_ACCOUNT_RESOURCES } from '@phjr/contract/orgs/builtin-roles';
import { mayUsePage } from '@phjr/contract/orgs/page-operations';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { SessionContext } from '../auth/auth.service.ts';
import * as repo from './orgs.repo.ts';

const CLASSIFIED_NAMES: Record<ClassifiedOrgType, string> = {
  PLATFORM: '平台',
  GOVERNMENT: '政府部门',
  GUARANTEE: '担保机构',
  BANK: '银行',
  RENSHEJUE: '人社局',
  JINRONGJU: '金融局',
};

/** A phone number shows its first 3 and last 4 digits. */
export function maskPhone(phone: string | null): string | null {
  if (!phone) return null;
  return phone.length >= 7 ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : '****';
}

export function createOrgsService(db: Db) {
  /** The session's resourceList: its roles' resources and own-account pages, plus the chain client when the organisation has chain access. */
  async function resourceList(s: SessionContext): Promise<string[]> {
    const own = await repo.resourcesOfUser(db, s.userId);
    // Issue 30: the own-account pages of the account's kind, whatever its roles.
    own.push(...(OWN_ACCOUNT_RESOURCES[s.accountType as AccountType] ?? []));
    if (s.chainAccess) {
      if (s.classifiedType === 'BANK') own.push(...CHAIN_ACCESS_RESOURCES.BANK);
      if (s.classifiedType === 'GOVERNMENT' || s.classifiedType === 'JINRONGJU')
        own.push(...CHAIN_ACCESS_RESOURCES.GOVERNMENT);
    }
    // A page that is one operation's answer only when the session may call it (contract page-operations.ts, issue 30).
    return [...new Set(own)].filter((path) => mayUsePage(path, (p) => s.permissions.has(p))).sort();
  }

  async function userInfo(s: SessionContext): Promise<UserInfo> {
    const accountType = s.accountType as AccountType;
    return {
      userId: s.userId,
      username: s.username,
      name: s.name,
      phone: maskPhone(s.phone),
      accountType: { code: accountType, name: ACCOUNT_TYPE_NAMES[accountType] },
      orgTypeEnum: s.orgType ? { code: s.orgType as OrgType, name: ORG_TYPE_NAMES[s.orgType as OrgType] } : null,
      classifiedOrgTypeEnum: s.classifiedType
        ? { code: s.classifiedType as ClassifiedOrgType, name: CLASSIFIED_NAMES[s.classifiedType as ClassifiedOrgType] }
        : null,
      orgId: s.orgId,
      // An enterprise account has no organisation row: it belongs to its enterprise (a sub-account to its main
      // account's, issue 30).
      orgName: s.orgName ?? (s.accountType === 'ENTERPRISE' ? await repo.enterpriseNameOf(db, s.userId) : null),
      regionCode: s.regionCode,
      resourceList: await resourceList(s),
      permissions: [...s.permissions].sort(),
      certified: s.certified,
      firstLogin: s.firstLogin,
      chainAccess: s.chainAccess,
      mustChangePassword: s.mustChangePassword,
    };
  }

  /** The current user, or another one for a user with user:read. */
  async function userById(s: SessionContext, userId: number | undefined) {
    const id = userId ?? s.userId;
    if (id !== s.userId && !s.permissions.has('user:read')) throw new AppError('FORBIDDEN');
    const u = await repo.findUserSummary(db, id);
    if (!u) throw new AppError('NOT_FOUND');
    const accountType = u.accountType as AccountType;
    return {
      ...u,
      accountType: { code: accountType, name: ACCOUNT_TYPE_NAMES[accountType] },
      status: u.status as 'ACTIVE' | 'DISABLED',
    };
  }

  return { userInfo, userById, resourceList, regions: () => repo.listRegions(db) };
}

export type OrgsService = ReturnType<typeof createOrgsService>;
