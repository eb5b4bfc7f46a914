import type { Rule } from 'antd/es/form';
import type { TFunction } from 'i18next';
import { ZLink } from '@phjr/contract/content/pictures';

/** Empty optional inputs go to the server as null. */
export function orNull(s?: string | null): string | null {
  return s?.trim() ? s.trim() : null;
}

/** A picture's or an achievement's link: the contract's own check (an in-app path or an http(s) address). */
export function linkRule(t: TFunction<'content'>): Rule {
  return {
    validator: async (_, v: string | undefined) => {
      if (v?.trim() && !ZLink.safeParse(v).success) throw new Error(t('rules.link'));
    },
  };
}
