import type { AppLocale, Namespace } from './languages.ts';

type Loader = () => Promise<{ default: object }>;

/**
 * Locale files the app loads on demand, each its own chunk: the other language, and the namespaces only the
 * logged-in clients use (ENGINEERING.md: the portal's first route stays under 300 KB). The zh-CN files of the
 * portal's first screen are bundled instead (lib/i18n.ts): zh-CN is the default and the fallback language.
 */
export const LOCALE_LOADERS: Record<AppLocale, Partial<Record<Namespace, Loader>>> = {
  'zh-CN': {
    orgs: () => import('./zh-CN/orgs.ts'),
    platform: () => import('./zh-CN/platform.ts'),
    content: () => import('./zh-CN/content.ts'),
    products: () => import('./zh-CN/products.ts'),
    demands: () => import('./zh-CN/demands.ts'),
    chains: () => import('./zh-CN/chains.ts'),
    farmers: () => import('./zh-CN/farmers.ts'),
    credit: () => import('./zh-CN/credit.ts'),
    shelter: () => import('./zh-CN/shelter.ts'),
    stats: () => import('./zh-CN/stats.ts'),
    display: () => import('./zh-CN/display.ts'),
  },
  'en-US': {
    common: () => import('./en-US/common.ts'),
    auth: () => import('./en-US/auth.ts'),
    routes: () => import('./en-US/routes.ts'),
    layout: () => import('./en-US/layout.ts'),
    orgs: () => import('./en-US/orgs.ts'),
    platform: () => import('./en-US/platform.ts'),
    portal: () => import('./en-US/portal.ts'),
    content: () => import('./en-US/content.ts'),
    products: () => import('./en-US/products.ts'),
    demands: () => import('./en-US/demands.ts'),
    chains: () => import('./en-US/chains.ts'),
    farmers: () => import('./en-US/farmers.ts'),
    credit: () => import('./en-US/credit.ts'),
    shelter: () => import('./en-US/shelter.ts'),
    stats: () => import('./en-US/stats.ts'),
    display: () => import('./en-US/display.ts'),
    errors: () => import('./en-US/errors.ts'),
  },
};
