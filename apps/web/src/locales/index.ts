import zhCommon from './zh-CN/common.ts';
import zhAuth from './zh-CN/auth.ts';
import zhRoutes from './zh-CN/routes.ts';
import zhLayout from './zh-CN/layout.ts';
import zhOrgs from './zh-CN/orgs.ts';
import zhPlatform from './zh-CN/platform.ts';
import zhPortal from './zh-CN/portal.ts';
import zhContent from './zh-CN/content.ts';
import zhProducts from './zh-CN/products.ts';
import zhDemands from './zh-CN/demands.ts';
import zhChains from './zh-CN/chains.ts';
import zhFarmers from './zh-CN/farmers.ts';
import zhCredit from './zh-CN/credit.ts';
import zhShelter from './zh-CN/shelter.ts';
import zhStats from './zh-CN/stats.ts';
import zhDisplay from './zh-CN/display.ts';
import zhErrors from './zh-CN/errors.ts';
import enCommon from './en-US/common.ts';
import enAuth from './en-US/auth.ts';
import enRoutes from './en-US/routes.ts';
import enLayout from './en-US/layout.ts';
import enOrgs from './en-US/orgs.ts';
import enPlatform from './en-US/platform.ts';
import enPortal from './en-US/portal.ts';
import enContent from './en-US/content.ts';
import enProducts from './en-US/products.ts';
import enDemands from './en-US/demands.ts';
import enChains from './en-US/chains.ts';
import enFarmers from './en-US/farmers.ts';
import enCredit from './en-US/credit.ts';
import enShelter from './en-US/shelter.ts';
import enStats from './en-US/stats.ts';
import enDisplay from './en-US/display.ts';
import enErrors from './en-US/errors.ts';
import type { AppLocale, Namespace } from './languages.ts';

export { DEFAULT_LOCALE, LOCALES, NAMESPACES, PORTAL_NAMESPACES, type AppLocale, type Namespace } from './languages.ts';

/**
 * Every string of every language, imported at once: for tests and tools. The app never imports `resources`; it
 * loads each file on demand through load.ts (lib/i18n.ts), so a visitor downloads one language only.
 */
export const resources = {
  'zh-CN': {
    common: zhCommon,
    auth: zhAuth,
    routes: zhRoutes,
    layout: zhLayout,
    orgs: zhOrgs,
    platform: zhPlatform,
    portal: zhPortal,
    content: zhContent,
    products: zhProducts,
    demands: zhDemands,
    chains: zhChains,
    shelter: zhShelter,
    farmers: zhFarmers,
    credit: zhCredit,
    stats: zhStats,
    display: zhDisplay,
    errors: zhErrors,
  },
  'en-US': {
    common: enCommon,
    auth: enAuth,
    routes: enRoutes,
    layout: enLayout,
    orgs: enOrgs,
    platform: enPlatform,
    portal: enPortal,
    content: enContent,
    products: enProducts,
    demands: enDemands,
    chains: enChains,
    shelter: enShelter,
    farmers: enFarmers,
    credit: enCredit,
    stats: enStats,
    display: enDisplay,
    errors: enErrors,
  },
} satisfies Record<AppLocale, Record<Namespace, object>>;
