import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { NO_READ_CACHE, type ReadCache } from './db/read-cache.ts';
import { createAuditService } from './modules/audit/audit.service.ts';
import { createAccountsService } from './modules/auth/accounts.service.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import { createCaptchas, type CaptchaOptions } from './modules/auth/captcha.ts';
import { loadServerSecret } from './lib/server-secret.ts';
import { createArticlesService } from './modules/content/articles.service.ts';
import { createDoorService } from './modules/content/door.service.ts';
import { createDemandsService } from './modules/demands/demands.service.ts';
import { createMakeupService } from './modules/demands/makeup-import.service.ts';
import { createChainsService } from './modules/chains/chains.service.ts';
import { createChainPortalService } from './modules/chains/chain-portal.service.ts';
import { createChainEnterprisesService } from './modules/chains/chain-enterprises.service.ts';
import { createChainImportService } from './modules/chains/chain-import.service.ts';
import { createChainVisitsService } from './modules/chains/chain-visits.service.ts';
import { activeFinanced as activeChainsFinanced } from './modules/chains/chains.repo.ts';
import { chainInScope } from './modules/chains/chain-access.ts';
import { createFarmersService } from './modules/farmers/farmers.service.ts';
import { createFarmerImportService } from './modules/farmers/farmer-import.service.ts';
import { createCreditService } from './modules/credit/credit.service.ts';
import { createCreditLogService } from './modules/credit/credit-log.service.ts';
import { farmerEntityByCode } from './modules/farmers/farmers.repo.ts';
import { casesOfCreditCode, publicRecoveries } from './modules/shelter/shelter.repo.ts';
import { recoveredTotal as shelterRecoveredTotal } from './modules/shelter/shelter-figures.repo.ts';
import { createFilesService } from './modules/files/files.service.ts';
import { createFileLinksService } from './modules/files/file-links.ts';
import { createSmsGateway, createSmsService } from './modules/notify/sms.service.ts';
import { createOrgsAdminService } from './modules/orgs/orgs-admin.service.ts';
import { createOrgsService } from './modules/orgs/orgs.service.ts';
import { createUserImportService } from './modules/orgs/user-import.service.ts';
import { createProductsService } from './modules/products/products.service.ts';
import { createStatsService, homepageOverviewPart } from './modules/stats/stats.service.ts';
import { createReportService } from './modules/stats/report.service.ts';
import { createDisplayService } from './modules/stats/display.service.ts';
import { createPlatformService } from './modules/system/platform.service.ts';
import { createSettingsService } from './modules/system/settings.service.ts';
import { createSystemService } from './modules/system/system.service.ts';
import { createShelterService } from './modules/shelter/shelter.service.ts';
import { createShelterReadService } from './modules/shelter/shelter-read.service.ts';

/**
 * The composition root: every service of the server, built once from the database, the configuration and the read
 * cache. buildApp (app.ts) builds them and hands them to the route plugins through their deps; server.ts runs the
 * jobs on the same instances (app.services), so one settings service, one SMS gateway and one demands service serve
 * both. Route plugins and jobs never construct a service themselves; tests may still build one directly.
 */
export function createServices(
  database: Database,
  config: Config,
  readCache: ReadCache,
  sessionCache: ReadCache = NO_READ_CACHE,
  captchaOptions: Pick<CaptchaOptions, 'onCreated'> = {},
) {
  const { db } = database;
  // The key of the captcha answers' hashes and of the signed file links: SERVER_SECRET, else DATA_DIR/server-secret
  // (lib/server-secret.ts).
  const serverSecret = loadServerSecret(config.serverSecret, config.dataDir);
  const captchas = createCaptchas(db, { key: serverSecret, ...captchaOptions });
  const settings = createSettingsService(db, config);
  const smsGateway = createSmsGateway(db);
  // What the credit record reads of other domains (CreditLinks): public recoveries and cases of the shelter, the
  // farmer-data entity of a credit code.
  const credit = createCreditService(db, {
    farmerEntity: farmerEntityByCode,
    shelterPublic: publicRecoveries,
    shelterCases: casesOfCreditCode,
  });
  const stats = createStatsService(db);
  const reports = createReportService(db, settings, readCache);
  const chainPortal = createChainPortalService(db);
  const auth = createAuthService(db, settings, captchas, undefined, smsGateway, sessionCache);
  // Private files open by links signed for their reader's session (docs/security.md "Private files (issue 30)").
  const fileLinks = createFileLinksService(serverSecret, auth.resolveSessionById, {
    secureCookie: config.publicUrl.startsWith('https:'),
  });
  return {
    settings,
    auth,
    fileLinks,
    accounts: createAccountsService(db, smsGateway, captchas),
    sms: createSmsService(db, smsGateway),
    orgs: createOrgsService(db),
    orgsAdmin: createOrgsAdminService(db, smsGateway),
    userImport: createUserImportService(db),
    system: createSystemService(db, settings),
    platform: createPlatformService(db, settings),
    // An article is tied only to a chain in its writer's chain scope (docs/content.md "Writers").
    articles: createArticlesService(db, { chainInScope: (actor, chainId) => chainInScope(db, actor, chainId) }),
    door: createDoorService(db),
    files: createFilesService(db, fileLinks),
    stats,
    reports,
    // The dashboard's headline is the homepage overview's (the same numbers).
    display: createDisplayService(db, {
      homepageOverview: homepageOverviewPart,
      chainsFinanced: activeChainsFinanced,
      shelterRecovered: shelterRecoveredTotal,
    }),
    products: createProductsService(db),
    // A posted or accepted demand gives the institution a credit-query consent in its own transaction (docs/credit.md).
    demands: createDemandsService(db, settings, readCache, { consentFromDemand: credit.consentFromDemand, fileLinks }),
    makeup: createMakeupService(db),
    chains: createChainsService(db),
    chainPortal,
    chainEnterprises: createChainEnterprisesService(db),
    chainVisits: createChainVisitsService(db, fileLinks),
    chainImport: createChainImportService(db),
    shelter: createShelterService(db, createShelterReadService(db, fileLinks)),
    farmers: createFarmersService(db),
    farmerImport: createFarmerImportService(db),
    credit,
    creditLog: createCreditLogService(db),
    audit: createAuditService(db),
  };
}

export type Services = ReturnType<typeof createServices>;
