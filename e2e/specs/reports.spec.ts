import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { beijingDay, newPage, screenshot, signInAs, stepsOf, useBrowser, apiAs } from '../fixtures.ts';

/**
 * The statistics and supervision reports (issue 16) on the demo data: the operator's report by district shows the
 * figures region.json answers (the total row's granted count is the API's), a count opens the demands it counts and
 * the drawer's "共 N 条" is that count, the export downloads the spreadsheet; the report by bank expands a bank into its
 * branches and shows the scorecard; the city supervisor `gov` opens its two reports. Screenshots at 1440 wide go to
 * .tmp/screenshots/report-*.png for people to look at (SCREENSHOTS=1).
 */

const browser = useBrowser();
const run = stepsOf('reports');
const exact = (text: string) => new RegExp(`^${[...text].join('\\s?')}$`);

/** The page's default period: 1 January of the Beijing year to today in Beijing. */
function defaultPeriod(): { from: string; to: string } {
  const today = beijingDay();
  return { from: `${today.slice(0, 4)}-01-01`, to: today };
}

const digits = (text: string | null) => Number((text ?? '').replace(/[^\d]/g, ''));

/** Waits until the report's table has its total row (the figures are on screen). */
async function figuresShown(page: Page) {
  await page.locator('.phjr-report-total').first().waitFor();
  await page.locator('.phjr-report-asof').waitFor();
}

describe('reports', () => {
  it('the operator reads the district report, drills a figure, exports, and opens the bank tree and scorecard', async () => {
    const { context, page } = await newPage(browser());
    try {
      await run(page, 'district', async () => {
        await signInAs(page, 'operator', '/operateClient/statistic/district');
        await figuresShown(page);
        const { from, to } = defaultPeriod();
        const api = await apiAs<{ total: { granted: number; counted: number } }>(
          page,
          `/finance/stats/report/region.json?from=${from}&to=${to}`,
        );
        const granted = page.locator('.phjr-report-total [data-figure="granted"]');
        expect(digits(await granted.textContent())).toBe(api.total.granted);
        expect(digits(await page.locator('.phjr-report-total [data-figure="counted"]').textContent())).toBe(
          api.total.counted,
        );
        // Every header's definition is one hover away (definitions.json, from docs/statistics.md).
        expect(await page.locator('.phjr-report-def').count()).toBeGreaterThan(10);
        await screenshot(page, 'report-district');

        expect(api.total.granted, 'the demo data has grants this year').toBeGreaterThan(0);
        await granted.getByRole('button').click();
        const drawer = page.locator('.ant-drawer-open');
        await expect
          .poll(async () => digits(await drawer.getByTestId('drill-total').textContent()), { timeout: 20_000 })
          .toBe(api.total.granted);
        await drawer.locator('.ant-table-row').first().waitFor();
        await screenshot(page, 'report-district-drill');
        await drawer.getByRole('button', { name: /close|关闭/i }).click();
        await drawer.waitFor({ state: 'hidden' });

        const download = page.waitForEvent('download');
        await page.getByRole('button', { name: /导出Excel/ }).click();
        expect((await download).suggestedFilename()).toMatch(/^区县统计_\d{14}\.xlsx$/);
      });

      await run(page, 'bank', async () => {
        await page.goto('/operateClient/statistic/bank');
        await figuresShown(page);
        const before = await page.locator('.ant-table-row-level-1').count();
        await page.locator('.ant-table-row-expand-icon-collapsed').first().click();
        await expect.poll(() => page.locator('.ant-table-row-level-1').count()).toBeGreaterThan(before);
        await screenshot(page, 'report-bank');
        await page.getByRole('tab', { name: '银行评分卡' }).click();
        await page.locator('.phjr-report-rank').first().waitFor();
        expect(new URL(page.url()).searchParams.get('tab')).toBe('scorecard');
        await screenshot(page, 'report-scorecard');
      });
    } finally {
      await context.close();
    }
  });

  it('the city supervisor opens the report by region and by bank', async () => {
    const { context, page } = await newPage(browser());
    try {
      await run(page, 'supervisor', async () => {
        await signInAs(page, 'gov', '/supervisionClient/report/region');
        await figuresShown(page);
        // A city-level supervisor chooses a district.
        await page.getByLabel('区县').waitFor();
        await screenshot(page, 'report-region-supervisor');
        await page.goto('/supervisionClient/report/bank');
        await figuresShown(page);
        await page.getByRole('tab', { name: exact('银行机构') }).waitFor();
        await screenshot(page, 'report-bank-supervisor');
      });
    } finally {
      await context.close();
    }
  });
});
