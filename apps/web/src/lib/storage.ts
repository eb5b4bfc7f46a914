import type { UserInfo } from '@phjr/contract/auth/user-info';
import type { AuthUrlMapKey } from '@phjr/contract/auth/enums';
import { isPortalAccount } from '@phjr/contract/auth/center-path';
import { runtime } from './runtime.ts';

// Contract imports here are type-only on purpose: this module is on the start-up path of every page, and zod
// (about 26 KB gzipped) must not count against the first route's budget (ENGINEERING.md). The server validates
// every response with the contract's schemas; the client trusts the shape and checks only what it reads.

/** Storage keys, exactly as SPEC section 3 names them (plus `locale`, SPEC 9, and `articleAuth`, SPEC 3). */
export const STORAGE_KEYS = {
  userInfo: 'userInfo',
  orderUserInfo: 'orderUserInfo',
  authUrlMapKey: 'authUrlMapKey',
  satokenClient: 'satokenClient',
  satokenServer: 'satokenServer',
  isLogin: 'isLogin',
  firstLogin: 'firstLogin',
  articleAuth: 'articleAuth',
  locale: 'locale',
  /** Elder mode (长辈模式, issue 32): 'on' when chosen; like the language, it is the reader's and outlives sessions. */
  elderMode: 'elderMode',
  /** The page (path and query) that sent the user to sign in and wants them back (issue 13: the financing form). */
  loginReturn: 'loginReturn',
} as const;

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

export function readItem(key: StorageKey): string | null {
  return runtime().storage.getItem(key);
}

export function writeItem(key: StorageKey, value: string): void {
  runtime().storage.setItem(key, value);
}

/** Reads a key and removes it: a value meant for one use. */
export function takeItem(key: StorageKey): string | null {
  const { storage } = runtime();
  const value = storage.getItem(key);
  if (value !== null) storage.removeItem(key);
  return value;
}

/** The reader's own choices, which belong to the device and not to a session: the language and elder mode. */
const PREFERENCES = [STORAGE_KEYS.locale, STORAGE_KEYS.elderMode] as const;

/** SPEC 4: "clears local storage" on every way out of a session; the reader's preferences survive it. */
export function clearStorageKeepPreferences(): void {
  const { storage } = runtime();
  const kept = PREFERENCES.map((key) => [key, storage.getItem(key)] as const);
  storage.clear();
  for (const [key, value] of kept) if (value !== null) storage.setItem(key, value);
}

function looksLikeUser(value: unknown): value is UserInfo {
  if (typeof value !== 'object' || value === null) return false;
  const u = value as Partial<UserInfo>;
  return (
    typeof u.userId === 'number' &&
    typeof u.name === 'string' &&
    typeof u.accountType?.code === 'string' &&
    Array.isArray(u.resourceList)
  );
}

/** The stored user, or null when absent or written by an older client in another shape. */
export function storedUserInfo(): UserInfo | null {
  const raw = readItem(STORAGE_KEYS.userInfo);
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return looksLikeUser(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

/** The account kind only; it must stay readable even when the rest of the stored user is stale. */
export function storedAccountTypeCode(): string | null {
  const raw = readItem(STORAGE_KEYS.userInfo);
  if (!raw) return null;
  try {
    const code: unknown = JSON.parse(raw)?.accountType?.code;
    return typeof code === 'string' ? code : null;
  } catch {
    return null;
  }
}

export function storedAuthUrlMapKey(): AuthUrlMapKey | null {
  const value = readItem(STORAGE_KEYS.authUrlMapKey);
  return value === 'platform' || value === 'nonPlatform' ? value : null;
}

/** Persons and enterprises use the personal SSO page (nonPlatform); every institution the welcome page. */
export function authUrlMapKeyForAccount(accountTypeCode: string | null): AuthUrlMapKey {
  return accountTypeCode === 'PERSON' || accountTypeCode === 'ENTERPRISE' ? 'nonPlatform' : 'platform';
}

export function authUrlMapKeyForUser(user: Pick<UserInfo, 'accountType'>): AuthUrlMapKey {
  return isPortalAccount(user.accountType.code) ? 'nonPlatform' : 'platform';
}
