import type { Rule } from 'antd/es/form';
import type { TFunction } from 'i18next';
import { passwordProblem } from '@phjr/contract/auth/password-policy';
import { PHONE_RE } from '@phjr/contract/auth/sms';
import { USERNAME_RE } from '@phjr/contract/orgs/admin-fields';

/**
 * Form rules of the administration screens, with the messages of the orgs namespace: the contract's one phone,
 * account-name and password rule (the server checks the same), never a pattern of their own.
 */
export function adminRules(t: TFunction<'orgs'>) {
  const required = (label: string): Rule => ({ required: true, whitespace: true, message: t('msg.required', { label }) });
  return {
    required,
    phone: { pattern: PHONE_RE, message: t('msg.phoneFormat') } as Rule,
    username: { pattern: USERNAME_RE, message: t('msg.usernameRule') } as Rule,
    password: {
      validator: (_, value: string | undefined) => (value && passwordProblem(value) ? Promise.reject(new Error(t('msg.passwordRule'))) : Promise.resolve()),
    } as Rule,
    email: { type: 'email', message: t('msg.emailFormat') } as Rule,
  };
}

/** Empty strings of optional inputs go to the server as null. */
export function orNull(v: string | undefined | null): string | null {
  const s = (v ?? '').trim();
  return s ? s : null;
}
