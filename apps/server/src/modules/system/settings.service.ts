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
  /** SLA clock of demands in working days (PRODUCT.md section 6). */
  slaAcceptDays: number;
  slaDecisionDays: number;
  /** The allowlist entries the operator added (already part of redirectAllowlist). */
  customRedirectAllowlist: string[];
}

/** The app_config keys of the settings. */
export const SETTING_KEYS = {
  sessionIdleMinutes: 'session.idleMinutes',
  sessionAbsoluteHours: 'session.absoluteHours',
  redirectAllowlist: 'sso.redirectAllowlist',
  toSyxUrl: 'link.toSyx',
  firstLoanCentreUrl: 'link.firstLoanCentre',
  slaAcceptDays: 'sla.acceptDays',
  slaDecisionDays: 'sla.decisionDays',
} as const;

export const DEFAULT_SLA_ACCEPT_DAYS = 3;
export const DEFAULT_SLA_DECISION_DAYS = 15;

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
      // No default: the credit-management link shows only once the operator configures it (docs/credit.md).
      toSyxUrl: '',
      firstLoanCentreUrl: 'https://firstloan.example.gov.cn/',
      slaAcceptDays: DEFAULT_SLA_ACCEPT_DAYS,
      slaDecisionDays: DEFAULT_SLA_DECISION_DAYS,
      customRedirectAllowlist: [],
    };
  }

  async function get(): Promise<Settings> {
    if (cached && Date.now() - cached.at < CACHE_MS) return cached.value;
    const stored = await readConfig(db);
    const base = defaults();
    const custom = strings(stored[SETTING_KEYS.redirectAllowlist]);
    const value: Settings = {
      sessionIdleMinutes: num(stored[SETTING_KEYS.sessionIdleMinutes]) ?? base.sessionIdleMinutes,
      sessionAbsoluteHours: num(stored[SETTING_KEYS.sessionAbsoluteHours]) ?? base.sessionAbsoluteHours,
      redirectAllowlist: [...new Set([...base.redirectAllowlist, ...custom])],
      toSyxUrl: str(stored[SETTING_KEYS.toSyxUrl]) ?? base.toSyxUrl,
      firstLoanCentreUrl: str(stored[SETTING_KEYS.firstLoanCentreUrl]) ?? base.firstLoanCentreUrl,
      slaAcceptDays: num(stored[SETTING_KEYS.slaAcceptDays]) ?? base.slaAcceptDays,
      slaDecisionDays: num(stored[SETTING_KEYS.slaDecisionDays]) ?? base.slaDecisionDays,
      customRedirectAllowlist: custom,
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
function str(v: unknown): string | null {
  return typeof v === 'string' && v ? v : null;
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
