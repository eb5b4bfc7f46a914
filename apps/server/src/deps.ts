import type { Config } from './config.ts';
import type { Database, Db } from './db/client.ts';
import type { ReadCache } from './db/read-cache.ts';
import type { Services } from './services.ts';

/**
 * What every module's routes get: configuration, the database, the read cache and every service, built once by the
 * composition root (services.ts createServices). A route plugin takes its services from here, never builds one.
 */
export interface AppDeps extends Services {
  config: Config;
  database: Database;
  db: Db;
  /** The public portal lists' cache, dropped on every committed change (db/read-cache.ts). */
  readCache: ReadCache;
}
