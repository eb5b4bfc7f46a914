import type { OperationDef } from './operation.ts';
import { ssoOps } from './auth/sso.ts';
import { chainOps } from './chains/chain-ops.ts';
import { achievementOps } from './content/achievement.ts';
import { farmerOps } from './farmers/farmer-ops.ts';
import { shelterOps } from './shelter/shelter-ops.ts';
import { articleOps } from './content/article.ts';
import { orgsOps } from './orgs/orgs-ops.ts';
import { productOps } from './products/product-ops.ts';
import { portalStatsOps } from './stats/homepage-overview.ts';
import { systemOps } from './system/system-ops.ts';

/**
 * The operations called at start-up and on the portal's first route (docs/decisions/0017-operations-as-data.md). The
 * web must not load zod there (the first route's JavaScript budget), so it never imports this module: the web build
 * turns each of these declarations into a plain object (method, path, encoding and the JSON Schema of its response,
 * made from the operation's own zod schema) in the virtual module `virtual:first-route-ops`, and the web checks every
 * answer against that schema (apps/web/src/lib/json-check.ts). Every other call goes through zod.
 */
export const firstRouteOps = {
  authUrl: ssoOps.authUrl,
  loginByTicket: ssoOps.loginByTicket,
  isLogin: ssoOps.isLogin,
  serverIsLogin: ssoOps.serverIsLogin,
  logout: ssoOps.logout,
  userInfo: orgsOps.userInfo,
  regions: orgsOps.regions,
  articleAuth: articleOps.authList,
  sysImages: systemOps.sysImages,
  enumByName: systemOps.enumByName,
  links: systemOps.links,
  portalProducts: productOps.portalPage,
  portalArticles: articleOps.portalPage,
  portalArticle: articleOps.portalDetail,
  chainArticles: articleOps.chainPage,
  chainArticle: articleOps.chainDetail,
  portalAchievements: achievementOps.portalList,
  homepageOverview: portalStatsOps.homepageOverview,
  // The showcase's live figures on /home (issue 30, item 6: achievements with a metric).
  chainTotals: chainOps.totalFigures,
  shelterPortalFigures: shelterOps.portalFigures,
  farmerPortalFigures: farmerOps.portalFigures,
} as const satisfies Record<string, OperationDef>;
