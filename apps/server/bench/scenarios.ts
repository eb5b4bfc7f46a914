import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client.ts';
import type { DemoAccountName } from '../src/seed/demo-accounts.ts';
import { SCALE_BIG_CHAIN, SCALE_SMALL_CHAIN } from '../src/seed/scale/chains.ts';
import { SCALE_BENCH_VILLAGE, SCALE_BIG_DISTRICT, SCALE_SMALL_DISTRICT } from '../src/seed/scale/farmers.ts';
import { SCALE_SHELTER_SUPERVISOR } from '../src/seed/scale/shelter.ts';

/**
 * What `npm run bench` measures (ENGINEERING.md "Performance budgets"). Each scenario is one URL of the real API,
 * asked by 50 connections; its floor is a bare Fastify + pg handler running the very SQL the app ran for that URL.
 * Later issues add their scenarios here (demand lists per role, supermarket search, dashboard overview...).
 */
export interface Scenario {
  name: string;
  /** A URL, or one built from ids of the scale data (benchIds). */
  url: string | ((ids: BenchIds) => string);
  /** Sign in as this demo account and send its token. */
  as?: DemoAccountName | typeof SCALE_SHELTER_SUPERVISOR;
  /** p99 budget in milliseconds at 50 connections. */
  budgetP99Ms: number;
  /** Throughput budget: at least this share of the floor's requests per second. */
  minRatio: number;
  /** Costs the same as scenario `sameCostAs` on 1/100 of the data: the ratio of their uncached p50s at most 1.5. */
  sameCostAs?: string;
  /**
   * Runs on the second benchmark database, whose demands (and the scale enterprises they come from) are 1/100 of the
   * first's (SMALL_DEMANDS_SHARE): a figure read from the rollup costs what the rollup rows it reads cost, and how many
   * there are depends on how dense the data is, so a 10k-demand city is compared with the 1M one on real 10k data.
   */
  smallData?: boolean;
}

/** The second benchmark database's share of the demands (1M → 10k). */
export const SMALL_DEMANDS_SHARE = 0.01;

/**
 * Every scenario's budgets hold with the read cache off too (issue 17: fast right after a change): its p99 budget, and
 * at least this share of the floor's throughput.
 */
export const UNCACHED_MIN_RATIO = 0.8;

/** The ratio of p50s allowed between a scenario and its `sameCostAs` (issue 14: "figures that cost the same"). */
export const SAME_COST_RATIO = 1.5;

/** Ids the URLs need, read from the scale data. */
export interface BenchIds {
  bigChainId: number;
  smallChainId: number;
}

export async function benchIds(db: Db): Promise<BenchIds> {
  const r = await db.execute<{ name: string; id: string }>(
    sql`SELECT name, id FROM industrial_chains WHERE name IN (${SCALE_BIG_CHAIN}, ${SCALE_SMALL_CHAIN})`,
  );
  const id = (name: string) => Number(r.rows.find((x) => x.name === name)?.id ?? 0);
  return { bigChainId: id(SCALE_BIG_CHAIN), smallChainId: id(SCALE_SMALL_CHAIN) };
}

const CHAIN = '/finance/industrialChain';

export const SCENARIOS: Scenario[] = [
  {
    name: 'news-list',
    url: '/article/api/portal/page.json?channel=news&current=1&pageSize=10',
    budgetP99Ms: 50,
    minRatio: 0.7,
  },
  {
    name: 'district-news',
    url: '/article/api/portal/page.json?channel=city&regionCode=999903&current=3&pageSize=10',
    budgetP99Ms: 50,
    minRatio: 0.7,
  },
  // The supermarket (PRODUCT.md section 5): a keyword with two filters and a sort, and the first page as it opens.
  // The product page is left out: each call is a write (one view counted).
  {
    name: 'supermarket-search',
    url: `/finance/portal/product/page.json?keyword=${encodeURIComponent('茶园')}&customerType=FARMER&regionCode=999906&sort=RATE&current=1&pageSize=10`,
    budgetP99Ms: 50,
    minRatio: 0.7,
  },
  {
    name: 'supermarket-default',
    url: '/finance/portal/product/page.json?current=1&pageSize=10',
    budgetP99Ms: 50,
    minRatio: 0.7,
  },
  {
    name: 'home-overview',
    url: '/finance/portal/statistics/portal/getHomepageTotalOverviewData.json',
    budgetP99Ms: 50,
    minRatio: 0.7,
  },
  // Demand lists (PRODUCT.md section 6) on 1M demands: the demo bank's own demands and its public pool, the operator's
  // first page, and the operator's list of one state over one month.
  {
    name: 'bank-demands',
    url: '/finance/demand/bank/page.json?scope=MINE&current=1&pageSize=10',
    as: 'bank',
    budgetP99Ms: 50,
    minRatio: 0.7,
  },
  {
    name: 'bank-pool',
    url: '/finance/demand/bank/page.json?scope=POOL&type=PUBLIC&current=1&pageSize=10',
    as: 'bank',
    budgetP99Ms: 50,
    minRatio: 0.7,
  },
  {
    name: 'operator-demands',
    url: '/finance/demand/operate/page.json?view=public&current=1&pageSize=10',
    as: 'operator',
    budgetP99Ms: 50,
    minRatio: 0.7,
  },
  {
    name: 'operator-demands-filtered',
    url: `/finance/demand/operate/page.json?view=assigned&status=GRANTED&from=${daysAgo(60)}&to=${daysAgo(31)}&current=1&pageSize=10`,
    as: 'operator',
    budgetP99Ms: 50,
    minRatio: 0.7,
  },
  // Industry chains (issue 14) on 100 chains / 50,000 members / 200,000 visits and loans: the demo bank's member list
  // over its 25 chains with the home page's filters (a tier, not visited yet), the portal's chain list, and one chain's
  // figures on the chain holding a tenth of the data and on the one holding a hundredth of that (same cost).
  {
    name: 'chain-bank-members',
    url: `${CHAIN}/enterprise/page.json?tier=MIDSTREAM&visited=false&current=1&pageSize=10`,
    as: 'bank',
    budgetP99Ms: 50,
    minRatio: 0.7,
  },
  { name: 'chain-portal-list', url: `${CHAIN}/portal/getAllIndustrialChainList.json`, budgetP99Ms: 50, minRatio: 0.7 },
  {
    name: 'chain-figures',
    url: (ids) =>
      `${CHAIN}/statistics/portal/getIndustrialChainStatisticsDataById.json?industrialChainId=${ids.bigChainId}`,
    budgetP99Ms: 50,
    minRatio: 0.7,
  },
  {
    name: 'chain-figures-small',
    url: (ids) =>
      `${CHAIN}/statistics/portal/getIndustrialChainStatisticsDataById.json?industrialChainId=${ids.smallChainId}`,
    budgetP99Ms: 50,
    minRatio: 0.7,
    sameCostAs: 'chain-figures',
  },
  // The financial shelter (issue 15) on 50,000 cases: a district supervisor's "in the shelter" list, first page, with the
  // read cache off: one index walk on (region, state, newest) and the total from the kept figures.
  {
    name: 'shelter-supervisor-list',
    url: '/finance/shelter/supervise/page.json?view=IN&current=1&pageSize=10',
    as: SCALE_SHELTER_SUPERVISOR,
    budgetP99Ms: 50,
    minRatio: 0.7,
  },
  // Farmer credit data (issue 15) on 500,000 records: the operator's list filtered to one village (~6,000 records; the
  // total read from the village figures), and the public figures of a district holding ~72,000 records and of one
  // holding its demo records only (~600, about 1/100): both read the per-village figures, so they cost the same.
  {
    name: 'farmer-village-list',
    url: `/finance/farmer/page.json?villageCode=${SCALE_BENCH_VILLAGE}&current=1&pageSize=10`,
    as: 'operator',
    budgetP99Ms: 50,
    minRatio: 0.7,
  },
  {
    name: 'farmer-figures',
    url: `/finance/farmer/portal/figures.json?districtCode=${SCALE_BIG_DISTRICT}`,
    budgetP99Ms: 50,
    minRatio: 0.7,
  },
  {
    name: 'farmer-figures-small',
    url: `/finance/farmer/portal/figures.json?districtCode=${SCALE_SMALL_DISTRICT}`,
    budgetP99Ms: 50,
    minRatio: 0.7,
    sameCostAs: 'farmer-figures',
  },
  // Statistics (issue 16) on 1M demands, read from the rollup demand_report_figures with the read cache off too: the
  // dashboard overview (public), the district report over last Beijing year and the bank scorecard over the same
  // year (the operator: every district, so the scorecard reads the city-wide head-office rows), and each of them
  // again on the 10k-demand database (same cost: the p50 ratio 1M/10k at most 1.5).
  ...statsScenarios('', false),
  ...statsScenarios('-10k', true),
];

function statsScenarios(suffix: string, smallData: boolean): Scenario[] {
  const year = lastYear();
  const range = `from=${year}-01-01&to=${year}-12-31`;
  const base = { budgetP99Ms: 50, minRatio: 0.7, ...(smallData ? { smallData } : {}) };
  const twin = (name: string) => (smallData ? { sameCostAs: name } : {});
  return [
    {
      name: `display-overview${suffix}`,
      url: '/finance/stats/display/overview.json',
      ...base,
      ...twin('display-overview'),
    },
    {
      name: `report-district-year${suffix}`,
      url: `/finance/stats/report/region.json?${range}`,
      as: 'operator',
      ...base,
      ...twin('report-district-year'),
    },
    {
      name: `report-scorecard${suffix}`,
      url: `/finance/stats/report/scorecard.json?${range}`,
      as: 'operator',
      ...base,
      ...twin('report-scorecard'),
    },
  ];
}

/** Last Beijing calendar year (the statistics scenarios' whole-year range). */
function lastYear() {
  return new Date(Date.now() + 8 * 3_600_000).getUTCFullYear() - 1;
}

/** A Shanghai calendar day `n` days before today (YYYY-MM-DD). */
function daysAgo(n: number) {
  return new Date(Date.now() + 8 * 3_600_000 - n * 86_400_000).toISOString().slice(0, 10);
}
