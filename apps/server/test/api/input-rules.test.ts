import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_URL, call, createTestApp, nextIp, type TestApp, type Tokens, signInAs } from '../helpers.ts';

/**
 * The input rules every route obeys (packages/contract/src/input-rules.ts, bounds.ts): control characters and values
 * past what the database holds are a 400 naming the field, never a 500.
 */
let t: TestApp;
let operator: Tokens;
beforeAll(async () => {
  t = await createTestApp();
  operator = await signInAs(t.app, 'operator');
});
afterAll(() => t.close());

function expectFieldRefused(res: { statusCode: number; json(): unknown }, field: string) {
  expect(res.statusCode).toBe(400);
  const body = res.json() as { errorCode: string; errorMessage: string; data: { fields: { field: string }[] } };
  expect(body).toMatchObject({ success: false, code: 400, errorCode: 'VALIDATION' });
  expect(body.data.fields[0].field).toBe(field);
  expect(body.errorMessage).toContain(field);
}

describe('control characters', () => {
  it('refuses a NUL in a query string, anonymous included', async () => {
    const res = await t.app.inject({ url: '/finance/portal/product/page.json?keyword=%00' });
    expectFieldRefused(res, 'keyword');
    expect(res.json().errorMessage).toContain('控制字符');
  });

  it('refuses a NUL in a login name', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/ssoserver/doLogin',
      payload: { username: 'person\u0000', password: 'x', redirect: CLIENT_URL },
      remoteAddress: nextIp(),
    });
    expectFieldRefused(res, 'username');
  });

  it('refuses every C0 control character but tab, line feed and carriage return, in nested fields and keys', async () => {
    const search = (q: string) =>
      t.app.inject({ url: `/finance/portal/product/page.json?keyword=${encodeURIComponent(q)}` });
    for (const c of ['\u0001', '\u0008', '\u000b', '\u000c', '\u001b', '\u001f'])
      expectFieldRefused(await search(`a${c}b`), 'keyword');
    for (const c of ['\t', '\n', '\r']) expect((await search(`a${c}b`)).statusCode).toBe(200);

    const save = await call(t.app, operator, {
      method: 'POST',
      url: '/finance/user/setRoles.json',
      payload: { userId: 1, roleIds: [1], 'x\u0007': 1 },
    });
    expectFieldRefused(save, 'x\u0007');
    const nested = await call(t.app, operator, {
      method: 'POST',
      url: '/finance/message/read.json',
      payload: { ids: [1, 'a\u0000'] },
    });
    expectFieldRefused(nested, 'ids.1');
  });

  it('refuses a control character in a path parameter', async () => {
    expectFieldRefused(
      await t.app.inject({ url: '/anon/finance/enumMeta/getEnumBySimpleName/Account%00Type' }),
      'name',
    );
  });
});

describe('number and date bounds', () => {
  it('refuses an id past the integer columns (industrialChainId=2147483648) instead of failing in the database', async () => {
    expectFieldRefused(
      await t.app.inject({ url: '/finance/product/queryProductList.json?industrialChainId=2147483648' }),
      'industrialChainId',
    );
    expect(
      (await t.app.inject({ url: '/finance/product/queryProductList.json?industrialChainId=2147483647' })).statusCode,
    ).toBe(200);
    expectFieldRefused(
      await t.app.inject({ url: '/finance/portal/product/page.json?industrialChainIds=1,2147483648' }),
      'industrialChainIds.1',
    );
  });

  it('bounds the page number (a huge OFFSET) and the page size', async () => {
    expectFieldRefused(await t.app.inject({ url: '/finance/portal/product/page.json?current=100001' }), 'current');
    expectFieldRefused(await t.app.inject({ url: '/finance/portal/product/page.json?pageSize=101' }), 'pageSize');
    expectFieldRefused(
      await call(t.app, operator, { url: '/finance/system/sms/outbox/page.json?current=99999999999' }),
      'current',
    );
  });

  it('bounds ids in JSON bodies', async () => {
    const res = await call(t.app, operator, {
      method: 'POST',
      url: '/finance/message/read.json',
      payload: { ids: [2147483648] },
    });
    expectFieldRefused(res, 'ids.0');
  });

  it('refuses a day that does not exist, which PostgreSQL would have refused with a 500', async () => {
    expectFieldRefused(
      await call(t.app, operator, { url: '/finance/demand/operate/page.json?from=2026-02-30' }),
      'from',
    );
    expectFieldRefused(await call(t.app, operator, { url: '/finance/audit/page.json?to=2026-13-01' }), 'to');
    expect((await call(t.app, operator, { url: '/finance/demand/operate/page.json?from=2024-02-29' })).statusCode).toBe(
      200,
    );
  });
});
