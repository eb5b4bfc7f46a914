import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wantsGenericPlan } from '../../src/db/client.ts';
import { adminClient, createTestApp, type TestApp, queriesOf, statementsOf } from '../helpers.ts';

/**
 * Issue 17: the portal's public lists and the homepage's figures cost one round trip each with the read cache off
 * (the supermarket's keyword and region search two: the banks named like the keyword and the region's city are read
 * first, as values for the planner), and answer the same figures as counting the rows directly.
 */
let t: TestApp;

const sql = async <T>(text: string, values: unknown[] = []) => (await t.database.pool.query(text, values)).rows as T[];

async function getData<T>(url: string): Promise<T> {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as T;
}

interface Page {
  list: { id: number; publishAt?: string | null; regionName?: string | null }[];
  total: number;
}

beforeAll(async () => {
  t = await createTestApp({ readCacheTtlMs: 0 });
});
afterAll(() => t.close());

describe('round trips of the portal (cache off)', () => {
  it('a channel of articles: one statement for the page and its total, past the end too', async () => {
    const visible = `status = 'PUBLISHED' AND publish_at <= now() AND channel = 'news'`;
    const [{ n }] = await sql<{ n: number }>(`SELECT count(*)::int AS n FROM articles WHERE ${visible}`);
    expect(n).toBeGreaterThan(3);
    const expected = await sql<{ id: number }>(
      `SELECT id FROM articles WHERE ${visible} ORDER BY pinned DESC, publish_at DESC, id DESC LIMIT 3`,
    );
    let page: Page = { list: [], total: -1 };
    const texts = await statementsOf(t, async () => {
      page = await getData<Page>('/article/api/portal/page.json?channel=news&current=1&pageSize=3');
    });
    expect(texts).toHaveLength(1);
    // Planned once per connection (db/client.ts GENERIC_PLAN).
    expect(wantsGenericPlan(texts[0])).toBe(true);
    expect(page.total).toBe(n);
    expect(page.list.map((a) => a.id)).toEqual(expected.map((r) => Number(r.id)));
    expect(page.list.every((a) => typeof a.publishAt === 'string')).toBe(true);

    const past = await getData<Page>(`/article/api/portal/page.json?channel=news&current=${n + 2}&pageSize=1`);
    expect(past).toMatchObject({ list: [], total: n });
  });

  it("a district's news: one statement, with the region's name", async () => {
    const visible = `status = 'PUBLISHED' AND publish_at <= now() AND channel = 'city' AND region_code = '999903'`;
    const [{ n }] = await sql<{ n: number }>(`SELECT count(*)::int AS n FROM articles WHERE ${visible}`);
    expect(n).toBeGreaterThan(0);
    let page: Page = { list: [], total: -1 };
    const texts = await statementsOf(t, async () => {
      page = await getData<Page>('/article/api/portal/page.json?channel=city&regionCode=999903&current=1&pageSize=5');
    });
    expect(texts).toHaveLength(1);
    expect(page.total).toBe(n);
    const [{ name }] = await sql<{ name: string }>(`SELECT name FROM regions WHERE code = '999903'`);
    expect(page.list.every((a) => a.regionName === name)).toBe(true);
  });

  it("the supermarket's first page: one statement, the total from the kept counts", async () => {
    const [{ n }] = await sql<{ n: number }>(
      `SELECT count(*)::int AS n FROM products WHERE status = 'LISTED' AND kind = 'LOAN'`,
    );
    expect(n).toBeGreaterThan(1);
    let page: Page = { list: [], total: -1 };
    const texts = await statementsOf(t, async () => {
      page = await getData<Page>('/finance/portal/product/page.json?current=1&pageSize=10');
    });
    expect(texts).toHaveLength(1);
    expect(wantsGenericPlan(texts[0])).toBe(true);
    expect(page.total).toBe(n);
    const past = await getData<Page>(`/finance/portal/product/page.json?current=${n + 2}&pageSize=1`);
    expect(past).toMatchObject({ list: [], total: n });
  });

  it("the supermarket's search by keyword and region: the look-ups in one statement, then the page", async () => {
    const url = `/finance/portal/product/page.json?keyword=${encodeURIComponent('贷')}&regionCode=999906&current=1&pageSize=10`;
    const texts = await statementsOf(t, () => getData<Page>(url));
    expect(texts).toHaveLength(2);
    // A keyword page keeps custom plans: a generic one cannot know the pattern (twelve times slower at scale).
    expect(texts.some(wantsGenericPlan)).toBe(false);
  });

  it("the supermarket's keyword index finds the products of the customer type and the region too", async () => {
    const url = `/finance/portal/product/page.json?keyword=${encodeURIComponent('茶园')}&customerType=FARMER&regionCode=999906&sort=RATE&current=1&pageSize=10`;
    const page = (await queriesOf(t, () => getData<Page>(url))).at(-1)!;
    // The demo catalogue is small enough for a scan. In a transaction rolled back: leave the planner no other index
    // and no scan, and see whether the page's conditions reach the keyword index, and which (schema searchTerms).
    // As the tables' owner: the app role may not drop an index (db/roles.ts).
    const client = await adminClient();
    try {
      await client.query('BEGIN');
      const others = await client.query<{ name: string }>(
        `SELECT indexname AS name FROM pg_indexes WHERE tablename = 'products' AND indexname NOT IN ('products_pkey', 'products_listed_terms_idx')`,
      );
      for (const { name } of others.rows) await client.query(`DROP INDEX ${name}`);
      await client.query('SET LOCAL enable_seqscan = off; SET LOCAL enable_indexscan = off');
      const plan = (await client.query(`EXPLAIN ${page.text}`, page.values)).rows
        .map((r: { 'QUERY PLAN': string }) => r['QUERY PLAN'])
        .join('\n');
      const conds = plan
        .split('\n')
        .filter((l) => l.includes('Index Cond') && !l.includes('id = p.'))
        .join('\n');
      expect(plan).toContain('Bitmap Index Scan on products_listed_terms_idx');
      expect(conds).toContain(`@> '{茶,园,FARMER}'`);
      expect(conds).toMatch(/&& '\{999906,\d+\}'/);
    } finally {
      await client.query('ROLLBACK');
      await client.end();
    }
  });

  it("the homepage's figures: one statement, the same figures as the tables", async () => {
    let data: Record<string, number> = {};
    const texts = await statementsOf(t, async () => {
      data = await getData<Record<string, number>>(
        '/finance/portal/statistics/portal/getHomepageTotalOverviewData.json',
      );
    });
    expect(texts).toHaveLength(1);
    const [direct] = await sql<{ products: number; banks: number; demands: number; enterprises: number }>(`
      SELECT (SELECT count(*)::int FROM products WHERE status = 'LISTED' AND kind = 'LOAN') AS products,
             (SELECT count(*)::int FROM orgs WHERE classified_type = 'BANK' AND level = 'HEAD' AND status = 'ACTIVE') AS banks,
             (SELECT coalesce(sum(n), 0)::float8 FROM stat_totals WHERE key = 'demands') AS demands,
             (SELECT coalesce(sum(n), 0)::float8 FROM stat_totals WHERE key = 'enterprises') AS enterprises`);
    expect(data).toMatchObject(direct);
  });
});
