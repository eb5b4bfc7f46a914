import { supervisedDistricts } from '../../lib/district-scope.ts';
import type { SessionContext } from '../auth/auth.service.ts';

/** Who calls: the session and the address the audit log records. */
export interface Actor {
  session: SessionContext;
  ip: string;
}

/**
 * The districts a caller's farmer reads cover (docs/farmers.md "Scoping", the rule of demands' supervisors copied
 * from demand-access.ts): null for every district (the platform operator, a unit of the city itself), else the
 * district of the caller's unit (one code), else none (a unit with no region sees nothing).
 */
export type FarmerScope = string[] | null;

/** The scope of a session: whether its region is the whole city (or unknown) comes with the session (regionIsCity). */
export function farmerScope(s: SessionContext): FarmerScope {
  if (s.accountType === 'PLATFORM') return null;
  if (!s.regionCode) return [];
  const city = s.regionIsCity;
  return city === null ? [] : supervisedDistricts(s.regionCode, city);
}

export const inScope = (scope: FarmerScope, districtCode: string) => scope === null || scope.includes(districtCode);

/** The import's district of a scope: null when city-wide (one district at most, by construction). */
export const scopeDistrict = (scope: FarmerScope): string | null => (scope === null ? null : (scope[0] ?? '000000'));
