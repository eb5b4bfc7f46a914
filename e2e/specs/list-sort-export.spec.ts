import pg from 'pg';
import type { Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { e2eDatabaseUrl, newPage, screenshot, signInAs, useBrowser } from '../fixtures.ts';

const browser = useBrowser();
/** Test-only writing of the e2e server's database: three audit rows of this test's own, on days of their own. */
let db: pg.Pool;
beforeAll(() => {
  db = new pg.Pool({ connectionString: e2eDatabaseUrl(), max: 1 });
});
afterAll(() => db?.end());

/**
 * Sorting and exports on the list-page block (issue 30; docs/lists.md), on the operator's audit log: a header click
 * sorts on the server (the address keeps the sort), and an export that takes more than a second shows its progress
 * dialog until the file arrives, then saves it.
 */
describe('list page: sort and export with progress', () => {
  it('sorts by a column header, then exports with the progress dialog and downloads the file', async () => {
    // Rows of this try's own (a retried test does not meet its first try's), named by a target no other test writes.
    const target = `sort-e2e-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    for (const at of ['2001-01-02T10:00:00+08:00', '2001-01-03T10:00:00+08:00', '2001-01-01T10:00:00+08:00'])
      await db.query(`INSERT INTO audit_log (at, user_id, action, target) VALUES ($1, NULL, 'export', $2)`, [at, target]);
    const { context, page } = await newPage(browser());
    const params = () => new URL(page.url()).searchParams;
    const days = async () => (await page.locator('.ant-table-tbody .ant-table-row td:first-child').allInnerTexts()).map((x) => x.slice(0, 10));
    try {
      await signInAs(page, 'operator');
      await page.goto(`/operateClient/platform/audit?target=${target}`);
      await expect.poll(days).toEqual(['2001-01-03', '2001-01-02', '2001-01-01']);

      // The 时间 header sorts: newest first, then oldest first (the server's order, kept in the address).
      const header = page.locator('.ant-table-thead th').filter({ hasText: '时间' }).first();
      await header.click();
      await expect.poll(() => `${params().get('sortField')} ${params().get('sortOrder')}`).toBe('at desc');
      await expect.poll(days).toEqual(['2001-01-03', '2001-01-02', '2001-01-01']);
      await header.click();
      await expect.poll(() => params().get('sortOrder')).toBe('asc');
      await expect.poll(days).toEqual(['2001-01-01', '2001-01-02', '2001-01-03']);
      await expect.poll(() => header.getAttribute('aria-sort')).toBe('ascending');
      expect(params().get('target')).toBe(target);
      await screenshot(page, 'list-sort-audit-ascending');

      // The export: the file is held back until the progress dialog shows, then let through.
      let release!: () => void;
      const released = new Promise<void>((r) => (release = r));
      let asked: URL | null = null;
      await page.route('**/finance/audit/export.json**', async (route: Route) => {
        asked = new URL(route.request().url());
        const response = await route.fetch();
        await released;
        await route.fulfill({ response });
      });
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: /导出Excel/ }).click();
      const progress = page.getByTestId('export-progress');
      await progress.waitFor();
      await expect.poll(() => progress.innerText()).toContain('已接收');
      await screenshot(page, 'list-export-progress');
      release();
      const file = await download;
      expect(file.suggestedFilename()).toMatch(/_\d{14}\.xlsx$/);
      await progress.waitFor({ state: 'hidden' });
      // The export asked for the list's filter and sort.
      expect(asked!.searchParams.get('target')).toBe(target);
      expect(asked!.searchParams.get('sortField')).toBe('at');
      expect(asked!.searchParams.get('sortOrder')).toBe('asc');
    } catch (e) {
      await screenshot(page, 'list-sort-export-failed');
      throw e;
    } finally {
      await context.close();
    }
  });
});
