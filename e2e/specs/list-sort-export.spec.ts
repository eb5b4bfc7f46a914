import type { Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { e2eDatabase, newPage, screenshot, signInAs, useBrowser } from '../fixtures.ts';

const browser = useBrowser();
/** Test-only writing of the e2e server's database: three audit rows, then three demands, of each test's own. */
const db = e2eDatabase();

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
      await db.query(`INSERT INTO audit_log (at, user_id, action, target) VALUES ($1, NULL, 'export', $2)`, [
        at,
        target,
      ]);
    const { context, page } = await newPage(browser());
    const params = () => new URL(page.url()).searchParams;
    const days = async () =>
      (await page.locator('.ant-table-tbody .ant-table-row td:first-child').allInnerTexts()).map((x) => x.slice(0, 10));
    try {
      await signInAs(page, 'operator', `/operateClient/platform/audit?target=${target}`);
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
      await screenshot(page, 'list-sort-export-failed', { failed: true });
      throw e;
    } finally {
      await context.close();
    }
  });

  it('sorts a demand list by the amount applied for from its header (address and rows)', async () => {
    // Three public demands of this try's own, found by their tag: newest first is 中, 小, 大.
    const tag = `SA${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    const [{ code }] = (await db.query(`SELECT code FROM regions WHERE parent_code IS NOT NULL ORDER BY code LIMIT 1`))
      .rows;
    for (const [name, amount, day] of [
      [`大${tag}`, 90, '2001-02-01'],
      [`小${tag}`, 10, '2001-02-02'],
      [`中${tag}`, 50, '2001-02-03'],
    ] as const)
      await db.query(
        `INSERT INTO demands (type, status, applicant_name, applicant_type, amount, term, purpose, guarantee_method, region_code, industry, contact_name, contact_phone, created_at, updated_at)
         VALUES ('PUBLIC', 'WITHDRAWN', $1, 'ENTERPRISE', $2, 12, '浏览器测试：按金额排序', 'CREDIT', $3, 'AGRICULTURE', '测试联系人', '13900000000', $4, $4)`,
        [name, amount, code, `${day}T10:00:00+08:00`],
      );
    const { context, page } = await newPage(browser());
    const params = () => new URL(page.url()).searchParams;
    const names = () => page.locator('.ant-table-tbody .phjr-demand-applicant .ant-typography').allInnerTexts();
    try {
      await signInAs(page, 'operator', `/operateClient/demand/public?keyword=${tag}`);
      await expect.poll(names).toEqual([`中${tag}`, `小${tag}`, `大${tag}`]);
      const header = page.locator('.ant-table-thead th').filter({ hasText: '金额 / 期限' }).first();
      await header.click();
      await expect.poll(() => `${params().get('sortField')} ${params().get('sortOrder')}`).toBe('amount desc');
      await expect.poll(names).toEqual([`大${tag}`, `中${tag}`, `小${tag}`]);
      await header.click();
      await expect.poll(() => `${params().get('sortField')} ${params().get('sortOrder')}`).toBe('amount asc');
      await expect.poll(names).toEqual([`小${tag}`, `中${tag}`, `大${tag}`]);
      expect(params().get('keyword')).toBe(tag);
      await screenshot(page, 'list-sort-demands-amount-ascending');
    } catch (e) {
      await screenshot(page, 'list-sort-demands-failed', { failed: true });
      throw e;
    } finally {
      await context.close();
    }
  });
});
