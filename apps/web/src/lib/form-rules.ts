import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Rule } from 'antd/es/form';
import type { TFunction } from 'i18next';
import * as core from 'zod/v4/core';

/**
 * Form rules from the request schemas (issue 12): a form field's rules are derived from the contract's zod schema of
 * the field it fills, so the form refuses exactly what the server refuses and no limit is copied by hand.
 *
 *   const rules = useFormRules(accountOps.bindPhone.body);
 *   <Form.Item name="phone" label={label} rules={rules('phone', label)}>
 *
 * What a field gets:
 * - a `required` rule when the schema takes none of undefined, null, '' and [] (optional, nullable and defaulted
 *   fields are not required); it also gives the Form.Item its asterisk, and "   " counts as missing;
 * - one validator that runs the field's own schema (zod core `safeParse`, for zod and zod/mini schemas alike). Length,
 *   range, pattern, format and enum checks are not copied into antd's declarative rules on purpose: zod trims before
 *   it counts, counts UTF-16 code units (antd counts a surrogate pair as one) and runs the refinements (password
 *   policy, credit-code check digit, identity number), so only the schema itself answers exactly as the server does.
 *
 * Messages (common namespace, `validation.*`, zh-CN and en-US) always name the field: "请输入{label}" or, for a choice
 * (`{ choice: true }`, or inferred from an enum, literal, boolean, array or YYYY-MM-DD day), "请选择{label}";
 * "{label}最多{max}个字符"; "{label}格式不正确"; and so on, from the failed check's kind and the contract's limits.
 * A contract message is shown only when it is listed in CONTRACT_MESSAGES below, which gives it a translated key
 * (`validation.contract.*`) in both languages: the contract's texts are Chinese only and a few (the phone, account
 * name and password rules) say more than "格式不正确". Any other refinement says "{label}格式不正确". A unit test
 * checks that every listed text is one the contract really produces, so the list cannot drift silently.
 *
 * Paths are antd name paths: 'name', or ['admin', 'phone'] for a nested object (array elements by index). Within a
 * union (registration, certification) the first option that declares the field answers.
 */

/** A request schema (an operation's `body` or `query`), zod or zod/mini. */
export type RequestSchema = core.$ZodType;
type Schema = RequestSchema;
type Path = string | readonly (string | number)[];

/**
 * The contract's own messages worth showing, by their exact Chinese text, with their key under
 * `validation.contract` (test/form-rules.test.ts checks each text against the schema that produces it).
 */
export const CONTRACT_MESSAGES: Readonly<Record<string, string>> = {
  请输入正确的11位手机号: 'phone',
  请输入6位短信验证码: 'smsCode',
  '账号须以字母开头，3-32位字母、数字或下划线': 'username',
  '密码长度须为8-64位': 'passwordLength',
  密码不能包含空格: 'passwordSpaces',
  '密码过于常见，请换一个更复杂的密码': 'passwordCommon',
  '密码过于简单，请换一个更复杂的密码': 'passwordSimple',
  统一社会信用代码格式或校验位错误: 'creditCode',
  身份证号码格式或校验位错误: 'idNumber',
  '须为 http(s) 地址': 'httpUrl',
  '链接须为站内路径（/开头）或 http(s) 地址': 'link',
};

export interface FieldRuleOptions {
  /** The field is chosen (select, picker, upload, radio): "请选择{label}". Inferred when not given. */
  choice?: boolean;
  /** Turns the form's value into the request's (a dayjs into YYYY-MM-DD, a file list into its URL) before the check. */
  toRequest?: (value: unknown) => unknown;
  /**
   * The form asks for a field the request leaves optional (a new account's password, the proof the user chose, a
   * reason once a demand was accepted: rules of the service or of the whole body). Inferred from the schema when not given.
   */
  required?: boolean;
}

interface Issue {
  code: string;
  message: string;
  origin?: string;
  expected?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  inclusive?: boolean;
  exact?: boolean;
  /** invalid_union: the issues of each option. */
  errors?: Issue[][];
}

/** The schema under its wrappers (optional, nullable, default, pipe...): what the value is checked as. */
function unwrap(schema: Schema): Schema {
  let s = schema;
  for (let i = 0; i < 20; i++) {
    const def = s._zod.def as unknown as Record<string, unknown> & { type: string };
    if (['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch', 'nonoptional'].includes(def.type))
      s = def.innerType as Schema;
    else if (def.type === 'pipe')
      s = (def.in as Schema)._zod.def.type === 'transform' ? (def.out as Schema) : (def.in as Schema);
    else if (def.type === 'lazy') s = (def.getter as () => Schema)();
    else return s;
  }
  return s;
}

/** One step down a path; within a union the first option that has the key answers. */
function child(schema: Schema, key: string | number): Schema | undefined {
  const s = unwrap(schema);
  const def = s._zod.def as unknown as Record<string, unknown> & { type: string };
  if (def.type === 'object') return (def.shape as Record<string, Schema>)[String(key)];
  if (def.type === 'array' && typeof key === 'number') return def.element as Schema;
  if (def.type === 'union') {
    for (const option of def.options as Schema[]) {
      const found = child(option, key);
      if (found) return found;
    }
  }
  if (def.type === 'intersection') return child(def.left as Schema, key) ?? child(def.right as Schema, key);
  return undefined;
}

/** The schema of the field at `path`; a path the request does not have is a programming error. */
export function fieldSchema(schema: Schema, path: Path): Schema {
  const keys = typeof path === 'string' ? [path] : path;
  let s: Schema | undefined = schema;
  for (const key of keys) {
    s = s && child(s, key);
    if (!s) throw new Error(`form-rules: the request has no field ${keys.join('.')}`);
  }
  return s!;
}

const accepts = (schema: Schema, value: unknown) => core.safeParse(schema, value).success;

/** Required: the request takes no empty value for the field (neither absent, null, '' nor []). */
export function isRequired(field: Schema): boolean {
  return ![undefined, null, '', []].some((v) => accepts(field, v));
}

const DAY_PATTERN = String.raw`^\d{4}-\d{2}-\d{2}$`;

/** Chosen rather than typed: an enum, literal, boolean, array, or a YYYY-MM-DD day (a date picker). */
export function isChoice(field: Schema): boolean {
  const s = unwrap(field);
  const def = s._zod.def as unknown as { type: string; checks?: core.$ZodCheck[]; options?: Schema[] };
  if (['enum', 'literal', 'boolean', 'array'].includes(def.type)) return true;
  if (def.type === 'union') return (def.options ?? []).every((o) => isChoice(o));
  return (def.checks ?? []).some((c) => {
    const cd = c._zod.def as unknown as { check: string; pattern?: RegExp };
    return cd.check === 'string_format' && cd.pattern?.source === DAY_PATTERN;
  });
}

const isEmpty = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

/** The message of a failed check, naming the field, in the active language. */
export function issueMessage(issue: Issue, label: string, choice: boolean, t: TFunction): string {
  if (issue.code === 'invalid_union' && issue.errors?.length) {
    // '' or a password, '' or an e-mail: the option of the value's own type says what is wrong with it.
    const firsts = issue.errors.map((e) => e[0]).filter(Boolean);
    const telling = firsts.find((i) => i.code !== 'invalid_value' && i.code !== 'invalid_type') ?? firsts[0];
    if (telling) return issueMessage(telling, label, choice, t);
  }
  const own = Object.hasOwn(CONTRACT_MESSAGES, issue.message) ? CONTRACT_MESSAGES[issue.message] : undefined;
  if (own) return t(`common:validation.contract.${own}`, { label });
  const missing = t(choice ? 'common:validation.choose' : 'common:validation.required', { label });
  const min = Number(issue.minimum);
  const max = Number(issue.maximum);
  switch (issue.code) {
    case 'too_small':
      if (issue.origin === 'string') {
        if (issue.exact) return t('common:validation.length', { label, len: min });
        return min <= 1 ? missing : t('common:validation.minLength', { label, min });
      }
      if (issue.origin === 'array' || issue.origin === 'set')
        return min <= 1 ? missing : t('common:validation.minItems', { label, min });
      return t(issue.inclusive === false ? 'common:validation.above' : 'common:validation.min', { label, min });
    case 'too_big':
      if (issue.origin === 'string')
        return t(issue.exact ? 'common:validation.length' : 'common:validation.maxLength', { label, max, len: max });
      if (issue.origin === 'array' || issue.origin === 'set') return t('common:validation.maxItems', { label, max });
      return t(issue.inclusive === false ? 'common:validation.below' : 'common:validation.max', { label, max });
    case 'invalid_type':
      if (issue.expected === 'int') return t('common:validation.integer', { label });
      if (issue.expected === 'number') return t('common:validation.number', { label });
      return missing;
    case 'invalid_value':
      return choice ? missing : t('common:validation.format', { label });
    default:
      return t('common:validation.format', { label });
  }
}

/** The rules of one field of `schema`; `t` must reach the common namespace. */
export function fieldRules(
  schema: Schema,
  path: Path,
  label: string,
  t: TFunction,
  options: FieldRuleOptions = {},
): Rule[] {
  const field = fieldSchema(schema, path);
  const required = options.required ?? isRequired(field);
  const choice = options.choice ?? isChoice(field);
  const missing = t(choice ? 'common:validation.choose' : 'common:validation.required', { label });
  const rules: Rule[] = [];
  // No `whitespace` here: it makes antd type-check the value as a string, and a picker holds a dayjs. The validator
  // below says a blank text is missing.
  if (required) rules.push({ required: true, message: missing });
  rules.push({
    validator: async (_rule, formValue: unknown) => {
      const value = options.toRequest ? options.toRequest(formValue) : formValue;
      // Nothing given: the required rule speaks for a required field, and an optional one is fine empty.
      if (isEmpty(value)) return;
      if (required && typeof value === 'string' && !value.trim()) throw new Error(missing);
      const result = core.safeParse(field, value);
      if (!result.success) throw new Error(issueMessage(result.error.issues[0] as Issue, label, choice, t));
    },
  });
  return rules;
}

/** `rules(path, label, options?)` for the fields of one request schema, in the active language. */
export function useFormRules(schema: Schema) {
  const { t } = useTranslation('common');
  return useMemo(
    () =>
      (path: Path, label: string, options?: FieldRuleOptions): Rule[] =>
        fieldRules(schema, path, label, t as TFunction, options),
    [schema, t],
  );
}

// Local rules, for what no request field carries; their messages name the field too.

/** A second entry that must equal the field at `other` ("请再次输入密码", "两次输入的密码不一致"). */
export function confirmRules(t: TFunction, other: Path, label: string): Rule[] {
  return [
    { required: true, message: t('common:validation.again', { label }) },
    ({ getFieldValue }) => ({
      validator: async (_rule, value: unknown) => {
        if (value && value !== getFieldValue(other as never))
          throw new Error(t('common:validation.mismatch', { label }));
      },
    }),
  ];
}

/** A box that must be ticked ("I have read and agree to ..."). */
export function mustAgree(t: TFunction, label: string): Rule {
  return {
    validator: async (_rule, value: unknown) => {
      if (value !== true) throw new Error(t('common:validation.agree', { label }));
    },
  };
}

/** A field the form requires that the request does not carry (a confirmation, a local choice): names the field. */
export function requiredRule(t: TFunction, label: string, choice = false): Rule {
  const message = t(choice ? 'common:validation.choose' : 'common:validation.required', { label });
  return choice ? { required: true, message } : { required: true, whitespace: true, message };
}
