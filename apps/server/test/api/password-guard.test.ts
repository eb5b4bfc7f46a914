import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withCheckChar } from '@phjr/contract/orgs/credit-code';
import { CLIENT_URL, call, createTestApp, login, nextIp, type TestApp, type Tokens } from '../helpers.ts';
import { insertUser } from '../../src/seed/factories.ts';
import { DEMO_PASSWORD } from '../../src/seed/demo-accounts.ts';
import { form, newPhone, solveCaptcha } from './sms-helpers.ts';

/**
 * Every password check goes through one guard (modules/auth/password-guard.ts): login, the current password of an
 * own-account change, and an enterprise's password when a person links it. Failures count against the account tried,
 * the signed-in caller and the address: captcha after 3, refused before checking after 5 in 15 minutes.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const WRONG = 'Not-the-password-1';

function randomCreditCode() {
  const digits = String(Math.floor(Math.random() * 1e7)).padStart(7, '0');
  return withCheckChar(`91999904MA${digits}`);
}

async function newEnterprise() {
  const creditCode = randomCreditCode();
  const phone = newPhone();
  const id = await insertUser(t.database.db, {
    username: creditCode,
    name: '守卫测试企业',
    password: DEMO_PASSWORD,
    accountType: 'ENTERPRISE',
    phone,
    creditCode,
    roleCodes: ['ENTERPRISE'],
  });
  return { id, creditCode, phone };
}

async function newPerson() {
  const phone = newPhone();
  const id = await insertUser(t.database.db, {
    username: phone,
    name: '守卫测试个人',
    password: DEMO_PASSWORD,
    accountType: 'PERSON',
    phone,
    roleCodes: ['PERSON'],
  });
  return { id, phone, tokens: await login(t.app, phone) };
}

/** A person's relatedSubject.do calls, all from one address of their own. */
function relater(tokens: Tokens, ip = nextIp()) {
  return (creditCode: string, password: string, extra: Record<string, string> = {}) =>
    call(t.app, tokens, {
      method: 'POST',
      url: '/ssoserver/user/relatedSubject.do',
      ...form({ creditCode, password, ...extra }),
      remoteAddress: ip,
    });
}

const passwordLogin = (username: string, password = DEMO_PASSWORD, extra: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/ssoserver/doLogin',
    payload: { username, password, redirect: CLIENT_URL, ...extra },
    remoteAddress: nextIp(),
  });

async function count(sql: string, params: unknown[]) {
  return (await t.database.pool.query(sql, params)).rows[0].n as number;
}
const messagesTo = (userId: number) => count('SELECT count(*)::int AS n FROM messages WHERE user_id = $1', [userId]);
const lockSmsTo = (phone: string) =>
  count("SELECT count(*)::int AS n FROM sms_outbox WHERE phone = $1 AND template_code = 'PASSWORD_LOCKED'", [phone]);
/** Wrong passwords that reached the check (each is audited); refusals before the check are not. */
const checkedSubjectFailures = (creditCode: string) =>
  count("SELECT count(*)::int AS n FROM audit_log WHERE action = 'account.subject.failed' AND target = $1", [
    creditCode,
  ]);

describe('POST /ssoserver/user/relatedSubject.do with a password', () => {
  it('asks for the captcha after 3 wrong passwords, locks after 5, then refuses the right password too', async () => {
    const ent = await newEnterprise();
    const person = await newPerson();
    const relate = relater(person.tokens);

    const answers = [];
    for (let i = 0; i < 3; i++) answers.push((await relate(ent.creditCode, WRONG)).json());
    expect(answers.map((a) => [a.errorCode, a.data.captchaRequired])).toEqual([
      ['SUBJECT_VERIFY_FAILED', false],
      ['SUBJECT_VERIFY_FAILED', false],
      ['SUBJECT_VERIFY_FAILED', true],
    ]);
    expect((await relate(ent.creditCode, WRONG)).json()).toMatchObject({
      success: false,
      errorCode: 'CAPTCHA_REQUIRED',
      data: { captchaRequired: true },
    });
    const { captchaId } = await solveCaptcha(t);
    expect((await relate(ent.creditCode, WRONG, { captchaId, captchaCode: 'zzzz' })).json()).toMatchObject({
      errorCode: 'CAPTCHA_INVALID',
    });
    expect((await relate(ent.creditCode, WRONG, await solveCaptcha(t))).json()).toMatchObject({
      errorCode: 'SUBJECT_VERIFY_FAILED',
    });
    expect((await relate(ent.creditCode, WRONG, await solveCaptcha(t))).json()).toMatchObject({
      errorCode: 'PASSWORD_LOCKED',
      data: { captchaRequired: true },
    });

    // The rest of 30 guesses: all refused before the password is checked.
    for (let i = 0; i < 25; i++)
      expect((await relate(ent.creditCode, WRONG, await solveCaptcha(t))).json().errorCode).toBe('PASSWORD_LOCKED');
    const right = await relate(ent.creditCode, DEMO_PASSWORD, await solveCaptcha(t));
    expect(right.json()).toMatchObject({ success: false, errorCode: 'PASSWORD_LOCKED' });
    expect((await call(t.app, person.tokens, { url: '/ssoserver/user/relatedSubjects.json' })).json().data).toEqual([]);
    expect(await checkedSubjectFailures(ent.creditCode)).toBe(5);

    // The enterprise's own password login is locked too, by its account name and by its phone.
    expect((await passwordLogin(ent.creditCode, DEMO_PASSWORD, await solveCaptcha(t))).json()).toMatchObject({
      errorCode: 'LOGIN_LOCKED',
    });
    expect((await passwordLogin(ent.phone, DEMO_PASSWORD, await solveCaptcha(t))).json()).toMatchObject({
      errorCode: 'LOGIN_LOCKED',
    });
    // ...and so is the caller's, whose five failures counted against it as well.
    expect((await passwordLogin(person.phone, DEMO_PASSWORD, await solveCaptcha(t))).json()).toMatchObject({
      errorCode: 'LOGIN_LOCKED',
    });

    // The enterprise was told once: one in-site message and one SMS, not one per failure.
    expect(await messagesTo(ent.id)).toBe(1);
    expect(await lockSmsTo(ent.phone)).toBe(1);
    const msg = await t.database.pool.query('SELECT title, content FROM messages WHERE user_id = $1', [ent.id]);
    expect(msg.rows[0].content).toContain(ent.creditCode);
  });

  it('lets no more than 5 of 30 concurrent guesses reach the password check', async () => {
    const ent = await newEnterprise();
    const person = await newPerson();
    const relate = relater(person.tokens);
    const captchas = [];
    for (let i = 0; i < 30; i++) captchas.push(await solveCaptcha(t));
    const started = Date.now();
    const answers = await Promise.all(captchas.map((c) => relate(ent.creditCode, WRONG, c).then((r) => r.json())));
    const ms = Date.now() - started;
    expect(answers.every((a) => a.success === false)).toBe(true);
    expect(await checkedSubjectFailures(ent.creditCode)).toBe(5);
    expect(answers.filter((a) => a.errorCode === 'SUBJECT_VERIFY_FAILED')).toHaveLength(4);
    expect(answers.filter((a) => a.errorCode === 'PASSWORD_LOCKED')).toHaveLength(26);
    expect((await relate(ent.creditCode, DEMO_PASSWORD, await solveCaptcha(t))).json()).toMatchObject({
      errorCode: 'PASSWORD_LOCKED',
    });
    expect(await messagesTo(ent.id)).toBe(1);
    expect(await lockSmsTo(ent.phone)).toBe(1);
    console.info(`30 concurrent relatedSubject guesses answered in ${ms} ms`);
  });

  it('answers a code without an account exactly like one with an account, the lock included', async () => {
    const ent = await newEnterprise();
    const nobody = randomCreditCode();
    const known = relater((await newPerson()).tokens);
    const unknown = relater((await newPerson()).tokens);
    for (let i = 0; i < 6; i++) {
      const extra = i >= 3 ? await solveCaptcha(t) : {};
      const a = await known(ent.creditCode, WRONG, extra);
      const b = await unknown(nobody, WRONG, i >= 3 ? await solveCaptcha(t) : {});
      expect(a.statusCode).toBe(b.statusCode);
      expect(a.json(), `try ${i + 1}`).toEqual(b.json());
    }
    expect((await unknown(nobody, WRONG)).json()).toMatchObject({ errorCode: 'PASSWORD_LOCKED' });
  });

  it('stops a caller from spreading guesses over many enterprises', async () => {
    const person = await newPerson();
    const relate = relater(person.tokens);
    for (let i = 0; i < 5; i++) {
      const ent = await newEnterprise();
      const res = await relate(ent.creditCode, WRONG, i >= 3 ? await solveCaptcha(t) : {});
      expect(res.json().errorCode).toBe(i < 4 ? 'SUBJECT_VERIFY_FAILED' : 'PASSWORD_LOCKED');
    }
    const fresh = await newEnterprise();
    expect((await relate(fresh.creditCode, DEMO_PASSWORD, await solveCaptcha(t))).json()).toMatchObject({
      errorCode: 'PASSWORD_LOCKED',
    });
    // None of those enterprises was tried 5 times: none is locked or told.
    expect((await passwordLogin(fresh.creditCode)).json().success).toBe(true);
    expect(await messagesTo(fresh.id)).toBe(0);
  });

  it('links with the right password, forgiving the enterprise its earlier failures but not the caller', async () => {
    const ent = await newEnterprise();
    const person = await newPerson();
    const relate = relater(person.tokens);
    for (let i = 0; i < 2; i++) await relate(ent.creditCode, WRONG);
    expect((await relate(ent.creditCode, DEMO_PASSWORD)).json()).toMatchObject({ success: true });
    expect(
      (await call(t.app, person.tokens, { url: '/ssoserver/user/relatedSubjects.json' })).json().data,
    ).toMatchObject([{ creditCode: ent.creditCode }]);
    const left = (key: string) => count('SELECT count(*)::int AS n FROM login_failures WHERE account_key = $1', [key]);
    expect(await left(ent.creditCode.toLowerCase())).toBe(0);
    expect(await left(person.phone)).toBe(2);
  });
});

describe('the current password of own-account changes', () => {
  it('counts wrong current passwords in updatePassword.do and updatePhone.do like failed logins', async () => {
    const person = await newPerson();
    const ip = nextIp();
    const updatePassword = (oldPassword: string, extra: Record<string, string> = {}) =>
      call(t.app, person.tokens, {
        method: 'POST',
        url: '/ssoserver/user/updatePassword.do',
        ...form({ oldPassword, newPassword: 'Fresh#Leaf-2031', ...extra }),
        remoteAddress: ip,
      });
    const updatePhone = (oldPassword: string, extra: Record<string, string> = {}) =>
      call(t.app, person.tokens, {
        method: 'POST',
        url: '/ssoserver/user/updatePhone.do',
        ...form({ oldPassword, newPhone: newPhone(), newSmsCode: '123456', ...extra }),
        remoteAddress: ip,
      });

    expect((await updatePassword(WRONG)).json()).toMatchObject({
      success: false,
      errorCode: 'PASSWORD_WRONG',
      data: { captchaRequired: false },
    });
    expect((await updatePhone(WRONG)).json()).toMatchObject({
      success: false,
      errorCode: 'PASSWORD_WRONG',
      data: { captchaRequired: false },
    });
    expect((await updatePassword(WRONG)).json()).toMatchObject({
      success: false,
      errorCode: 'PASSWORD_WRONG',
      data: { captchaRequired: true },
    });
    expect((await updatePhone(WRONG)).json()).toMatchObject({
      errorCode: 'CAPTCHA_REQUIRED',
      data: { captchaRequired: true },
    });
    expect((await updatePhone(WRONG, await solveCaptcha(t))).json()).toMatchObject({ errorCode: 'PASSWORD_WRONG' });
    expect((await updatePassword(WRONG, await solveCaptcha(t))).json()).toMatchObject({
      errorCode: 'PASSWORD_LOCKED',
      data: { captchaRequired: true },
    });
    expect((await updatePassword(DEMO_PASSWORD, await solveCaptcha(t))).json()).toMatchObject({
      errorCode: 'PASSWORD_LOCKED',
    });
    expect((await passwordLogin(person.phone, DEMO_PASSWORD, await solveCaptcha(t))).json()).toMatchObject({
      errorCode: 'LOGIN_LOCKED',
    });
    expect(await messagesTo(person.id)).toBe(1);
    expect(await lockSmsTo(person.phone)).toBe(1);
  });
});

describe('password login', () => {
  it('counts the failures of one account whether it is named by its account name or its phone', async () => {
    const ent = await newEnterprise();
    for (let i = 0; i < 3; i++)
      expect((await passwordLogin(ent.creditCode, WRONG)).json().errorCode).toBe('LOGIN_FAILED');
    expect((await passwordLogin(ent.phone, WRONG)).json()).toMatchObject({ errorCode: 'CAPTCHA_REQUIRED' });
    expect((await passwordLogin(ent.phone, WRONG, await solveCaptcha(t))).json()).toMatchObject({
      errorCode: 'LOGIN_FAILED',
    });
    expect((await passwordLogin(ent.phone, WRONG, await solveCaptcha(t))).json()).toMatchObject({
      errorCode: 'LOGIN_LOCKED',
    });
    expect((await passwordLogin(ent.phone, DEMO_PASSWORD, await solveCaptcha(t))).json()).toMatchObject({
      errorCode: 'LOGIN_LOCKED',
    });
    expect((await passwordLogin(ent.creditCode, DEMO_PASSWORD, await solveCaptcha(t))).json()).toMatchObject({
      errorCode: 'LOGIN_LOCKED',
    });
    expect(await messagesTo(ent.id)).toBe(1);
  });

  it('lets no more than 5 of 20 concurrent wrong logins reach the password check', async () => {
    const ent = await newEnterprise();
    const captchas = [];
    for (let i = 0; i < 20; i++) captchas.push(await solveCaptcha(t));
    const answers = await Promise.all(
      captchas.map((c) => passwordLogin(ent.creditCode, WRONG, c).then((r) => r.json().errorCode)),
    );
    expect(answers.filter((c) => c === 'LOGIN_FAILED')).toHaveLength(4);
    expect(answers.filter((c) => c === 'LOGIN_LOCKED')).toHaveLength(16);
    const checked = await count(
      "SELECT count(*)::int AS n FROM audit_log WHERE action = 'login.failed' AND target = $1",
      [ent.creditCode.toLowerCase()],
    );
    expect(checked).toBe(5);
    expect(await messagesTo(ent.id)).toBe(1);
  });
});
