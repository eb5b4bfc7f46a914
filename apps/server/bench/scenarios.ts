import type { DemoAccountName } from '../src/seed/demo-accounts.ts';

/**
 * What `npm run bench` measures (ENGINEERING.md "Performance budgets"). Each scenario is one URL of the real API,
 * asked by 50 connections; its floor is a bare Fastify + pg handler running the very SQL the app ran for that URL.
 * Later issues add their scenarios here (demand lists per role, supermarket search, dashboard overview...).
 */
export interface Scenario {
  name: string;
  url: string;
  /** Sign in as this demo account and send its token. */
  as?: DemoAccountName;
  /** p99 budget in milliseconds at 50 connections. */
  budgetP99Ms: number;
  /** Throughput budget: at least this share of the floor's requests per second. */
  minRatio: number;
}

export const SCENARIOS: Scenario[] = [
  { name: 'news-list', url: '/article/api/portal/page.json?channel=news&current=1&pageSize=10', budgetP99Ms: 50, minRatio: 0.7 },
  { name: 'district-news', url: '/article/api/portal/page.json?channel=city&regionCode=999903&current=3&pageSize=10', budgetP99Ms: 50, minRatio: 0.7 },
  // The supermarket (PRODUCT.md section 5): a keyword with two filters and a sort, and the first page as it opens.
  // The product page is left out: each call is a write (one view counted).
  {
    name: 'supermarket-search',
    url: `/finance/portal/product/page.json?keyword=${encodeURIComponent('茶园')}&customerType=FARMER&regionCode=999906&sort=RATE&current=1&pageSize=10`,
    budgetP99Ms: 50,
    minRatio: 0.7,
  },
  { name: 'supermarket-default', url: '/finance/portal/product/page.json?current=1&pageSize=10', budgetP99Ms: 50, minRatio: 0.7 },
  { name: 'home-overview', url: '/finance/portal/statistics/portal/getHomepageTotalOverviewData.json', budgetP99Ms: 50, minRatio: 0.7 },
  // Demand lists (PRODUCT.md section 6) on 1M demands: the demo bank's own demands and its public pool, the operator's
  // first page, and the operator's list of one state over one month.
  { name: 'bank-demands', url: '/finance/demand/bank/page.json?scope=MINE&current=1&pageSize=10', as: 'bank', budgetP99Ms: 50, minRatio: 0.7 },
  { name: 'bank-pool', url: '/finance/demand/bank/page.json?scope=POOL&type=PUBLIC&current=1&pageSize=10', as: 'bank', budgetP99Ms: 50, minRatio: 0.7 },
  { name: 'operator-demands', url: '/finance/demand/operate/page.json?view=public&current=1&pageSize=10', as: 'operator', budgetP99Ms: 50, minRatio: 0.7 },
  {
    name: 'operator-demands-filtered',
    url: `/finance/demand/operate/page.json?view=assigned&status=GRANTED&from=${daysAgo(60)}&to=${daysAgo(31)}&current=1&pageSize=10`,
    as: 'operator',
    budgetP99Ms: 50,
    minRatio: 0.7,
  },
];

/** A Shanghai calendar day `n` days before today (YYYY-MM-DD). */
function daysAgo(n: number) {
  return new Date(Date.now() + 8 * 3_600_000 - n * 86_400_000).toISOString().slice(0, 10);
}
