import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import {
  EXPLAINED_STATUSES,
  RequestError,
  exportExcel,
  exportFileName,
  get,
  handleRequestError,
  post,
  postForm,
  upload,
} from '../src/lib/request.ts';
import { resetRuntime } from '../src/lib/runtime.ts';
import i18n from '../src/lib/i18n.ts';
import {
  NOW,
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

beforeEach(async () => {
  env = installFakeRuntime();
  await i18n.changeLanguage('zh-CN');
});

afterEach(() => {
  expect(env.unexpected).toEqual([]);
  vi.useRealTimers();
  resetRuntime();
});

/** Runs a call that must fail and returns its RequestError. */
async function failure(p: Promise<unknown>): Promise<RequestError> {
  const err = await p.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(RequestError);
  return err as RequestError;
}

function signIn(user = userFixture()) {
  env.storage.setItem('satokenClient', 'client-token');
  env.storage.setItem('satokenServer', 'server-token');
  env.storage.setItem('userInfo', JSON.stringify(user));
  env.storage.setItem('isLogin', 'true');
  env.storage.setItem('locale', 'zh-CN');
}

describe('SPEC 7: what every request carries', () => {
  it('sends credentials, no-cache, the t timestamp, params (arrays repeated) and the client token', async () => {
    signIn();
    env.on('GET', '/finance/product/queryProductList.json', () => ok([1]));
    const res = await get('/finance/product/queryProductList.json', {
      orgIds: [2, 3],
      name: '贷',
      empty: undefined,
      none: null,
    });
    expect(res).toEqual({ success: true, code: 200, data: [1] });
    const [call] = env.calls;
    expect(call.init.credentials).toBe('include');
    expect(call.init.cache).toBe('no-store');
    expect(call.headers['Cache-Control']).toBe('no-cache');
    expect(call.headers.Pragma).toBe('no-cache');
    expect(call.headers.satoken).toBe('client-token');
    expect(call.url.searchParams.getAll('orgIds')).toEqual(['2', '3']);
    expect(call.url.searchParams.get('name')).toBe('贷');
    expect(call.url.searchParams.has('empty')).toBe(false);
    expect(call.url.searchParams.has('none')).toBe(false);
    expect(call.url.searchParams.get('t')).toBe(String(NOW));
  });

  it('sends the server token on any path containing /ssoserver, judged by the path only', async () => {
    signIn();
    env.on('GET', '/ssoserver/user/getUserById', () => ok({}));
    env.on('GET', '/finance/x.json', () => ok({}));
    await get('/ssoserver/user/getUserById');
    await get('/finance/x.json', { from: '/ssoserver/here' });
    expect(env.calls[0].headers.satoken).toBe('server-token');
    expect(env.calls[1].headers.satoken).toBe('client-token');
  });

  it('sends no satoken header without a session', async () => {
    env.on('GET', '/anon/finance/enumMeta/getEnumBySimpleName/X', () => ok({}));
    await get('/anon/finance/enumMeta/getEnumBySimpleName/X');
    expect('satoken' in env.calls[0].headers).toBe(false);
  });

  it('post sends JSON, postForm a urlencoded form, upload multipart without a content type', async () => {
    env.on('POST', '/zscms/user/frontCreate.json', () => ok(null));
    env.on('POST', '/doLoginByTicket', () => ok(null));
    env.on('POST', '/zscms/files/upload.json', () => ok({ id: 1 }));
    await post('/zscms/user/frontCreate.json', { a: 1 });
    await postForm('/doLoginByTicket', { ticket: 'T 1', skip: undefined, n: 2 });
    const form = new FormData();
    form.append('file', new Blob(['x']), 'x.txt');
    await upload('/zscms/files/upload.json', form);
    const [json, urlencoded, multipart] = env.calls;
    expect(json.headers['Content-Type']).toBe('application/json');
    expect(json.init.body).toBe('{"a":1}');
    expect(urlencoded.headers['Content-Type']).toBe('application/x-www-form-urlencoded;charset=UTF-8');
    expect(urlencoded.init.body).toBe('ticket=T+1&n=2');
    expect(multipart.init.body).toBe(form);
    expect('Content-Type' in multipart.headers).toBe(false);
    expect(multipart.init.method).toBe('POST');
  });

  it('parses data with a contract schema, and a mismatch is an error with the generic sentence', async () => {
    env.on('GET', '/a', () => ok({ n: 1 }));
    env.on('GET', '/b', () => ok({ n: 'one' }));
    const schema = z.object({ n: z.number() });
    const res = await get('/a', undefined, { schema });
    expect(res.data.n).toBe(1);
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const err = await failure(get('/b', undefined, { schema }));
    spy.mockRestore();
    expect(err.kind).toBe('invalid');
    expect(env.ui.error).toHaveBeenCalledWith('请求错误，请重试。');
  });

  it('treats a 200 that is not an envelope (e.g. the SPA page) as an unreadable answer', async () => {
    env.on('GET', '/zscms/x.json', () => fakeResponse(200, '<!doctype html>', 'text/html'));
    const err = await failure(get('/zscms/x.json'));
    expect(err.kind).toBe('invalid');
    expect(env.ui.error).toHaveBeenCalledWith('请求错误，请重试。');
  });
});

describe('SPEC 8: business errors by showType', () => {
  const call = () => get('/finance/x.json');

  it('showType 0 is silent', async () => {
    env.on('GET', '/finance/x.json', () => fail({ errorCode: 'E', errorMessage: '静默', showType: 0 }));
    const err = await failure(call());
    expect(err.kind).toBe('business');
    expect(err.info?.errorMessage).toBe('静默');
    expect(env.ui.warn).not.toHaveBeenCalled();
    expect(env.ui.error).not.toHaveBeenCalled();
    expect(env.ui.notify).not.toHaveBeenCalled();
  });

  it('showType 1 shows a warning message', async () => {
    env.on('GET', '/finance/x.json', () => fail({ errorCode: 'E', errorMessage: '请注意', showType: 1 }));
    await failure(call());
    expect(env.ui.warn).toHaveBeenCalledExactlyOnceWith('请注意');
    expect(env.ui.error).not.toHaveBeenCalled();
  });

  it('showType 2 shows an error message', async () => {
    env.on('GET', '/finance/x.json', () => fail({ errorCode: 'E', errorMessage: '出错了', showType: 2 }));
    await failure(call());
    expect(env.ui.error).toHaveBeenCalledExactlyOnceWith('出错了');
  });

  it('showType 4 shows a notification titled by errorCode, described by errorMessage', async () => {
    env.on('GET', '/finance/x.json', () =>
      fail({ errorCode: 'RATE_LIMITED', errorMessage: '操作过于频繁', showType: 4 }),
    );
    await failure(call());
    expect(env.ui.notify).toHaveBeenCalledExactlyOnceWith('RATE_LIMITED', '操作过于频繁');
    expect(env.ui.error).not.toHaveBeenCalled();
  });

  it('showType 9 redirects to /exception with errorCode and errorMessage in the query', async () => {
    env.on('GET', '/finance/x.json', () => fail({ errorCode: 'NOT_FOUND', errorMessage: '记录不存在', showType: 9 }));
    await failure(call());
    expect(env.navigate).toHaveBeenCalledExactlyOnceWith(
      '/exception?errorCode=NOT_FOUND&errorMessage=%E8%AE%B0%E5%BD%95%E4%B8%8D%E5%AD%98%E5%9C%A8',
    );
    expect(env.ui.error).not.toHaveBeenCalled();
  });

  it.each([3, undefined])('any other showType (%s) shows an error message', async (showType) => {
    env.on('GET', '/finance/x.json', () => fail({ errorCode: 'E', errorMessage: '其他', showType }));
    await failure(call());
    expect(env.ui.error).toHaveBeenCalledExactlyOnceWith('其他');
  });

  it.each(['未查询到用户关联信息', '查询内容为空'])(
    'ignores the business message "%s" silently',
    async (errorMessage) => {
      env.on('GET', '/finance/x.json', () => fail({ errorCode: 'E', errorMessage, showType: 2 }));
      const err = await failure(call());
      expect(err.kind).toBe('business');
      expect(env.ui.error).not.toHaveBeenCalled();
      expect(env.ui.notify).not.toHaveBeenCalled();
    },
  );

  it('a business error without a message says "请求错误，请重试。"', async () => {
    env.on('GET', '/finance/x.json', () => fail({ errorCode: 'E', showType: 2 }));
    await failure(call());
    expect(env.ui.error).toHaveBeenCalledExactlyOnceWith('请求错误，请重试。');
  });

  it('a business error on an HTTP error status is still handled by its showType', async () => {
    env.on('GET', '/finance/x.json', () =>
      fail({ code: 403, errorCode: 'FORBIDDEN', errorMessage: '无权访问', showType: 2 }, 403),
    );
    await failure(call());
    expect(env.ui.error).toHaveBeenCalledExactlyOnceWith('无权访问');
    expect(env.ui.notify).not.toHaveBeenCalled();
  });
});

describe('SPEC 8: expired session (HTTP 401/707, body 20002/401)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    signIn();
    env.storage.setItem('authUrlMapKey', 'platform');
    env.on('GET', '/isLogin', () => ok(null));
    env.on('GET', '/getSsoAuthUrl', (c) =>
      ok(`${ORIGIN}/sso/welcome?redirect=${encodeURIComponent(c.url.searchParams.get('clientLoginUrl') ?? '')}`),
    );
  });

  async function expectLoggedOutAfterOneSecond(message: string) {
    const isLogin = env.callsTo('/isLogin');
    expect(isLogin).toHaveLength(1);
    expect(isLogin[0].headers.satoken).toBe('client-token');
    expect(env.ui.error).toHaveBeenCalledExactlyOnceWith(message);
    await vi.advanceTimersByTimeAsync(999);
    expect(env.storage.getItem('satokenClient')).toBe('client-token');
    expect(env.navigate).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await settle();
    expect(env.storage.getItem('satokenClient')).toBeNull();
    expect(env.storage.getItem('userInfo')).toBeNull();
    expect(env.storage.getItem('locale')).toBe('zh-CN');
    const [auth] = env.callsTo('/getSsoAuthUrl');
    expect(auth.url.searchParams.get('authUrlMapKey')).toBe('platform');
    expect(auth.url.searchParams.get('clientLoginUrl')).toBe(`${ORIGIN}/operateClient/home`);
    expect(env.navigate).toHaveBeenCalledExactlyOnceWith(
      `${ORIGIN}/sso/welcome?redirect=${encodeURIComponent(`${ORIGIN}/operateClient/home`)}`,
    );
  }

  it('HTTP 401 checks /isLogin, says the session expired and logs out after 1 s', async () => {
    env.on('GET', '/finance/x.json', () => fakeResponse(401, 'Unauthorized', 'text/plain'));
    const err = await failure(get('/finance/x.json'));
    expect(err.kind).toBe('sessionExpired');
    await expectLoggedOutAfterOneSecond('登录状态已过期，请重新登录');
  });

  it('HTTP 707 does the same and shows the server message when there is one', async () => {
    env.on('GET', '/finance/x.json', () =>
      fakeResponse(707, { success: false, code: 707, data: null, errorMessage: '会话已失效' }),
    );
    await failure(get('/finance/x.json'));
    await expectLoggedOutAfterOneSecond('会话已失效');
  });

  it('body code 20002 (on HTTP 200) does the same', async () => {
    env.on('GET', '/finance/x.json', () =>
      fail({ code: 20002, errorCode: 'SESSION_EXPIRED', errorMessage: '登录状态已过期，请重新登录' }),
    );
    const err = await failure(get('/finance/x.json'));
    expect(err.kind).toBe('sessionExpired');
    await expectLoggedOutAfterOneSecond('登录状态已过期，请重新登录');
  });

  it('body code 401 (on HTTP 200) does the same', async () => {
    env.on('GET', '/finance/x.json', () => fail({ code: 401, errorCode: 'UNAUTHENTICATED', errorMessage: '请先登录' }));
    await failure(get('/finance/x.json'));
    await expectLoggedOutAfterOneSecond('请先登录');
  });

  it('a still-valid session is not logged out; the refusal is shown like any other', async () => {
    env.on('GET', '/isLogin', () => ok({ userId: 7, username: 'bank01' }));
    env.on('GET', '/finance/x.json', () =>
      fail({ code: 401, errorCode: 'UNAUTHENTICATED', errorMessage: '请先登录', showType: 2 }, 401),
    );
    await failure(get('/finance/x.json'));
    expect(env.ui.error).toHaveBeenCalledExactlyOnceWith('请先登录');
    await vi.advanceTimersByTimeAsync(2000);
    expect(env.navigate).not.toHaveBeenCalled();
    expect(env.storage.getItem('satokenClient')).toBe('client-token');
  });

  it('several calls failing together log out once', async () => {
    env.on('GET', '/finance/x.json', () => fakeResponse(401, '', 'text/plain'));
    await Promise.allSettled([get('/finance/x.json'), get('/finance/x.json'), get('/finance/x.json')]);
    await vi.advanceTimersByTimeAsync(1000);
    await settle();
    expect(env.ui.error).toHaveBeenCalledTimes(1);
    expect(env.callsTo('/getSsoAuthUrl')).toHaveLength(1);
    expect(env.navigate).toHaveBeenCalledTimes(1);
  });
});

describe('SPEC 8: invalid session (body code 20401)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    env.on('GET', '/getSsoAuthUrl', (c) =>
      ok(
        c.url.searchParams.get('authUrlMapKey') === 'platform'
          ? `${ORIGIN}/sso/welcome?r=1`
          : `${ORIGIN}/sso/login?r=1`,
      ),
    );
    env.on('GET', '/finance/x.json', () =>
      fail({ code: 20401, errorCode: 'SESSION_INVALID', errorMessage: '登录状态无效，请重新登录' }, 401),
    );
  });

  it('sends a person to the personal SSO page after 10 ms, without a login check', async () => {
    signIn(personFixture());
    const err = await failure(get('/finance/x.json'));
    expect(err.kind).toBe('sessionInvalid');
    expect(env.callsTo('/isLogin')).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(9);
    expect(env.callsTo('/getSsoAuthUrl')).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    await settle();
    const [auth] = env.callsTo('/getSsoAuthUrl');
    expect(auth.url.searchParams.get('authUrlMapKey')).toBe('nonPlatform');
    expect(auth.url.searchParams.get('clientLoginUrl')).toBe(`${ORIGIN}/operateClient/home`);
    expect(env.navigate).toHaveBeenCalledExactlyOnceWith(`${ORIGIN}/sso/login?r=1`);
    expect(env.storage.getItem('satokenClient')).toBeNull();
    expect(env.ui.error).not.toHaveBeenCalled();
  });

  it('sends a bank user to the welcome page after 10 ms', async () => {
    signIn(userFixture());
    await failure(get('/finance/x.json'));
    await vi.advanceTimersByTimeAsync(9);
    expect(env.navigate).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await settle();
    expect(env.callsTo('/getSsoAuthUrl')[0].url.searchParams.get('authUrlMapKey')).toBe('platform');
    expect(env.navigate).toHaveBeenCalledExactlyOnceWith(`${ORIGIN}/sso/welcome?r=1`);
  });
});

describe('SPEC 8: HTTP and network errors', () => {
  const expected: Record<number, string> = {
    400: '发出的请求有错误，服务器没有进行新建或修改数据的操作。',
    403: '用户得到授权，但是访问是被禁止的。',
    404: '发出的请求针对的是不存在的记录，服务器没有进行操作。',
    406: '请求的格式不可得。',
    410: '请求的资源被永久删除，且不会再得到的。',
    422: '当创建一个对象时，发生一个验证错误。',
    500: '服务器发生错误，请检查服务器。',
    502: '网关错误。',
    503: '服务不可用，服务器暂时过载或维护。',
    504: '网关超时。',
  };

  it.each(Object.entries(expected))(
    'HTTP %s without an envelope: notification from the status table',
    async (status, text) => {
      env.on('GET', '/finance/x.json', () => fakeResponse(Number(status), '<html>bad gateway</html>', 'text/html'));
      const err = await failure(get('/finance/x.json', { a: 1 }));
      expect(err.kind).toBe('http');
      expect(err.status).toBe(Number(status));
      expect(env.ui.notify).toHaveBeenCalledExactlyOnceWith(`请求错误 ${status}: /finance/x.json`, text);
    },
  );

  it('the status table covers exactly the 15 statuses in both languages', () => {
    expect([...EXPLAINED_STATUSES]).toEqual([
      200, 201, 202, 204, 400, 401, 403, 404, 406, 410, 422, 500, 502, 503, 504,
    ]);
    for (const lng of ['zh-CN', 'en-US']) {
      for (const s of EXPLAINED_STATUSES) expect(i18n.exists(`common:httpStatus.${s}`, { lng })).toBe(true);
    }
    expect(i18n.t('common:httpStatus.201', { lng: 'zh-CN' })).toBe('新建或修改数据成功。');
    expect(i18n.t('common:httpStatus.204', { lng: 'zh-CN' })).toBe('删除数据成功。');
  });

  it('an unexplained status still gets a notification', async () => {
    env.on('GET', '/finance/x.json', () => fakeResponse(418, 'teapot', 'text/plain'));
    await failure(get('/finance/x.json'));
    expect(env.ui.notify).toHaveBeenCalledExactlyOnceWith('请求错误 418: /finance/x.json', '服务器返回了意外的状态。');
  });

  it('no response: the network notification', async () => {
    env.on('GET', '/finance/x.json', () => Promise.reject(new TypeError('Failed to fetch')));
    const err = await failure(get('/finance/x.json'));
    expect(err.kind).toBe('network');
    expect(env.ui.notify).toHaveBeenCalledExactlyOnceWith('网络异常', '您的网络发生异常，无法连接服务器');
  });

  it('a cancelled call is not reported', async () => {
    const controller = new AbortController();
    env.on('GET', '/finance/x.json', () => {
      controller.abort();
      return Promise.reject(new DOMException('aborted', 'AbortError'));
    });
    await expect(get('/finance/x.json', undefined, { signal: controller.signal })).rejects.toThrow('aborted');
    expect(env.ui.notify).not.toHaveBeenCalled();
  });

  it('other errors show their own message, or "请求错误，请重试。"', async () => {
    await handleRequestError(new Error('坏了'));
    await handleRequestError(new Error(''));
    expect(env.ui.error.mock.calls).toEqual([['坏了'], ['请求错误，请重试。']]);
  });
});

describe('skipErrorHandler', () => {
  it('rethrows business, session and network failures without UI, login check or redirect', async () => {
    vi.useFakeTimers();
    signIn();
    env.on('GET', '/ssoserver/user/isAccountExistedByUserName', () =>
      fail({ errorCode: 'E', errorMessage: '已存在', showType: 2 }),
    );
    env.on('GET', '/finance/a.json', () => fakeResponse(401, '', 'text/plain'));
    env.on('GET', '/finance/b.json', () => fail({ code: 20401 }, 401));
    env.on('GET', '/finance/c.json', () => Promise.reject(new TypeError('down')));
    const opts = { skipErrorHandler: true };
    expect(
      (await failure(get('/ssoserver/user/isAccountExistedByUserName', { username: 'a' }, opts))).info?.errorMessage,
    ).toBe('已存在');
    expect((await failure(get('/finance/a.json', undefined, opts))).kind).toBe('sessionExpired');
    expect((await failure(get('/finance/b.json', undefined, opts))).kind).toBe('sessionInvalid');
    expect((await failure(get('/finance/c.json', undefined, opts))).kind).toBe('network');
    await vi.advanceTimersByTimeAsync(2000);
    expect(env.callsTo('/isLogin')).toHaveLength(0);
    expect(env.ui.error).not.toHaveBeenCalled();
    expect(env.ui.warn).not.toHaveBeenCalled();
    expect(env.ui.notify).not.toHaveBeenCalled();
    expect(env.navigate).not.toHaveBeenCalled();
    expect(env.storage.getItem('satokenClient')).toBe('client-token');
  });
});

describe('exportExcel', () => {
  it('names the file name_yyyyMMddHHmmss.xlsx on the 24-hour clock, in Beijing time (issue 30)', () => {
    expect(exportFileName('产品列表', Date.parse('2024-03-05T15:07:09+08:00'))).toBe('产品列表_20240305150709.xlsx');
    expect(exportFileName('x', Date.parse('2024-12-31T09:05:01+08:00'))).toBe('x_20241231090501.xlsx');
    expect(exportFileName('x', Date.parse('2026-11-23T16:30:00Z'))).toBe('x_20261124003000.xlsx');
  });

  it('says each part of a name once (issue 13: "定向需求-定向需求_….xlsx")', () => {
    const at = Date.parse('2026-11-24T01:00:13+08:00');
    expect(exportFileName(['定向需求', '定向需求'], at)).toBe('定向需求_20261124010013.xlsx');
    expect(exportFileName(['定向需求', '担保转交'], at)).toBe('定向需求-担保转交_20261124010013.xlsx');
    expect(exportFileName(['公开需求', ' ', '公开需求池'], at)).toBe('公开需求-公开需求池_20261124010013.xlsx');
  });

  it('GETs the file with the usual headers and saves the blob', async () => {
    signIn();
    const xlsx = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
    env.on('GET', '/finance/export.json', () => fakeResponse(200, 'PK-binary', xlsx));
    const name = await exportExcel('/finance/export.json', '需求', { status: 'OPEN' });
    expect(name).toBe(exportFileName('需求', NOW)); // the stamp itself: the test above
    const [call] = env.calls;
    expect(call.url.searchParams.get('status')).toBe('OPEN');
    expect(call.url.searchParams.get('t')).toBe(String(NOW));
    expect(call.headers.satoken).toBe('client-token');
    expect(call.init.credentials).toBe('include');
    const [blob, fileName] = env.saveFile.mock.calls[0] as [Blob, string];
    expect(fileName).toBe(exportFileName('需求', NOW));
    expect(await blob.text()).toBe('PK-binary');
  });

  it('an envelope instead of a file is handled as the error it is, and nothing is saved', async () => {
    env.on('GET', '/finance/export.json', () =>
      fail({ errorCode: 'FORBIDDEN', errorMessage: '无权导出', showType: 2 }),
    );
    await failure(exportExcel('/finance/export.json', '需求'));
    expect(env.ui.error).toHaveBeenCalledExactlyOnceWith('无权导出');
    expect(env.saveFile).not.toHaveBeenCalled();
  });
});
