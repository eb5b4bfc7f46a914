import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_URL, ORIGIN, call, createTestApp, nextIp, type TestApp, signInAs } from '../helpers.ts';
import { DEMO_PASSWORD } from '../../src/seed/demo-accounts.ts';

/**
 * Login CSRF and cross-site requests (plugins/origin-check.ts): a state-changing request whose Origin (or, without
 * one, Referer) is not the product's own or an allowlisted client's is refused before anything happens.
 */
const DEV_ORIGIN = 'http://localhost:5173';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ redirectAllowlist: [`${DEV_ORIGIN}/`] });
});
afterAll(() => t.close());

/** The form a foreign page would post: urlencoded, as a browser sends a <form method=post>. */
function formLogin(headers: Record<string, string>) {
  const body = new URLSearchParams({ username: 'person', password: DEMO_PASSWORD, redirect: CLIENT_URL }).toString();
  return t.app.inject({
    method: 'POST',
    url: '/ssoserver/doLogin',
    payload: body,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    remoteAddress: nextIp(),
  });
}

function expectRefused(res: Awaited<ReturnType<typeof formLogin>>) {
  expect(res.statusCode).toBe(403);
  expect(res.json()).toEqual({
    success: false,
    code: 403,
    data: null,
    errorCode: 'ORIGIN_NOT_ALLOWED',
    errorMessage: expect.any(String),
    showType: 2,
  });
  expect(res.headers['set-cookie']).toBeUndefined();
}

describe('cross-site requests', () => {
  it('refuses a cross-site form post to doLogin and sets no SSO cookie', async () => {
    expectRefused(await formLogin({ origin: 'https://evil.example' }));
  });

  it('refuses it with only a foreign Referer', async () => {
    expectRefused(await formLogin({ referer: 'https://evil.example/login.html' }));
  });

  it('refuses Origin: null (a sandboxed or privacy-stripped page) and an unreadable Referer', async () => {
    expectRefused(await formLogin({ origin: 'null' }));
    expectRefused(await formLogin({ referer: 'not a url' }));
  });

  it('refuses a look-alike of the own origin', async () => {
    expectRefused(await formLogin({ origin: 'http://localhost:3000.evil.example' }));
    expectRefused(await formLogin({ origin: 'https://localhost:3000' }));
  });

  it('accepts the product’s own origin, and sets the SSO cookie', async () => {
    const own: Record<string, string>[] = [{ origin: ORIGIN }, { referer: `${ORIGIN}/sso/login?redirect=x` }];
    for (const headers of own) {
      const res = await formLogin(headers);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ success: true });
      expect(String(res.headers['set-cookie'])).toContain('phjr_sso=');
    }
  });

  it('accepts an origin of the redirect allowlist (the Vite dev server)', async () => {
    const res = await formLogin({ origin: DEV_ORIGIN });
    expect(res.json()).toMatchObject({ success: true });
  });

  it('lets requests with neither header through (non-browser clients)', async () => {
    const res = await formLogin({});
    expect(res.json()).toMatchObject({ success: true });
  });

  it('applies to every state-changing call, signed in or not, and to no GET', async () => {
    const tokens = await signInAs(t.app, 'person');
    const foreign = { origin: 'https://evil.example' };
    const read = await call(t.app, tokens, {
      method: 'POST',
      url: '/finance/message/read.json',
      payload: { ids: [1] },
      headers: foreign,
    });
    expect(read.json()).toMatchObject({ errorCode: 'ORIGIN_NOT_ALLOWED' });
    const sms = await t.app.inject({
      method: 'POST',
      url: '/ssoserver/sms/sendSmsVerifyCode',
      payload: { phone: '13800000000', purpose: 'REGISTER' },
      headers: foreign,
    });
    expect(sms.statusCode).toBe(403);
    const page = await t.app.inject({ url: '/ssoserver/loginPageInfo', headers: foreign });
    expect(page.statusCode).toBe(200);
  });

  it('asks browsers for a same-origin Referrer-Policy, under which their own form posts carry a real Origin', async () => {
    const res = await t.app.inject({ url: '/ssoserver/loginPageInfo' });
    expect(res.headers['referrer-policy']).toBe('same-origin');
  });
});
