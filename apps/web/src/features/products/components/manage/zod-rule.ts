import type { Rule } from 'antd/es/form';
import type { TFunction } from 'i18next';
import type { z } from 'zod';

/** A zod issue, the parts the message needs (zod 4's shape). */
interface Issue {
  code: string;
  origin?: string;
  expected?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  input?: unknown;
}

/** How the field is filled in: it picks "请填写" or "请选择" for a missing value. */
export type FieldKind = 'input' | 'select';

/**
 * The message of a failed contract rule, in the active language, from the issue's kind and limits: the limits come
 * from the contract (one source), the words from the `products` namespace (Chinese by default, English in en-US).
 */
export function issueMessage(issue: Issue, label: string, kind: FieldKind, t: TFunction<'products'>): string {
  const min = Number(issue.minimum);
  const max = Number(issue.maximum);
  const required = t(kind === 'select' ? 'form.rules.select' : 'form.rules.required', { label });
  switch (issue.code) {
    case 'invalid_type':
      if (issue.expected === 'int') return t('form.rules.integer', { label });
      return required;
    case 'too_small':
      if (issue.origin === 'string') return min <= 1 ? required : t('form.rules.minLength', { label, min });
      if (issue.origin === 'array') return min <= 1 ? required : t('form.rules.minItems', { label, min });
      return t('form.rules.min', { label, min });
    case 'too_big':
      if (issue.origin === 'string') return t('form.rules.maxLength', { label, max });
      if (issue.origin === 'array') return t('form.rules.maxItems', { label, max });
      return t('form.rules.max', { label, max });
    case 'invalid_format':
      return t('form.rules.format', { label });
    default:
      return t('form.rules.invalid', { label });
  }
}

/** Blank inputs are "missing" for the contract: '' → undefined, null → undefined. */
function normalise(value: unknown): unknown {
  if (value === null || value === '') return undefined;
  return value;
}

/**
 * An antd Form rule that checks the value with the contract's zod schema of the field, so the form refuses exactly
 * what the server refuses, as the user types. (The asterisk is the Form.Item's `required`: a `required` rule would
 * answer empty fields with antd's own words.)
 */
export function zodRule(schema: z.ZodType, label: string, kind: FieldKind, t: TFunction<'products'>): Rule {
  return {
    validator: async (_rule, value: unknown) => {
      const v = normalise(value);
      const r = schema.safeParse(v);
      if (r.success) return;
      // Nothing chosen or typed: say so, whatever check of the schema failed first (an enum answers invalid_value).
      if (v === undefined) throw new Error(t(kind === 'select' ? 'form.rules.select' : 'form.rules.required', { label }));
      throw new Error(issueMessage(r.error.issues[0] as Issue, label, kind, t));
    },
  };
}
