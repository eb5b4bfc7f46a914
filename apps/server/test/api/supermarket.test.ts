import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CUSTOMER_TYPES, INDUSTRIES, LOAN_TYPES } from '@phjr/contract/products/product';
import { PRODUCT_SORTS, type ProductSort } from '@phjr/contract/products/supermarket';
import { createTestApp, type TestApp } from '../helpers.ts';
import { incrementApplications, incrementGrants } from '../../src/modules/products/products.repo.ts';
import { insertOrg, insertProductRow } from '../../src/seed/factories.ts';
import { get, post, q } from './products-helpers.ts';

/**
 * The portal's search on a fixed catalogue: a test bank of its own (head office and a branch) with five LISTED loans
 * and one in each other state. Every query filters by that bank, so the demo catalogue never interferes.
 */
let t: TestApp;
const tag = `M${Math.random().toString(36).slice(2, 7)}`;
let bankId: number;
let otherBankId: number;
const P = {} as Record<
  'tea' | 'tech' | 'farm' | 'shop' | 'pig' | 'draft' | 'pending' | 'delisted' | 'rejected',
  number
>;
const DAY = 86_400_000;
const ago = (days: number) => new Date(Date.now() - days * DAY);

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  bankId = await insertOrg(db, {
    name: `超市测试银行${tag}`,
    shortName: `超市${tag}`,
    orgType: 'BANK',
    classifiedType: 'BANK',
    regionCode: '999900',
  });
  const branch = await insertOrg(db, {
    name: `超市测试银行${tag}城关支行`,
    orgType: 'BANK',
    classifiedType: 'BANK',
    regionCode: '999901',
    parentId: bankId,
    level: 'BRANCH',
  });
  otherBankId = await insertOrg(db, {
    name: `另一测试银行${tag}`,
    orgType: 'BANK',
    classifiedType: 'BANK',
    regionCode: '999900',
  });
  const base = { orgId: bankId };
  P.tea = await insertProductRow(db, {
    ...base,
    name: '茶园贷',
    loanType: 'MORTGAGE',
    guaranteeMethods: ['MORTGAGE', 'GUARANTOR'],
    amountMin: 5,
    amountMax: 500,
    termMin: 12,
    termMax: 60,
    rateMin: 4.2,
    rateMax: 6,
    customerTypes: ['FARMER', 'NEW_AGRI_ENTITY'],
    industries: ['AGRICULTURE'],
    regionCodes: ['999906'],
    industrialChainIds: [1],
    features: '茶园经营权抵押\n按采茶季还款',
    listedAt: ago(10),
    applications: 30,
    views: 100,
  });
  P.tech = await insertProductRow(db, {
    ...base,
    name: '科技贷',
    loanType: 'CREDIT',
    guaranteeMethods: ['CREDIT', 'PLEDGE'],
    amountMin: 50,
    amountMax: 3000,
    termMin: 12,
    termMax: 36,
    rateMin: 3.45,
    rateMax: 5.2,
    customerTypes: ['ENTERPRISE'],
    industries: ['TECH'],
    regionCodes: ['999900'],
    features: '知识产权可质押',
    listedAt: ago(5),
    applications: 30,
    views: 500,
  });
  P.farm = await insertProductRow(db, {
    orgId: branch,
    bankId,
    name: '惠农e贷',
    loanType: 'CREDIT',
    guaranteeMethods: ['CREDIT'],
    amountMin: 1,
    amountMax: 50,
    termMin: 3,
    termMax: 36,
    rateMin: 3.85,
    rateMax: 5.5,
    customerTypes: ['FARMER'],
    industries: [],
    regionCodes: ['999901', '999902'],
    industrialChainIds: [2],
    features: '纯信用\n随借随还',
    listedAt: ago(1),
    applications: 5,
    views: 50,
  });
  P.shop = await insertProductRow(db, {
    ...base,
    name: '个人经营贷',
    loanType: 'MORTGAGE',
    guaranteeMethods: ['MORTGAGE'],
    amountMin: 10,
    amountMax: 500,
    termMin: 12,
    termMax: 60,
    rateMin: 3.4,
    rateMax: 4.8,
    customerTypes: ['PERSON'],
    industries: ['WHOLESALE_RETAIL'],
    regionCodes: ['999903'],
    industrialChainIds: [1, 2],
    features: '抵押率100%_足额',
    listedAt: ago(20),
    applications: 80,
    views: 10,
  });
  P.pig = await insertProductRow(db, {
    ...base,
    name: '生猪养殖贷',
    loanType: 'PLEDGE',
    guaranteeMethods: ['PLEDGE', 'GUARANTEE_COMPANY'],
    amountMin: 10,
    amountMax: 800,
    termMin: 12,
    termMax: 36,
    rateMin: 4.2,
    rateMax: 6.2,
    customerTypes: ['NEW_AGRI_ENTITY'],
    industries: ['FORESTRY_ANIMAL'],
    regionCodes: ['999905'],
    features: '活体抵押',
    listedAt: ago(3),
    applications: 0,
    views: 0,
  });
  // Same words, other states: never visible on the portal.
  for (const status of ['DRAFT', 'PENDING_REVIEW', 'DELISTED', 'REJECTED'] as const) {
    const key = ({ DRAFT: 'draft', PENDING_REVIEW: 'pending', DELISTED: 'delisted', REJECTED: 'rejected' } as const)[
      status
    ];
    P[key] = await insertProductRow(db, {
      ...base,
      name: `茶园贷${status}`,
      status,
      rateMin: 1,
      amountMax: 99_999,
      applications: 999,
      listedAt: status === 'DELISTED' ? ago(0) : null,
    });
  }
});
afterAll(() => t.close());

type Params = Record<string, string | number | undefined>;
const search = async (params: Params = {}) => {
  const res = await get(t.app, null, `/finance/portal/product/page.json?${q({ bankId, pageSize: 50, ...params })}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as {
    list: { id: number; bankName: string; orgName: string }[];
    total: number;
    current: number;
    pageSize: number;
  };
};
const ids = async (params: Params = {}) => (await search(params)).list.map((p) => p.id);
const set = async (params: Params) => (await ids(params)).sort();
const sorted = (...xs: number[]) => [...xs].sort();

describe('supermarket search', () => {
  it('shows only LISTED loans, newest first by default, with the bank and unit names', async () => {
    const page = await search();
    expect(page.list.map((p) => p.id)).toEqual([P.farm, P.pig, P.tech, P.tea, P.shop]);
    expect(page.total).toBe(5);
    const farm = page.list[0];
    expect(farm).toMatchObject({ bankId, bankName: `超市测试银行${tag}`, orgName: `超市测试银行${tag}城关支行` });
    // The page writes its cards as PostgreSQL formats them, the detail through a Date: the same card (a read counts a view).
    for (const { views: _views, ...card } of page.list as unknown as { id: number; views: number }[]) {
      expect((await get(t.app, null, `/finance/portal/product/detail.json?id=${card.id}`)).json().data).toMatchObject(
        card,
      );
    }
  });

  it('sorts exactly by every order, ties going to the newer product', async () => {
    const expected: Record<ProductSort, number[]> = {
      DEFAULT: [P.farm, P.pig, P.tech, P.tea, P.shop],
      NEWEST: [P.farm, P.pig, P.tech, P.tea, P.shop],
      // 3.40, 3.45, 3.85, then 4.20 twice (the pig loan was inserted after the tea loan).
      RATE: [P.shop, P.tech, P.farm, P.pig, P.tea],
      // 3000, 800, then 500 twice (shop is newer than tea), 50.
      AMOUNT: [P.tech, P.pig, P.shop, P.tea, P.farm],
      // applications 80, 30 (views 500), 30 (views 100), 5, 0.
      POPULAR: [P.shop, P.tech, P.tea, P.farm, P.pig],
    };
    for (const sort of PRODUCT_SORTS) expect(await ids({ sort }), sort).toEqual(expected[sort]);
  });

  it('pages by 10 by default and by any size, in the same order', async () => {
    const first = await get(t.app, null, `/finance/portal/product/page.json?${q({ bankId })}`);
    expect(first.json().data).toMatchObject({ current: 1, pageSize: 10, total: 5 });
    const pages = [];
    for (const current of [1, 2, 3]) {
      const page = await search({ sort: 'RATE', pageSize: 2, current });
      expect(page).toMatchObject({ total: 5, current, pageSize: 2 });
      pages.push(...page.list.map((p) => p.id));
    }
    expect(pages).toEqual([P.shop, P.tech, P.farm, P.pig, P.tea]);
    // Past the end: no rows, the same total.
    expect(await search({ pageSize: 2, current: 4 })).toMatchObject({ list: [], total: 5 });
    expect(await search({ keyword: '茶园', pageSize: 2, current: 2 })).toMatchObject({ list: [], total: 1 });
  });

  it('filters by each condition', async () => {
    const cases: [Params, number[]][] = [
      [{ loanType: 'MORTGAGE' }, [P.tea, P.shop]],
      [{ loanType: 'PLEDGE' }, [P.pig]],
      [{ guaranteeMethod: 'GUARANTOR' }, [P.tea]],
      [{ guaranteeMethod: 'CREDIT' }, [P.tech, P.farm]],
      [{ customerType: 'FARMER' }, [P.tea, P.farm]],
      [{ customerType: 'ENTERPRISE' }, [P.tech]],
      // A loan without industries serves every industry.
      [{ industry: 'AGRICULTURE' }, [P.tea, P.farm]],
      [{ industry: 'TECH' }, [P.tech, P.farm]],
      // A district: its own loans and the whole city's.
      [{ regionCode: '999906' }, [P.tea, P.tech]],
      [{ regionCode: '999901' }, [P.tech, P.farm]],
      [{ regionCode: '999900' }, [P.tech]],
      // The amount and the term must lie in the loan's range (bounds included).
      [{ amount: 600 }, [P.tech, P.pig]],
      [{ amount: 5 }, [P.tea, P.farm]],
      [{ amount: 500 }, [P.tea, P.tech, P.shop, P.pig]],
      [{ term: 48 }, [P.tea, P.shop]],
      [{ term: 6 }, [P.farm]],
      [{ industrialChainIds: '1' }, [P.tea, P.shop]],
      [{ industrialChainIds: '1,2' }, [P.tea, P.farm, P.shop]],
      [{ countryside: 'true' }, [P.tea, P.farm, P.pig]],
      [{ bankId: otherBankId }, []],
      // Filters combine with AND.
      [{ customerType: 'FARMER', regionCode: '999906' }, [P.tea]],
      [{ loanType: 'CREDIT', amount: 50, term: 12 }, [P.tech, P.farm]],
    ];
    for (const [params, expected] of cases)
      expect(await set(params), JSON.stringify(params)).toEqual(sorted(...expected));
  });

  it('finds a keyword in the name, the features or the bank’s name, case-insensitively and literally', async () => {
    const cases: [string, number[]][] = [
      ['茶园', [P.tea]],
      ['随借随还', [P.farm]],
      ['E贷', [P.farm]],
      ['100%_', [P.shop]],
      ['%', [P.shop]],
      ['_', [P.shop]],
      [`超市测试银行${tag}`, [P.tea, P.tech, P.farm, P.shop, P.pig]],
      [`超市${tag}`, [P.tea, P.tech, P.farm, P.shop, P.pig]],
      ['没有这个词', []],
    ];
    for (const [keyword, expected] of cases) expect(await set({ keyword }), keyword).toEqual(sorted(...expected));
    // Keyword, two filters and a sort together.
    expect(await ids({ keyword: '贷', customerType: 'FARMER', regionCode: '999901', sort: 'RATE' })).toEqual([P.farm]);
    expect(await ids({ keyword: '贷', loanType: 'MORTGAGE', sort: 'AMOUNT' })).toEqual([P.shop, P.tea]);
  });

  it('refuses malformed filters', async () => {
    for (const bad of [
      'sort=CHEAP',
      'loanType=X',
      'regionCode=12',
      'industrialChainIds=1,,2',
      'amount=-1',
      'sourceValue=other',
    ]) {
      expect((await get(t.app, null, `/finance/portal/product/page.json?${bad}`)).statusCode, bad).toBe(400);
    }
  });

  it('serves guarantee services with sourceValue=guarantee, never with the loans', async () => {
    const company = await insertOrg(t.database.db, {
      name: `超市测试担保${tag}`,
      orgType: 'GUARANTEE',
      classifiedType: 'GUARANTEE',
      regionCode: '999906',
    });
    const service = await insertProductRow(t.database.db, {
      orgId: company,
      kind: 'GUARANTEE_SERVICE',
      name: '茶产业担保',
      loanType: 'GUARANTEE',
      guaranteeMethods: ['GUARANTEE_COMPANY'],
      rateMin: 0.5,
      rateMax: 0.8,
    });
    await insertProductRow(t.database.db, {
      orgId: company,
      kind: 'GUARANTEE_SERVICE',
      name: '未上架担保',
      status: 'DRAFT',
    });
    expect(await ids({ bankId: company, sourceValue: 'guarantee' })).toEqual([service]);
    expect(await ids({ bankId: company })).toEqual([]);
    const orgs = (await get(t.app, null, '/finance/guarantee/getGuaranteeFinanceOrgs.json')).json().data;
    expect(orgs).toContainEqual({
      id: company,
      name: `超市测试担保${tag}`,
      shortName: `超市测试担保${tag}`,
      regionCode: '999906',
      regionName: '青石县',
      services: 1,
    });
    // The demo companies: two listed services each.
    expect(orgs.filter((o: { services: number }) => o.services === 2).length).toBeGreaterThanOrEqual(4);
  });
});

describe('product page', () => {
  it('counts one view per call, exactly, even when called at once', async () => {
    // The counter itself (a cached supermarket list may show it up to READ_CACHE_TTL_MS late: a view notifies no one).
    const views = async () =>
      (await t.database.pool.query('SELECT views FROM products WHERE id = $1', [P.pig])).rows[0] as { views: number };
    const before = (await views()).views;
    const res = await Promise.all(
      Array.from({ length: 12 }, () => get(t.app, null, `/finance/portal/product/detail.json?id=${P.pig}`)),
    );
    expect(res.every((r) => r.statusCode === 200)).toBe(true);
    expect((await views()).views).toBe(before + 12);
    expect(res[0].json().data).toMatchObject({
      id: P.pig,
      status: 'LISTED',
      conditions: '正常经营一年以上',
      rejectReason: null,
      reviewedBy: null,
    });
    expect(res[0].json().data.history).toBeUndefined();
  });

  it('answers a product in any other state exactly like a missing one, and counts nothing', async () => {
    const missing = await get(t.app, null, '/finance/portal/product/detail.json?id=99999999');
    expect(missing.statusCode).toBe(404);
    for (const id of [P.draft, P.pending, P.delisted, P.rejected]) {
      const res = await get(t.app, null, `/finance/portal/product/detail.json?id=${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(missing.json());
    }
    const { rows } = await t.database.pool.query('SELECT sum(views)::int AS v FROM products WHERE id = ANY($1)', [
      [P.draft, P.pending, P.delisted, P.rejected],
    ]);
    expect(rows[0].v).toBe(0);
  });
});

describe('lists for pickers and filters', () => {
  it('queryProductList: LISTED loans by bank, chain or name, most applied for first', async () => {
    const list = async (params: Params) =>
      (await get(t.app, null, `/finance/product/queryProductList.json?${q(params)}`))
        .json()
        .data.map((p: { id: number }) => p.id);
    expect(await list({ bankId })).toEqual([P.shop, P.tech, P.tea, P.farm, P.pig]);
    expect(await list({ bankId, industrialChainId: 2 })).toEqual([P.shop, P.farm]);
    expect(await list({ bankId, keyword: '养殖' })).toEqual([P.pig]);
    expect((await list({})).length).toBeLessThanOrEqual(50);
  });

  it('banks.json: head offices with their number of LISTED loans', async () => {
    const banks = (await get(t.app, null, '/finance/portal/product/banks.json')).json().data;
    expect(banks).toContainEqual({ id: bankId, name: `超市测试银行${tag}`, products: 5 });
    expect(banks.find((b: { id: number }) => b.id === otherBankId)).toBeUndefined();
    expect(banks.length).toBeGreaterThanOrEqual(22);
  });

  it('banks.json?regionCode=: the head offices with loans serving the region, counted there (issue 13)', async () => {
    const inRegion = async (regionCode: string) =>
      (
        (await get(t.app, null, `/finance/portal/product/banks.json?regionCode=${regionCode}`)).json().data as {
          id: number;
          products: number;
        }[]
      ).find((b) => b.id === bankId);
    // 科技贷 serves the whole city, so every district; 惠农e贷 999901 and 999902; 茶园贷 999906.
    expect(await inRegion('999901')).toEqual({ id: bankId, name: `超市测试银行${tag}`, products: 2 });
    expect(await inRegion('999906')).toMatchObject({ products: 2 });
    expect(await inRegion('999904')).toMatchObject({ products: 1 });
    expect((await get(t.app, null, '/finance/portal/product/banks.json?regionCode=99990')).statusCode).toBe(400);
  });
});

describe('counters', () => {
  it('applications and grants go up by exactly one per call, also when called at once', async () => {
    const db = t.database.db;
    const counts = async () =>
      (await t.database.pool.query('SELECT applications, grants FROM products WHERE id = $1', [P.pig])).rows[0];
    const before = await counts();
    await Promise.all(Array.from({ length: 15 }, () => db.transaction((tx) => incrementApplications(tx, P.pig))));
    await Promise.all(Array.from({ length: 4 }, () => db.transaction((tx) => incrementGrants(tx, P.pig))));
    expect(await counts()).toEqual({ applications: before.applications + 15, grants: before.grants + 4 });
    expect(await incrementApplications(db, 99_999_999)).toBe(false);
    // A rolled-back demand counts nothing.
    await db
      .transaction(async (tx) => {
        await incrementApplications(tx, P.pig);
        tx.rollback();
      })
      .catch(() => {});
    expect((await counts()).applications).toBe(before.applications + 15);
    // 15 applications now: the most popular of the bank (written on another connection: the cache hears it).
    await expect.poll(async () => (await ids({ sort: 'POPULAR' }))[0]).toBe(P.shop);
    await db.transaction(async (tx) => {
      for (let i = 0; i < 70; i++) await incrementApplications(tx, P.pig);
    });
    await expect.poll(async () => (await ids({ sort: 'POPULAR' }))[0]).toBe(P.pig);
  });

  it('the homepage counts the LISTED loans', async () => {
    const overview = async () =>
      (await get(t.app, null, '/finance/portal/statistics/portal/getHomepageTotalOverviewData.json')).json().data
        .products;
    const { rows } = await t.database.pool.query(
      "SELECT count(*)::int AS n FROM products WHERE status = 'LISTED' AND kind = 'LOAN'",
    );
    expect(await overview()).toBe(rows[0].n);
    await insertProductRow(t.database.db, { orgId: bankId, name: '新上架' });
    await insertProductRow(t.database.db, { orgId: bankId, name: '待审核', status: 'PENDING_REVIEW' });
    await expect.poll(overview).toBe(rows[0].n + 1);
  });
});

describe('match me', () => {
  it('is reachable without signing in', async () => {
    const res = await post(t.app, null, '/finance/portal/product/match.json', { amount: 20 });
    expect(res.statusCode).toBe(200);
  });
});

describe('demo catalogue', () => {
  it('lists about 150 loans over the 22 demo banks, with branches of the demo bank among the providers', async () => {
    const q = (text: string) => t.database.pool.query(text).then((r) => r.rows);
    // Test organisations all have 测试 in their names; the demo's never do.
    const [demo] = await q(`
      SELECT count(*) FILTER (WHERE p.kind = 'LOAN')::int AS loans, count(DISTINCT p.bank_id) FILTER (WHERE p.kind = 'LOAN')::int AS banks,
             count(*) FILTER (WHERE p.kind = 'LOAN' AND o.level <> 'HEAD')::int AS "byBranches",
             count(*) FILTER (WHERE p.kind = 'GUARANTEE_SERVICE')::int AS services
      FROM products p JOIN orgs o ON o.id = p.org_id JOIN orgs b ON b.id = p.bank_id
      WHERE p.status = 'LISTED' AND b.name NOT LIKE '%测试%'`);
    expect(demo.loans).toBeGreaterThanOrEqual(140);
    expect(demo.banks).toBe(22);
    expect(demo.byBranches).toBeGreaterThanOrEqual(10);
    expect(demo.services).toBe(8);
    // Every loan type, customer type, industry and district is served by some listed demo loan.
    const [spread] = await q(`
      SELECT array_agg(DISTINCT p.loan_type) AS types, (SELECT array_agg(DISTINCT x) FROM products q, unnest(q.customer_types) x WHERE q.status = 'LISTED') AS customers,
             (SELECT array_agg(DISTINCT x) FROM products q, unnest(q.industries) x WHERE q.status = 'LISTED') AS industries,
             (SELECT array_agg(DISTINCT x) FROM products q, unnest(q.region_codes) x WHERE q.status = 'LISTED') AS regions
      FROM products p WHERE p.status = 'LISTED' AND p.kind = 'LOAN'`);
    expect(spread.types.sort()).toEqual([...LOAN_TYPES].sort());
    expect(spread.customers.sort()).toEqual([...CUSTOMER_TYPES].sort());
    expect(spread.industries.sort()).toEqual([...INDUSTRIES].sort());
    expect(spread.regions).toEqual(
      expect.arrayContaining([
        '999900',
        '999901',
        '999902',
        '999903',
        '999904',
        '999905',
        '999906',
        '999907',
        '999908',
      ]),
    );
  });

  it('gives the demo bank account’s organisation products in every state, and the operator a review queue', async () => {
    const rows = (
      await t.database.pool.query(
        `SELECT p.status, count(*)::int AS n FROM products p JOIN users u ON u.org_id = p.org_id AND u.username = 'bank' GROUP BY 1`,
      )
    ).rows as { status: string; n: number }[];
    expect(rows.map((r) => r.status).sort()).toEqual(['DELISTED', 'DRAFT', 'LISTED', 'PENDING_REVIEW', 'REJECTED']);
    const { rows: queue } = await t.database.pool.query(
      "SELECT count(*)::int AS n FROM products WHERE status = 'PENDING_REVIEW'",
    );
    expect(queue[0].n).toBeGreaterThanOrEqual(6);
  });
});
