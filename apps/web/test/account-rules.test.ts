import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import { PHONE_RE } from '@phjr/contract/auth/sms';
import { USERNAME_RE } from '@phjr/contract/orgs/admin-fields';
import { adminRules } from '../src/features/orgs/components/admin-form.ts';
import { newPasswordRules } from '../src/features/auth/components/password-rules.ts';

/**
 * Issue 12: the administration forms had their own password pattern (letters and digits, so `Password1` and
 * `Admin@123` passed) and their own account-name pattern. Now every form asks the contract's rule.
 */
const t = ((key: string) => key) as unknown as TFunction<'orgs'>;
type Validator = (rule: unknown, value: string | undefined) => Promise<void>;
const rules = adminRules(t);
const adminPassword = (rules.password as { validator: Validator }).validator;
const selfServicePassword = (newPasswordRules(t as unknown as TFunction)[1] as { validator: Validator }).validator;

const accepts = (v: Validator, value: string) =>
  v({}, value).then(
    () => true,
    () => false,
  );

describe('web account rules', () => {
  it('refuses Password1 and Admin@123 in the admin forms as in self-service, and takes a good password in both', async () => {
    for (const weak of ['Password1', 'Admin@123', 'Demo@2026', 'short1A']) {
      expect(await accepts(adminPassword, weak), weak).toBe(false);
      expect(await accepts(selfServicePassword, weak), weak).toBe(false);
    }
    for (const good of ['Tea#Garden-2031', 'greentea-harvest']) {
      expect(await accepts(adminPassword, good), good).toBe(true);
      expect(await accepts(selfServicePassword, good), good).toBe(true);
    }
  });

  it('checks phones and account names with the contract patterns', () => {
    expect((rules.phone as { pattern: RegExp }).pattern).toBe(PHONE_RE);
    expect((rules.username as { pattern: RegExp }).pattern).toBe(USERNAME_RE);
  });
});
