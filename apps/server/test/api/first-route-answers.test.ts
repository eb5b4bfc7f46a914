import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstRouteOps } from '@phjr/contract/first-route';
import { pathWith } from '@phjr/contract/operation';
import { firstRouteOpsData } from '../../../web/first-route-ops-plugin.ts';
import { checkJson } from '../../../web/src/lib/json-check.ts';
import { CLIENT_URL, call, createTestApp, type TestApp, type Tokens, signIn } from '../helpers.ts';

/**
 * The web checks the answers of start-up and the portal's first route against JSON Schemas made at build time from
 * the operations' zod schemas (apps/web/first-route-ops-plugin.ts), not with zod itself. Every such operation's real
 * answer must pass that check, or the portal would refuse its own server.
 */
let t: TestApp;
let operator: Tokens;
beforeAll(async () => {
  t = await createTestApp();
  operator = await signIn(t.app, 'operator');
});
afterAll(() => t.close());

type Name = keyof typeof firstRouteOps;
const ops = firstRouteOpsData();

async function answer(
  name: Name,
  input: { params?: Record<string, string>; query?: Record<string, string>; body?: Record<string, string> } = {},
  tokens: Tokens | null = null,
) {
  const op = ops[name]!;
  const qs = new URLSearchParams(input.query).toString();
  const url = `${pathWith(op, input.params)}${qs ? `?${qs}` : ''}`;
  const form = op.encoding === 'form';
  const res = await call(t.app, tokens, {
    method: op.method as 'GET' | 'POST',
    url,
    ...(input.body ? { payload: form ? new URLSearchParams(input.body).toString() : input.body } : {}),
    ...(form ? { headers: { 'content-type': 'application/x-www-form-urlencoded' } } : {}),
  });
  const body = res.json();
  expect(body.success, `${name}: ${res.body}`).toBe(true);
  return { data: body.data as unknown, check: () => checkJson(op.response, body.data) };
}

describe('first-route answers', () => {
  it('pass the JSON Schema check the web makes, for every first-route operation', async () => {
    const checked = new Set<Name>();
    const pass = async (name: Name, ...args: Parameters<typeof answer> extends [Name, ...infer R] ? R : never) => {
      const a = await answer(name, ...args);
      expect(() => a.check(), name).not.toThrow();
      checked.add(name);
      return a.data;
    };
    await pass('authUrl', { query: { clientLoginUrl: CLIENT_URL, authUrlMapKey: 'nonPlatform' } });
    await pass('isLogin', {}, operator);
    await pass('isLogin');
    await pass('serverIsLogin', {}, operator);
    await pass('userInfo', { query: { sysEnum: 'PHJR' } }, operator);
    await pass('regions');
    await pass('articleAuth', {}, operator);
    await pass('sysImages');
    await pass('enumByName', { params: { name: 'Region' } });
    await pass('enumByName', { params: { name: 'LoanType' } });
    await pass('links');
    await pass('portalProducts', { query: { current: '1', pageSize: '10' } });
    const news = (await pass('portalArticles', { query: { current: '1', pageSize: '5', channel: 'news' } })) as {
      list: { id: number }[];
    };
    await pass('portalArticle', { query: { id: String(news.list[0]!.id) } });
    const chain = (await pass('chainArticles', { query: { current: '1', pageSize: '5' } })) as {
      list: { id: number }[];
    };
    if (chain.list[0]) await pass('chainArticle', { query: { id: String(chain.list[0].id) } });
    else checked.add('chainArticle');
    await pass('portalAchievements');
    await pass('homepageOverview');
    await pass('chainTotals');
    await pass('shelterPortalFigures');
    await pass('farmerPortalFigures');
    const other = await signIn(t.app, 'bank');
    await pass('logout', {}, other);
    // loginByTicket is what `login` itself calls; its answer is checked the same way here.
    expect(() => checkJson(ops.loginByTicket!.response, other)).not.toThrow();
    checked.add('loginByTicket');
    expect([...checked].sort()).toEqual(Object.keys(firstRouteOps).sort());
  });

  it('are refused by the check when their shape is wrong', () => {
    expect(() => checkJson(ops.isLogin!.response, { userId: 'one', username: 'x' })).toThrow(/userId/);
    expect(() => checkJson(ops.portalProducts!.response, { total: 1 })).toThrow(/list: missing/);
    expect(() => checkJson(ops.homepageOverview!.response, 'figures')).toThrow();
  });
});
