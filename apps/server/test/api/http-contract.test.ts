import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp, signInAs } from '../helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('HTTP contract', () => {
  it('wraps data in the envelope and forbids caching of API answers', async () => {
    const res = await t.app.inject({ url: '/finance/region/list.json?t=1700000000000' });
    expect(res.json()).toMatchObject({ success: true, code: 200 });
    expect(res.json().data).toHaveLength(9);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('sends the security headers, with a CSP that forbids plugins and inline scripts', async () => {
    const res = await t.app.inject({ url: '/finance/region/list.json' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toMatch(/script-src 'self'(;|$)/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers an unknown API path with a 404 envelope', async () => {
    const res = await t.app.inject({ url: '/finance/nothing/here.json' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, code: 404, errorCode: 'NOT_FOUND' });
  });

  it('serves the OpenAPI document generated from the contract', async () => {
    const res = await t.app.inject({ url: '/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/doLoginByTicket', '/getSsoAuthUrl', '/zscms/user/getUserInfo.json']),
    );
  });

  it('returns enums by simple name, keyed by the name', async () => {
    const res = await t.app.inject({ url: '/anon/finance/enumMeta/getEnumBySimpleName/AccountType' });
    expect(res.json().data.AccountType).toContainEqual({
      name: 'BANK',
      message: '银行',
      code: 'BANK',
      extName: 'Bank',
    });
    const region = await t.app.inject({ url: '/anon/finance/enumMeta/getEnumBySimpleName/Region' });
    expect(region.json().data.Region).toHaveLength(9);
    const unknown = await t.app.inject({ url: '/anon/finance/enumMeta/getEnumBySimpleName/Nope' });
    expect(unknown.json()).toMatchObject({ success: false, errorCode: 'NOT_FOUND' });
  });

  it('loads the active system images for start-up', async () => {
    const res = await t.app.inject({ url: '/finance/portal/system/sysImageInfo/getAllPcSimpleImages' });
    expect(res.json().data.filter((i: { place: string }) => i.place === 'HOME_BANNER').length).toBeGreaterThanOrEqual(
      3,
    );
  });

  it('lets a user read only themself by id, unless they have user:read', async () => {
    const person = await signInAs(t.app, 'person');
    const me = (await call(t.app, person, { url: '/ssoserver/user/getUserById' })).json().data;
    expect(me).toMatchObject({ username: 'person', accountType: { code: 'PERSON' } });
    const other = await call(t.app, person, { url: '/ssoserver/user/getUserById?userId=1' });
    expect(other.statusCode).toBe(403);
    const operator = await signInAs(t.app, 'operator');
    const read = await call(t.app, operator, { url: `/ssoserver/user/getUserById?userId=${me.userId}` });
    expect(read.json().data.username).toBe('person');
  });

  it('tells each user the article channels they may write in', async () => {
    expect(
      (await call(t.app, await signInAs(t.app, 'operator'), { url: '/article/api/auth/list' })).json().data,
    ).toContain('news');
    expect((await call(t.app, await signInAs(t.app, 'person'), { url: '/article/api/auth/list' })).json().data).toEqual(
      [],
    );
  });
});
