import type { Rule } from 'antd/es/form';
import type { TFunction } from 'i18next';
import { passwordProblem } from '@phjr/contract/auth/password-policy';

/** The server's password rule (8-64 characters, not a common password), checked as the user types. */
export function newPasswordRules(t: TFunction): Rule[] {
  return [
    { required: true, message: t('auth:fields.passwordRequired') },
    {
      validator: (_, value: string | undefined) => {
        if (!value) return Promise.resolve();
        return passwordProblem(value) ? Promise.reject(new Error(t('auth:fields.passwordWeak'))) : Promise.resolve();
      },
    },
  ];
}

export function confirmRule(t: TFunction, field: string): Rule {
  return ({ getFieldValue }) => ({
    validator: (_, value: string | undefined) =>
      !value || value === getFieldValue(field) ? Promise.resolve() : Promise.reject(new Error(t('auth:fields.passwordMismatch'))),
  });
}
