import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARTICLE_STATUSES, ARTICLE_TRANSITIONS, type ArticleStatus } from '@phjr/contract/content/article';
import { createTestApp, type TestApp, type Tokens, signInAs } from '../helpers.ts';
import { insertOrg, insertUser } from '../../src/seed/factories.ts';
import { DEMO_PASSWORD } from '../../src/seed/demo-accounts.ts';
import { articleInput, createArticle, get, post, publishedArticle, q } from './content-helpers.ts';

let t: TestApp;
let op: Tokens;
let gov: Tokens;
let jrj: Tokens;
const tag = `T${Math.random().toString(36).slice(2, 8)}`;
let seq = 0;
/** A title unique to this run, found again with `keyword=<tag>`. */
const title = (s: string) => `${s} ${tag}-${++seq}`;

const admin = (tokens: Tokens, id: number) => get(t.app, tokens, `/article/api/admin/detail.json?id=${id}`);
const portalPage = (params: Record<string, string | number | undefined>) =>
  get(t.app, null, `/article/api/portal/page.json?${q(params)}`);
const portalDetail = (id: number) => get(t.app, null, `/article/api/portal/detail.json?id=${id}`);
const ids = (res: { json(): { data: { list: { id: number }[] } } }) => res.json().data.list.map((a) => a.id);
const auditOf = async (action: string, target: string) =>
  (
    await t.database.pool.query('SELECT action, target, detail FROM audit_log WHERE action = $1 AND target = $2', [
      action,
      target,
    ])
  ).rows;

beforeAll(async () => {
  t = await createTestApp();
  [op, gov, jrj] = await Promise.all([signInAs(t.app, 'operator'), signInAs(t.app, 'gov'), signInAs(t.app, 'jrj')]);
});
afterAll(() => t.close());

/** An article of the operator brought to `status` through the API. */
async function articleIn(status: ArticleStatus, over = {}) {
  const id = await createArticle(t.app, op, articleInput(title(`状态${status}`), over));
  if (status === 'DRAFT') return id;
  expect((await post(t.app, op, '/article/api/admin/publish.json', { id })).statusCode).toBe(200);
  if (status === 'OFFLINE')
    expect((await post(t.app, op, '/article/api/admin/offline.json', { id })).statusCode).toBe(200);
  return id;
}

describe('article state machine (ARTICLE_TRANSITIONS)', () => {
  const target: Record<keyof typeof ARTICLE_TRANSITIONS, ArticleStatus | null> = {
    publish: 'PUBLISHED',
    offline: 'OFFLINE',
    remove: null,
  };
  for (const action of Object.keys(ARTICLE_TRANSITIONS) as (keyof typeof ARTICLE_TRANSITIONS)[]) {
    for (const from of ARTICLE_STATUSES) {
      const allowed = ARTICLE_TRANSITIONS[action].includes(from);
      it(`${action} from ${from} is ${allowed ? 'allowed' : 'refused'}`, async () => {
        const id = await articleIn(from);
        const before = (await admin(op, id)).json().data;
        const audited = (await auditOf(`article.${action}`, `article:${id}`)).length;
        const res = await post(t.app, op, `/article/api/admin/${action}.json`, { id });
        if (allowed) {
          expect(res.statusCode, res.body).toBe(200);
          const after = await admin(op, id);
          if (target[action]) expect(after.json().data.status).toBe(target[action]);
          else expect(after.json()).toMatchObject({ success: false, errorCode: 'ARTICLE_NOT_FOUND' });
          expect(await auditOf(`article.${action}`, `article:${id}`)).toHaveLength(audited + 1);
        } else {
          expect(res.statusCode).toBe(409);
          expect(res.json()).toMatchObject({ success: false, errorCode: 'ARTICLE_BAD_STATE' });
          // Nothing changed, nothing audited.
          expect((await admin(op, id)).json().data).toEqual(before);
          expect(await auditOf(`article.${action}`, `article:${id}`)).toHaveLength(audited);
        }
      });
    }
  }

  it('answers an unknown id with ARTICLE_NOT_FOUND for every action', async () => {
    for (const action of ['publish', 'offline', 'remove']) {
      const res = await post(t.app, op, `/article/api/admin/${action}.json`, { id: 99_999_999 });
      expect(res.statusCode).toBe(404);
      expect(res.json().errorCode).toBe('ARTICLE_NOT_FOUND');
    }
  });
});

describe('what readers see', () => {
  it('hides a scheduled article until its time comes', async () => {
    const id = await createArticle(t.app, op, articleInput(title('定时发布')));
    const at = new Date(Date.now() + 3_600_000).toISOString();
    expect((await post(t.app, op, '/article/api/admin/publish.json', { id, publishAt: at })).statusCode).toBe(200);
    expect(ids(await portalPage({ channel: 'news', keyword: tag }))).not.toContain(id);
    expect((await portalDetail(id)).json()).toMatchObject({ success: false, errorCode: 'ARTICLE_NOT_FOUND' });
    const a = (await admin(op, id)).json().data;
    expect(a).toMatchObject({ status: 'PUBLISHED', publishAt: at });
    // The time comes (moved into the past here): readers see it, without any job.
    await t.database.pool.query("UPDATE articles SET publish_at = now() - interval '1 minute' WHERE id = $1", [id]);
    // (Written on another connection here: the read cache hears of it a moment later. A time that comes with no write
    // shows within READ_CACHE_TTL_MS.)
    await expect.poll(async () => ids(await portalPage({ channel: 'news', keyword: tag }))).toContain(id);
    // The page writes its rows as PostgreSQL formats them, the detail through a Date: the same summary, to the
    // millisecond (the time set by PostgreSQL has microseconds).
    const { views: _views, ...summary } = (await portalPage({ channel: 'news', keyword: tag }))
      .json()
      .data.list.find((x: { id: number }) => x.id === id);
    expect(summary.publishAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    const detail = await portalDetail(id);
    expect(detail.statusCode).toBe(200);
    expect(detail.json().data).toMatchObject(summary);
  });

  it('refuses a publication time in the past', async () => {
    const id = await createArticle(t.app, op, articleInput(title('过去时间')));
    const res = await post(t.app, op, '/article/api/admin/publish.json', {
      id,
      publishAt: '2020-01-01T00:00:00+08:00',
    });
    expect(res.statusCode).toBe(400);
    expect((await admin(op, id)).json().data.status).toBe('DRAFT');
  });

  it('answers a draft like a missing id', async () => {
    const id = await createArticle(t.app, op, articleInput(title('草稿')));
    const draft = await portalDetail(id);
    const missing = await portalDetail(99_999_999);
    expect(draft.statusCode).toBe(404);
    expect(draft.json()).toEqual(missing.json());
  });

  it('offline removes it from the portal page and detail, the chain calls and the district list', async () => {
    // A chain of this test's own: an article is tied only to a chain that exists, and this one holds no other article.
    const tiers = JSON.stringify({ UPSTREAM: '种植', MIDSTREAM: '加工', DOWNSTREAM: '销售' });
    const chain = (
      await t.database.pool.query(
        `INSERT INTO industrial_chains (name, category, region_code, tiers) VALUES ($1, 'PLANTING', '999900', $2) RETURNING id`,
        [`测试链${tag}`, tiers],
      )
    ).rows[0].id as number;
    const chainId = await publishedArticle(
      t.app,
      op,
      articleInput(title('链上文章'), { channel: 'chain', industrialChainId: chain }),
    );
    const cityId = await publishedArticle(
      t.app,
      op,
      articleInput(title('区县新闻'), { channel: 'city', regionCode: '999903' }),
    );
    expect(ids(await get(t.app, null, `/article/api/chain/pageData?${q({ keyword: tag })}`))).toContain(chainId);
    expect(ids(await get(t.app, null, `/article/api/chain/pageData?${q({ industrialChainId: chain })}`))).toEqual([
      chainId,
    ]);
    expect((await get(t.app, null, `/article/api/chain/detail?id=${chainId}`)).statusCode).toBe(200);
    expect(ids(await portalPage({ channel: 'city', regionCode: '999903', keyword: tag }))).toEqual([cityId]);
    // The chain detail only serves chain articles.
    expect((await get(t.app, null, `/article/api/chain/detail?id=${cityId}`)).statusCode).toBe(404);

    for (const id of [chainId, cityId])
      expect((await post(t.app, op, '/article/api/admin/offline.json', { id })).statusCode).toBe(200);
    expect(ids(await get(t.app, null, `/article/api/chain/pageData?${q({ keyword: tag })}`))).not.toContain(chainId);
    expect((await get(t.app, null, `/article/api/chain/detail?id=${chainId}`)).json().errorCode).toBe(
      'ARTICLE_NOT_FOUND',
    );
    expect(ids(await portalPage({ channel: 'chain', keyword: tag }))).not.toContain(chainId);
    expect((await portalDetail(chainId)).statusCode).toBe(404);
    expect(ids(await portalPage({ channel: 'city', regionCode: '999903', keyword: tag }))).toEqual([]);
    expect((await portalDetail(cityId)).statusCode).toBe(404);
    // Nor does it show among the related articles of another one.
    const other = await publishedArticle(
      t.app,
      op,
      articleInput(title('区县新闻二'), { channel: 'city', regionCode: '999903' }),
    );
    expect((await portalDetail(other)).json().data.related.map((a: { id: number }) => a.id)).not.toContain(cityId);
  });

  it('lists pinned articles first, then the newest', async () => {
    const k = `${tag}pin`;
    const a = await publishedArticle(t.app, op, articleInput(`置顶测试A ${k}`, { channel: 'guide' }));
    const b = await publishedArticle(t.app, op, articleInput(`置顶测试B ${k}`, { channel: 'guide' }));
    const c = await publishedArticle(t.app, op, articleInput(`置顶测试C ${k}`, { channel: 'guide' }));
    expect(ids(await portalPage({ channel: 'guide', keyword: k }))).toEqual([c, b, a]);
    expect((await post(t.app, op, '/article/api/admin/pin.json', { id: a, pinned: true })).statusCode).toBe(200);
    expect(ids(await portalPage({ channel: 'guide', keyword: k }))).toEqual([a, c, b]);
    expect(await auditOf('article.pin', `article:${a}`)).toHaveLength(1);
    await post(t.app, op, '/article/api/admin/pin.json', { id: a, pinned: false });
    expect(ids(await portalPage({ channel: 'guide', keyword: k }))).toEqual([c, b, a]);
  });

  it('counts one view per portal read, none for the admin detail, and returns related articles', async () => {
    const id = await publishedArticle(t.app, op, articleInput(title('浏览量'), { channel: 'intro' }));
    const first = (await portalDetail(id)).json().data;
    expect(first.views).toBe(1);
    await Promise.all([portalDetail(id), portalDetail(id), portalDetail(id)]);
    expect((await admin(op, id)).json().data.views).toBe(4);
    expect((await admin(op, id)).json().data.views).toBe(4);
    expect(first.body).toContain('<p>');
    expect(first.related.length).toBeLessThanOrEqual(5);
    expect(first.related.every((r: { channel: string; id: number }) => r.channel === 'intro' && r.id !== id)).toBe(
      true,
    );
  });

  it('filters by district', async () => {
    const k = `${tag}rg`;
    const a = await publishedArticle(t.app, op, articleInput(`城关 ${k}`, { channel: 'city', regionCode: '999901' }));
    const b = await publishedArticle(t.app, op, articleInput(`东湖 ${k}`, { channel: 'city', regionCode: '999902' }));
    expect(ids(await portalPage({ channel: 'city', regionCode: '999901', keyword: k }))).toEqual([a]);
    expect(ids(await portalPage({ channel: 'city', regionCode: '999902', keyword: k }))).toEqual([b]);
    expect(ids(await portalPage({ channel: 'city', keyword: k }))).toEqual([b, a]);
    const row = (await portalPage({ channel: 'city', regionCode: '999901', keyword: k })).json().data.list[0];
    expect(row).toMatchObject({ regionCode: '999901', regionName: '城关区' });
  });

  it('takes % and _ in the keyword as plain characters', async () => {
    const k = `${tag}kw`;
    const pct = await publishedArticle(t.app, op, articleInput(`贴息比例100%落实 ${k}`, { channel: 'policy' }));
    await publishedArticle(t.app, op, articleInput(`贴息资金1000万元 ${k}`, { channel: 'policy' }));
    await publishedArticle(t.app, op, articleInput(`贴息比例10x落实 ${k}`, { channel: 'policy' }));
    expect(ids(await portalPage({ channel: 'policy', keyword: `100%` }))).toEqual([pct]);
    expect(ids(await portalPage({ channel: 'policy', keyword: `10_落实 ${k}` }))).toEqual([]);
    expect((await portalPage({ channel: 'policy', keyword: k })).json().data.total).toBe(3);
  });

  it('pages at 10 by default and shows every channel of the demo', async () => {
    const res = await portalPage({ channel: 'news' });
    expect(res.json().data).toMatchObject({ current: 1, pageSize: 10 });
    for (const channel of [
      'news',
      'policy',
      'announcement',
      'guide',
      'intro',
      'tech',
      'countryside-news',
      'countryside-policy',
      'chain',
      'city',
    ]) {
      expect((await portalPage({ channel })).json().data.total, channel).toBeGreaterThan(0);
    }
  });

  it('makes the summary from the body when none is given', async () => {
    const long = '普惠金融'.repeat(60);
    const id = await createArticle(
      t.app,
      op,
      articleInput(title('摘要'), { body: `<h3>标题</h3><p><strong>${long}</strong></p>` }),
    );
    const a = (await admin(op, id)).json().data;
    expect(a.summary.startsWith('标题 普惠金融')).toBe(true);
    expect([...a.summary].length).toBe(121);
    const own = await createArticle(t.app, op, articleInput(title('自带摘要'), { summary: '<b>自己的</b>摘要' }));
    expect((await admin(op, own)).json().data.summary).toBe('自己的摘要');
  });
});

describe('who may write what', () => {
  it('tells each writer its channels', async () => {
    expect((await get(t.app, gov, '/article/api/auth/list')).json().data).toEqual(['chain']);
    expect((await get(t.app, op, '/article/api/auth/list')).json().data).toContain('city');
    expect((await get(t.app, await signInAs(t.app, 'bank'), '/article/api/auth/list')).json().data).toEqual([]);
  });

  it('lets a government writer write and publish chain articles of its organisation only', async () => {
    const news = await post(t.app, gov, '/article/api/admin/save.json', articleInput(title('政府写新闻')));
    expect(news.statusCode).toBe(403);
    expect(news.json().errorCode).toBe('ARTICLE_CHANNEL_FORBIDDEN');

    const own = await createArticle(t.app, gov, articleInput(title('政府写链上'), { channel: 'chain' }));
    expect((await post(t.app, gov, '/article/api/admin/publish.json', { id: own })).statusCode).toBe(200);
    expect(
      (
        await post(t.app, gov, '/article/api/admin/save.json', {
          ...articleInput(title('改名'), { channel: 'chain' }),
          id: own,
        })
      ).statusCode,
    ).toBe(200);
    // Moving it to a channel it may not write is refused, and changes nothing.
    const move = await post(t.app, gov, '/article/api/admin/save.json', { ...articleInput(title('挪栏目')), id: own });
    expect(move.statusCode).toBe(403);
    expect((await admin(gov, own)).json().data.channel).toBe('chain');

    // The operator's chain article: not the government's to touch (answers like a missing id).
    const opChain = await createArticle(t.app, op, articleInput(title('运营写链上'), { channel: 'chain' }));
    const before = (await admin(op, opChain)).json().data;
    for (const [url, payload] of [
      ['/article/api/admin/save.json', { ...articleInput(title('篡改'), { channel: 'chain' }), id: opChain }],
      ['/article/api/admin/publish.json', { id: opChain }],
      ['/article/api/admin/pin.json', { id: opChain, pinned: true }],
      ['/article/api/admin/remove.json', { id: opChain }],
    ] as const) {
      const res = await post(t.app, gov, url, payload);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().errorCode).toBe('ARTICLE_NOT_FOUND');
    }
    expect((await admin(gov, opChain)).statusCode).toBe(404);
    expect((await admin(op, opChain)).json().data).toEqual(before);

    // Another organisation's writer (the finance bureau) cannot touch the government's article either.
    expect((await post(t.app, jrj, '/article/api/admin/offline.json', { id: own })).statusCode).toBe(404);

    // The government's list holds its own articles only; the operator's holds both.
    const govList = ids(await get(t.app, gov, `/article/api/admin/page.json?${q({ keyword: tag, pageSize: 100 })}`));
    expect(govList).toContain(own);
    expect(govList).not.toContain(opChain);
    const opList = ids(await get(t.app, op, `/article/api/admin/page.json?${q({ keyword: tag, pageSize: 100 })}`));
    expect(opList).toEqual(expect.arrayContaining([own, opChain]));
  });

  it('ties an article only to a chain in the writer’s chain scope, on save and on publish (issue 29 finding 6)', async () => {
    const chainId = async (name: string) =>
      (await t.database.pool.query('SELECT id FROM industrial_chains WHERE name = $1', [name])).rows[0].id as number;
    // The government's department leads the tea chain (and gov manages it); it takes no part in the rice and fish ones.
    const inside = await chainId('茶叶产业链');
    const outside = [await chainId('水稻产业链'), await chainId('水产养殖产业链')];
    const own = await createArticle(
      t.app,
      gov,
      articleInput(title('链内文章'), { channel: 'chain', industrialChainId: inside }),
    );
    const before = (await admin(gov, own)).json().data;
    expect(before.industrialChainId).toBe(inside);
    const saved = async () =>
      (await t.database.pool.query('SELECT count(*)::int AS n FROM articles WHERE title LIKE $1', [`%链外%${tag}%`]))
        .rows[0].n as number;
    for (const chain of outside) {
      for (const payload of [
        articleInput(title('链外新文章'), { channel: 'chain', industrialChainId: chain }),
        { ...articleInput(title('挪到链外'), { channel: 'chain', industrialChainId: chain }), id: own },
      ]) {
        const res = await post(t.app, gov, '/article/api/admin/save.json', payload);
        expect(res.statusCode, res.body).toBe(404);
        expect(res.json()).toMatchObject({
          errorCode: 'NOT_FOUND',
          data: { fields: [{ field: 'industrialChainId' }] },
        });
      }
    }
    expect(await saved()).toBe(0);
    expect((await admin(gov, own)).json().data).toEqual(before);
    // The operator ties an article to any chain, not to one that does not exist.
    expect(
      (
        await post(
          t.app,
          op,
          '/article/api/admin/save.json',
          articleInput(title('运营链外'), { channel: 'chain', industrialChainId: outside[0] }),
        )
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await post(
          t.app,
          op,
          '/article/api/admin/save.json',
          articleInput(title('不存在的链'), { channel: 'chain', industrialChainId: 999_999 }),
        )
      ).statusCode,
    ).toBe(404);
    // An article tied to a chain outside its writer's scope (saved before the rule) is not published on it.
    await t.database.pool.query('UPDATE articles SET industrial_chain_id = $1 WHERE id = $2', [outside[0], own]);
    expect((await post(t.app, gov, '/article/api/admin/publish.json', { id: own })).statusCode).toBe(404);
    expect((await admin(gov, own)).json().data.status).toBe('DRAFT');
    await t.database.pool.query('UPDATE articles SET industrial_chain_id = $1 WHERE id = $2', [inside, own]);
    expect((await post(t.app, gov, '/article/api/admin/publish.json', { id: own })).statusCode).toBe(200);
  });

  it('lets the operator edit a government article', async () => {
    const id = await createArticle(t.app, gov, articleInput(title('政府稿件'), { channel: 'chain' }));
    expect(
      (
        await post(t.app, op, '/article/api/admin/save.json', {
          ...articleInput(title('运营修改'), { channel: 'chain' }),
          id,
        })
      ).statusCode,
    ).toBe(200);
    expect((await admin(gov, id)).json().data.title).toContain('运营修改');
  });

  it('refuses invalid input and changes nothing', async () => {
    const id = await createArticle(t.app, op, articleInput(title('原标题')));
    const before = (await admin(op, id)).json().data;
    const bad: Record<string, unknown>[] = [
      { ...articleInput('新标题'), id, regionCode: '123' },
      { ...articleInput('新标题'), id, regionCode: '888888' },
      { ...articleInput('新标题'), id, title: '   ' },
      { ...articleInput('新标题'), id, body: '<script>alert(1)</script>' },
      { ...articleInput('新标题'), id, cover: 'javascript:alert(1)' },
      { ...articleInput('新标题'), id, channel: 'gossip' },
      { ...articleInput('新标题'), id, status: 'PUBLISHED' },
    ];
    for (const payload of bad) {
      const res = await post(t.app, op, '/article/api/admin/save.json', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().errorCode).toBe('VALIDATION');
    }
    expect((await admin(op, id)).json().data).toEqual(before);
  });
});

describe('agreements', () => {
  it('shows the demo agreements, then saves each change as the next version', async () => {
    const first = (await get(t.app, null, '/zscms/agreement/latest.json?kind=PRIVACY')).json().data;
    const audited = (await auditOf('agreement.save', 'agreement:PRIVACY')).length;
    expect(first).toMatchObject({ kind: 'PRIVACY' });
    // The demo's user agreement, in sections (the privacy policy may have been changed by another test file).
    expect((await get(t.app, null, '/zscms/agreement/latest.json?kind=USER')).json().data.body).toContain('<h3>');
    const saved = await post(t.app, op, '/zscms/agreement/save.json', {
      kind: 'PRIVACY',
      title: '隐私政策（修订）',
      body: `<p>修订 ${tag}</p>`,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({ kind: 'PRIVACY', version: first.version + 1, createdBy: '王运营' });
    expect((await get(t.app, null, '/zscms/agreement/latest.json?kind=PRIVACY')).json().data.body).toBe(
      `<p>修订 ${tag}</p>`,
    );
    // Concurrent saves take turns: consecutive versions, none lost.
    await Promise.all(
      [1, 2, 3].map((i) =>
        post(t.app, op, '/zscms/agreement/save.json', { kind: 'PRIVACY', title: `并发${i}`, body: `<p>${i}</p>` }),
      ),
    );
    const versions = (await get(t.app, op, '/zscms/agreement/versions.json?kind=PRIVACY'))
      .json()
      .data.map((a: { version: number }) => a.version);
    expect(versions.slice(0, 5)).toEqual([
      first.version + 4,
      first.version + 3,
      first.version + 2,
      first.version + 1,
      first.version,
    ]);
    // The user agreement keeps its own numbering (the demo's version 1; only this file saves user agreements).
    expect((await get(t.app, null, '/zscms/agreement/latest.json?kind=USER')).json().data.version).toBe(1);
    expect(await auditOf('agreement.save', 'agreement:PRIVACY')).toHaveLength(audited + 4);
  });

  it('refuses an empty body and an unknown kind', async () => {
    expect(
      (await post(t.app, op, '/zscms/agreement/save.json', { kind: 'USER', title: 'x', body: '<script>x</script>' }))
        .statusCode,
    ).toBe(400);
    expect((await get(t.app, null, '/zscms/agreement/latest.json?kind=OTHER')).statusCode).toBe(400);
    expect((await get(t.app, null, '/zscms/agreement/latest.json?kind=USER')).json().data.version).toBe(1);
  });
});

describe('pictures', () => {
  it('creates, edits, lists and removes a picture; only active ones load at start-up', async () => {
    const startup = async () =>
      (await get(t.app, null, '/finance/portal/system/sysImageInfo/getAllPcSimpleImages'))
        .json()
        .data.map((p: { id: number }) => p.id);
    const input = {
      place: 'SUBSITE_BANNER',
      title: `分站横幅 ${tag}`,
      url: '/zscms/files/view.json?id=abcdefghijklmnopqrstuvwx',
      link: '/subsite/home',
      sort: 9,
      active: false,
    };
    const created = await post(t.app, op, '/finance/door/picture/save.json', input);
    expect(created.statusCode).toBe(200);
    const id = created.json().data.id;
    const list = (await get(t.app, op, '/finance/door/picture/list.json?place=SUBSITE_BANNER')).json().data;
    expect(list.find((p: { id: number }) => p.id === id)).toMatchObject({ ...input, id });
    expect(list.every((p: { place: string }) => p.place === 'SUBSITE_BANNER')).toBe(true);
    expect(await startup()).not.toContain(id);
    expect((await post(t.app, op, '/finance/door/picture/save.json', { ...input, id, active: true })).statusCode).toBe(
      200,
    );
    expect(await startup()).toContain(id);
    expect((await post(t.app, op, '/finance/door/picture/remove.json', { id })).statusCode).toBe(200);
    expect(await startup()).not.toContain(id);
    expect((await post(t.app, op, '/finance/door/picture/remove.json', { id })).statusCode).toBe(404);
    expect(await auditOf('picture.save', `picture:${id}`)).toHaveLength(2);
    expect(await auditOf('picture.remove', `picture:${id}`)).toHaveLength(1);
  });

  it('keeps the demo home banners, and refuses a picture from another site or a script link', async () => {
    const all = (await get(t.app, op, '/finance/door/picture/list.json')).json().data;
    expect(all.filter((p: { place: string }) => p.place === 'HOME_BANNER').length).toBeGreaterThanOrEqual(3);
    const base = { place: 'HOME_BANNER', title: '坏图', sort: 1, active: true };
    for (const bad of [
      { ...base, url: '//evil.example/x.png' },
      { ...base, url: 'https://evil.example/x.png' },
      { ...base, url: '/x.png', link: 'javascript:alert(1)' },
      { ...base, url: '/x.png', place: 'NOWHERE' },
    ]) {
      expect((await post(t.app, op, '/finance/door/picture/save.json', bad)).statusCode, JSON.stringify(bad)).toBe(400);
    }
  });
});

describe('achievements', () => {
  it('creates, edits, hides and removes an item', async () => {
    const portal = async () => (await get(t.app, null, '/finance/portal/achievement/list.json')).json().data;
    expect((await portal()).length).toBeGreaterThanOrEqual(6);
    const input = {
      title: `成果 ${tag}`,
      figure: '12.6',
      unit: '亿元',
      summary: '一句说明',
      cover: null,
      link: '/intro',
      sort: 5,
      active: true,
    };
    const id = (await post(t.app, op, '/finance/door/achievement/save.json', input)).json().data.id;
    expect((await portal()).find((a: { id: number }) => a.id === id)).toMatchObject(input);
    expect(
      (await post(t.app, op, '/finance/door/achievement/save.json', { ...input, id, active: false, figure: '13.1' }))
        .statusCode,
    ).toBe(200);
    expect((await portal()).map((a: { id: number }) => a.id)).not.toContain(id);
    const all = (await get(t.app, op, '/finance/door/achievement/list.json')).json().data;
    expect(all.find((a: { id: number }) => a.id === id)).toMatchObject({ figure: '13.1', active: false });
    expect((await post(t.app, op, '/finance/door/achievement/remove.json', { id })).statusCode).toBe(200);
    expect(
      (await get(t.app, op, '/finance/door/achievement/list.json')).json().data.map((a: { id: number }) => a.id),
    ).not.toContain(id);
    expect(await auditOf('achievement.save', `achievement:${id}`)).toHaveLength(2);
    expect(await auditOf('achievement.remove', `achievement:${id}`)).toHaveLength(1);
    expect(
      (await post(t.app, op, '/finance/door/achievement/save.json', { ...input, id: 99_999_999 })).statusCode,
    ).toBe(404);
    expect(
      (await post(t.app, op, '/finance/door/achievement/save.json', { ...input, link: 'javascript:alert(1)' }))
        .statusCode,
    ).toBe(400);
  });

  it('an item with a live figure keeps no typed figure; an unknown metric is refused (issue 30, item 6)', async () => {
    const portal = async () =>
      (await get(t.app, null, '/finance/portal/achievement/list.json')).json().data as {
        id: number;
        metric: string | null;
        figure: string | null;
        unit: string | null;
      }[];
    const input = {
      title: `实时 ${tag}`,
      metric: 'enterprises',
      figure: '3.2',
      unit: '万户',
      summary: '一句说明',
      cover: null,
      link: null,
      sort: 7,
      active: true,
    };
    const id = (await post(t.app, op, '/finance/door/achievement/save.json', input)).json().data.id;
    expect((await portal()).find((a) => a.id === id)).toMatchObject({
      metric: 'enterprises',
      figure: null,
      unit: null,
    });
    // Back to an editorial figure: the typed one is kept, the metric cleared.
    expect(
      (await post(t.app, op, '/finance/door/achievement/save.json', { ...input, id, metric: null })).statusCode,
    ).toBe(200);
    expect((await portal()).find((a) => a.id === id)).toMatchObject({ metric: null, figure: '3.2', unit: '万户' });
    const bad = await post(t.app, op, '/finance/door/achievement/save.json', { ...input, id, metric: 'households' });
    expect(bad.statusCode).toBe(400);
    expect((await portal()).find((a) => a.id === id)).toMatchObject({ metric: null, figure: '3.2' });
    // The demo's showcase shows live figures only: none of its items carries a typed figure.
    const demo = (await portal()).filter(
      (a) => a.id !== id && !String((a as { title?: string }).title ?? '').includes(tag),
    );
    expect(demo.filter((a) => a.metric !== null).length).toBeGreaterThanOrEqual(6);
    expect((await post(t.app, op, '/finance/door/achievement/remove.json', { id })).statusCode).toBe(200);
  });
});

describe('homepage overview', () => {
  const overview = async () =>
    (await get(t.app, null, '/finance/portal/statistics/portal/getHomepageTotalOverviewData.json')).json().data;

  it('counts active bank head offices, enterprise main accounts and LISTED loans (demand figures: demands-workbench.test.ts)', async () => {
    const before = await overview();
    const { rows } = await t.database.pool.query(
      "SELECT (SELECT count(*) FROM orgs WHERE classified_type = 'BANK' AND level = 'HEAD' AND status = 'ACTIVE')::int AS banks, (SELECT count(*) FROM users WHERE account_type = 'ENTERPRISE' AND parent_user_id IS NULL AND status = 'ACTIVE')::int AS enterprises, (SELECT count(*) FROM products WHERE status = 'LISTED' AND kind = 'LOAN')::int AS products",
    );
    expect(before).toMatchObject({
      banks: rows[0].banks,
      enterprises: rows[0].enterprises,
      products: rows[0].products,
    });
    expect(before.banks).toBeGreaterThanOrEqual(20);

    const db = t.database.db;
    const head = await insertOrg(db, {
      name: `统计测试银行${tag}`,
      orgType: 'BANK',
      classifiedType: 'BANK',
      regionCode: '999900',
    });
    await insertOrg(db, {
      name: `统计测试银行${tag}分行`,
      orgType: 'BANK',
      classifiedType: 'BANK',
      regionCode: '999901',
      parentId: head,
      level: 'BRANCH',
    });
    await insertOrg(db, {
      name: `统计测试停用银行${tag}`,
      orgType: 'BANK',
      classifiedType: 'BANK',
      regionCode: '999900',
    }).then((id) => t.database.pool.query("UPDATE orgs SET status = 'DISABLED' WHERE id = $1", [id]));
    const main = await insertUser(db, {
      username: `stat${tag}`,
      name: `统计测试企业${tag}`,
      password: DEMO_PASSWORD,
      accountType: 'ENTERPRISE',
      roleCodes: ['ENTERPRISE'],
    });
    await insertUser(db, {
      username: `stat${tag}sub`,
      name: '子账号',
      password: DEMO_PASSWORD,
      accountType: 'ENTERPRISE',
      parentUserId: main,
      roleCodes: ['ENTERPRISE_SUB'],
    });

    const after = await overview();
    expect(after.banks).toBe(before.banks + 1);
    expect(after.enterprises).toBe(before.enterprises + 1);
  });
});
