import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARTICLE_USER_ACTIONS, type ArticleStatus, type ArticleUserAction } from '@phjr/contract/content/article';
import { PRODUCT_STATUSES, PRODUCT_USER_ACTIONS, type ProductUserAction } from '@phjr/contract/products/product';
import { DEMO_ACCOUNTS } from '../../src/seed/demo-accounts.ts';
import { createTestApp, type TestApp, type Tokens, signInAs } from '../helpers.ts';
import { articleInput, createArticle, get, post } from './content-helpers.ts';
import { productIn, productInput, testBank } from './products-helpers.ts';

/**
 * Issue 12: the back office's product and article rows carry the actions the server allows their viewer, and exactly
 * those are accepted. For every state × viewer (demo accounts and the units of a bank of our own): every listed action
 * succeeds on a fresh record in that state, every other one is refused.
 */

let t: TestApp;
let bank: Awaited<ReturnType<typeof testBank>>;
const tag = `PA${Math.random().toString(36).slice(2, 7)}`;
let viewers: { name: string; tokens: Tokens }[] = [];
/** The demo rice chain, which the finance bureau (jrj) manages: a chain article is tied to a chain of its writer's scope. */
let riceChain = 0;
const tokensOf = (name: string) => viewers.find((v) => v.name === name)!.tokens;

beforeAll(async () => {
  t = await createTestApp();
  bank = await testBank(t.app, t.database.db, tag);
  riceChain = (await t.database.pool.query(`SELECT id FROM industrial_chains WHERE name = '水稻产业链'`)).rows[0].id;
  viewers = [
    ...(await Promise.all(
      DEMO_ACCOUNTS.map(async (a) => ({ name: a.username, tokens: await signInAs(t.app, a.username) })),
    )),
    ...(Object.keys(bank.tokens) as (keyof typeof bank.tokens)[]).map((k) => ({
      name: `bank-${k}`,
      tokens: bank.tokens[k],
    })),
  ];
});
afterAll(async () => {
  // The services made here are the demo guarantee company's and the chain articles are the rice chain's: take what is
  // still public off the portal, so the tests that count the demo catalogue and the chains' articles see the demo data alone.
  await t.database.pool.query(`UPDATE products SET status = 'DELISTED' WHERE name LIKE $1 AND status = 'LISTED'`, [
    `%${tag}%`,
  ]);
  await t.database.pool.query(`UPDATE articles SET status = 'OFFLINE' WHERE title LIKE $1 AND status = 'PUBLISHED'`, [
    `%${tag}%`,
  ]);
  await t.close();
});

/** The actions of the record's row in a back-office list (null: the viewer's list does not show it, or it has none). */
async function rowActions(tokens: Tokens, path: string, id: number): Promise<string[] | null> {
  const res = await get(t.app, tokens, path);
  if (res.statusCode === 403) return null;
  expect(res.statusCode, res.body).toBe(200);
  const row = (res.json().data.list as { id: number; actions?: string[] }[]).find((r) => r.id === id);
  if (!row) return null;
  expect(Array.isArray(row.actions), 'a back-office row carries its actions').toBe(true);
  return row.actions!;
}

describe('product actions listed = actions accepted', () => {
  /** The calls of an action; delist has the provider's and the operator's. */
  const callsOf = (a: ProductUserAction, viewer: string): string[] => {
    if (a === 'delist')
      return viewer === 'operator' ? ['/finance/product/review/delist.json'] : ['/finance/product/manage/delist.json'];
    if (a === 'approve' || a === 'reject') return [`/finance/product/review/${a}.json`];
    if (a === 'edit') return ['/finance/product/manage/save.json'];
    return [`/finance/product/manage/${a}.json`];
  };
  const bodyOf = (a: ProductUserAction, id: number, input: ReturnType<typeof productInput>) =>
    a === 'edit' ? { ...input, id } : a === 'reject' ? { id, reason: '测试驳回原因' } : { id };

  it('for every state × viewer', { timeout: 300_000 }, async () => {
    let pairs = 0;
    let listed = 0;
    let refused = 0;
    const op = tokensOf('operator');
    // A bank branch's loan (seen by it, its head office and the operator) and the demo guarantee company's guarantee
    // service (seen by it and the operator).
    const providers = [
      { tokens: () => bank.tokens.branchA, kind: 'LOAN' as const, seenBy: 3 },
      { tokens: () => tokensOf('guarantee'), kind: 'GUARANTEE_SERVICE' as const, seenBy: 2 },
    ];
    const cases = providers.flatMap((provider) => PRODUCT_STATUSES.map((status) => ({ provider, status })));
    for (const { provider, status } of cases) {
      const name = `动作${tag}${provider.kind}${status}`;
      const make = () => productIn(t.app, provider.tokens(), op, status, productInput(name, { kind: provider.kind }));
      const id = await make();
      for (const v of viewers) {
        const offered = await rowActions(
          v.tokens,
          `/finance/product/manage/page.json?keyword=${encodeURIComponent(name)}&pageSize=100`,
          id,
        );
        if (offered !== null) {
          pairs++;
          const detail = await get(t.app, v.tokens, `/finance/product/manage/detail.json?id=${id}`);
          expect(detail.json().data.actions, `${v.name} ${status}: detail = row`).toEqual(offered);
        }
        for (const a of PRODUCT_USER_ACTIONS) {
          if (offered?.includes(a)) continue;
          // Every call of the action (both delists) is refused.
          const calls =
            a === 'delist'
              ? ['/finance/product/manage/delist.json', '/finance/product/review/delist.json']
              : callsOf(a, v.name);
          for (const url of calls) {
            const res = await post(t.app, v.tokens, url, bodyOf(a, id, productInput(name, { kind: provider.kind })));
            expect(
              res.json().success,
              `${v.name} ${status}: ${a} (${url}) is not listed, yet accepted: ${res.body}`,
            ).toBe(false);
            refused++;
          }
        }
        for (const a of (offered ?? []) as ProductUserAction[]) {
          const fresh = await make();
          const res = await post(
            t.app,
            v.tokens,
            callsOf(a, v.name)[0]!,
            bodyOf(a, fresh, productInput(name, { kind: provider.kind })),
          );
          expect(res.statusCode, `${v.name} ${status}: ${a} is listed, yet refused: ${res.body}`).toBe(200);
          listed++;
        }
      }
      expect(
        (await get(t.app, op, `/finance/product/manage/detail.json?id=${id}`)).json().data.status,
        'refusals changed nothing',
      ).toBe(status);
    }
    console.info(
      `product actions: ${providers.length} providers × ${PRODUCT_STATUSES.length} states × ${viewers.length} viewers; ${pairs} visible pairs; ${listed} listed actions tried (all accepted), ${refused} unlisted tried (all refused)`,
    );
    expect(pairs).toBe(PRODUCT_STATUSES.length * (providers[0]!.seenBy + providers[1]!.seenBy));
    // Both halves were exercised: some listed actions were carried out, some unlisted ones refused.
    expect(listed, 'listed actions tried').toBeGreaterThan(0);
    expect(refused, 'unlisted actions tried').toBeGreaterThan(0);
  });
});

describe('article actions listed = actions accepted', () => {
  const STATES: { status: ArticleStatus; scheduled?: boolean }[] = [
    { status: 'DRAFT' },
    { status: 'PUBLISHED' },
    { status: 'PUBLISHED', scheduled: true },
    { status: 'OFFLINE' },
  ];

  /** Authors: the operator (article:publish, any channel) and a bureau (article:write: its own chain articles). */
  const AUTHORS = [
    { name: 'operator', input: (title: string) => articleInput(title) },
    { name: 'jrj', input: (title: string) => articleInput(title, { channel: 'chain', industrialChainId: riceChain }) },
  ];

  async function articleIn(author: (typeof AUTHORS)[number], title: string, s: (typeof STATES)[number]) {
    const op = tokensOf(author.name);
    const id = await createArticle(t.app, op, author.input(title));
    if (s.status === 'DRAFT') return id;
    const publishAt = s.scheduled ? new Date(Date.now() + 86_400_000).toISOString() : undefined;
    expect(
      (await post(t.app, op, '/article/api/admin/publish.json', { id, ...(publishAt ? { publishAt } : {}) }))
        .statusCode,
    ).toBe(200);
    if (s.status === 'OFFLINE')
      expect((await post(t.app, op, '/article/api/admin/offline.json', { id })).statusCode).toBe(200);
    return id;
  }
  const urlOf = (a: ArticleUserAction) =>
    a === 'edit' ? '/article/api/admin/save.json' : `/article/api/admin/${a}.json`;
  const bodyOf = (a: ArticleUserAction, id: number, input: ReturnType<typeof articleInput>) =>
    a === 'edit' ? { ...input, id } : a === 'pin' ? { id, pinned: true } : { id };

  it('for every state × viewer', { timeout: 300_000 }, async () => {
    let pairs = 0;
    let listed = 0;
    let refused = 0;
    const cases = AUTHORS.flatMap((author) => STATES.map((s) => ({ author, s })));
    for (const { author, s } of cases) {
      const title = `动作${tag}${author.name}${s.status}${s.scheduled ? '定时' : ''}`;
      const input = author.input(title);
      const id = await articleIn(author, title, s);
      for (const v of viewers) {
        const offered = await rowActions(
          v.tokens,
          `/article/api/admin/page.json?keyword=${encodeURIComponent(title)}&pageSize=100`,
          id,
        );
        if (offered !== null) {
          pairs++;
          expect(
            (await get(t.app, v.tokens, `/article/api/admin/detail.json?id=${id}`)).json().data.actions,
            `${v.name} ${title}: detail = row`,
          ).toEqual(offered);
        }
        for (const a of ARTICLE_USER_ACTIONS) {
          if (offered?.includes(a)) continue;
          const res = await post(t.app, v.tokens, urlOf(a), bodyOf(a, id, input));
          expect(res.json().success, `${v.name} ${title}: ${a} is not listed, yet accepted: ${res.body}`).toBe(false);
          refused++;
        }
        for (const a of (offered ?? []) as ArticleUserAction[]) {
          const fresh = await articleIn(author, title, s);
          const res = await post(t.app, v.tokens, urlOf(a), bodyOf(a, fresh, input));
          expect(res.statusCode, `${v.name} ${title}: ${a} is listed, yet refused: ${res.body}`).toBe(200);
          listed++;
        }
      }
      const after = (await get(t.app, tokensOf('operator'), `/article/api/admin/detail.json?id=${id}`)).json().data;
      expect(after.status, 'refusals changed nothing').toBe(s.status);
    }
    console.info(
      `article actions: ${AUTHORS.length} authors × ${STATES.length} states × ${viewers.length} viewers; ${pairs} visible pairs; ${listed} listed actions tried (all accepted), ${refused} unlisted tried (all refused)`,
    );
    // The operator sees every article; the bureau its own.
    expect(pairs).toBe(STATES.length * 3);
    expect(listed, 'listed actions tried').toBeGreaterThan(0);
    expect(refused, 'unlisted actions tried').toBeGreaterThan(0);
  });
});
