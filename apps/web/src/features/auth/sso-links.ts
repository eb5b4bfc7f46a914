/**
 * Addresses of the two SSO pages. Pure, so node tests can check them.
 */

export type SsoVariant = 'personal' | 'institution';

export const SSO_PATHS: Record<SsoVariant, string> = { personal: '/sso/login', institution: '/sso/welcome' };

/** The client URL to return to; without one (the page was opened directly) the portal home, which signs in. */
export function readRedirect(search: string, origin: string): string {
  const value = new URLSearchParams(search).get('redirect');
  return value && value.trim() ? value : `${origin}/home`;
}

/** The other SSO page, keeping the same return address. */
export function otherSsoPage(current: SsoVariant, redirect: string): string {
  const other: SsoVariant = current === 'personal' ? 'institution' : 'personal';
  return `${SSO_PATHS[other]}?${new URLSearchParams({ redirect }).toString()}`;
}

/** Issue 30: the forgotten-password page, which leads back to this sign-in page with the same return address. */
export function forgotPasswordPage(current: SsoVariant, redirect: string): string {
  return `/sso/forgotPassword?${new URLSearchParams({ from: current, redirect }).toString()}`;
}
