import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { readConfig } from './system.repo.ts';

/** System settings the operator can change; the environment gives the defaults. */
export interface Settings {
  sessionIdleMinutes: number;
  sessionAbsoluteHours: number;
  /** Allowed SSO redirect targets: origin plus path prefix. */
  redirectAllowlist: string[];
  toSyxUrl: string;
  firstLoanCentreUrl: string;
}

const CACHE_MS = 5_000;

/**
 * Reads settings from the database with a 5-second cache: a change made through one process reaches every other
 * process within seconds, and a hot path does not query the table on every request.
 */
export function createSettingsService(db: Db, config: Config) {
  let cached: { at: number; value: Settings } | null = null;

  function defaults(): Settings {
    const own = new URL(config.publicUrl);
    const local = [`http://localhost:${config.port}/`, `http://127.0.0.1:${config.port}/`];
    return {
      sessionIdleMinutes: config.sessionIdleMinutes,
      sessionAbsoluteHours: config.sessionAbsoluteHours,
      redirectAllowlist: [...new Set([`${own.origin}/`, ...local, ...config.redirectAllowlist])],
      toSyxUrl: 'https://credit.example.gov.cn/',
      firstLoanCentreUrl: 'https://firstloan.example.gov.cn/',
    };
  }

  async function get(): Promise<Settings> {
    if (cached && Date.now() - cached.at < CACHE_MS) return cached.value;
    const stored = await readConfig(db);
    const base = defaults();
    const value: Settings = {
      sessionIdleMinutes: num(stored['session.idleMinutes']) ?? base.sessionIdleMinutes,
      sessionAbsoluteHours: num(stored['session.absoluteHours']) ?? base.sessionAbsoluteHours,
      redirectAllowlist: [...base.redirectAllowlist, ...strings(stored['sso.redirectAllowlist'])],
      toSyxUrl: typeof stored['link.toSyx'] === 'string' ? stored['link.toSyx'] : base.toSyxUrl,
      firstLoanCentreUrl: typeof stored['link.firstLoanCentre'] === 'string' ? stored['link.firstLoanCentre'] : base.firstLoanCentreUrl,
    };
    cached = { at: Date.now(), value };
    return value;
  }

  return { get, invalidate: () => (cached = null) };
}

export type SettingsService = ReturnType<typeof createSettingsService>;

function num(v: unknown): number | null {
  return typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : null;
}
function strings(v: unknown): string[] {
  return Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string') : [];
}

/** Is the URL on the allowlist: same origin exactly, and its path under the entry's path. */
export function isAllowedRedirect(url: string, allowlist: string[]): boolean {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return false;
  }
  if (target.username || target.password) return false;
  return allowlist.some((entry) => {
    let allowed: URL;
    try {
      allowed = new URL(entry);
    } catch {
      return false;
    }
    const base = allowed.pathname.replace(/\/+$/, '');
    return target.origin === allowed.origin && (target.pathname === base || target.pathname.startsWith(`${base}/`));
  });
}
