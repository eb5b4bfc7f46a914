import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp, type Tokens, signIn } from '../helpers.ts';
import { DEMO_PASSWORD } from '../../src/seed/demo-accounts.ts';
import { insertUser } from '../../src/seed/factories.ts';
import { notifyUser } from '../../src/modules/notify/notify.service.ts';
import { ENUM_CATALOG } from '@phjr/contract/system/enum-catalog';

let t: TestApp;
const uniq = () => Math.random().toString(36).slice(2, 8);

async function newUser(prefix: string) {
  const username = `${prefix}${uniq()}`;
  const id = await insertUser(t.database.db, {
    username,
    name: prefix,
    password: DEMO_PASSWORD,
    accountType: 'PERSON',
    roleCodes: ['PERSON'],
  });
  return { id, tokens: await signIn(t.app, username) };
}

const unread = async (tokens: Tokens) =>
  (await call(t.app, tokens, { method: 'GET', url: '/finance/message/unreadCount.json' })).json().data.count as number;
const pageOf = async (tokens: Tokens, query = '') =>
  (await call(t.app, tokens, { method: 'GET', url: `/finance/message/page.json${query}` })).json().data;

let alice: { id: number; tokens: Tokens };
let bob: { id: number; tokens: Tokens };
const aliceIds: number[] = [];
let bobId: number;

beforeAll(async () => {
  t = await createTestApp();
  alice = await newUser('msga');
  bob = await newUser('msgb');
  for (let i = 1; i <= 12; i += 1) {
    aliceIds.push(
      await notifyUser(t.database.db, alice.id, {
        kind: 'product.delisted',
        params: { product: `产品${i}` },
        title: `消息${i}`,
        content: `内容${i}`,
        link: i === 1 ? '/userClient/home' : null,
      }),
    );
  }
  bobId = await notifyUser(t.database.db, bob.id, {
    kind: 'product.delisted',
    params: { product: 'B' },
    title: 'Bob 的消息',
    content: '只有 Bob 能看到',
    link: 'https://evil.example.com/',
  });
});
afterAll(() => t.close());

describe('in-site messages', () => {
  it('counts unread messages of the user only', async () => {
    expect(await unread(alice.tokens)).toBe(12);
    expect(await unread(bob.tokens)).toBe(1);
  });

  it('pages own messages newest first, 10 per page, and never shows another user’s', async () => {
    const first = await pageOf(alice.tokens);
    expect(first).toMatchObject({ total: 12, current: 1, pageSize: 10 });
    expect(first.list).toHaveLength(10);
    expect(first.list[0].title).toBe('消息12');
    const second = await pageOf(alice.tokens, '?current=2');
    expect(second.list.map((m: { title: string }) => m.title)).toEqual(['消息2', '消息1']);
    expect(second.list[1].link).toBe('/userClient/home');
    const bobs = await pageOf(bob.tokens);
    expect(bobs.total).toBe(1);
    // notifyUser keeps only in-app paths as links.
    expect(bobs.list[0].link).toBeNull();
  });

  it('marks own messages read; another user’s ids are ignored', async () => {
    const res = await call(t.app, alice.tokens, {
      method: 'POST',
      url: '/finance/message/read.json',
      payload: { ids: [aliceIds[0], aliceIds[1], bobId] },
    });
    expect(res.json().data).toEqual({ updated: 2 });
    expect(await unread(alice.tokens)).toBe(10);
    expect(await unread(bob.tokens)).toBe(1);
    // Marking again changes nothing.
    const again = await call(t.app, alice.tokens, {
      method: 'POST',
      url: '/finance/message/read.json',
      payload: { ids: [aliceIds[0]] },
    });
    expect(again.json().data).toEqual({ updated: 0 });
    const bobPage = await pageOf(bob.tokens);
    expect(bobPage.list[0].readAt).toBeNull();
  });

  it('filters by read and unread', async () => {
    const read = await pageOf(alice.tokens, '?read=read');
    expect(read.total).toBe(2);
    expect(read.list.every((m: { readAt: string | null }) => m.readAt)).toBe(true);
    const open = await pageOf(alice.tokens, '?read=unread');
    expect(open.total).toBe(10);
    expect(
      (await call(t.app, alice.tokens, { method: 'GET', url: '/finance/message/page.json?read=maybe' })).statusCode,
    ).toBe(400);
  });

  it('readAll marks only the caller’s messages', async () => {
    const res = await call(t.app, alice.tokens, { method: 'POST', url: '/finance/message/readAll.json' });
    expect(res.json().data).toEqual({ updated: 10 });
    expect(await unread(alice.tokens)).toBe(0);
    expect(await unread(bob.tokens)).toBe(1);
  });

  it('refuses an empty or malformed id list, and anonymous callers', async () => {
    expect(
      (await call(t.app, bob.tokens, { method: 'POST', url: '/finance/message/read.json', payload: { ids: [] } }))
        .statusCode,
    ).toBe(400);
    expect(
      (await call(t.app, bob.tokens, { method: 'POST', url: '/finance/message/read.json', payload: { ids: ['x'] } }))
        .statusCode,
    ).toBe(400);
    expect((await call(t.app, null, { method: 'GET', url: '/finance/message/unreadCount.json' })).statusCode).toBe(401);
  });

  it('demo accounts have a read welcome message and unread ones', async () => {
    const rows = await t.database.pool.query(
      `SELECT u.username, count(*) FILTER (WHERE m.read_at IS NULL) AS unread, count(*) AS total
         FROM messages m JOIN users u ON u.id = m.user_id WHERE u.username = ANY($1) GROUP BY u.username`,
      [['operator', 'gov', 'jrj', 'rsj', 'bank', 'guarantee', 'person', 'enterprise']],
    );
    expect(rows.rows).toHaveLength(8);
    for (const r of rows.rows) expect(Number(r.total)).toBeGreaterThanOrEqual(2);
  });

  it("words the demo's welcome and demand news as data: the reader's language says them (issue 30, item 7)", async () => {
    const welcome = await t.database.pool.query(
      `SELECT DISTINCT m.kind, m.params FROM messages m JOIN users u ON u.id = m.user_id
        WHERE u.username = ANY($1) AND m.title = '欢迎使用示范市普惠金融服务平台'`,
      [['operator', 'gov', 'jrj', 'rsj', 'bank', 'guarantee', 'person', 'enterprise']],
    );
    expect(welcome.rows).toEqual([{ kind: 'account.welcome', params: {} }]);
    // The person's demand news: the demo's history (demand.statusChanged) and whatever other files' demands said in
    // this shared database (each with its own kind); none is left as Chinese text only.
    const news = await t.database.pool.query(
      `SELECT m.kind, m.params FROM messages m JOIN users u ON u.id = m.user_id
        WHERE u.username = 'person' AND m.content LIKE '您的融资需求XQ%状态已更新为%'`,
    );
    expect(news.rows.filter((r) => r.kind === null)).toEqual([]);
    const history = news.rows.filter((r) => r.kind === 'demand.statusChanged');
    expect(history.length).toBeGreaterThan(0);
    for (const r of history) {
      expect(r.params.demandNo).toMatch(/^XQ\d{14}$/);
      expect(Object.keys(ENUM_CATALOG.DemandStatus)).toContain(r.params.status);
    }
  });
});
