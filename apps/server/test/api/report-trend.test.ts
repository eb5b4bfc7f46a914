import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportTrend } from '@phjr/contract/stats/reports';
import { createTestApp, type TestApp, type Tokens, signInAs } from '../helpers.ts';
import { get, shanghaiToday } from './demands-helpers.ts';
import { insertDemandRow } from '../../src/seed/factories.ts';
import { addMonths } from '../../src/modules/stats/report.service.ts';

/**
 * The report pages' months and period comparison (issue 30, "report charts"; docs/statistics.md "Period comparison"):
 * on known demands in a district of this test only, the months are the rollup's, and month on month (环比) and year on
 * year (同比) are (value − base) ÷ base, null on a zero base.
 */
let t: TestApp;
let op: Tokens;
beforeAll(async () => {
  t = await createTestApp();
  op = await signInAs(t.app, 'operator');
});
afterAll(() => t.close());

/** Noon Beijing on the 15th of a month (YYYY-MM). */
const mid = (ym: string) => new Date(`${ym}-15T12:00:00+08:00`);

describe('report trend', () => {
  it('gives each month of the range and compares the last month with the one before and the same month a year before', async () => {
    // A district code no other test uses (six digits; demands do not need the region to exist).
    const region = `9990${String(10 + Math.floor(Math.random() * 90))}`;
    const tag = `trend-${Math.random().toString(36).slice(2, 8)}`;
    const today = shanghaiToday();
    const month = today.slice(0, 7);
    const previous = addMonths(month, -1);
    const lastYear = addMonths(month, -12);
    const row = (name: string, createdAt: Date, amount: number, granted?: number) =>
      insertDemandRow(t.database.db, {
        applicantName: `${tag}${name}`,
        regionCode: region,
        amount,
        createdAt,
        ...(granted !== undefined ? { status: 'GRANTED', grantedAmount: granted } : {}),
      });
    // This month: 3 demands (10 + 20 + 30), one granted 15. The month before: 2 (40 + 60), one granted 50. A year
    // before: 1 (25), none granted.
    await row('a', new Date(), 10);
    await row('b', new Date(), 20);
    await row('c', new Date(), 30, 15);
    await row('d', mid(previous), 40);
    await row('e', mid(previous), 60, 50);
    await row('f', mid(lastYear), 25);

    t.app.readCache.clear();
    const q = new URLSearchParams({ from: `${previous}-01`, to: today, regionCode: region });
    const res = await get(t.app, op, `/finance/stats/report/trend.json?${q}`);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as ReportTrend;
    expect(data.months).toEqual([
      { month: previous, counted: 2, countedAmount: 100, granted: 1, grantedAmount: 50 },
      { month, counted: 3, countedAmount: 60, granted: 1, grantedAmount: 15 },
    ]);
    expect(data.comparison).toEqual({
      month,
      previousMonth: previous,
      lastYearMonth: lastYear,
      measures: [
        { key: 'counted', value: 3, previous: 2, lastYear: 1, mom: 0.5, yoy: 2 },
        { key: 'countedAmount', value: 60, previous: 100, lastYear: 25, mom: -0.4, yoy: 1.4 },
        { key: 'granted', value: 1, previous: 1, lastYear: 0, mom: 0, yoy: null },
        { key: 'grantedAmount', value: 15, previous: 50, lastYear: 0, mom: -0.7, yoy: null },
      ],
    });
  });

  it('is refused to a signed-out caller and answers a bad range with a clear error', async () => {
    const today = shanghaiToday();
    expect((await get(t.app, null, `/finance/stats/report/trend.json?from=${today}&to=${today}`)).statusCode).toBe(401);
    const bad = await get(t.app, op, `/finance/stats/report/trend.json?from=${today}&to=2000-01-01`);
    expect(bad.statusCode).toBe(400);
  });
});
