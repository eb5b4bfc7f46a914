import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { submitSsoLogin } from '../src/features/auth/api/do-login.ts';
import { requestSsoTicket } from '../src/features/auth/api/sso-ticket.ts';
import { fetchLoginPageInfo } from '../src/features/auth/api/login-page-info.ts';
import { otherSsoPage, readRedirect } from '../src/features/auth/sso-links.ts';
import { resetRuntime } from '../src/lib/runtime.ts';
import { ORIGIN, fail, fakeResponse, installFakeRuntime, ok, type FakeEnv } from './helpers/fake-runtime.ts';

let env: FakeEnv;
const redirect = `${ORIGIN}/operateClient/home`;

beforeEach(() => {
  env = installFakeRuntime(`${ORIGIN}/sso/welcome?redirect=${encodeURIComponent(redirect)}`);
});

afterEach(() => {
  expect(env.unexpected).toEqual([]);
  resetRuntime();
});

describe('SSO page calls (docs/sso.md)', () => {
  it('a live SSO session returns the ticket address at once', async () => {
    env.on('POST', '/ssoserver/ssoTicket', () => ok({ redirectUrl: `${redirect}?ticket=T` }));
    expect(await requestSsoTicket(redirect)).toBe(`${redirect}?ticket=T`);
    expect(JSON.parse(String(env.calls[0].init.body))).toEqual({ redirect });
  });

  it('no SSO session, or a refused address, means "show the form" without any message', async () => {
    env.on('POST', '/ssoserver/ssoTicket', () => ok(null));
    expect(await requestSsoTicket(redirect)).toBeNull();
    env.on('POST', '/ssoserver/ssoTicket', () =>
      fail({ errorCode: 'REDIRECT_NOT_ALLOWED', errorMessage: '不允许的登录回调地址' }),
    );
    expect(await requestSsoTicket(redirect)).toBeNull();
    expect(env.ui.error).not.toHaveBeenCalled();
  });

  it('reads loginPageInfo for the return address', async () => {
    env.on('GET', '/ssoserver/loginPageInfo', () => ok({ captchaRequired: true, redirectAllowed: false }));
    expect(await fetchLoginPageInfo(redirect)).toEqual({ captchaRequired: true, redirectAllowed: false });
    expect(env.calls[0].url.searchParams.get('redirect')).toBe(redirect);
  });

  it('a successful login answers with the ticket address', async () => {
    env.on('POST', '/ssoserver/doLogin', () =>
      ok({ redirectUrl: `${redirect}?ticket=T2`, passwordChangeRequired: false }),
    );
    const outcome = await submitSsoLogin({ username: 'op', password: 'pw', redirect });
    expect(outcome).toEqual({ ok: true, redirectUrl: `${redirect}?ticket=T2` });
    expect(JSON.parse(String(env.calls[0].init.body))).toEqual({ username: 'op', password: 'pw', redirect });
  });

  it('a failed login reports code, message and captchaRequired without the global toast', async () => {
    env.on('POST', '/ssoserver/doLogin', () =>
      fail({ errorCode: 'LOGIN_FAILED', errorMessage: '账号或密码错误', showType: 2, data: { captchaRequired: true } }),
    );
    const outcome = await submitSsoLogin({
      username: 'op',
      password: 'bad',
      redirect,
      captchaId: 'c1',
      captchaCode: 'AB12',
    });
    expect(outcome).toEqual({
      ok: false,
      errorCode: 'LOGIN_FAILED',
      errorMessage: '账号或密码错误',
      captchaRequired: true,
    });
    expect(env.ui.error).not.toHaveBeenCalled();
  });

  it('a failure that is not a login answer is rethrown', async () => {
    env.on('POST', '/ssoserver/doLogin', () => fakeResponse(502, 'down', 'text/plain'));
    await expect(submitSsoLogin({ username: 'op', password: 'pw', redirect })).rejects.toMatchObject({
      kind: 'http',
      status: 502,
    });
  });
});

describe('SSO page addresses', () => {
  it('reads redirect from the query, else returns to the portal home', () => {
    expect(readRedirect(`?redirect=${encodeURIComponent(redirect)}`, ORIGIN)).toBe(redirect);
    expect(readRedirect('', ORIGIN)).toBe(`${ORIGIN}/home`);
  });

  it('links each page to the other with the same redirect', () => {
    expect(otherSsoPage('personal', redirect)).toBe(`/sso/welcome?redirect=${encodeURIComponent(redirect)}`);
    expect(otherSsoPage('institution', redirect)).toBe(`/sso/login?redirect=${encodeURIComponent(redirect)}`);
  });
});
