import type { Config } from './config.ts';
import type { Database, Db } from './db/client.ts';
import type { ReadCache } from './db/read-cache.ts';
import type { AuthService } from './modules/auth/auth.service.ts';
import type { OrgsService } from './modules/orgs/orgs.service.ts';
import type { SettingsService } from './modules/system/settings.service.ts';
import type { SystemService } from './modules/system/system.service.ts';

/** What every module's routes get: configuration, the database and the shared services. */
export interface AppDeps {
  config: Config;
  database: Database;
  db: Db;
  settings: SettingsService;
  auth: AuthService;
  orgs: OrgsService;
  system: SystemService;
  /** The public portal lists' cache, dropped on every committed change (db/read-cache.ts). */
  readCache: ReadCache;
}
