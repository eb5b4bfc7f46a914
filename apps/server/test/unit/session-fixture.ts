import type { Permission } from '@phjr/contract/orgs/permissions';
import type { SessionContext } from '../../src/modules/auth/auth.service.ts';

/** A session as the auth plugin builds it, for the rules that read one: no organisation, no region unless given. */
export function session(over: Partial<SessionContext> & { perms: Permission[] }): SessionContext {
  const { perms, ...rest } = over;
  return {
    sessionId: 1,
    parentId: null,
    userId: 10,
    username: 'u',
    name: 'u',
    phone: null,
    accountType: 'ENTERPRISE',
    orgId: null,
    orgName: null,
    orgType: null,
    classifiedType: null,
    regionCode: null,
    regionIsCity: null,
    orgTree: null,
    chainAccess: false,
    certified: true,
    firstLogin: false,
    parentUserId: null,
    permissions: new Set(perms),
    mustChangePassword: false,
    ...rest,
  };
}
