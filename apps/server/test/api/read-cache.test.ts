import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { DATA_CHANGED_CHANNEL, startReadCache, type ReadCache } from '../../src/db/read-cache.ts';
import { insertOrg, insertProductRow } from '../../src/seed/factories.ts';
import { createTestApp, type TestApp, signInAs } from '../helpers.ts';
import { get, must, post, productInput, productIn, testBank } from './products-helpers.ts';

/**
 * The read cache of the portal lists (db/read-cache.ts, migration 0006): served again while nothing changed, dropped
 * by any committed change of any process (a second connection stands for another server process), never keeping a
 * value loaded across a change, and dropped at once by a write of its own process.
 */
let t: TestApp;
let other: pg.Client;
const tag = `RC${Math.random().toString(36).slice(2, 7)}`;
let bankId: number;
let productId: number;
const url = () => `/finance/portal/product/page.json?bankId=${bankId}&pageSize=50`;
const names = async () => ((await get(t.app, null, url())).json().data.list as { name: string }[]).map((p) => p.name);

beforeAll(async () => {
  t = await createTestApp();
  bankId = await insertOrg(t.database.db, {
    name: `缓存测试银行${tag}`,
    orgType: 'BANK',
    classifiedType: 'BANK',
    regionCode: '999900',
  });
  productId = await insertProductRow(t.database.db, { orgId: bankId, name: '缓存贷', listedAt: new Date() });
  other = new pg.Client({ connectionString: t.database.pool.options.connectionString });
  await other.connect();
});
afterAll(async () => {
  await other.end();
  await t.close();
});

/** Listens on the channel; `wait` resolves with the next notification's table, or null after `ms`. */
async function listenFor(ms: number) {
  const listener = new pg.Client({ connectionString: t.database.pool.options.connectionString });
  await listener.connect();
  await listener.query(`LISTEN ${DATA_CHANGED_CHANNEL}`);
  const wait = new Promise<string | null>((resolve) => {
    const timer = setTimeout(() => resolve(null), ms);
    listener.on('notification', (n) => {
      clearTimeout(timer);
      resolve(n.payload ?? '');
    });
  }).finally(() => listener.end());
  return { wait };
}

/**
 * Makes `change`, then resolves once the cache has been dropped: a marker entry kept before the change loads again.
 * (Kept after it, the marker could miss a notification that came first, and wait for one that never comes.)
 */
async function droppedBy(cache: ReadCache, change: () => Promise<unknown>) {
  const marker = `marker${Math.random()}`;
  await cache.get(marker, async () => 0);
  await change();
  // The notification crosses a second connection: on a busy machine it may take more than poll's default second.
  await expect.poll(async () => cache.get(marker, async () => 1), { timeout: 10_000 }).toBe(1);
}

describe('the portal lists are cached and dropped on change', () => {
  it('serves a list again without reading the table while nothing changed', async () => {
    const views = async () => ((await get(t.app, null, url())).json().data.list as { views: number }[])[0].views;
    await expect.poll(names).toEqual(['缓存贷']);
    const before = await views();
    // A counted view notifies no one: the cached list keeps showing the count it was loaded with.
    await other.query('UPDATE products SET views = views + 5 WHERE id = $1', [productId]);
    expect(await views()).toBe(before);
  });

  it('drops every entry when another process commits a change', async () => {
    await other.query("UPDATE products SET name = '另一进程改名' WHERE id = $1", [productId]);
    await expect.poll(names).toEqual(['另一进程改名']);
  });

  it('drops it at once when this process answers a change', async () => {
    const operator = await signInAs(t.app, 'operator');
    const bank = await testBank(t.app, t.database.db, tag);
    const url2 = `/finance/portal/product/page.json?bankId=${bank.ids.head}&pageSize=50`;
    const listed = async () => ((await get(t.app, null, url2)).json().data.list as { id: number }[]).map((p) => p.id);
    const id = await productIn(t.app, bank.tokens.head, operator, 'LISTED', productInput(`即时贷${tag}`));
    expect(await listed()).toEqual([id]);
    // Counts the clears of the write hook (the notification clears through its own reference, not through this one).
    const cache = t.app.readCache;
    const clear = cache.clear;
    let clearedByWrite = 0;
    cache.clear = () => {
      clearedByWrite += 1;
      clear();
    };
    try {
      await must(t.app, bank.tokens.head, '/finance/product/manage/delist.json', { id });
      // The reply to the delisting cleared this process's cache before it was sent: no waiting for the notification.
      expect(clearedByWrite).toBe(1);
      expect(await listed()).toEqual([]);
      // A refused change clears nothing.
      expect((await post(t.app, bank.tokens.head, '/finance/product/manage/delist.json', { id })).statusCode).toBe(409);
      expect(clearedByWrite).toBe(1);
    } finally {
      cache.clear = clear;
    }
  });

  it('keeps a demand list page until a demand changes', async () => {
    const bank = await signInAs(t.app, 'bank');
    const page = async () =>
      (await get(t.app, bank, '/finance/demand/bank/page.json?scope=MINE&current=1&pageSize=10')).json().data.list as {
        id: number;
        amount: number;
      }[];
    const [first] = await page();
    try {
      await other.query('UPDATE demands SET amount = amount + 1 WHERE id = $1', [first.id]);
      await expect.poll(async () => (await page())[0].amount).toBe(first.amount + 1);
    } finally {
      await other.query('UPDATE demands SET amount = $2 WHERE id = $1', [first.id, first.amount]);
    }
  });

  it('notifies on a product change but not on a counted view', async () => {
    const a = await listenFor(400);
    await other.query('UPDATE products SET views = views + 1 WHERE id = $1', [productId]);
    expect(await a.wait).toBeNull();
    const b = await listenFor(2_000);
    await other.query('UPDATE products SET applications = applications + 1 WHERE id = $1', [productId]);
    expect(await b.wait).toBe('products');
  });
});

describe('the cache itself', () => {
  let cache: ReadCache;
  beforeAll(async () => {
    cache = await startReadCache(t.database.pool.options.connectionString!, { ttlMs: 60_000 });
  });
  afterAll(() => cache.close());

  it('loads a key once for requests that come together, then serves it', async () => {
    let loads = 0;
    const load = async () => {
      loads += 1;
      await new Promise((r) => setTimeout(r, 30));
      return loads;
    };
    expect(await Promise.all([cache.get('k1', load), cache.get('k1', load), cache.get('k1', load)])).toEqual([1, 1, 1]);
    expect(await cache.get('k1', load)).toBe(1);
    expect(loads).toBe(1);
  });

  it('does not keep a value whose load overlapped a change', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let loads = 0;
    const slow = async () => {
      loads += 1;
      await gate;
      return `v${loads}`;
    };
    const first = cache.get('k2', slow);
    await droppedBy(cache, () => other.query("UPDATE regions SET name = name WHERE code = '999901'"));
    release();
    expect(await first).toBe('v1');
    expect(await cache.get('k2', slow)).toBe('v2');
    expect(loads).toBe(2);
  });

  it('makes a key given as a function only while it serves entries', async () => {
    let made = 0;
    const key = () => {
      made += 1;
      return 'k3';
    };
    expect(await cache.get(key, async () => 'v')).toBe('v');
    expect(await cache.get(key, async () => 'other')).toBe('v');
    expect(made).toBe(2);
    const off = await startReadCache(t.database.pool.options.connectionString!, { ttlMs: 0 });
    expect(await off.get(key, async () => 'loaded')).toBe('loaded');
    expect(made).toBe(2);
    await off.close();
  });

  it('keeps nothing, and opens no listening connection, with a TTL of 0', async () => {
    const off = await startReadCache(t.database.pool.options.connectionString!, { ttlMs: 0 });
    expect(off.active).toBe(false);
    let loads = 0;
    for (let i = 0; i < 2; i++) await off.get('k0', async () => ++loads);
    expect(loads).toBe(2);
    await off.close();
  });

  it('serves nothing from a closed cache', async () => {
    const c = await startReadCache(t.database.pool.options.connectionString!, { ttlMs: 60_000 });
    expect(c.active).toBe(true);
    await c.close();
    expect(c.active).toBe(false);
    let loads = 0;
    await c.get('k', async () => (loads += 1));
    await c.get('k', async () => (loads += 1));
    expect(loads).toBe(2);
  });
});
