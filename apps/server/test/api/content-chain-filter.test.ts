import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type Tokens, signInAs } from '../helpers.ts';
import { articleInput, createArticle, get, publishedArticle, q } from './content-helpers.ts';

/**
 * The chain filter of the chain articles (issue 30): the back office's list (/operateClient/chain/article) and the
 * portal's /news-list-chain each show one chain's articles when asked.
 */
let t: TestApp;
let op: Tokens;
const tag = `CF${Math.random().toString(36).slice(2, 6)}`;

beforeAll(async () => {
  t = await createTestApp();
  op = await signInAs(t.app, 'operator');
});
afterAll(() => t.close());

async function chain(name: string) {
  const tiers = JSON.stringify({ UPSTREAM: '种植', MIDSTREAM: '加工', DOWNSTREAM: '销售' });
  return (
    await t.database.pool.query(
      `INSERT INTO industrial_chains (name, category, region_code, tiers) VALUES ($1, 'PLANTING', '999900', $2) RETURNING id`,
      [name, tiers],
    )
  ).rows[0].id as number;
}

describe('the chain articles by chain', () => {
  it('lists one chain articles in the back office and on the portal, and refuses a chain id that is not one', async () => {
    const a = await chain(`筛选链甲${tag}`);
    const b = await chain(`筛选链乙${tag}`);
    const a1 = await createArticle(
      t.app,
      op,
      articleInput(`${tag}甲链草稿`, { channel: 'chain', industrialChainId: a }),
    );
    const a2 = await publishedArticle(
      t.app,
      op,
      articleInput(`${tag}甲链资讯`, { channel: 'chain', industrialChainId: a }),
    );
    const b1 = await publishedArticle(
      t.app,
      op,
      articleInput(`${tag}乙链资讯`, { channel: 'chain', industrialChainId: b }),
    );
    const admin = async (params: Record<string, string | number | undefined>) => {
      const res = await get(
        t.app,
        op,
        `/article/api/admin/page.json?${q({ channel: 'chain', keyword: tag, pageSize: 50, ...params })}`,
      );
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().data.list as { id: number }[]).map((x) => x.id).sort();
    };
    expect(await admin({})).toEqual([a1, a2, b1].sort());
    expect(await admin({ industrialChainId: a })).toEqual([a1, a2].sort());
    expect(await admin({ industrialChainId: b })).toEqual([b1]);
    expect(
      (await get(t.app, op, `/article/api/admin/page.json?${q({ channel: 'chain', industrialChainId: 'x' })}`))
        .statusCode,
    ).toBe(400);

    const portal = async (params: Record<string, string | number | undefined>) =>
      (
        (await get(t.app, null, `/article/api/chain/pageData?${q({ keyword: tag, pageSize: 50, ...params })}`)).json()
          .data.list as { id: number }[]
      )
        .map((x) => x.id)
        .sort();
    expect(await portal({ industrialChainId: a })).toEqual([a2]);
    expect(await portal({ industrialChainId: b })).toEqual([b1]);
  });
});
