import { DEMO_ACCOUNTS, type DemoAccountName } from '../../../src/seed/demo-accounts.ts';

export type Who = DemoAccountName | 'anonymous';
export const EVERYONE: Who[] = ['anonymous', ...DEMO_ACCOUNTS.map((a) => a.username)];
export const SIGNED_IN: Who[] = DEMO_ACCOUNTS.map((a) => a.username);
/** Permission table of one domain: `METHOD /path` → who may call it. */
export type AuthzTable = Record<string, Who[]>;
