/** The interface languages; zh-CN is the default (SPEC 9). */
export const LOCALES = ['zh-CN', 'en-US'] as const;
export type AppLocale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: AppLocale = 'zh-CN';

/** One i18next namespace per file; each language has the same files with the same keys (test/i18n-parity). */
export const NAMESPACES = [
  'common',
  'auth',
  'routes',
  'layout',
  'orgs',
  'platform',
  'portal',
  'content',
  'products',
  'demands',
  'chains',
  'shelter',
  'farmers',
  'credit',
  'stats',
  'display',
  'errors',
] as const;
export type Namespace = (typeof NAMESPACES)[number];

/**
 * What the portal's first screen needs: the frame, the route titles, the portal's own texts, the top bar's
 * sign-in corner (auth) and the business error texts (errors: any call of any screen may be refused). The other
 * namespaces belong to the logged-in clients and load with them.
 */
export const PORTAL_NAMESPACES = [
  'common',
  'routes',
  'layout',
  'portal',
  'auth',
  'errors',
] as const satisfies readonly Namespace[];
