import { describe, expect, it } from 'vitest';
import i18next, { type TFunction } from 'i18next';
import { accountOps } from '@phjr/contract/auth/account';
import { ZRegisterRequest } from '@phjr/contract/auth/register';
import { orgsOps } from '@phjr/contract/orgs/orgs-ops';
import { fieldRules, type RequestSchema } from '../src/lib/form-rules.ts';
import { resources } from '../src/locales/index.ts';

/**
 * Issue 12: the administration forms had their own password pattern (letters and digits, so `Password1` and
 * `Admin@123` passed) and their own account-name pattern. Now every account form takes its rules from its request
 * schema (lib/form-rules.ts), so each refuses what self-service and the server refuse.
 */
const i18n = i18next.createInstance();
await i18n.init({ resources, lng: 'zh-CN', defaultNS: 'common', interpolation: { escapeValue: false } });
const t = i18n.getFixedT('zh-CN', 'common') as TFunction;

type Validator = (rule: unknown, value: unknown) => Promise<void>;
const validatorOf = (schema: RequestSchema, path: string | string[]) => {
  const rule = fieldRules(schema, path, '字段', t).find((r) => typeof r === 'object' && 'validator' in r) as {
    validator: Validator;
  };
  return rule.validator;
};
const accepts = (v: Validator, value: string) =>
  v({}, value).then(
    () => true,
    () => false,
  );

/** Every form that sets a password, by its request and field. */
const PASSWORD_FIELDS: [string, RequestSchema, string | string[]][] = [
  ['institution admin (orgs)', orgsOps.saveOrg.body, ['admin', 'password']],
  ['staff', orgsOps.saveStaff.body, 'password'],
  ['platform user', orgsOps.savePlatformUser.body, 'password'],
  ['enterprise sub-account', accountOps.saveChildUser.body, 'password'],
  ['own password', accountOps.updatePassword.body, 'newPassword'],
  ['registration', ZRegisterRequest, 'password'],
];

describe('web account rules', () => {
  it.each(PASSWORD_FIELDS)(
    '%s: refuses Password1 and Admin@123 as self-service does, takes a good password',
    async (_name, schema, path) => {
      const v = validatorOf(schema, path);
      for (const weak of ['Password1', 'Admin@123', 'Demo@2026', 'short1A'])
        expect(await accepts(v, weak), weak).toBe(false);
      for (const good of ['Tea#Garden-2031', 'greentea-harvest']) expect(await accepts(v, good), good).toBe(true);
    },
  );

  it('checks phones and account names with the contract rules in every admin form', async () => {
    for (const [schema, path] of [
      [orgsOps.saveOrg.body, ['admin', 'phone']],
      [orgsOps.saveStaff.body, 'phone'],
      [orgsOps.savePlatformUser.body, 'phone'],
      [accountOps.saveChildUser.body, 'phone'],
    ] as [RequestSchema, string | string[]][]) {
      const v = validatorOf(schema, path);
      expect(await accepts(v, '13800000001')).toBe(true);
      expect(await accepts(v, '12800000001')).toBe(false);
    }
    for (const [schema, path] of [
      [orgsOps.saveOrg.body, ['admin', 'username']],
      [orgsOps.saveStaff.body, 'username'],
      [orgsOps.savePlatformUser.body, 'username'],
      [accountOps.saveChildUser.body, 'username'],
    ] as [RequestSchema, string | string[]][]) {
      const v = validatorOf(schema, path);
      expect(await accepts(v, 'teller_01')).toBe(true);
      expect(await accepts(v, '1teller')).toBe(false);
    }
  });

  it('back-office e-mail addresses are checked by the request (the form used to be the only check)', async () => {
    for (const schema of [orgsOps.saveStaff.body, orgsOps.savePlatformUser.body, orgsOps.saveMySetting.body]) {
      const v = validatorOf(schema, 'email');
      expect(await accepts(v, 'a@example.com')).toBe(true);
      expect(await accepts(v, 'not-an-address')).toBe(false);
    }
  });
});
