/**
 * Who may open a client route (pure, so node tests can call it). The client check is only UX: every API call is
 * checked again on the server (PRODUCT.md section 3).
 */
import { centerPathFor } from '@phjr/contract/auth/center-path';
import type { AuthUrlMapKey } from '@phjr/contract/auth/enums';
import type { UserInfo } from '@phjr/contract/auth/user-info';
import type { ClientArea } from '@phjr/contract/orgs/resources';
import type { RouteDef } from './route-defs.ts';

export type ClientAccess =
  | { kind: 'ok' }
  /** No session: start the SSO login (persons and enterprises on the personal page, others on the welcome page). */
  | { kind: 'login'; authUrlMapKey: AuthUrlMapKey }
  /** Signed in, but the route's resource is not in resourceList. */
  | { kind: 'forbidden' };

export type SessionUser = Pick<UserInfo, 'resourceList'> | null | undefined;

export function authUrlMapKeyFor(area: ClientArea): AuthUrlMapKey {
  return area === 'userClient' ? 'nonPlatform' : 'platform';
}

export function clientAccess(
  area: ClientArea,
  route: Pick<RouteDef, 'resource'> | undefined,
  user: SessionUser,
): ClientAccess {
  if (!user) return { kind: 'login', authUrlMapKey: authUrlMapKeyFor(area) };
  const resource = route?.resource;
  if (!resource || !user.resourceList.includes(resource)) return { kind: 'forbidden' };
  return { kind: 'ok' };
}

/** The signed-in user's client home (SPEC section 2 table), or the portal home without a session. */
export function homePathFor(
  user: Pick<UserInfo, 'accountType' | 'orgTypeEnum' | 'classifiedOrgTypeEnum'> | null | undefined,
): string {
  if (!user) return '/home';
  return centerPathFor({
    accountType: user.accountType.code,
    orgType: user.orgTypeEnum?.code ?? null,
    classifiedOrgType: user.classifiedOrgTypeEnum?.code ?? null,
  });
}
