import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { QueryClient } from '@tanstack/react-query';
import { createQueryClient } from '../src/lib/query-client.ts';
import { resetRuntime } from '../src/lib/runtime.ts';
import {
  ARTICLE_AUTH_KEY,
  SYS_IMAGES_KEY,
  USER_INFO_KEY,
  bootstrap,
  centerPathOf,
  fetchCurrentUser,
  logout,
  redirectToLogin,
  requireSession,
} from '../src/lib/session.ts';
import i18n from '../src/lib/i18n.ts';
import {
  ORIGIN,
  fail,
  fakeResponse,
  installFakeRuntime,
  ok,
  personFixture,
  settle,
  userFixture,
  type FakeEnv,
} from './helpers/fake-runtime.ts';

let env: FakeEnv;
let qc: QueryClient;

const sysImages = [
  {
    id: 1,
    place: 'banner',
    title: '春耕贷',
    titleEn: null,
    url: '/zscms/files/view.json?id=1',
    urlEn: null,
    link: null,
    sort: 1,
  },
];

beforeEach(async () => {
  env = installFakeRuntime();
  qc = createQueryClient();
  await i18n.changeLanguage('zh-CN');
  env.on('GET', '/finance/portal/system/sysImageInfo/getAllPcSimpleImages', () => ok(sysImages));
  env.on('GET', '/getSsoAuthUrl', (c) =>
    ok(`${ORIGIN}/sso/login?redirect=${encodeURIComponent(c.url.searchParams.get('clientLoginUrl') ?? '')}`),
  );
});

afterEach(() => {
  expect(env.unexpected).toEqual([]);
  vi.useRealTimers();
  qc.clear();
  resetRuntime();
});

function signIn(user = userFixture()) {
  env.storage.setItem('satokenClient', 'client-token');
  env.storage.setItem('satokenServer', 'server-token');
  env.storage.setItem('userInfo', JSON.stringify(user));
  env.storage.setItem('isLogin', 'true');
}

describe('bootstrap with ?ticket=', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    env.setAddress(`${ORIGIN}/operateClient/home?ticket=TK-1&tab=2#top`);
  });

  function serveLogin(user = userFixture({ firstLogin: true }), channels: string[] = ['news']) {
    env.on('POST', '/doLoginByTicket', () => ok({ satokenClient: 'new-client', satokenServer: 'new-server' }));
    env.on('GET', '/zscms/user/getUserInfo.json', () => ok(user));
    env.on('GET', '/article/api/auth/list', () => ok(channels));
  }

  it('exchanges the ticket, stores both tokens and the user, and goes to the role home', async () => {
    const user = userFixture({ firstLogin: true });
    serveLogin(user);
    const navigate = vi.fn();
    const result = await bootstrap({ queryClient: qc, navigate });

    const [exchange] = env.callsTo('/doLoginByTicket');
    expect(exchange.method).toBe('POST');
    expect(exchange.headers['Content-Type']).toBe('application/x-www-form-urlencoded;charset=UTF-8');
    expect(new URLSearchParams(String(exchange.init.body)).get('ticket')).toBe('TK-1');
    expect(new URLSearchParams(String(exchange.init.body)).get('clientLoginUrl')).toBe(`${ORIGIN}/operateClient/home`);

    expect(env.storage.getItem('satokenClient')).toBe('new-client');
    expect(env.storage.getItem('satokenServer')).toBe('new-server');
    expect(env.storage.getItem('isLogin')).toBe('true');
    expect(env.replaceUrl).toHaveBeenCalledWith('/operateClient/home?tab=2#top');

    const [info] = env.callsTo('/zscms/user/getUserInfo.json');
    expect(info.url.searchParams.get('sysEnum')).toBe('PHJR');
    expect(info.headers.satoken).toBe('new-client');
    expect(JSON.parse(env.storage.getItem('userInfo') ?? 'null')).toEqual(user);
    expect(env.storage.getItem('firstLogin')).toBe('true');
    expect(qc.getQueryData(USER_INFO_KEY)).toEqual(user);

    expect(navigate).toHaveBeenCalledExactlyOnceWith('/financialInstitution');
    expect(result).toEqual({ user, homePath: '/financialInstitution' });
  });

  it('fetches the article authority 1 ms later and stores articleAuth', async () => {
    serveLogin(userFixture(), ['news', 'policy']);
    await bootstrap({ queryClient: qc, navigate: vi.fn() });
    expect(env.callsTo('/article/api/auth/list')).toHaveLength(0);
    expect(env.storage.getItem('articleAuth')).toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    await settle();
    expect(env.callsTo('/article/api/auth/list')).toHaveLength(1);
    expect(env.storage.getItem('articleAuth')).toBe('true');
    expect(qc.getQueryData(ARTICLE_AUTH_KEY)).toBe(true);
  });

  it('an empty article authority list stores articleAuth false', async () => {
    serveLogin(userFixture(), []);
    await bootstrap({ queryClient: qc, navigate: vi.fn() });
    await vi.advanceTimersByTimeAsync(1);
    await settle();
    expect(env.storage.getItem('articleAuth')).toBe('false');
  });

  it('by default rewrites the address to the home path before the router starts', async () => {
    serveLogin(personFixture());
    await bootstrap({ queryClient: qc });
    expect(env.replaceUrl).toHaveBeenLastCalledWith('/userClient');
  });

  it('returns to the page that asked for it (the financing form, issue 13), with its query, once', async () => {
    serveLogin(personFixture());
    env.setAddress(`${ORIGIN}/home`);
    await redirectToLogin('nonPlatform', `${ORIGIN}/financing`, '/financing?productId=3');
    expect(env.storage.getItem('loginReturn')).toBe('/financing?productId=3');
    env.setAddress(`${ORIGIN}/financing?ticket=TK-2`);
    const navigate = vi.fn();
    expect(await bootstrap({ queryClient: qc, navigate })).toMatchObject({ homePath: '/financing?productId=3' });
    expect(navigate).toHaveBeenCalledExactlyOnceWith('/financing?productId=3');
    expect(env.storage.getItem('loginReturn')).toBeNull();
  });

  it('ignores a return path left from a login that landed elsewhere, or one to another site', async () => {
    for (const stored of [
      '/financing?productId=3',
      '//evil.example/operateClient/home',
      'https://evil.example/operateClient/home',
    ]) {
      serveLogin(personFixture());
      env.storage.setItem('loginReturn', stored);
      const navigate = vi.fn();
      await bootstrap({ queryClient: qc, navigate });
      expect(navigate, stored).toHaveBeenCalledExactlyOnceWith('/userClient');
      expect(env.storage.getItem('loginReturn')).toBeNull();
    }
  });

  it('a refused ticket shows the error, stores nothing and still drops the ticket from the address', async () => {
    env.on('POST', '/doLoginByTicket', () =>
      fail({ code: 400, errorCode: 'TICKET_INVALID', errorMessage: '登录票据无效或已过期', showType: 2 }),
    );
    const navigate = vi.fn();
    const result = await bootstrap({ queryClient: qc, navigate });
    expect(result).toEqual({ user: null, homePath: null });
    expect(env.ui.error).toHaveBeenCalledExactlyOnceWith('登录票据无效或已过期');
    expect(env.storage.getItem('satokenClient')).toBeNull();
    expect(env.replaceUrl).toHaveBeenCalledExactlyOnceWith('/operateClient/home?tab=2#top');
    expect(navigate).not.toHaveBeenCalled();
    expect(env.callsTo('/zscms/user/getUserInfo.json')).toHaveLength(0);
  });
});

describe('bootstrap without a ticket', () => {
  it('always loads the system images into the query cache', async () => {
    env.setAddress(`${ORIGIN}/home`);
    const result = await bootstrap({ queryClient: qc });
    await settle();
    expect(result).toEqual({ user: null, homePath: null });
    expect(env.calls.map((c) => c.url.pathname)).toEqual(['/finance/portal/system/sysImageInfo/getAllPcSimpleImages']);
    expect(qc.getQueryData(SYS_IMAGES_KEY)).toEqual(sysImages);
  });

  it('jump=true with a stored token loads the login info', async () => {
    signIn();
    const fresh = userFixture({ name: '新名字', firstLogin: false });
    env.on('GET', '/zscms/user/getUserInfo.json', () => ok(fresh));
    env.setAddress(`${ORIGIN}/financialInstitution/home?jump=true`);
    const navigate = vi.fn();
    const result = await bootstrap({ queryClient: qc, navigate });
    expect(result.user).toEqual(fresh);
    expect(env.callsTo('/zscms/user/getUserInfo.json')[0].headers.satoken).toBe('client-token');
    expect(JSON.parse(env.storage.getItem('userInfo') ?? 'null').name).toBe('新名字');
    expect(env.storage.getItem('firstLogin')).toBe('false');
    expect(qc.getQueryData(USER_INFO_KEY)).toEqual(fresh);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('jump=true without a token loads nothing', async () => {
    env.setAddress(`${ORIGIN}/home?jump=true`);
    const result = await bootstrap({ queryClient: qc });
    expect(result.user).toBeNull();
    expect(env.callsTo('/zscms/user/getUserInfo.json')).toHaveLength(0);
  });
});

describe('redirectToLogin', () => {
  it('clears local storage except the language, asks for the SSO address of this page and goes there', async () => {
    signIn();
    env.storage.setItem('orderUserInfo', '{}');
    env.storage.setItem('locale', 'en-US');
    env.setAddress(`${ORIGIN}/financialInstitution/product?page=2#x`);
    await redirectToLogin('platform');
    const [auth] = env.callsTo('/getSsoAuthUrl');
    expect(auth.url.searchParams.get('clientLoginUrl')).toBe(`${ORIGIN}/financialInstitution/product`);
    expect(auth.url.searchParams.get('authUrlMapKey')).toBe('platform');
    expect('satoken' in auth.headers).toBe(false);
    for (const key of ['satokenClient', 'satokenServer', 'userInfo', 'orderUserInfo', 'isLogin']) {
      expect(env.storage.getItem(key)).toBeNull();
    }
    expect(env.storage.getItem('locale')).toBe('en-US');
    expect(env.storage.getItem('authUrlMapKey')).toBe('platform');
    expect(env.navigate).toHaveBeenCalledExactlyOnceWith(
      `${ORIGIN}/sso/login?redirect=${encodeURIComponent(`${ORIGIN}/financialInstitution/product`)}`,
    );
  });

  it('without a key, a stored person goes to nonPlatform; an explicit return address is used as given', async () => {
    signIn(personFixture());
    await redirectToLogin(undefined, `${ORIGIN}/home`);
    const [auth] = env.callsTo('/getSsoAuthUrl');
    expect(auth.url.searchParams.get('authUrlMapKey')).toBe('nonPlatform');
    expect(auth.url.searchParams.get('clientLoginUrl')).toBe(`${ORIGIN}/home`);
  });
});

describe('session checks, current user and logout', () => {
  it('requireSession without a token starts the login redirect', async () => {
    env.setAddress(`${ORIGIN}/supervisionClient/home`);
    expect(await requireSession({ authUrlMapKey: 'platform', queryClient: qc })).toBeNull();
    expect(env.callsTo('/getSsoAuthUrl')[0].url.searchParams.get('authUrlMapKey')).toBe('platform');
    expect(env.navigate).toHaveBeenCalledTimes(1);
  });

  it('requireSession: a session check returning nothing clears storage and redirects by the stored account', async () => {
    signIn(personFixture());
    env.on('GET', '/isLogin', () => ok(null));
    expect(await requireSession({ queryClient: qc })).toBeNull();
    expect(env.storage.getItem('satokenClient')).toBeNull();
    expect(env.callsTo('/getSsoAuthUrl')[0].url.searchParams.get('authUrlMapKey')).toBe('nonPlatform');
    expect(env.navigate).toHaveBeenCalledTimes(1);
  });

  it('requireSession with a live session returns the user', async () => {
    const user = userFixture();
    signIn(user);
    env.on('GET', '/isLogin', () => ok({ userId: 7, username: 'bank01' }));
    env.on('GET', '/zscms/user/getUserInfo.json', () => ok(user));
    expect(await requireSession({ queryClient: qc })).toEqual(user);
    expect(env.navigate).not.toHaveBeenCalled();
  });

  it('fetchCurrentUser is null without a token, and a dead session reads as signed out without any UI', async () => {
    expect(await fetchCurrentUser()).toBeNull();
    expect(env.calls).toHaveLength(0);
    signIn();
    env.on('GET', '/zscms/user/getUserInfo.json', () => fail({ code: 20002, errorCode: 'SESSION_EXPIRED' }, 401));
    expect(await fetchCurrentUser()).toBeNull();
    expect(env.storage.getItem('satokenClient')).toBeNull();
    expect(env.ui.error).not.toHaveBeenCalled();
    expect(env.callsTo('/isLogin')).toHaveLength(0);
  });

  it('fetchCurrentUser shows a user-detail failure as an error toast', async () => {
    signIn();
    env.on('GET', '/zscms/user/getUserInfo.json', () => fail({ errorCode: 'NOT_FOUND', errorMessage: '用户不存在' }));
    await expect(fetchCurrentUser()).rejects.toThrow();
    expect(env.ui.error).toHaveBeenCalledExactlyOnceWith('用户不存在');
  });

  it('logout ends the server session with the server token, clears storage but the language, and shows /home', async () => {
    signIn();
    env.storage.setItem('locale', 'zh-CN');
    env.on('POST', '/ssoserver/logout', () => ok(null));
    await logout();
    expect(env.callsTo('/ssoserver/logout')[0].headers.satoken).toBe('server-token');
    expect(env.storage.getItem('satokenClient')).toBeNull();
    expect(env.storage.getItem('userInfo')).toBeNull();
    expect(env.storage.getItem('locale')).toBe('zh-CN');
    expect(env.navigate).toHaveBeenCalledExactlyOnceWith('/home');
  });

  it('logout still ends the local session when the server cannot be reached', async () => {
    signIn();
    env.on('POST', '/ssoserver/logout', () => fakeResponse(502, 'down', 'text/plain'));
    await logout();
    expect(env.ui.notify).not.toHaveBeenCalled();
    expect(env.storage.getItem('satokenClient')).toBeNull();
    expect(env.navigate).toHaveBeenCalledExactlyOnceWith('/home');
  });

  it.each([
    [
      userFixture({
        orgTypeEnum: { code: 'ROOT', name: '平台运营方' },
        classifiedOrgTypeEnum: { code: 'PLATFORM', name: '平台' },
        accountType: { code: 'PLATFORM', name: '平台运营' },
      }),
      '/operateClient',
    ],
    [
      userFixture({
        accountType: { code: 'GOVERNMENT', name: '政府' },
        orgTypeEnum: { code: 'JINRONGJU', name: '金融局' },
        classifiedOrgTypeEnum: { code: 'JINRONGJU', name: '金融局' },
      }),
      '/supervisionClient',
    ],
    [
      userFixture({
        accountType: { code: 'GUARANTEE', name: '担保机构' },
        orgTypeEnum: { code: 'GUARANTEE', name: '担保机构' },
        classifiedOrgTypeEnum: { code: 'GUARANTEE', name: '担保机构' },
      }),
      '/guaranteePlatform',
    ],
    [userFixture(), '/financialInstitution'],
    [personFixture(), '/userClient'],
  ])('centerPathOf(%#) is the role home', (user, path) => {
    expect(centerPathOf(user)).toBe(path);
  });
});

describe('query client defaults (SPEC 7)', () => {
  it('keeps data 5 minutes and refreshes on refocus after 5 seconds', () => {
    const defaults = createQueryClient().getDefaultOptions().queries;
    expect(defaults?.gcTime).toBe(300_000);
    expect(defaults?.staleTime).toBe(5_000);
    expect(defaults?.refetchOnWindowFocus).toBe(true);
    expect(defaults?.retry).toBe(false);
  });
});
