import type { Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { e2eDatabase, newPage, screenshot, signInAs, useBrowser } from '../fixtures.ts';

const browser = useBrowser();
/** Test-only writing of the e2e server's database: three persons of this test's own, with known sign-ins. */
const db = e2eDatabase();

/**
 * The operator's personal users sort by their last sign-in on the server (issue 30; docs/lists.md), and the export
 * asks for the list's filter and sort.
 */
describe('user list: sort by last sign-in, export in that sort', () => {
  it('sorts by the 最近登录 header both ways, then exports with the filter and sort', async () => {
    const tag = `us${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
    // Signed in 2001-01-02, never, 2001-01-03 (made in that order).
    for (const [n, signed] of [
      ['甲', '2001-01-02T10:00:00+08:00'],
      ['乙', null],
      ['丙', '2001-01-03T10:00:00+08:00'],
    ] as const)
      await db.query(
        `INSERT INTO users (username, name, password_hash, account_type, last_login_at) VALUES ($1, $2, 'x', 'PERSON', $3)`,
        [`${tag}${n.charCodeAt(0)}`, `${tag}${n}`, signed],
      );
    const { context, page } = await newPage(browser());
    const params = () => new URL(page.url()).searchParams;
    const names = async () =>
      (await page.locator('.ant-table-tbody .ant-table-row td:first-child').allInnerTexts()).map((x) =>
        x.trim().slice(tag.length),
      );
    try {
      await signInAs(page, 'operator', `/operateClient/users/personal?name=${tag}`);
      // Newest account first without a sort (the screen's chunk and the first page may take a while on a busy machine).
      await page.locator('.ant-table-tbody .ant-table-row').first().waitFor({ timeout: 30_000 });
      await expect.poll(names, { timeout: 10_000 }).toEqual(['丙', '乙', '甲']);

      const header = page.locator('.ant-table-thead th').filter({ hasText: '最近登录' }).first();
      await header.click();
      await expect
        .poll(() => `${params().get('sortField')} ${params().get('sortOrder')}`, { timeout: 10_000 })
        .toBe('lastLoginAt desc');
      await expect.poll(names, { timeout: 10_000 }).toEqual(['丙', '甲', '乙']);
      await header.click();
      await expect.poll(() => params().get('sortOrder'), { timeout: 10_000 }).toBe('asc');
      await expect.poll(names, { timeout: 10_000 }).toEqual(['乙', '甲', '丙']);
      await screenshot(page, 'user-list-sort-last-login');

      let asked: URL | null = null;
      await page.route('**/finance/user/export.json**', async (route: Route) => {
        asked = new URL(route.request().url());
        await route.continue();
      });
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: /导出Excel/ }).click();
      const file = await download;
      expect(file.suggestedFilename()).toMatch(/^个人用户_\d{14}\.xlsx$/);
      expect(asked!.searchParams.get('accountType')).toBe('PERSON');
      expect(asked!.searchParams.get('name')).toBe(tag);
      expect(asked!.searchParams.get('sortField')).toBe('lastLoginAt');
      expect(asked!.searchParams.get('sortOrder')).toBe('asc');
    } catch (e) {
      await screenshot(page, 'user-list-sort-failed', { failed: true });
      throw e;
    } finally {
      await context.close();
    }
  });
});
