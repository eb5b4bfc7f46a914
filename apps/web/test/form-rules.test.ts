import { describe, expect, it } from 'vitest';
import i18next, { type TFunction } from 'i18next';
import { z } from 'zod';
import * as zm from 'zod/mini';
import type { Rule, RuleObject } from 'antd/es/form';
import { validateRules } from '@rc-component/form/lib/utils/validateUtil';
import { ZPassword } from '@phjr/contract/auth/password-policy';
import { ZPhone, ZSmsCode } from '@phjr/contract/auth/sms';
import { ZUsername } from '@phjr/contract/orgs/admin-fields';
import { ZCreditCode, ZRegisterRequest } from '@phjr/contract/auth/register';
import { ZCertifyRequest } from '@phjr/contract/auth/certification';
import { accountOps } from '@phjr/contract/auth/account';
import { orgsOps } from '@phjr/contract/orgs/orgs-ops';
import { withCheckChar } from '@phjr/contract/orgs/credit-code';
import { ZSaveSettingsRequest } from '@phjr/contract/system/save-settings';
import { ZLink } from '@phjr/contract/content/pictures';
import { resources } from '../src/locales/index.ts';
import {
  CONTRACT_MESSAGES,
  fieldRules,
  fieldSchema,
  isChoice,
  isRequired,
  mustAgree,
  confirmRules,
} from '../src/lib/form-rules.ts';

/**
 * Issue 12 point 2 / issue 13 point 6: form rules derived from the request schemas, run through antd's own rule
 * engine (@rc-component/form's validateRules, what Form.Item calls), with messages that name the field.
 */
const i18n = i18next.createInstance();
await i18n.init({
  resources,
  lng: 'zh-CN',
  fallbackLng: 'zh-CN',
  defaultNS: 'common',
  interpolation: { escapeValue: false },
});
const zh = i18n.getFixedT('zh-CN', 'common') as TFunction;
const en = i18n.getFixedT('en-US', 'common') as TFunction;

/** The errors antd shows for `value` (every failing rule, as Form.Item without validateFirst). */
async function errors(rules: Rule[], value: unknown, form: Record<string, unknown> = {}): Promise<string[]> {
  const objects = rules.map((r) =>
    typeof r === 'function' ? r({ getFieldValue: (n: string) => form[n] } as never) : r,
  ) as RuleObject[];
  // validateRules resolves with no errors, or rejects with the failed rules' errors.
  const result = await validateRules(['field'], value, objects, {}, false).then(
    () => [],
    (failed: { errors: string[] }[]) => failed,
  );
  return result.flatMap((e) => e.errors);
}

const Body = z.strictObject({
  name: z.string().trim().min(1).max(40),
  note: z.string().trim().max(10).optional(),
  nick: z.string().trim().max(10).nullish(),
  code: z.string().trim().min(2).max(5),
  phone: ZPhone,
  username: ZUsername,
  password: ZPassword,
  kind: z.enum(['BANK', 'GUARANTEE']),
  tags: z.array(z.string()).min(1).max(2),
  amount: z.number().min(0.1).max(100),
  rate: z.number().gt(0).lt(36),
  term: z.number().int().min(1),
  day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  enabled: z.boolean().default(true),
  admin: z.strictObject({ phone: ZPhone, name: z.string().trim().min(1).max(8) }).optional(),
  rows: z.array(z.strictObject({ title: z.string().trim().min(1).max(3) })),
});
const rules = (path: string | (string | number)[], label: string, t = zh) => fieldRules(Body, path, label, t);

describe('form rules from a request schema', () => {
  it('max length: exactly at the limit passes, one over is refused with the field and the limit named', async () => {
    expect(await errors(rules('name', '名称'), 'a'.repeat(40))).toEqual([]);
    expect(await errors(rules('name', '名称'), '名'.repeat(41))).toEqual(['名称最多40个字符']);
    // zod trims before it counts, as the server does: surrounding spaces do not count.
    expect(await errors(rules('name', '名称'), `  ${'a'.repeat(40)}  `)).toEqual([]);
    expect(await errors(rules('code', '代码'), 'a')).toEqual(['代码至少2个字符']);
  });

  it('required: blank and whitespace-only are missing, named once', async () => {
    for (const blank of [undefined, null, '', '   '])
      expect(await errors(rules('name', '名称'), blank)).toEqual(['请输入名称']);
    expect(isRequired(fieldSchema(Body, 'name'))).toBe(true);
  });

  it('optional, nullable and defaulted fields may stay empty but are still checked when filled', async () => {
    for (const field of ['note', 'nick', 'enabled']) {
      expect(isRequired(fieldSchema(Body, field)), field).toBe(false);
      expect(await errors(rules(field, '备注'), undefined)).toEqual([]);
      expect(await errors(rules(field, '备注'), '')).toEqual([]);
    }
    expect(await errors(rules('note', '备注'), 'x'.repeat(11))).toEqual(['备注最多10个字符']);
    expect(rules('note', '备注').some((r) => typeof r === 'object' && r.required)).toBe(false);
  });

  it("a field the request leaves optional can be required by the form (a new account's password), still checked by its schema", async () => {
    const r = fieldRules(Body, 'note', '备注', zh, { required: true });
    expect(await errors(r, '')).toEqual(['请输入备注']);
    expect(await errors(r, '  ')).toEqual(['请输入备注']);
    expect(await errors(r, 'x'.repeat(11))).toEqual(['备注最多10个字符']);
    expect(await errors(fieldRules(Body, 'note', '备注', zh, { required: false }), '')).toEqual([]);
  });

  it('choices: enums, arrays, days say 请选择; an unknown enum value is refused', async () => {
    expect(isChoice(fieldSchema(Body, 'kind'))).toBe(true);
    expect(isChoice(fieldSchema(Body, 'day'))).toBe(true);
    expect(isChoice(fieldSchema(Body, 'name'))).toBe(false);
    expect(await errors(rules('kind', '机构类型'), undefined)).toEqual(['请选择机构类型']);
    expect(await errors(rules('kind', '机构类型'), 'PERSON')).toEqual(['请选择机构类型']);
    expect(await errors(rules('tags', '所属行业'), [])).toEqual(['请选择所属行业']);
    expect(await errors(rules('tags', '所属行业'), ['a', 'b', 'c'])).toEqual(['所属行业最多选择2项']);
    expect(await errors(fieldRules(Body, 'name', '名称', zh, { choice: true }), '')).toEqual(['请选择名称']);
  });

  it('numbers: bounds inclusive and exclusive, integers', async () => {
    expect(await errors(rules('amount', '金额'), 0.1)).toEqual([]);
    expect(await errors(rules('amount', '金额'), 100)).toEqual([]);
    expect(await errors(rules('amount', '金额'), 0.09)).toEqual(['金额不能小于0.1']);
    expect(await errors(rules('amount', '金额'), 100.01)).toEqual(['金额不能大于100']);
    expect(await errors(rules('rate', '利率'), 0)).toEqual(['利率须大于0']);
    expect(await errors(rules('rate', '利率'), 36)).toEqual(['利率须小于36']);
    expect(await errors(rules('term', '期限'), 1.5)).toEqual(['期限须为整数']);
  });

  it('the password policy refuses what the server refuses (Password1, Admin@123), with its own reason', async () => {
    const pw = rules('password', '密码');
    expect(await errors(pw, 'Password1')).toEqual(['密码过于常见，请换一个更复杂的密码']);
    expect(await errors(pw, 'Admin@123')).toEqual(['密码过于常见，请换一个更复杂的密码']);
    expect(await errors(pw, 'short1A')).toEqual(['密码长度须为8-64位']);
    expect(await errors(pw, 'has space 123')).toEqual(['密码不能包含空格']);
    expect(await errors(pw, 'aaaabbbb')).toEqual(['密码过于简单，请换一个更复杂的密码']);
    expect(await errors(pw, 'x'.repeat(60) + 'Ab1!')).toEqual([]);
    expect(await errors(pw, 'x'.repeat(61) + 'Ab1!')).toEqual(['密码长度须为8-64位']);
    for (const good of ['Tea#Garden-2031', 'greentea-harvest']) expect(await errors(pw, good), good).toEqual([]);
    for (const weak of ['Password1', 'Admin@123', 'Demo@2026']) expect(ZPassword.safeParse(weak).success).toBe(false);
  });

  it('phone and account name follow the contract rule', async () => {
    expect(await errors(rules('phone', '手机号'), '13800000001')).toEqual([]);
    expect(await errors(rules('phone', '手机号'), ' 13800000001 ')).toEqual([]);
    for (const bad of ['12800000001', '1380000000', '138000000011', '138****0001'])
      expect(await errors(rules('phone', '手机号'), bad), bad).toEqual(['手机号须为11位手机号']);
    expect(await errors(rules('username', '账号'), 'abcd')).toEqual([]);
    expect(await errors(rules('username', '账号'), 'a'.repeat(32))).toEqual([]);
    for (const bad of ['ab', 'a'.repeat(33), '1abcd', 'ab-cd'])
      expect(await errors(rules('username', '账号'), bad), bad).toEqual(['账号须以字母开头，3-32位字母、数字或下划线']);
  });

  it('nested paths: an optional object field and array elements', async () => {
    expect(await errors(rules(['admin', 'phone'], '管理员手机号'), '123')).toEqual(['管理员手机号须为11位手机号']);
    expect(await errors(rules(['admin', 'name'], '管理员姓名'), '')).toEqual(['请输入管理员姓名']);
    expect(await errors(rules(['admin', 'name'], '管理员姓名'), '甲乙丙丁戊己庚辛壬')).toEqual([
      '管理员姓名最多8个字符',
    ]);
    expect(await errors(rules(['rows', 0, 'title'], '标题'), 'abcd')).toEqual(['标题最多3个字符']);
    expect(() => rules(['admin', 'email'], '邮箱')).toThrow(/admin\.email/);
  });

  it('messages name the field in English too', async () => {
    expect(await errors(rules('name', 'Name', en), '')).toEqual(['Please enter Name']);
    expect(await errors(rules('name', 'Name', en), 'a'.repeat(41))).toEqual(['Name must be at most 40 characters']);
    expect(await errors(rules('kind', 'Institution type', en), undefined)).toEqual(['Please select Institution type']);
    expect(await errors(rules('phone', 'Phone', en), '123')).toEqual(['Phone must be an 11-digit mobile number']);
    expect(await errors(rules('password', 'Password', en), 'Admin@123')).toEqual([
      'Password is too common; choose a stronger one',
    ]);
    expect(await errors(rules('amount', 'Amount', en), 1000)).toEqual(['Amount must be at most 100']);
  });

  it('transforms the form value before the check when asked (a picker value into the request shape)', async () => {
    const r = fieldRules(Body, 'day', '日期', zh, { toRequest: (v) => (v ? String(v).slice(0, 10) : v) });
    expect(await errors(r, '2026-11-24T00:00:00')).toEqual([]);
    expect(await errors(r, 'soon')).toEqual(['日期格式不正确']);
    // A picker holds an object, not a string: the required rule must not type-check it as text.
    const picked = { format: () => '2026-11-24' };
    const d = fieldRules(Body, 'day', '日期', zh, { toRequest: (v) => (v as typeof picked | undefined)?.format() });
    expect(await errors(d, picked)).toEqual([]);
    expect(await errors(d, undefined)).toEqual(['请选择日期']);
  });

  it('works with zod/mini schemas and with the contract operations', async () => {
    const Mini = zm.strictObject({ title: zm.string().check(zm.trim(), zm.minLength(1), zm.maxLength(4)) });
    expect(await errors(fieldRules(Mini, 'title', '标题', zh), '12345')).toEqual(['标题最多4个字符']);
    expect(await errors(fieldRules(Mini, 'title', '标题', zh), ' ')).toEqual(['请输入标题']);
    // Unions: registration (discriminated) and certification take the first option declaring the field.
    expect(await errors(fieldRules(ZRegisterRequest, 'legalRep', '法定代表人', zh), 'x'.repeat(41))).toEqual([
      '法定代表人最多40个字符',
    ]);
    const credit = fieldRules(ZCertifyRequest, 'creditCode', '统一社会信用代码', zh);
    expect(await errors(credit, withCheckChar('91350100M000100Y4'))).toEqual([]);
    expect(await errors(credit, '91350100M000100Y40')).toEqual(['统一社会信用代码格式或校验位错误']);
    expect(await errors(fieldRules(accountOps.bindPhone.body, 'smsCode', '验证码', zh), '12345')).toEqual([
      '验证码须为6位数字',
    ]);
    // '' or a password: the password option says what is wrong, not "invalid input".
    const sub = fieldRules(accountOps.saveChildUser.body, 'password', '密码', zh);
    expect(await errors(sub, 'Password1')).toEqual(['密码过于常见，请换一个更复杂的密码']);
    expect(await errors(sub, '')).toEqual([]);
    expect(await errors(fieldRules(accountOps.updateInfo.body, 'email', '邮箱', zh), 'a@b')).toEqual([
      '邮箱格式不正确',
    ]);
    expect(await errors(fieldRules(orgsOps.saveOrg.body, ['admin', 'username'], '管理员账号', zh), 'ab')).toEqual([
      '管理员账号须以字母开头，3-32位字母、数字或下划线',
    ]);
  });

  it('every contract message it translates is one the contract produces', () => {
    const produced = new Set<string>();
    const add = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
      r.error?.issues.forEach((i) => produced.add(i.message));
    add(ZPhone.safeParse('1'));
    add(ZSmsCode.safeParse('1'));
    add(ZUsername.safeParse('1'));
    for (const p of ['short', 'has space 123', 'Admin@123', 'aaaabbbb']) add(ZPassword.safeParse(p));
    add(ZCreditCode.safeParse('1'));
    add(ZSaveSettingsRequest.shape.toSyxUrl.safeParse('ftp://x'));
    add(ZLink.safeParse('//evil'));
    add((ZCertifyRequest.options[1] as (typeof ZCertifyRequest.options)[1]).shape.idNumber.safeParse('1'));
    expect(Object.keys(CONTRACT_MESSAGES).filter((m) => !produced.has(m))).toEqual([]);
  });
});

describe('local rules with no request counterpart', () => {
  it('confirmation names the field; agreement names the document', async () => {
    expect(await errors(confirmRules(zh, 'password', '密码'), '')).toEqual(['请再次输入密码']);
    expect(await errors(confirmRules(zh, 'password', '密码'), 'abc', { password: 'abd' })).toEqual([
      '两次输入的密码不一致',
    ]);
    expect(await errors(confirmRules(zh, 'password', '密码'), 'abc', { password: 'abc' })).toEqual([]);
    expect(await errors(confirmRules(en, 'password', 'password'), 'abc', { password: 'x' })).toEqual([
      'The two entries of password do not match',
    ]);
    expect(await errors(confirmRules(en, 'password', 'password'), undefined)).toEqual(['Please enter password again']);
    expect(await errors([mustAgree(zh, '用户协议')], false)).toEqual(['请阅读并同意用户协议']);
    expect(await errors([mustAgree(zh, '用户协议')], true)).toEqual([]);
  });
});
