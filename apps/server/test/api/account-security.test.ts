import { randomBytes } from 'node:crypto';
import { and, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountOps } from '@phjr/contract/auth/account';
import {
  ADMIN_PASSWORD_RESETS_PER_HOUR,
  FORGOT_PASSWORD_FAILURES_PER_ADDRESS_PER_HOUR,
} from '@phjr/contract/auth/password-reset';
import { orgsOps } from '@phjr/contract/orgs/orgs-ops';
import { users } from '../../src/db/schema/index.ts';
import { auditLog } from '../../src/db/schema/system.ts';
import {
  CLIENT_URL,
  call,
  createTestApp,
  login,
  loginAs,
  nextIp,
  ticketOf,
  type TestApp,
  type Tokens,
} from '../helpers.ts';
import { form, lastCode, newPhone, sendCode, solveCaptcha } from './sms-helpers.ts';

/**
 * Issue 30, item 2: every account kind's own password and phone, the sign-in pages' forgotten password, and an
 * administrator's reset that forces a change at the next sign-in (docs/sso.md, "My account, forgotten password, reset").
 */
let t: TestApp;
let operator: Tokens;
let bankAdmin: Tokens;
let bankOrgId: number;
const started = new Date();
const PW = 'Kumquat#Grove-41';
const NEW_PW = 'Lotus&Harbor-77';
const uniq = () => randomBytes(4).toString('hex');

beforeAll(async () => {
  t = await createTestApp();
  operator = await loginAs(t.app, 'operator');
  bankAdmin = await loginAs(t.app, 'bank');
  bankOrgId = (await call(t.app, bankAdmin, { url: '/zscms/user/getUserInfo.json?sysEnum=PHJR' })).json().data.orgId;
});
afterAll(() => t.close());

const post = (tokens: Tokens | null, url: string, payload: Record<string, unknown>, ip = nextIp()) =>
  call(t.app, tokens, { method: 'POST', url, payload, remoteAddress: ip });
const postForm = (tokens: Tokens | null, url: string, payload: Record<string, string>, ip = nextIp()) =>
  call(t.app, tokens, { method: 'POST', url, remoteAddress: ip, ...form(payload) });
const get = (tokens: Tokens | null, url: string) => call(t.app, tokens, { url });

/** A fresh bank staff account of the demo bank (made by its admin), with its own phone. */
async function newBankStaff() {
  const username = `acc_${uniq()}`;
  const phone = newPhone();
  const res = await post(bankAdmin, orgsOps.saveStaff.path, {
    orgId: bankOrgId,
    username,
    name: '账户测试员',
    phone,
    password: PW,
  });
  expect(res.json().success, res.body).toBe(true);
  return { userId: res.json().data.userId as number, username, phone };
}

async function auditsOf(action: string, target: string) {
  return t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.target, target), gt(auditLog.at, started)));
}

async function passwordHashOf(userId: number) {
  const [u] = await t.database.db
    .select({ h: users.passwordHash, must: users.mustChangePassword })
    .from(users)
    .where(eq(users.id, userId));
  return u;
}

const relatedSubjects = (tokens: Tokens) => get(tokens, accountOps.relatedSubjects.path);

describe('my account: every account kind', () => {
  it('lists the own-account page in every kind of session, whatever its roles', async () => {
    const pages: [string, string][] = [
      ['operator', '/operateClient/my/account'],
      ['bank', '/financialInstitution/my/account'],
      ['guarantee', '/guaranteePlatform/my/account'],
      ['gov', '/supervisionClient/my/account'],
      ['rsj', '/supervisionClient/my/account'],
      ['person', '/userClient/my/editPassword'],
      ['enterprise', '/userClient/my/editPhone'],
    ];
    for (const [who, page] of pages) {
      const tokens = who === 'operator' ? operator : who === 'bank' ? bankAdmin : await loginAs(t.app, who as 'gov');
      const info = (await get(tokens, '/zscms/user/getUserInfo.json?sysEnum=PHJR')).json().data;
      expect(info.resourceList, who).toContain(page);
      expect(info.mustChangePassword, who).toBe(false);
    }
  });

  it('a bank account changes its own password: wrong current, weak and unchanged passwords change nothing; the change ends the other sessions', async () => {
    const staff = await newBankStaff();
    const first = await login(t.app, staff.username, PW);
    const second = await login(t.app, staff.username, PW);
    const before = await passwordHashOf(staff.userId);

    const wrong = await postForm(second, accountOps.updatePassword.path, {
      oldPassword: 'not-the-password',
      newPassword: NEW_PW,
    });
    expect(wrong.json()).toMatchObject({ success: false, errorCode: 'PASSWORD_WRONG' });
    expect(await auditsOf('account.password.failed', staff.username)).toHaveLength(1);

    const weak = await postForm(second, accountOps.updatePassword.path, {
      oldPassword: PW,
      newPassword: 'password123',
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().errorCode).toBe('VALIDATION');

    const same = await postForm(second, accountOps.updatePassword.path, { oldPassword: PW, newPassword: PW });
    expect(same.json()).toMatchObject({ success: false, errorCode: 'PASSWORD_SAME' });
    expect((await passwordHashOf(staff.userId)).h).toBe(before.h);
    expect(await auditsOf('account.password', staff.username)).toHaveLength(0);

    const ok = await postForm(second, accountOps.updatePassword.path, { oldPassword: PW, newPassword: NEW_PW });
    expect(ok.json(), ok.body).toMatchObject({ success: true });
    // The changing session goes on; the other one has ended.
    expect((await relatedSubjects(second)).statusCode).toBe(200);
    expect((await relatedSubjects(first)).json()).toMatchObject({ code: 20401, errorCode: 'SESSION_INVALID' });
    await expect(login(t.app, staff.username, PW)).rejects.toThrow(/LOGIN_FAILED/);
    await login(t.app, staff.username, NEW_PW);
    expect(await auditsOf('account.password', staff.username)).toHaveLength(1);
  });

  it('an institution account changes its bound phone with a code sent to the new phone', async () => {
    const staff = await newBankStaff();
    const tokens = await login(t.app, staff.username, PW);
    const phone = newPhone();
    expect((await sendCode(t, phone, 'CHANGE_PHONE', nextIp())).json().success).toBe(true);
    const wrongCode = await postForm(tokens, accountOps.updatePhone.path, {
      oldPassword: PW,
      newPhone: phone,
      newSmsCode: '000000',
    });
    expect(wrongCode.json().errorCode).toBe('SMS_CODE_INVALID');
    const code = await lastCode(t, phone);
    const ok = await postForm(tokens, accountOps.updatePhone.path, {
      oldPassword: PW,
      newPhone: phone,
      newSmsCode: code,
    });
    expect(ok.json(), ok.body).toMatchObject({ success: true });
    const [u] = await t.database.db.select({ phone: users.phone }).from(users).where(eq(users.id, staff.userId));
    expect(u.phone).toBe(phone);
    expect(await auditsOf('account.phone', staff.username)).toHaveLength(1);
  });
});

describe("an administrator's reset", () => {
  it('the operator resets a bank account: its sessions end, the sign-in says a change is due, and nothing else works until it is changed', async () => {
    const staff = await newBankStaff();
    const old = await login(t.app, staff.username, PW);

    // The operator's list offers the reset on the bank account, not on its own row.
    const page = (await get(operator, `${orgsOps.platformUserPage.path}?name=${staff.username}&pageSize=10`)).json()
      .data;
    expect(page.list.find((r: { userId: number }) => r.userId === staff.userId).actions).toContain('resetPassword');
    const me = (await get(operator, '/zscms/user/getUserInfo.json?sysEnum=PHJR')).json().data;
    expect((await post(operator, orgsOps.resetUserPassword.path, { userId: me.userId })).json().errorCode).toBe(
      'VALIDATION',
    );

    const reset = await post(operator, orgsOps.resetUserPassword.path, { userId: staff.userId });
    expect(reset.json(), reset.body).toMatchObject({ success: true, data: { userId: staff.userId } });
    const temporary = reset.json().data.temporaryPassword as string;
    expect(temporary).not.toBe(PW);
    expect(await auditsOf('user.password.reset', `user:${staff.userId}`)).toHaveLength(1);
    const told = await t.database.pool.query(
      "SELECT count(*)::int AS n FROM sms_outbox WHERE phone = $1 AND template_code = 'PASSWORD_RESET'",
      [staff.phone],
    );
    expect(told.rows[0].n).toBe(1);

    // Old sessions have ended; the old password no longer signs in.
    expect((await relatedSubjects(old)).json()).toMatchObject({ code: 20401, errorCode: 'SESSION_INVALID' });
    await expect(login(t.app, staff.username, PW)).rejects.toThrow(/LOGIN_FAILED/);

    // The sign-in answers that a change is due; the session may read itself and change the password, nothing else.
    const ip = nextIp();
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/ssoserver/doLogin',
      payload: { username: staff.username, password: temporary, redirect: CLIENT_URL },
      remoteAddress: ip,
    });
    expect(signIn.json().data.passwordChangeRequired).toBe(true);
    const ex = await t.app.inject({
      method: 'POST',
      url: '/doLoginByTicket',
      payload: { ticket: ticketOf(signIn.json().data.redirectUrl), clientLoginUrl: CLIENT_URL },
      remoteAddress: ip,
    });
    const fresh = ex.json().data as Tokens;
    expect((await get(fresh, '/zscms/user/getUserInfo.json?sysEnum=PHJR')).json().data.mustChangePassword).toBe(true);
    expect((await get(fresh, accountOps.info.path)).statusCode).toBe(200);
    const refused = await relatedSubjects(fresh);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errorCode).toBe('PASSWORD_CHANGE_REQUIRED');
    expect((await get(fresh, '/finance/message/unreadCount.json')).json().errorCode).toBe('PASSWORD_CHANGE_REQUIRED');

    const changed = await postForm(fresh, accountOps.updatePassword.path, {
      oldPassword: temporary,
      newPassword: NEW_PW,
    });
    expect(changed.json(), changed.body).toMatchObject({ success: true });
    expect((await relatedSubjects(fresh)).statusCode).toBe(200);
    expect((await get(fresh, '/zscms/user/getUserInfo.json?sysEnum=PHJR')).json().data.mustChangePassword).toBe(false);
    const after = await t.app.inject({
      method: 'POST',
      url: '/ssoserver/doLogin',
      payload: { username: staff.username, password: NEW_PW, redirect: CLIENT_URL },
      remoteAddress: nextIp(),
    });
    expect(after.json().data.passwordChangeRequired).toBe(false);
    const [row] = await auditsOf('account.password', staff.username);
    expect(row.detail).toMatchObject({ afterReset: true });
  });

  it('refuses what the operator does not administer: persons and unknown accounts are not found, staff lack the permission', async () => {
    const [person] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.username, 'person'));
    expect((await post(operator, orgsOps.resetUserPassword.path, { userId: person.id })).json().errorCode).toBe(
      'NOT_FOUND',
    );
    expect((await post(operator, orgsOps.resetUserPassword.path, { userId: 987654321 })).json().errorCode).toBe(
      'NOT_FOUND',
    );
    const staff = await newBankStaff();
    const staffTokens = await login(t.app, staff.username, PW);
    expect((await post(staffTokens, orgsOps.resetUserPassword.path, { userId: staff.userId })).statusCode).toBe(403);
    expect((await post(staffTokens, orgsOps.resetStaffPassword.path, { userId: staff.userId })).statusCode).toBe(403);
    expect((await passwordHashOf(staff.userId)).must).toBe(false);
  });

  it("a bank's admin resets its own staff (not another bank's): the staff must change it at next sign-in", async () => {
    const staff = await newBankStaff();
    const rows = (await get(bankAdmin, `${orgsOps.staffPage.path}?name=${staff.username}&pageSize=10`)).json().data
      .list;
    expect(rows.find((r: { userId: number }) => r.userId === staff.userId).actions).toContain('resetPassword');
    const [other] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.username, 'icbc_admin'));
    expect((await post(bankAdmin, orgsOps.resetStaffPassword.path, { userId: other.id })).json().errorCode).toBe(
      'NOT_FOUND',
    );

    const reset = await post(bankAdmin, orgsOps.resetStaffPassword.path, { userId: staff.userId });
    expect(reset.json(), reset.body).toMatchObject({ success: true });
    expect(await auditsOf('staff.password.reset', `user:${staff.userId}`)).toHaveLength(1);
    const tokens = await login(t.app, staff.username, reset.json().data.temporaryPassword);
    expect((await relatedSubjects(tokens)).json().errorCode).toBe('PASSWORD_CHANGE_REQUIRED');
  });

  it('an enterprise main account setting a sub-account password makes the sub-account change it', async () => {
    const ent = await loginAs(t.app, 'enterprise');
    const username = `sub_${uniq()}`;
    const created = await postForm(ent, accountOps.saveChildUser.path, {
      username,
      name: '子账号',
      phone: newPhone(),
      password: PW,
    });
    expect(created.json().success, created.body).toBe(true);
    const id = String(created.json().data.id);
    const edited = await postForm(ent, accountOps.saveChildUser.path, {
      id,
      username,
      name: '子账号',
      phone: newPhone(),
      password: NEW_PW,
    });
    expect(edited.json().success, edited.body).toBe(true);
    expect(await auditsOf('account.sub.password.reset', username)).toHaveLength(1);
    const tokens = await login(t.app, username, NEW_PW);
    expect((await relatedSubjects(tokens)).json().errorCode).toBe('PASSWORD_CHANGE_REQUIRED');
  });

  it(`refuses an administrator's reset past ${ADMIN_PASSWORD_RESETS_PER_HOUR} in an hour`, async () => {
    const username = `ops_${uniq()}`;
    const roles = (await get(operator, orgsOps.roleList.path)).json().data as { id: number; code: string | null }[];
    const admin = roles.find((r) => r.code === 'PLATFORM_ADMIN')!;
    const made = await post(operator, orgsOps.savePlatformUser.path, {
      username,
      name: '限流测试',
      phone: newPhone(),
      password: PW,
      roleIds: [admin.id],
    });
    expect(made.json().success, made.body).toBe(true);
    const adminId = made.json().data.userId as number;
    const tokens = await login(t.app, username, PW);
    // Earlier resets of this administrator, as the audit log keeps them (the limit counts the log).
    const rows = Array.from({ length: ADMIN_PASSWORD_RESETS_PER_HOUR }, () => ({
      userId: adminId,
      action: 'user.password.reset',
      target: 'user:0',
      ip: '::1',
    }));
    await t.database.db.insert(auditLog).values(rows);
    const staff = await newBankStaff();
    const res = await post(tokens, orgsOps.resetUserPassword.path, { userId: staff.userId });
    expect(res.statusCode).toBe(429);
    expect(res.json().errorCode).toBe('RATE_LIMITED');
    expect((await passwordHashOf(staff.userId)).must).toBe(false);
  });
});

describe('forgotten password by SMS code', () => {
  async function resetCode(phone: string, ip = nextIp()) {
    expect((await sendCode(t, phone, 'RESET_PASSWORD', ip)).json().success).toBe(true);
    return lastCode(t, phone);
  }

  it('answers alike for a phone without an account and a wrong code, and resets with the right one, ending every session', async () => {
    const staff = await newBankStaff();
    const old = await login(t.app, staff.username, PW);
    const stranger = newPhone();
    // Sending answers alike whether or not the phone has an account.
    const sentStranger = await sendCode(t, stranger, 'RESET_PASSWORD', nextIp());
    const sentStaff = await sendCode(t, staff.phone, 'RESET_PASSWORD', nextIp());
    expect(sentStranger.json()).toEqual(sentStaff.json());

    const unknown = await postForm(null, accountOps.forgotPassword.path, {
      phone: stranger,
      smsCode: await lastCode(t, stranger),
      newPassword: NEW_PW,
    });
    const wrong = await postForm(null, accountOps.forgotPassword.path, {
      phone: staff.phone,
      smsCode: '000000',
      newPassword: NEW_PW,
    });
    expect(unknown.statusCode).toBe(wrong.statusCode);
    const strip = (b: { traceId?: string }) => ({ ...b, traceId: undefined });
    expect(strip(unknown.json())).toEqual(strip(wrong.json()));
    expect(wrong.json().errorCode).toBe('PASSWORD_RESET_FAILED');
    expect(await auditsOf('account.password.forgot.failed', staff.phone)).toHaveLength(1);

    const weak = await postForm(null, accountOps.forgotPassword.path, {
      phone: staff.phone,
      smsCode: await lastCode(t, staff.phone),
      newPassword: '12345678',
    });
    expect(weak.json().errorCode).toBe('VALIDATION');
    // The refused weak password used nothing up: the same code still works.
    const ok = await postForm(null, accountOps.forgotPassword.path, {
      phone: staff.phone,
      smsCode: await lastCode(t, staff.phone),
      newPassword: NEW_PW,
    });
    expect(ok.json(), ok.body).toMatchObject({ success: true });
    expect((await relatedSubjects(old)).json().errorCode).toBe('SESSION_INVALID');
    await login(t.app, staff.username, NEW_PW);
    expect(await auditsOf('account.password.forgot', staff.username)).toHaveLength(1);
    // A code works once.
    const again = await postForm(null, accountOps.forgotPassword.path, {
      phone: staff.phone,
      smsCode: await lastCode(t, staff.phone),
      newPassword: 'Another#Pass-93',
    });
    expect(again.json().errorCode).toBe('PASSWORD_RESET_FAILED');
  });

  it('clears a forced change and the password lock', async () => {
    const staff = await newBankStaff();
    const temporary = (await post(operator, orgsOps.resetUserPassword.path, { userId: staff.userId })).json().data
      .temporaryPassword as string;
    const tryLogin = async (password: string) =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/ssoserver/doLogin',
          payload: { username: staff.username, password, redirect: CLIENT_URL, ...(await solveCaptcha(t)) },
          remoteAddress: nextIp(),
        })
      ).json();
    for (let i = 0; i < 5; i++) await tryLogin('wrong-wrong');
    expect((await tryLogin(temporary)).errorCode).toBe('LOGIN_LOCKED');
    const ok = await postForm(null, accountOps.forgotPassword.path, {
      phone: staff.phone,
      smsCode: await resetCode(staff.phone),
      newPassword: NEW_PW,
    });
    expect(ok.json(), ok.body).toMatchObject({ success: true });
    const tokens = await login(t.app, staff.username, NEW_PW);
    expect((await relatedSubjects(tokens)).statusCode).toBe(200);
  });

  it(`refuses an address past ${FORGOT_PASSWORD_FAILURES_PER_ADDRESS_PER_HOUR} wrong tries in an hour, even with the right code`, async () => {
    const staff = await newBankStaff();
    const ip = nextIp();
    for (let i = 0; i < FORGOT_PASSWORD_FAILURES_PER_ADDRESS_PER_HOUR; i++) {
      const r = await postForm(
        null,
        accountOps.forgotPassword.path,
        { phone: newPhone(), smsCode: '123456', newPassword: NEW_PW },
        ip,
      );
      expect(r.json().errorCode).toBe('PASSWORD_RESET_FAILED');
    }
    const code = await resetCode(staff.phone);
    const limited = await postForm(
      null,
      accountOps.forgotPassword.path,
      { phone: staff.phone, smsCode: code, newPassword: NEW_PW },
      ip,
    );
    expect(limited.statusCode).toBe(429);
    expect(limited.json().errorCode).toBe('RATE_LIMITED');
    // Another address is not held back.
    const ok = await postForm(
      null,
      accountOps.forgotPassword.path,
      { phone: staff.phone, smsCode: code, newPassword: NEW_PW },
      nextIp(),
    );
    expect(ok.json(), ok.body).toMatchObject({ success: true });
  });
});
