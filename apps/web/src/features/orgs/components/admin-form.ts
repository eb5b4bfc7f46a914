import type { Rule } from 'antd/es/form';
import type { TFunction } from 'i18next';
import { PHONE_RE } from '@phjr/contract/orgs/admin-fields';

/** Form rules of the administration screens, with the messages of the orgs namespace. */
export function adminRules(t: TFunction<'orgs'>) {
  const required = (label: string): Rule => ({ required: true, whitespace: true, message: t('msg.required', { label }) });
  return {
    required,
    phone: { pattern: PHONE_RE, message: t('msg.phoneFormat') } as Rule,
    username: { pattern: /^[A-Za-z0-9_.-]{4,32}$/, message: t('msg.usernameRule') } as Rule,
    password: { pattern: /^(?=.*[A-Za-z])(?=.*\d)\S{8,64}$/, message: t('msg.passwordRule') } as Rule,
    email: { type: 'email', message: t('msg.emailFormat') } as Rule,
  };
}

/** Empty strings of optional inputs go to the server as null. */
export function orNull(v: string | undefined | null): string | null {
  const s = (v ?? '').trim();
  return s ? s : null;
}

export function formatTime(iso: string | null): string {
  return iso ? iso.slice(0, 16).replace('T', ' ') : '-';
}
