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
];
