import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_MAX_DAYS } from '@phjr/contract/stats/reports';
import type {
  DisplayDistricts,
  DisplayOrganizations,
  DisplayOverview,
  DisplaySecured,
  RegionReport,
  Scorecard,
} from '@phjr/contract/stats/reports';
import { createTestApp, type TestApp, type Tokens, signInAs } from '../helpers.ts';
import { demandIn, get, shanghaiToday, testApplicant, testBank, testGuarantee, type Cast } from './demands-helpers.ts';
import { insertDemandRow, insertProductRow } from '../../src/seed/factories.ts';
import { successRate } from '../../src/modules/stats/stats.service.ts';

/**
 * The achievement display (数据大屏) against the report pages and the homepage overview: every figure it shows equals
 * the same figure of region.json / scorecard.json over all time (the first month with data to today), or of the
 * homepage overview, on the demo data and after new demands; the latest grants are newest first with persons' names
 * masked.
 */
let t: TestApp;
let op: Tokens;
const sql = async (text: string, values: unknown[] = []) => (await t.database.pool.query(text, values)).rows;

beforeAll(async () => {
  t = await createTestApp();
  op = await signInAs(t.app, 'operator');
});
afterAll(() => t.close());

/** Direct SQL writes notify the cache asynchronously: drop it before each read so the answer is the table's now. */
async function display<T>(page: 'overview' | 'districts' | 'organizations' | 'secured'): Promise<T> {
  t.app.readCache.clear();
  const res = await get(t.app, null, `/finance/stats/display/${page}.json`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as T;
}
async function report<T>(page: 'region' | 'scorecard', q: Record<string, string>): Promise<T> {
  t.app.readCache.clear();
  const res = await get(t.app, op, `/finance/stats/report/${page}.json?${new URLSearchParams(q)}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as T;
}
const homepage = async () => {
  t.app.readCache.clear();
  return (await get(t.app, null, '/finance/portal/statistics/portal/getHomepageTotalOverviewData.json')).json().data;
};

/**
 * All time as the report pages can ask it: from the first month with data to the last day with data or today,
 * whichever is later (a test elsewhere may have recorded events on a clock set ahead), within the longest range.
 */
async function allTime() {
  const [{ first, last }] = await sql(
    // Days that hold data: a test that moved its demands into a past day and back leaves that day's row at zero.
    `SELECT min(period)::text AS first, max(period)::text AS last FROM demand_report_figures
      WHERE grain = 'D' AND (counted_n > 0 OR posted_n > 0 OR accepted_n > 0 OR granted_n > 0)`,
  );
  const today = shanghaiToday();
  const to = last > today ? (last as string) : today;
  const from = `${(first as string).slice(0, 7)}-01`;
  expect((Date.parse(to) - Date.parse(from)) / 86_400_000).toBeLessThan(REPORT_MAX_DAYS);
  return { from, to };
}

const DISTRICT_FIELDS = [
  'counted',
  'countedAmount',
  'granted',
  'grantedAmount',
  'grantRate',
  'acceptDaysAvg',
  'firstLoan',
] as const;
const BANK_FIELDS = ['accepted', 'granted', 'grantedAmount', 'acceptDaysAvg', 'grantDaysAvg', 'grantRate'] as const;
const pick = <T extends object, K extends keyof T>(o: T, keys: readonly K[]) =>
  Object.fromEntries(keys.map((k) => [k, o[k]]));

async function expectHeadlineAgrees() {
  const [o, home, range] = await Promise.all([display<DisplayOverview>('overview'), homepage(), allTime()]);
  const region = await report<RegionReport>('region', range);
  expect(
    pick(o.headline, ['products', 'banks', 'demands', 'amountDemanded', 'amountGranted', 'successRate', 'enterprises']),
  ).toEqual(home);
  // The report pages over all time show the homepage's figures (docs/statistics.md, "Report figures").
  expect(region.total.counted).toBe(home.demands);
  expect(region.total.countedAmount).toBe(home.amountDemanded);
  expect(region.total.grantedAmount).toBe(home.amountGranted);
  // Same decided demands, same rate: the report keeps 4 decimals, the homepage one decimal of a percentage, so compare
  // the counts exactly and the rates within the homepage's rounding (re-rounding 0.7365 would be a double rounding).
  expect(successRate(region.total.granted, region.total.rejected)).toBe(home.successRate);
  expect(Math.abs((region.total.grantRate ?? 0) * 100 - home.successRate)).toBeLessThanOrEqual(0.05 + 1e-9);
  expect(o.headline.grantDaysAvg).toBe(region.total.grantDaysAvg);
  expect(o.headline.firstLoan).toBe(region.total.firstLoan);
  const [{ financed }] = await sql(
    `SELECT coalesce(sum(enterprises_financed), 0)::int AS financed FROM industrial_chains WHERE status = 'ACTIVE'`,
  );
  const [{ recovered }] = await sql(`SELECT coalesce(sum(exited_recovered), 0)::int AS recovered FROM shelter_figures`);
  expect(o.headline.chainsFinanced).toBe(financed);
  expect(o.headline.shelterRecovered).toBe(recovered);
  // The overview's districts and mix are the same rows.
  expect(o.districts.map((d) => ({ regionCode: d.regionCode, ...pick(d, DISTRICT_FIELDS) }))).toEqual(
    region.rows.map((r) => ({ regionCode: r.regionCode, ...pick(r.figures, DISTRICT_FIELDS) })),
  );
  expect(o.mix.reduce((n, m) => n + m.counted, 0)).toBe(region.total.counted);
  return o;
}

let cast: Cast;
describe('the achievement display', () => {
  it('headline equals the homepage overview and the all-time region report on the demo data', async () => {
    const o = await expectHeadlineAgrees();
    expect(o.headline.demands).toBeGreaterThan(0);
    expect(o.headline.firstLoan).toBeGreaterThan(0);
    expect(o.headline.chainsFinanced).toBeGreaterThan(0);
    expect(o.headline.shelterRecovered).toBeGreaterThan(0);
    expect(o.months).toHaveLength(12);
    expect(o.districts).toHaveLength(8);
    expect(o.mix.map((m) => m.type).sort()).toEqual(['GUARANTEE', 'ORIENTATION', 'PUBLIC']);
    expect(o.banks.length).toBeGreaterThan(0);
    expect(o.banks.length).toBeLessThanOrEqual(10);
    expect(o.latestGrants).toHaveLength(10);
  });

  it('still agrees after new demands in every state, which move its figures', async () => {
    const before = await display<DisplayOverview>('overview');
    cast = {
      bank: await testBank(t.app, t.database.db, 'dsp'),
      guarantee: await testGuarantee(t.app, t.database.db, 'dsp'),
      applicant: await testApplicant(t.app, t.database.db, 'dsp'),
    };
    for (const type of ['PUBLIC', 'ORIENTATION', 'GUARANTEE'] as const) {
      for (const status of ['PENDING', 'ACCEPTED', 'GRANTED', 'REJECTED', 'WITHDRAWN', 'EXPIRED'] as const)
        await demandIn(t.database.db, cast, type, status, { amount: 70 });
    }
    const after = await expectHeadlineAgrees();
    expect(after.headline.demands).toBeGreaterThan(before.headline.demands);
    expect(after.headline.amountGranted).toBe(Math.round((before.headline.amountGranted + 3 * 50) * 100) / 100);
    // demandIn grants on the UTC date: its month is the last or the one before in Beijing.
    const month = new Date().toISOString().slice(0, 7);
    const cur = (o: DisplayOverview) => o.months.find((m) => m.month === month)!;
    expect(cur(after).granted).toBe(cur(before).granted + 3);
    expect(after.months.at(-1)!.month).toBe(shanghaiToday().slice(0, 7));
  });

  it('districts equal the region report over all time, ranked by amount granted, with 12 months each', async () => {
    const [d, range] = await Promise.all([display<DisplayDistricts>('districts'), allTime()]);
    const region = await report<RegionReport>('region', range);
    expect(d.rows).toHaveLength(8);
    const byCode = new Map(region.rows.map((r) => [r.regionCode, r]));
    for (const row of d.rows) {
      const r = byCode.get(row.regionCode)!;
      expect(row.name).toBe(r.name);
      expect(pick(row, DISTRICT_FIELDS), row.name).toEqual(pick(r.figures, DISTRICT_FIELDS));
      expect(row.months).toHaveLength(12);
    }
    expect(d.rows.map((r) => r.rank)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    for (let i = 1; i < d.rows.length; i++)
      expect(d.rows[i - 1].grantedAmount).toBeGreaterThanOrEqual(d.rows[i].grantedAmount);
    // The 12 months of each district equal the region report over that window.
    const window = await report<RegionReport>('region', {
      from: `${d.rows[0].months[0].month}-01`,
      to: shanghaiToday(),
    });
    for (const row of d.rows) {
      const w = window.rows.find((r) => r.regionCode === row.regionCode)!.figures;
      expect(
        row.months.reduce((n, m) => n + m.counted, 0),
        row.name,
      ).toBe(w.counted);
      expect(
        row.months.reduce((n, m) => n + m.granted, 0),
        row.name,
      ).toBe(w.granted);
      expect(Math.round(row.months.reduce((n, m) => n + m.grantedAmount, 0) * 100) / 100, row.name).toBe(
        w.grantedAmount,
      );
    }
  });

  it('organisations equal the bank scorecard over all time, ranked by amount granted; the overview shows the top 10', async () => {
    const [org, o, range] = await Promise.all([
      display<DisplayOrganizations>('organizations'),
      display<DisplayOverview>('overview'),
      allTime(),
    ]);
    const card = await report<Scorecard>('scorecard', range);
    expect(org.rows.map((r) => r.bankId).sort()).toEqual(card.rows.map((r) => r.bankId).sort());
    const byId = new Map(card.rows.map((r) => [r.bankId, r]));
    for (const row of org.rows)
      expect(pick(row, BANK_FIELDS), row.name).toEqual(pick(byId.get(row.bankId)!, BANK_FIELDS));
    expect(org.rows.map((r) => r.rank)).toEqual(org.rows.map((_, i) => i + 1));
    for (let i = 1; i < org.rows.length; i++)
      expect(org.rows[i - 1].grantedAmount).toBeGreaterThanOrEqual(org.rows[i].grantedAmount);
    expect(o.banks).toEqual(org.rows.slice(0, 10).map(({ rank: _r, ...b }) => b));
    expect(org.months).toEqual(o.months);
    // The test bank's grants (3 × 50 万元, one per type) are its figures.
    expect(org.rows.find((r) => r.bankId === cast.bank.ids.head)).toMatchObject({ granted: 3, grantedAmount: 150 });
  });

  it("secured financing: a guarantee company's figures are the demands its drill-down lists", async () => {
    const [s, range] = await Promise.all([display<DisplaySecured>('secured'), allTime()]);
    expect(s.cydbd.months).toHaveLength(12);
    // Each figure of the test guarantee company is the count of the demands the drill-down lists for it.
    const mine = s.companies.find((c) => c.orgId === cast.guarantee.orgId)!;
    expect(mine).toMatchObject({ applied: 6, granted: 1, grantedAmount: 50 });
    for (const [measure, field] of [
      ['posted', 'applied'],
      ['accepted', 'accepted'],
      ['guaranteed', 'guaranteed'],
      ['granted', 'granted'],
      ['rejected', 'rejected'],
    ] as const) {
      const q = new URLSearchParams({
        ...range,
        type: 'GUARANTEE',
        measure,
        orgId: String(cast.guarantee.orgId),
        current: '1',
        pageSize: '10',
      });
      const page = (await get(t.app, op, `/finance/stats/report/drill.json?${q}`)).json().data;
      expect(page.total, measure).toBe(mine[field]);
    }
  });

  it('创业担保贷 counts the demands posted through a CYDBD product only, kept by the writes (issue 30, item 5)', async () => {
    const tag = `cydbd-${Math.random().toString(36).slice(2, 8)}`;
    const before = await display<DisplaySecured>('secured');
    const policy = await insertProductRow(t.database.db, {
      name: `${tag}创业担保贷`,
      orgId: cast.bank.ids.head,
      loanType: 'GUARANTEE',
      policy: 'CYDBD',
    });
    const plain = await insertProductRow(t.database.db, { name: `${tag}经营贷`, orgId: cast.bank.ids.head });
    const today = shanghaiToday();
    const bank = { bankOrgId: cast.bank.ids.branchB, bankId: cast.bank.ids.head, ownerOrgId: cast.bank.ids.branchB };
    // Through the CYDBD product: one pending, one granted (40 of 60 asked), one refused, all in 东湖区.
    const ids = [
      await insertDemandRow(t.database.db, {
        type: 'ORIENTATION',
        productId: policy,
        applicantName: `${tag}甲`,
        regionCode: '999902',
        amount: 20,
      }),
      await insertDemandRow(t.database.db, {
        type: 'ORIENTATION',
        productId: policy,
        applicantName: `${tag}乙`,
        regionCode: '999902',
        amount: 60,
        status: 'GRANTED',
        grantedAmount: 40,
        grantedAt: today,
        acceptedAt: new Date(),
        ...bank,
      }),
      await insertDemandRow(t.database.db, {
        type: 'ORIENTATION',
        productId: policy,
        applicantName: `${tag}丙`,
        regionCode: '999902',
        amount: 30,
        status: 'REJECTED',
        acceptedAt: new Date(),
        rejectCode: 'OTHER',
        ...bank,
      }),
    ];
    // Not 创业担保贷: a guarantee demand (what the page counted before) and a demand through another product.
    await insertDemandRow(t.database.db, {
      type: 'GUARANTEE',
      applicantName: `${tag}丁`,
      regionCode: '999902',
      amount: 70,
      guaranteeOrgId: cast.guarantee.orgId,
      guaranteeMethod: 'GUARANTEE_COMPANY',
    });
    await insertDemandRow(t.database.db, {
      type: 'ORIENTATION',
      productId: plain,
      applicantName: `${tag}戊`,
      regionCode: '999902',
      amount: 80,
      status: 'GRANTED',
      grantedAmount: 80,
      grantedAt: today,
      acceptedAt: new Date(),
      ...bank,
    });
    // As an application through the service would, the two products count their demands (demands-demo.test.ts
    // compares every product's counters with its demands in the same database).
    await t.database.pool.query(
      `UPDATE products p SET applications = (SELECT count(*) FROM demands WHERE product_id = p.id), grants = (SELECT count(*) FROM demands WHERE product_id = p.id AND status = 'GRANTED') WHERE p.id = ANY($1::bigint[])`,
      [[policy, plain]],
    );
    const rows = await sql(`SELECT policy FROM demands WHERE id = ANY($1::bigint[]) ORDER BY id`, [ids]);
    expect(rows.map((r) => r.policy)).toEqual(['CYDBD', 'CYDBD', 'CYDBD']);

    const after = await display<DisplaySecured>('secured');
    const d = (k: 'applied' | 'appliedAmount' | 'accepted' | 'granted' | 'grantedAmount' | 'rejected') =>
      Math.round((after.cydbd[k] - before.cydbd[k]) * 100) / 100;
    expect({
      applied: d('applied'),
      appliedAmount: d('appliedAmount'),
      accepted: d('accepted'),
      granted: d('granted'),
      grantedAmount: d('grantedAmount'),
      rejected: d('rejected'),
    }).toEqual({
      applied: 3,
      appliedAmount: 110,
      accepted: 2,
      granted: 1,
      grantedAmount: 40,
      rejected: 1,
    });
    const district = (s: DisplaySecured) => s.cydbd.districts.find((x) => x.regionCode === '999902')!;
    expect(district(after).applied - district(before).applied).toBe(3);
    expect(Math.round((district(after).grantedAmount - district(before).grantedAmount) * 100) / 100).toBe(40);
    const month = today.slice(0, 7);
    const m = (s: DisplaySecured) => s.cydbd.months.find((x) => x.month === month)!;
    expect(m(after).applied - m(before).applied).toBe(3);
    expect(m(after).granted - m(before).granted).toBe(1);

    // A write moves the kept figures: the pending one withdrawn before acceptance leaves the applications' amount.
    await sql(`UPDATE demands SET status = 'WITHDRAWN', withdrawn_at = now() WHERE id = $1`, [ids[0]]);
    const withdrawn = await display<DisplaySecured>('secured');
    expect(Math.round((withdrawn.cydbd.appliedAmount - before.cydbd.appliedAmount) * 100) / 100).toBe(90);
    expect(withdrawn.cydbd.applied - before.cydbd.applied).toBe(3);
  });

  it('latest grants are the newest first, persons named masked, enterprises in full', async () => {
    const today = shanghaiToday();
    const person = await insertDemandRow(t.database.db, {
      status: 'GRANTED',
      applicantName: '欧阳娜娜',
      applicantType: 'PERSON',
      regionCode: '999902',
      amount: 30,
      grantedAmount: 30.5,
      grantedAt: today,
      bankOrgId: cast.bank.ids.branchB,
      bankId: cast.bank.ids.head,
      ownerOrgId: cast.bank.ids.branchB,
    });
    const farmer = await insertDemandRow(t.database.db, {
      status: 'GRANTED',
      applicantName: '李四',
      applicantType: 'FARMER',
      regionCode: '999903',
      amount: 10,
      grantedAmount: 8,
      grantedAt: today,
      bankOrgId: cast.bank.ids.branchB,
      bankId: cast.bank.ids.head,
      ownerOrgId: cast.bank.ids.branchB,
    });
    // A raw GRANTED row without a grant date (no writer of the app leaves one) is not a grant: not listed, no error.
    await insertDemandRow(t.database.db, {
      status: 'GRANTED',
      applicantName: '无日期',
      applicantType: 'PERSON',
      regionCode: '999901',
      amount: 5,
      grantedAmount: 5,
      grantedAt: null,
    });
    const firm = await insertDemandRow(t.database.db, {
      status: 'GRANTED',
      applicantName: '示范茶业有限公司',
      applicantType: 'ENTERPRISE',
      regionCode: '999901',
      amount: 90,
      grantedAmount: 88,
      grantedAt: today,
      bankOrgId: cast.bank.ids.branchA,
      bankId: cast.bank.ids.head,
      ownerOrgId: cast.bank.ids.branchA,
    });
    expect(firm).toBeGreaterThan(farmer);
    expect(farmer).toBeGreaterThan(person);
    const o = await display<DisplayOverview>('overview');
    expect(o.latestGrants.slice(0, 3)).toEqual([
      { day: today, applicantName: '示范茶业有限公司', bankName: '测试银行dsp', regionName: '城关区', amount: 88 },
      { day: today, applicantName: '李*', bankName: '测试银行dsp', regionName: '西山区', amount: 8 },
      { day: today, applicantName: '欧***', bankName: '测试银行dsp', regionName: '东湖区', amount: 30.5 },
    ]);
    // The whole list is the 10 newest grants in order, no person's name in clear.
    const rows = await sql(
      `SELECT granted_at::text AS day, applicant_name AS name, applicant_type AS type FROM demands WHERE status = 'GRANTED' AND granted_at IS NOT NULL ORDER BY granted_at DESC, id DESC LIMIT 10`,
    );
    expect(o.latestGrants.map((g) => g.day)).toEqual(rows.map((r) => r.day));
    o.latestGrants.forEach((g, i) => {
      if (['PERSON', 'FARMER'].includes(rows[i].type))
        expect(g.applicantName).toBe(rows[i].name[0] + '*'.repeat(Math.max(1, [...rows[i].name].length - 1)));
      else expect(g.applicantName).toBe(rows[i].name);
    });
  });

  it('is public, and served from the read cache until the data changes', async () => {
    for (const page of ['overview', 'districts', 'organizations', 'secured']) {
      const res = await get(t.app, null, `/finance/stats/display/${page}.json`);
      expect(res.statusCode, page).toBe(200);
    }
    // A late notification of the previous test's writes may drop the entry once: a few tries.
    let same = false;
    for (let i = 0; i < 5 && !same; i++) {
      const a = (await get(t.app, null, '/finance/stats/display/overview.json')).json().data;
      const b = (await get(t.app, null, '/finance/stats/display/overview.json')).json().data;
      same = b.asOf === a.asOf;
    }
    expect(same).toBe(true);
  });
});
