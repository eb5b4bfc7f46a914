import type { AuthzTable } from './who.ts';

export const ACCOUNTS: AuthzTable = {};
