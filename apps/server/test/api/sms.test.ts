import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CLIENT_URL, call, createTestApp, login, loginAs, nextIp, type TestApp } from '../helpers.ts';
import { insertUser } from '../../src/seed/factories.ts';
import { DEMO_PASSWORD } from '../../src/seed/demo-accounts.ts';
import { form, lastCode, newPhone, sendCode, solveCaptcha } from './sms-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
/** A person of its own, so no other test's codes for the same phone get in the way. */
async function newPerson() {
  const phone = newPhone();
  await insertUser(t.database.db, {
    username: `p${phone}`,
    name: '测试用户',
    password: DEMO_PASSWORD,
    accountType: 'PERSON',
    phone,
    roleCodes: ['PERSON'],
  });
  return phone;
}

afterEach(() => {
  vi.useRealTimers();
});

const smsLogin = (phone: string, smsCode: string, ip = nextIp()) =>
  t.app.inject({
    method: 'POST',
    url: '/ssoserver/doSmsLogin',
    payload: { phone, smsCode, redirect: CLIENT_URL },
    remoteAddress: ip,
  });

async function outboxCount(phone: string) {
  const r = await t.database.pool.query('SELECT count(*)::int AS n FROM sms_outbox WHERE phone = $1', [phone]);
  return r.rows[0].n as number;
}

describe('POST /ssoserver/sms/sendSmsVerifyCode', () => {
  it('requires a valid picture captcha, and a captcha is good for one send only', async () => {
    const phone = newPhone();
    const ip = nextIp();
    const missing = await t.app.inject({
      method: 'POST',
      url: '/ssoserver/sms/sendSmsVerifyCode',
      payload: { phone, purpose: 'LOGIN' },
      remoteAddress: ip,
    });
    expect(missing.json()).toMatchObject({ success: false, errorCode: 'VALIDATION' });
    const { captchaId } = await solveCaptcha(t);
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/ssoserver/sms/sendSmsVerifyCode',
      ...form({ phone, purpose: 'LOGIN', captchaId, captchaCode: 'zzzz' }),
      remoteAddress: ip,
    });
    expect(wrong.json()).toMatchObject({ success: false, errorCode: 'CAPTCHA_INVALID' });
    expect(await outboxCount(phone)).toBe(0);

    const captcha = await solveCaptcha(t);
    const good = await t.app.inject({
      method: 'POST',
      url: '/ssoserver/sms/sendSmsVerifyCode',
      ...form({ phone, purpose: 'LOGIN', ...captcha }),
      remoteAddress: ip,
    });
    expect(good.json()).toMatchObject({ success: true, data: { resendAfterSeconds: 60 } });
    const again = await t.app.inject({
      method: 'POST',
      url: '/ssoserver/sms/sendSmsVerifyCode',
      ...form({ phone, purpose: 'REGISTER', ...captcha }),
      remoteAddress: ip,
    });
    expect(again.json()).toMatchObject({ success: false, errorCode: 'CAPTCHA_INVALID' });
    expect(await outboxCount(phone)).toBe(1);
  });

  it('stores only a hash of the 6-digit code', async () => {
    const phone = newPhone();
    await sendCode(t, phone, 'LOGIN', nextIp());
    const code = await lastCode(t, phone);
    expect(code).toMatch(/^\d{6}$/);
    const row = await t.database.pool.query('SELECT code_hash FROM sms_codes WHERE phone = $1', [phone]);
    expect(row.rows[0].code_hash).toHaveLength(64);
    expect(row.rows[0].code_hash).not.toContain(code);
  });

  it('answers the same for a registered and an unregistered phone', async () => {
    const registered = await sendCode(t, await newPerson(), 'LOGIN', nextIp());
    const unknown = await sendCode(t, newPhone(), 'LOGIN', nextIp());
    expect(registered.statusCode).toBe(unknown.statusCode);
    expect(registered.json()).toEqual(unknown.json());
  });

  it('refuses a resend for the same phone and purpose within 60 s', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const phone = newPhone();
    expect((await sendCode(t, phone, 'LOGIN', nextIp())).json().success).toBe(true);
    const soon = await sendCode(t, phone, 'LOGIN', nextIp());
    expect(soon.statusCode).toBe(429);
    expect(soon.json()).toMatchObject({ success: false, errorCode: 'SMS_TOO_FREQUENT' });
    // Another purpose is another code.
    expect((await sendCode(t, phone, 'REGISTER', nextIp())).json().success).toBe(true);
    vi.setSystemTime(Date.now() + 61_000);
    expect((await sendCode(t, phone, 'LOGIN', nextIp())).json().success).toBe(true);
  });

  it('sends at most 10 codes per phone per day', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const phone = newPhone();
    for (let i = 0; i < 10; i++) {
      expect((await sendCode(t, phone, 'LOGIN', nextIp())).json().success, `send ${i + 1}`).toBe(true);
      vi.setSystemTime(Date.now() + 61_000);
    }
    expect((await sendCode(t, phone, 'LOGIN', nextIp())).json()).toMatchObject({
      success: false,
      errorCode: 'SMS_DAILY_LIMIT',
    });
    vi.setSystemTime(Date.now() + 24 * 3_600_000);
    expect((await sendCode(t, phone, 'LOGIN', nextIp())).json().success).toBe(true);
  });

  it('sends at most 30 codes per address per hour', async () => {
    const ip = nextIp();
    for (let i = 0; i < 30; i++)
      expect((await sendCode(t, newPhone() + '', 'REGISTER', ip)).json().success, `send ${i + 1}`).toBe(true);
    const phone = newPhone();
    expect((await sendCode(t, phone, 'REGISTER', ip)).json()).toMatchObject({
      success: false,
      errorCode: 'SMS_IP_LIMIT',
    });
    expect(await outboxCount(phone)).toBe(0);
    expect((await sendCode(t, phone, 'REGISTER', nextIp())).json().success).toBe(true);
  });
});

describe('SMS codes', () => {
  it('are single use', async () => {
    const phone = await newPerson();
    const code = await codeFor(phone);
    expect((await smsLogin(phone, code)).json().success).toBe(true);
    expect((await smsLogin(phone, code)).json()).toMatchObject({ success: false, errorCode: 'SMS_LOGIN_FAILED' });
  });

  it('die after 5 wrong tries', async () => {
    const phone = await newPerson();
    const code = await codeFor(phone);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) expect((await smsLogin(phone, wrong)).json().success).toBe(false);
    expect((await smsLogin(phone, code)).json()).toMatchObject({ success: false, errorCode: 'SMS_LOGIN_FAILED' });
  });

  it('count at most 5 wrong tries however many race, and refuse the right code after them', async () => {
    const phone = await newPerson();
    const code = await codeFor(phone);
    const wrong = code === '000000' ? '111111' : '000000';
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => smsLogin(phone, wrong).then((r) => r.json().success)),
    );
    expect(answers.every((ok) => ok === false)).toBe(true);
    const row = await t.database.pool.query(
      "SELECT wrong_tries FROM sms_codes WHERE phone = $1 AND purpose = 'LOGIN'",
      [phone],
    );
    expect(row.rows[0].wrong_tries).toBe(5);
    expect((await smsLogin(phone, code)).json()).toMatchObject({ success: false, errorCode: 'SMS_LOGIN_FAILED' });
  });

  it('are used once even when the right code races itself', async () => {
    const phone = await newPerson();
    const code = await codeFor(phone);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => smsLogin(phone, code).then((r) => r.json().success)),
    );
    expect(answers.filter((ok) => ok)).toHaveLength(1);
  });

  it('expire after 5 minutes', async () => {
    const phone = await newPerson();
    const code = await codeFor(phone);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 5 * 60_000 + 1000);
    expect((await smsLogin(phone, code)).json()).toMatchObject({ success: false, errorCode: 'SMS_LOGIN_FAILED' });
  });

  it('only verify the purpose they were sent for', async () => {
    const phone = await newPerson();
    await sendCode(t, phone, 'REGISTER', nextIp());
    const code = await lastCode(t, phone);
    expect((await smsLogin(phone, code)).json().success).toBe(false);
  });

  async function codeFor(phone: string) {
    expect((await sendCode(t, phone, 'LOGIN', nextIp())).json().success).toBe(true);
    return lastCode(t, phone);
  }
});

describe('POST /ssoserver/doSmsLogin', () => {
  it('signs in with a ticket like the password login, and answers the same for an unregistered phone', async () => {
    const phone = await newPerson();
    await sendCode(t, phone, 'LOGIN', nextIp());
    const res = await smsLogin(phone, await lastCode(t, phone));
    expect(res.json()).toMatchObject({ success: true });
    expect(res.headers['set-cookie']).toContain('phjr_sso=');
    const ticket = new URL(res.json().data.redirectUrl).searchParams.get('ticket');
    const ex = await t.app.inject({
      method: 'POST',
      url: '/doLoginByTicket',
      payload: { ticket, clientLoginUrl: CLIENT_URL },
    });
    const tokens = ex.json().data;
    const info = await call(t.app, tokens, { url: '/zscms/user/getUserInfo.json?sysEnum=PHJR' });
    expect(info.json().data.username).toBe(`p${phone}`);

    const stranger = newPhone();
    await sendCode(t, stranger, 'LOGIN', nextIp());
    const unknown = await smsLogin(stranger, await lastCode(t, stranger));
    const wrong = await smsLogin(phone, '123456');
    expect(unknown.statusCode).toBe(wrong.statusCode);
    expect(unknown.json()).toEqual(wrong.json());
  });
});

describe('POST /ssoserver/sms/sendSmsVerifyCodeNoCodeValid', () => {
  it("sends only to the signed-in account's own phone", async () => {
    const mine = await newPerson();
    const person = await login(t.app, `p${mine}`);
    const other = newPhone();
    const withPhone = await call(t.app, person, {
      method: 'POST',
      url: '/ssoserver/sms/sendSmsVerifyCodeNoCodeValid',
      ...form({ purpose: 'VERIFY', phone: other }),
    });
    expect(withPhone.json()).toMatchObject({ success: false, errorCode: 'VALIDATION' });
    expect(await outboxCount(other)).toBe(0);
    const own = await call(t.app, person, {
      method: 'POST',
      url: '/ssoserver/sms/sendSmsVerifyCodeNoCodeValid',
      ...form({ purpose: 'VERIFY' }),
    });
    expect(own.json()).toMatchObject({ success: true });
    expect(await outboxCount(mine)).toBe(1);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/ssoserver/sms/sendSmsVerifyCodeNoCodeValid',
      ...form({ purpose: 'VERIFY' }),
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('Platform → SMS', () => {
  it('lets the operator edit and switch off a template; a switched-off template is logged as SKIPPED', async () => {
    const operator = await loginAs(t.app, 'operator');
    const list = await call(t.app, operator, { url: '/finance/system/sms/template/list.json' });
    const tpl = list.json().data.find((x: { code: string }) => x.code === 'SUB_ACCOUNT_CREATED');
    expect(tpl.placeholders).toEqual(['enterprise', 'username']);
    const bad = await call(t.app, operator, {
      method: 'POST',
      url: '/finance/system/sms/template/save.json',
      payload: { code: tpl.code, content: '无占位符', enabled: true },
    });
    expect(bad.json()).toMatchObject({ success: false, errorCode: 'VALIDATION' });
    const off = await call(t.app, operator, {
      method: 'POST',
      url: '/finance/system/sms/template/save.json',
      payload: { code: tpl.code, content: '{enterprise}为您开通了子账号{username}', enabled: false },
    });
    expect(off.json()).toMatchObject({ success: true, data: { enabled: false } });
    const { createOutboxGateway } = await import('../../src/modules/notify/sms.gateway.ts');
    const phone = newPhone();
    await createOutboxGateway(t.database.db).send(phone, tpl.code, { enterprise: '某企业', username: 'abc' });
    const page = await call(t.app, operator, { url: `/finance/system/sms/outbox/page.json?phone=${phone}` });
    expect(page.json().data).toMatchObject({
      total: 1,
      current: 1,
      pageSize: 10,
      list: [{ phone, status: 'SKIPPED', content: '某企业为您开通了子账号abc' }],
    });
    await call(t.app, operator, {
      method: 'POST',
      url: '/finance/system/sms/template/save.json',
      payload: { code: tpl.code, content: tpl.content, enabled: true },
    });
  });

  it('lists the outbox newest first, paginated', async () => {
    const operator = await loginAs(t.app, 'operator');
    const page = await call(t.app, operator, { url: '/finance/system/sms/outbox/page.json?current=1&pageSize=5' });
    const { list, total } = page.json().data;
    expect(list.length).toBeLessThanOrEqual(5);
    expect(total).toBeGreaterThan(0);
    for (let i = 1; i < list.length; i++) expect(list[i - 1].createdAt >= list[i].createdAt).toBe(true);
  });
});
