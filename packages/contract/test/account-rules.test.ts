import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  ZUpdatePasswordRequest,
  ZSaveEntChildUserRequest,
  ZBindPhoneRequest,
  ZUpdatePhoneRequest,
} from '../src/auth/account.ts';
import { passwordProblem, ZPassword } from '../src/auth/password-policy.ts';
import { ZRegisterRequest, ZSmsLoginRequest } from '../src/auth/register.ts';
import { PHONE_RE, ZPhone, ZSendSmsCodeRequest } from '../src/auth/sms.ts';
import { ZCreateDemandRequest } from '../src/demands/calls.ts';
import { USERNAME_RE, ZUsername } from '../src/orgs/admin-fields.ts';
import { ZSaveOrgRequest } from '../src/orgs/org-admin.ts';
import { ZSaveStaffRequest } from '../src/orgs/staff.ts';
import { ZSavePlatformUserRequest } from '../src/orgs/user-admin.ts';
import { CONTACT_PHONE_RE } from '../src/products/product.ts';

/**
 * Issue 12: one password policy, one phone rule and one account-name rule, whatever the screen. Each schema that
 * takes one of them is fed the boundary cases: what one refuses, all refuse.
 */

const GOOD_PASSWORD = 'Tea#Garden-2031';
const WEAK_PASSWORDS = ['Password1', 'Admin@123', 'admin@123', 'Demo@2026', 'short1A', 'aaaaaaaa1', 'has space 123'];
const GOOD_PHONE = '13812345678';

/** Every schema that sets a password, as a function of the password. */
const passwordSetters: Record<string, (password: string) => z.ZodSafeParseResult<unknown>> = {
  'registration (person)': (password) =>
    ZRegisterRequest.safeParse({
      type: 'PERSON',
      name: '李明',
      phone: GOOD_PHONE,
      smsCode: '123456',
      password,
      agreement: true,
      agreementIds: [1, 2],
    }),
  'registration (enterprise)': (password) =>
    ZRegisterRequest.safeParse({
      type: 'ENTERPRISE',
      enterpriseName: '示范茶业有限公司',
      creditCode: '91350100M000100Y43',
      legalRep: '王五',
      phone: GOOD_PHONE,
      smsCode: '123456',
      password,
      agreement: true,
      agreementIds: [1, 2],
    }),
  'change password': (password) => ZUpdatePasswordRequest.safeParse({ oldPassword: 'whatever', newPassword: password }),
  'enterprise sub-account': (password) =>
    ZSaveEntChildUserRequest.safeParse({ username: 'sub_one', name: '子账号', phone: GOOD_PHONE, password }),
  'operator user': (password) =>
    ZSavePlatformUserRequest.safeParse({
      username: 'ops_one',
      name: '运营',
      phone: GOOD_PHONE,
      password,
      roleIds: [1],
    }),
  'institution staff': (password) =>
    ZSaveStaffRequest.safeParse({ orgId: 1, username: 'staff_one', name: '员工', phone: GOOD_PHONE, password }),
  'institution admin (new organisation)': (password) =>
    ZSaveOrgRequest.safeParse({
      kind: 'BANK',
      name: '示范银行股份有限公司',
      shortName: '示范银行',
      classifiedType: 'BANK',
      regionCode: '999900',
      admin: { username: 'bank_admin', name: '管理员', phone: GOOD_PHONE, password },
    }),
};

describe('one password policy (PRODUCT.md section 4)', () => {
  it('accepts a good password everywhere a password is set', () => {
    for (const [where, parse] of Object.entries(passwordSetters))
      expect(parse(GOOD_PASSWORD).success, where).toBe(true);
  });

  it('refuses Password1, Admin@123 and the other weak ones everywhere a password is set', () => {
    for (const weak of WEAK_PASSWORDS) {
      expect(passwordProblem(weak), weak).not.toBeNull();
      expect(ZPassword.safeParse(weak).success, weak).toBe(false);
      for (const [where, parse] of Object.entries(passwordSetters))
        expect(parse(weak).success, `${where}: ${weak}`).toBe(false);
    }
  });

  it('takes 8 to 64 characters, letters without digits included (length and the common list decide)', () => {
    expect(passwordProblem('Tg#7kq2')).not.toBeNull();
    expect(passwordProblem('Tg#7kq2x')).toBeNull();
    expect(passwordProblem('x'.repeat(60) + 'Ab1#')).toBeNull();
    expect(passwordProblem('x'.repeat(61) + 'Ab1#')).not.toBeNull();
    expect(passwordProblem('greentea-harvest')).toBeNull();
  });
});

/** Every schema that takes a mobile number, as a function of it. */
const phoneTakers: Record<string, (phone: string) => boolean> = {
  ZPhone: (phone) => ZPhone.safeParse(phone).success,
  'SMS code': (phone) =>
    ZSendSmsCodeRequest.safeParse({ phone, purpose: 'LOGIN', captchaId: 'c', captchaCode: 'x' }).success,
  'SMS login': (phone) =>
    ZSmsLoginRequest.safeParse({ phone, smsCode: '123456', redirect: 'http://localhost:3000/' }).success,
  registration: (phone) =>
    ZRegisterRequest.safeParse({
      type: 'PERSON',
      name: '李明',
      phone,
      smsCode: '123456',
      password: GOOD_PASSWORD,
      agreement: true,
      agreementIds: [1, 2],
    }).success,
  'bind phone': (phone) => ZBindPhoneRequest.safeParse({ phone, smsCode: '123456' }).success,
  'change phone': (phone) =>
    ZUpdatePhoneRequest.safeParse({ oldPassword: 'x', newPhone: phone, newSmsCode: '123456' }).success,
  'enterprise sub-account': (phone) =>
    ZSaveEntChildUserRequest.safeParse({ username: 'sub_one', name: '子账号', phone, password: GOOD_PASSWORD }).success,
  'operator user': (phone) =>
    ZSavePlatformUserRequest.safeParse({
      username: 'ops_one',
      name: '运营',
      phone,
      password: GOOD_PASSWORD,
      roleIds: [1],
    }).success,
  'institution staff': (phone) =>
    ZSaveStaffRequest.safeParse({ orgId: 1, username: 'staff_one', name: '员工', phone, password: GOOD_PASSWORD })
      .success,
  'demand contact': (phone) => {
    const r = ZCreateDemandRequest.safeParse({ contactPhone: phone });
    return r.success || !r.error.issues.some((i) => i.path[0] === 'contactPhone');
  },
  'product contact': (phone) => CONTACT_PHONE_RE.test(phone),
  PHONE_RE: (phone) => PHONE_RE.test(phone),
};

describe('one mobile-number rule', () => {
  const accepted = ['13012345678', '13812345678', '19912345678', '15000000000', ' 13812345678 '];
  const refused = [
    '1381234567', // 10 digits
    '138123456789', // 12 digits
    '23812345678', // not a leading 1
    '10012345678', // second digit 0
    '11012345678', // second digit 1
    '12012345678', // second digit 2
    '138****5678', // masked
    '1381234567a',
    '+8613812345678',
    '',
  ];
  it('accepts 11 digits, a leading 1 and a second digit 3-9 everywhere', () => {
    for (const [where, ok] of Object.entries(phoneTakers)) {
      for (const p of accepted) {
        if (where === 'PHONE_RE' || where === 'product contact') continue; // raw patterns: the schemas trim first
        expect(ok(p), `${where}: ${p}`).toBe(true);
      }
      expect(ok('13812345678'), where).toBe(true);
    }
  });
  it('refuses every other number everywhere', () => {
    for (const [where, ok] of Object.entries(phoneTakers))
      for (const p of refused) expect(ok(p), `${where}: ${p}`).toBe(false);
  });
  it('still lets a product give a landline', () => {
    expect(CONTACT_PHONE_RE.test('0999-6123456')).toBe(true);
    expect(CONTACT_PHONE_RE.test('12812345678')).toBe(false);
  });
});

describe('one account-name rule', () => {
  const takers: Record<string, (username: string) => boolean> = {
    ZUsername: (u) => ZUsername.safeParse(u).success,
    'enterprise sub-account': (u) =>
      ZSaveEntChildUserRequest.safeParse({ username: u, name: '子账号', phone: GOOD_PHONE, password: GOOD_PASSWORD })
        .success,
    'operator user': (u) =>
      ZSavePlatformUserRequest.safeParse({
        username: u,
        name: '运营',
        phone: GOOD_PHONE,
        password: GOOD_PASSWORD,
        roleIds: [1],
      }).success,
    'institution staff': (u) =>
      ZSaveStaffRequest.safeParse({ orgId: 1, username: u, name: '员工', phone: GOOD_PHONE, password: GOOD_PASSWORD })
        .success,
  };
  const accepted = ['abcd', 'gov', 'jrj', 'a'.repeat(32), 'Bank_Admin2', 'ICBC_ADMIN', 'x123'];
  const refused = [
    'ab', // 2 characters
    'a'.repeat(33), // 33 characters
    '1abc', // starts with a digit: would read as a phone number or a credit code
    '13812345678',
    '_abc',
    'ab.cd', // dot and hyphen: not allowed anywhere now
    'ab-cd',
    'ab cd',
    '张三丰账号',
    '',
  ];
  it('accepts 3-32 letters (the demo accounts gov, jrj, rsj), digits or underscores starting with a letter, in any case, everywhere', () => {
    for (const [where, ok] of Object.entries(takers))
      for (const u of accepted) expect(ok(u), `${where}: ${u}`).toBe(true);
  });
  it('refuses the boundary cases everywhere', () => {
    for (const [where, ok] of Object.entries(takers))
      for (const u of refused) expect(ok(u), `${where}: ${u}`).toBe(false);
    expect(USERNAME_RE.test('Abcd')).toBe(true);
  });
  it('keeps the case as typed (the server compares names case-insensitively)', () => {
    expect(ZUsername.parse(' Bank_Admin ')).toBe('Bank_Admin');
  });
});
