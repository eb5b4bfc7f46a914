import type { AuthzTable } from './who.ts';

export const PLATFORM: AuthzTable = {};
