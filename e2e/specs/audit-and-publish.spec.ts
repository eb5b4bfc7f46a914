import ExcelJS from 'exceljs';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { e2eDatabase, newPage, screenshot, signInAs, stepsOf, useBrowser } from '../fixtures.ts';

/**
 * Issue 30: the audit log names the new modules' actions and filters and exports them (item 3); cancelling 发布 on a
 * new article leaves nothing behind (item 8). Test-only reading of the e2e server's database: whether an article
 * exists (what the operator would otherwise look for in every list), and one audit row of a farmer record read
 * unmasked (the farmer screens that write it are another spec's).
 */
const browser = useBrowser();
const run = stepsOf('audit-and-publish');
const db = e2eDatabase();

/** A name of this test's own (a retried test does not meet the data of its first try). */
const uniq = (prefix: string) => `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function choose(page: Page, box: Locator, option: string) {
  await box.fill(option);
  await page.locator('.ant-select-item-option-active', { hasText: option }).waitFor();
  await box.press('Enter');
  await page.locator('.ant-select-item-option-active', { hasText: option }).waitFor({ state: 'hidden' });
}

const articlesTitled = async (title: string) =>
  (await db.query<{ status: string }>('SELECT status FROM articles WHERE title = $1 ORDER BY id', [title])).rows.map(
    (r) => r.status,
  );

describe('issue 30: publishing a new article, the audit log', () => {
  it('cancelling 发布 on a new article saves nothing; confirming it creates one published article', async () => {
    const { context, page } = await newPage(browser());
    const title = uniq('取消发布测试');
    try {
      await run(page, 'cancel-publish', async () => {
        await signInAs(page, 'operator', '/operateClient/door/article');
        await page.getByRole('button', { name: '新建文章' }).click();
        const drawer = page.getByRole('dialog', { name: '新建文章' });
        const body = drawer.getByRole('textbox', { name: '正文' });
        await body.waitFor();
        await drawer.getByLabel('标题', { exact: true }).fill(title);
        await choose(page, drawer.getByLabel('栏目', { exact: true }), '地方动态');
        await body.click();
        await page.keyboard.type('辖内银行开展普惠金融进村入户活动。');

        await drawer.getByRole('button', { name: /^发\s*布$/ }).click();
        const publish = page.getByRole('dialog', { name: '发布文章' });
        await publish.getByText('立即发布').waitFor();
        await publish.getByRole('button', { name: /^取\s*消$/ }).click();
        await publish.waitFor({ state: 'hidden' });
        // Nothing was written: no draft to be published again as a second article.
        expect(await articlesTitled(title)).toEqual([]);
        await screenshot(page, 'article-publish-cancelled');

        // Publishing again and confirming creates the article once, published.
        await drawer.getByRole('button', { name: /^发\s*布$/ }).click();
        await publish.getByText('立即发布').waitFor();
        await publish.getByRole('button', { name: /^发\s*布$/ }).click();
        await page.locator('.ant-message').getByText('已发布').waitFor();
        await page.locator('tr', { hasText: title }).getByText('已发布').waitFor();
        expect(await articlesTitled(title)).toEqual(['PUBLISHED']);
      });
    } finally {
      await context.close();
    }
  });

  it("the audit log shows a new module's action by its Chinese name, filters by it and exports the filtered rows", async () => {
    const { context, page } = await newPage(browser());
    const target = uniq('farmer:e2e-');
    try {
      await run(page, 'audit-names', async () => {
        const { rows } = await db.query<{ id: number }>("SELECT id FROM users WHERE username = 'operator'");
        await db.query(
          "INSERT INTO audit_log (user_id, action, target, detail, ip) VALUES ($1, 'farmer.sensitive', $2, $3, '198.51.100.9')",
          [rows[0].id, target, { reason: '贷前核实' }],
        );
        await signInAs(page, 'operator', '/operateClient/platform/audit');
        await choose(page, page.getByLabel('操作', { exact: true }), '查看农户完整信息');
        await page.getByRole('button', { name: /查\s*询/ }).click();
        await page.waitForURL((url) => url.searchParams.get('action') === 'farmer.sensitive');
        const row = page.locator('.ant-table-row').filter({ hasText: target });
        await row.getByText('查看农户完整信息').waitFor();
        await expect(row.getByText('farmer.sensitive').count()).resolves.toBe(0);
        // Every row the filter shows is of that action. The new row is the newest, so it is also on the unfiltered
        // first page the table keeps until the filtered answer arrives (seconds on a loaded machine): wait for that.
        const actions = async () => [
          ...new Set(await page.locator('.ant-table-row td:nth-child(3)').allTextContents()),
        ];
        await expect.poll(actions, { timeout: 20_000 }).toEqual(['查看农户完整信息']);
        await screenshot(page, 'audit-new-module-action');

        const download = page.waitForEvent('download');
        await page.getByRole('button', { name: /导出Excel/ }).click();
        const file = await download;
        expect(file.suggestedFilename()).toMatch(/^审计日志_\d{14}\.xlsx$/);
        const wb = new ExcelJS.Workbook();
        await wb.xlsx.readFile((await file.path())!);
        const cells: string[][] = [];
        wb.worksheets[0].eachRow((r) =>
          cells.push((r.values as unknown[]).slice(1).map((v) => (v == null ? '' : String(v)))),
        );
        expect(cells[0][3]).toBe('操作');
        const mine = cells.find((r) => r[5] === target);
        expect(mine?.slice(1, 5)).toEqual(['operator', expect.any(String), '查看农户完整信息', 'farmer.sensitive']);
        expect(new Set(cells.slice(1).map((r) => r[4]))).toEqual(new Set(['farmer.sensitive']));
      });
    } finally {
      await context.close();
    }
  });
});
