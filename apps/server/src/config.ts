import { isIP } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVER_SECRET_MIN_LENGTH } from './lib/server-secret.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

function int(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0)
    throw new Error(`Environment variable ${name} must be a whole number, got "${raw}"`);
  return n;
}

function list(name: string): string[] {
  return (process.env[name] ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** Names proxy-addr (Fastify's trustProxy) knows for whole address ranges. */
const PROXY_RANGES = ['loopback', 'linklocal', 'uniquelocal'];

/**
 * TRUST_PROXY: the reverse proxies whose X-Forwarded-For is believed, as addresses or CIDR ranges. Anything else
 * (a typo, `true`, a hop count) stops the start: trusting every client's header would let anyone choose the address
 * that rate limits count and the audit log records.
 */
export function trustedProxies(raw: string | undefined): string[] {
  const entries = (raw ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const entry of entries) {
    const [addr, prefix, ...rest] = entry.split('/');
    const family = isIP(addr);
    const prefixOk = prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 6 ? 128 : 32));
    if (!PROXY_RANGES.includes(entry) && (!family || !prefixOk || rest.length)) {
      throw new Error(
        `Environment variable TRUST_PROXY must list proxy addresses or CIDR ranges (e.g. 10.0.0.5,10.1.0.0/16), got "${entry}"`,
      );
    }
  }
  return entries;
}

/** SERVER_SECRET, when set, is long enough to be a key (lib/server-secret.ts). */
export function serverSecret(raw: string | undefined): string | null {
  if (raw === undefined || raw === '') return null;
  if (raw.trim().length < SERVER_SECRET_MIN_LENGTH) {
    throw new Error(
      `Environment variable SERVER_SECRET must be at least ${SERVER_SECRET_MIN_LENGTH} characters (e.g. openssl rand -base64 32)`,
    );
  }
  return raw.trim();
}

export interface Config {
  port: number;
  host: string;
  /** Unset: the server starts an embedded PostgreSQL itself (data in dataDir). The role the server's pool signs in as. */
  databaseUrl: string | null;
  /**
   * MIGRATION_DATABASE_URL (with DATABASE_URL only): the role that runs the migrations and the seed and owns the tables;
   * DATABASE_URL's role is then granted rows only (db/roles.ts). Unset: DATABASE_URL's role does both.
   */
  migrationDatabaseUrl: string | null;
  dataDir: string;
  embeddedPgPort: number;
  /** Load demo data and demo accounts on an empty database. */
  demo: boolean;
  /** The address users reach the product at; the default redirect allowlist is built from it. */
  publicUrl: string;
  /** Extra allowed SSO redirect targets: origin plus path prefix, e.g. https://hall.example.gov.cn/ */
  redirectAllowlist: string[];
  sessionIdleMinutes: number;
  sessionAbsoluteHours: number;
  /** Password of the first operator account on a production (non-demo) database. */
  initialAdminPassword: string | null;
  webDist: string;
  logLevel: string;
  dbPoolSize: number;
  /** How long the public portal lists may be served from the read cache (db/read-cache.ts); 0 turns it off. */
  readCacheTtlMs: number;
  /**
   * How long a process may keep a session it looked up (auth.service.ts resolveSession): any change to what a session
   * carries drops every kept one at once (migration 0029 notifies); this bounds only what no notification announces.
   * 0 turns it off.
   */
  sessionCacheTtlMs: number;
  /**
   * Reverse proxies (addresses, CIDR ranges) whose X-Forwarded-For gives the client's address. Empty (the default):
   * the address is the connection's, and the header is ignored.
   */
  trustProxy: string[];
  /**
   * Check every answer against the contract with zod before it is sent (and the compiled serializer's output against
   * zod's): on in the tests, off in production, where the contract's schema is compiled once into the serializer.
   */
  validateResponses: boolean;
  /**
   * SERVER_SECRET: the key of the server's keyed hashes (captcha answers), the same in every process that shares the
   * database. Unset: DATA_DIR/server-secret, made at first start (lib/server-secret.ts).
   */
  serverSecret: string | null;
}

/** Every setting, from the environment, with the defaults documented in README.md. */
export function loadConfig(overrides: Partial<Config> = {}): Config {
  const port = int('PORT', 3000);
  const databaseUrl = process.env.DATABASE_URL || null;
  const config: Config = {
    port,
    host: process.env.HOST || '0.0.0.0',
    databaseUrl,
    migrationDatabaseUrl: process.env.MIGRATION_DATABASE_URL || null,
    dataDir: path.resolve(process.env.DATA_DIR || path.join(repoRoot, 'data')),
    embeddedPgPort: int('EMBEDDED_PG_PORT', 54320),
    demo: process.env.DEMO ? process.env.DEMO === 'true' : databaseUrl === null,
    publicUrl: (process.env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/$/, ''),
    redirectAllowlist: list('REDIRECT_ALLOWLIST'),
    sessionIdleMinutes: int('SESSION_IDLE_MINUTES', 120),
    sessionAbsoluteHours: int('SESSION_ABSOLUTE_HOURS', 12),
    initialAdminPassword: process.env.INITIAL_ADMIN_PASSWORD || null,
    webDist: path.resolve(process.env.WEB_DIST || path.join(repoRoot, 'apps/web/dist')),
    logLevel: process.env.LOG_LEVEL || 'info',
    dbPoolSize: int('DB_POOL_SIZE', 10),
    readCacheTtlMs: int('READ_CACHE_TTL_MS', 5_000),
    sessionCacheTtlMs: int('SESSION_CACHE_TTL_MS', 60_000),
    trustProxy: trustedProxies(process.env.TRUST_PROXY),
    validateResponses: process.env.VALIDATE_RESPONSES === 'true',
    serverSecret: serverSecret(process.env.SERVER_SECRET),
    ...overrides,
  };
  return config;
}
