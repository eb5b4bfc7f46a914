import { describe, expect, it } from 'vitest';
import { newPage, screenshot, signInAs, useBrowser } from '../fixtures.ts';

const browser = useBrowser();

/** The list-page block (components/list-page) on the audit log: filters and page live in the address. */
describe('list page: filters and page in the address', () => {
  it('a search, a page and a reload keep the list; reset clears it', async () => {
    // Two sign-ins: the operator's logins fill two pages of one row each, whatever ran before.
    const first = await newPage(browser());
    await signInAs(first.page, 'operator');
    await first.context.close();
    const { context, page } = await newPage(browser());
    const params = () => new URL(page.url()).searchParams;
    try {
      await signInAs(page, 'operator');
      // A shared link: the form shows its filter.
      await page.goto('/operateClient/platform/audit?username=nobody&pageSize=1&current=3');
      await expect.poll(() => page.getByLabel('账号').inputValue()).toBe('nobody');

      // A new search: the filter in the address (trimmed), back to page 1, the page size kept.
      await page.getByLabel('账号').fill('  operator ');
      await page.getByRole('button', { name: /查\s*询/ }).click();
      await expect.poll(() => params().get('username')).toBe('operator');
      expect(params().get('current')).toBeNull();
      expect(params().get('pageSize')).toBe('1');
      await page.locator('.ant-table-row').filter({ hasText: '（operator）' }).first().waitFor();

      // Pagination writes the address.
      await page.locator('.ant-pagination-item-2').click();
      await expect.poll(() => params().get('current')).toBe('2');

      // A reload keeps it all: the page, the size, the filter in its field.
      await page.reload();
      await page.locator('.ant-pagination-item-2.ant-pagination-item-active').waitFor();
      await expect.poll(() => page.getByLabel('账号').inputValue()).toBe('operator');
      expect(params().get('pageSize')).toBe('1');
      await screenshot(page, 'list-page-audit-page-2');

      // Reset: no filter left, page 1, the field empty.
      await page.getByRole('button', { name: /重\s*置/ }).click();
      await expect.poll(() => params().get('current')).toBeNull();
      expect(params().get('username')).toBeNull();
      await expect.poll(() => page.getByLabel('账号').inputValue()).toBe('');
    } catch (e) {
      await screenshot(page, 'list-page-failed', { failed: true });
      throw e;
    } finally {
      await context.close();
    }
  });
});
