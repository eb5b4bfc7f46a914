import type { AuthzTable } from './who.ts';

export const ORGS_ADMIN: AuthzTable = {};
