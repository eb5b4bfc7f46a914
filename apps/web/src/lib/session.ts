import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { centerPathFor, PASSWORD_CHANGE_PATH } from '@phjr/contract/auth/center-path';
import type { AuthUrlMapKey, SYSTEM_ID } from '@phjr/contract/auth/enums';
import type { UserInfo } from '@phjr/contract/auth/user-info';
import type { SysImage } from '@phjr/contract/system/sys-images';
import { queryClient as appQueryClient } from './query-client.ts';
import { callFirstRoute, firstRouteOps } from './first-route-client.ts';
import {
  RequestError,
  handleRequestError,
  isSessionError,
  loginKindForStoredSession,
  redirectToLogin,
} from './request.ts';
import { runtime } from './runtime.ts';
import { STORAGE_KEYS, clearStorageKeepPreferences, readItem, storedUserInfo, takeItem, writeItem } from './storage.ts';

export { redirectToLogin, loginKindForStoredSession } from './request.ts';
export { STORAGE_KEYS, clearStorageKeepPreferences, storedUserInfo } from './storage.ts';

/**
 * The session life cycle of SPEC section 4 and docs/sso.md: start-up (ticket exchange, jump=true, system images),
 * the current user, the session check that guards client routes, and logout.
 *
 * Contract imports are type-only: this runs before the first route renders, and zod would add about 26 KB
 * gzipped to it. Its calls are the contract's first-route operations, each answer checked against the JSON Schema
 * the build made from the operation's response schema (lib/first-route-client.ts).
 */

/** sysEnum of this platform; typed by the contract's constant so the two cannot differ. */
const SYS_ENUM: typeof SYSTEM_ID = 'PHJR';

export const USER_INFO_KEY = ['userInfo'] as const;
export const SYS_IMAGES_KEY = ['sysImages'] as const;
export const ARTICLE_AUTH_KEY = ['articleAuth'] as const;

/** SPEC 4: article authority is fetched 1 ms after login, off the path to the first screen. */
export const ARTICLE_AUTH_DELAY_MS = 1;

export function hasSession(): boolean {
  return Boolean(readItem(STORAGE_KEYS.satokenClient));
}

/** The role's home (SPEC 2 table); the router sends e.g. /operateClient on to /operateClient/home. */
export function centerPathOf(user: Pick<UserInfo, 'accountType' | 'orgTypeEnum' | 'classifiedOrgTypeEnum'>): string {
  return centerPathFor({
    accountType: user.accountType.code,
    orgType: user.orgTypeEnum?.code ?? null,
    classifiedOrgType: user.classifiedOrgTypeEnum?.code ?? null,
  });
}

function storeUser(user: UserInfo): void {
  writeItem(STORAGE_KEYS.userInfo, JSON.stringify(user));
  writeItem(STORAGE_KEYS.firstLogin, String(user.firstLogin));
}

/** Loads the signed-in user (with the standard error handling), stores it and primes the ['userInfo'] query. */
export async function loadUserInfo(qc: QueryClient = appQueryClient): Promise<UserInfo> {
  const user = await callFirstRoute(firstRouteOps.userInfo, { query: { sysEnum: SYS_ENUM } });
  storeUser(user);
  qc.setQueryData(USER_INFO_KEY, user);
  return user;
}

/** SPEC 3: articleAuth is true when the user may write in any article channel. */
export async function loadArticleAuth(qc: QueryClient = appQueryClient): Promise<boolean> {
  const channels = await callFirstRoute(firstRouteOps.articleAuth, {});
  const allowed = channels.length > 0;
  writeItem(STORAGE_KEYS.articleAuth, String(allowed));
  qc.setQueryData(ARTICLE_AUTH_KEY, allowed);
  return allowed;
}

/**
 * The ['userInfo'] query: null when signed out. A dead session reads as "signed out" here instead of bouncing a
 * portal visitor to the login page; client routes find out through requireSession().
 */
export async function fetchCurrentUser(): Promise<UserInfo | null> {
  if (!hasSession()) return null;
  try {
    const user = await callFirstRoute(
      firstRouteOps.userInfo,
      { query: { sysEnum: SYS_ENUM } },
      { skipErrorHandler: true },
    );
    storeUser(user);
    return user;
  } catch (err) {
    if (isSessionError(err)) {
      clearStorageKeepPreferences();
      return null;
    }
    // SPEC 8: a failed user-detail request shows its message.
    await handleRequestError(err);
    throw err;
  }
}

export const userInfoQuery = queryOptions({ queryKey: USER_INFO_KEY, queryFn: fetchCurrentUser });

export const sysImagesQuery = queryOptions({
  queryKey: SYS_IMAGES_KEY,
  queryFn: async (): Promise<SysImage[]> => (await callFirstRoute(firstRouteOps.sysImages, {})) ?? [],
  // Configuration changes rarely; refetching it on every refocus would be noise.
  staleTime: 5 * 60_000,
});

/**
 * One of the two session checks (SPEC 7): the data of /isLogin (or /ssoserver/isLogin), or null when the
 * session is gone. A network failure is rethrown: a flaky connection must not sign anybody out.
 */
export async function checkSession(server = false): Promise<{ userId: number; username: string } | null> {
  try {
    const opts = { skipErrorHandler: true };
    return (
      (await (server
        ? callFirstRoute(firstRouteOps.serverIsLogin, {}, opts)
        : callFirstRoute(firstRouteOps.isLogin, {}, opts))) ?? null
    );
  } catch (err) {
    if (err instanceof RequestError && err.kind === 'network') throw err;
    return null;
  }
}

/**
 * Guard for logged-in client routes (a loader calls it): the user, or null once the login redirect has started.
 * SPEC 4: a session check that returns nothing clears local storage and starts the login redirect.
 */
export async function requireSession(
  opts: { authUrlMapKey?: AuthUrlMapKey; queryClient?: QueryClient } = {},
): Promise<UserInfo | null> {
  const qc = opts.queryClient ?? appQueryClient;
  // Decided before anything is cleared: the stored account says which SSO page it belongs to.
  const key = opts.authUrlMapKey ?? loginKindForStoredSession();
  if (!hasSession() || !(await checkSession())) {
    await redirectToLogin(key);
    return null;
  }
  const user = await qc.ensureQueryData(userInfoQuery);
  if (!user) await redirectToLogin(key);
  return user;
}

export interface BootstrapOptions {
  queryClient?: QueryClient;
  /** Where to send a user who just signed in; by default the address is rewritten before the router starts. */
  navigate?: (path: string) => void;
}

export interface BootstrapResult {
  /** The user loaded at start-up (ticket login or jump=true), else null. */
  user: UserInfo | null;
  /** Set after a ticket login: the role's home path the user was sent to. */
  homePath: string | null;
}

/**
 * The page that asked to be returned to after signing in (redirectToLogin's `returnTo`), when the ticket landed on
 * that very page: a path of this site, never another origin; a leftover of an earlier login elsewhere is ignored.
 */
function returnPathAfterLogin(address: URL): string | null {
  const back = takeItem(STORAGE_KEYS.loginReturn);
  if (!back || !back.startsWith('/') || back.startsWith('//') || back.includes('\\')) return null;
  return new URL(back, address.origin).pathname === address.pathname ? back : null;
}

async function loginByTicket(ticket: string, address: URL, qc: QueryClient, navigate: (path: string) => void) {
  const rt = runtime();
  address.searchParams.delete('ticket');
  const cleanAddress = `${address.pathname}${address.search}${address.hash}`;
  const none: BootstrapResult = { user: null, homePath: null };
  let tokens;
  try {
    tokens = await callFirstRoute(firstRouteOps.loginByTicket, {
      body: { ticket, clientLoginUrl: `${address.origin}${address.pathname}` },
    });
  } catch {
    // Already shown by the request layer; a used or expired ticket must not stay in the address either way.
    rt.replaceUrl(cleanAddress);
    return none;
  }
  rt.replaceUrl(cleanAddress);
  if (!tokens?.satokenClient) return none;
  writeItem(STORAGE_KEYS.satokenClient, tokens.satokenClient);
  writeItem(STORAGE_KEYS.satokenServer, tokens.satokenServer);
  writeItem(STORAGE_KEYS.isLogin, 'true');
  let user: UserInfo;
  try {
    user = await loadUserInfo(qc);
  } catch {
    return none;
  }
  // Issue 30: after an administrator's reset, the new password comes before anything else.
  if (user.mustChangePassword) {
    navigate(PASSWORD_CHANGE_PATH);
    return { user, homePath: PASSWORD_CHANGE_PATH };
  }
  rt.setTimeout(() => {
    loadArticleAuth(qc).catch(() => undefined);
  }, ARTICLE_AUTH_DELAY_MS);
  const homePath = returnPathAfterLogin(address) ?? centerPathOf(user);
  navigate(homePath);
  return { user, homePath };
}

/**
 * Start-up (SPEC 4). Await it before the router is created: a ticket must become a session before any route guard
 * looks for one. System images always start loading into the query cache.
 */
export async function bootstrap(opts: BootstrapOptions = {}): Promise<BootstrapResult> {
  const rt = runtime();
  const qc = opts.queryClient ?? appQueryClient;
  const navigate = opts.navigate ?? ((path: string) => rt.replaceUrl(path));
  void qc.prefetchQuery(sysImagesQuery);
  const address = new URL(rt.location().href);
  const ticket = address.searchParams.get('ticket');
  if (ticket) return loginByTicket(ticket, address, qc, navigate);
  if (address.searchParams.get('jump') === 'true' && hasSession()) {
    const user = await loadUserInfo(qc).catch(() => null);
    return { user, homePath: null };
  }
  return { user: null, homePath: null };
}

/** Ends the session everywhere (server tokens and SSO cookie), then locally, then shows the portal. */
export async function logout(): Promise<void> {
  try {
    await callFirstRoute(firstRouteOps.logout, {}, { skipErrorHandler: true });
  } catch {
    // The local session ends regardless; a server session left behind expires on its own.
  }
  clearStorageKeepPreferences();
  runtime().navigate('/home');
}

/** The stored user when a session token exists: what to show before ['userInfo'] has been fetched again. */
export function storedSessionUser(): UserInfo | null | undefined {
  if (!hasSession()) return null;
  return storedUserInfo() ?? undefined;
}
