import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, newPage, screenshot, signInAs, useBrowser, stepsOf } from '../fixtures.ts';

/**
 * Issue 13: in English the tables keep whole words in their headers and show every column, the homepage unit stays
 * beside its number, banners and showcase items show their English texts (7); the rural hub shows the rural
 * products, news and policies of the demo data (13). Screenshots: .tmp/screenshots/issue13-7-after-*.png and
 * issue13-13-*.png.
 */
const browser = useBrowser();

const run = stepsOf('portal-languages');

/** Switches the page to English the way the language switch does (SPEC 9: the `locale` key). */
async function english(page: Page) {
  await page.evaluate(() => localStorage.setItem('locale', 'en-US'));
  await page.reload();
}

/** The public JSON answer of a portal call (the envelope's `data`). */
async function portal<T>(page: Page, path: string): Promise<T> {
  const res = await page.request.get(new URL(path, baseUrl()).toString());
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: T }).data;
}

/**
 * The words of each table header that a line break cuts in two (a word drawn on more than one line), and the headers
 * whose words overflow their column.
 */
function brokenHeaderWords(page: Page) {
  return page.evaluate(() => {
    const broken: string[] = [];
    for (const th of document.querySelectorAll('.ant-table-thead th')) {
      const cell = th.getBoundingClientRect();
      const walker = document.createTreeWalker(th, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        for (const m of text.matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(node, m.index);
          range.setEnd(node, m.index + m[0].length);
          const rects = [...range.getClientRects()].filter((r) => r.width > 0);
          if (new Set(rects.map((r) => Math.round(r.top))).size > 1) broken.push(m[0]);
          // A whole word wider than its column would spill into the next one.
          else if (rects.some((r) => r.right > cell.right + 1 || r.left < cell.left - 1))
            broken.push(`overflow: ${m[0]}`);
        }
      }
    }
    return broken;
  });
}

describe('the portal and the back office in English', () => {
  it('shows the banners and showcase items in English, with the homepage units beside their numbers', async () => {
    const { context, page } = await newPage(browser());
    await run(page, 'home', async () => {
      await page.goto('/home');
      await english(page);
      await page.locator('.phjr-figure-value small').first().waitFor();
      await page.locator('.phjr-achievement h3').first().waitFor();
      // The first banner: its English title and image.
      const first = page.locator('.phjr-banner-slide.is-active img');
      expect(await first.getAttribute('alt')).toBe('Inclusive finance for all');
      expect(await first.getAttribute('src')).toBe('/banners/banner-1-en.svg');
      // The showcase items: English titles and units, no Chinese left.
      const titles = await page.locator('.phjr-achievement h3').allInnerTexts();
      expect(titles).toContain('Loans granted');
      for (const title of titles) expect(title).not.toMatch(/[\u4e00-\u9fff]/);
      expect(await page.locator('.phjr-achievement-figure small').allInnerTexts()).toContain('100M CNY');
      // Each unit on the line of its number: the figure is one line (36px high) and the unit within its column.
      const apart = await page.evaluate(
        () =>
          [...document.querySelectorAll('.phjr-figure-value')].filter((v) => {
            const unit = v.querySelector('small');
            const column = v.closest('.phjr-figure');
            if (!unit || !column) return true;
            return (
              v.getBoundingClientRect().height > 40 ||
              unit.getBoundingClientRect().right > column.getBoundingClientRect().right
            );
          }).length,
      );
      await screenshot(page.locator('.phjr-figures'), 'issue13-7-after-home-figures');
      await screenshot(page, 'issue13-7-after-home');
      await page.locator('.phjr-achievements').scrollIntoViewIfNeeded();
      await screenshot(page, 'issue13-7-after-home-achievements');
      expect(apart).toBe(0);
    });
    await context.close();
  });

  it('keeps whole words in the headers of the loan back-filling table and shows its bank column', async () => {
    const { context, page } = await newPage(browser());
    await run(page, 'makeup', async () => {
      await signInAs(page, 'operator');
      await page.evaluate(() => localStorage.setItem('locale', 'en-US'));
      const broken: string[] = [];
      for (const [name, path] of [
        ['makeup', '/operateClient/demand/makeup'],
        ['demand-assigned', '/operateClient/demand/assigned'],
        ['demand-public', '/operateClient/demand/public'],
        ['demand-guarantee', '/operateClient/demand/guarantee'],
        ['achievement', '/operateClient/door/achievement'],
        ['pictures', '/operateClient/door/picManage'],
        ['products', '/operateClient/product'],
        ['banks', '/operateClient/institution/finance'],
        ['enterprises', '/operateClient/users/company'],
        ['audit', '/operateClient/platform/audit'],
      ] as const) {
        await page.goto(path);
        await page.locator('.ant-table-thead th').first().waitFor();
        // The English texts are loaded once the headers are no longer Chinese.
        await page.waitForFunction(
          () => !/[\u4e00-\u9fff]/.test(document.querySelector('.ant-table-thead')?.textContent ?? '一'),
        );
        await page
          .locator('.ant-table-row')
          .first()
          .waitFor({ timeout: 5_000 })
          .catch(() => undefined);
        await screenshot(page, `issue13-7-after-${name}`);
        broken.push(...(await brokenHeaderWords(page)).map((w) => `${name}: ${w}`));
      }
      expect(broken).toEqual([]);
      await page.goto('/operateClient/demand/makeup');
      const bank = page.getByRole('columnheader', { name: 'Handling bank' });
      await bank.waitFor();
      expect((await bank.boundingBox())!.width).toBeGreaterThanOrEqual(150);
      // The demo bank's name shows in the rows (cut with an ellipsis at most, never hidden).
      const cell = page.locator('.ant-table-row').first().locator('td').nth(2);
      expect((await cell.boundingBox())!.width).toBeGreaterThanOrEqual(150);
      expect((await cell.innerText()).trim()).toMatch(/银行|Bank/);
    });
    await context.close();
  });
});

describe("the operator's showcase form", () => {
  it('keeps an English title beside the Chinese one, and the English portal shows it', async () => {
    const { context, page } = await newPage(browser());
    const english_ = `Served ${Date.now().toString().slice(-6)}`;
    await run(page, 'achievement-form', async () => {
      await signInAs(page, 'operator', '/operateClient/door/achievement');
      const row = page.locator('.ant-table-row', { hasText: '服务企业' });
      await row.getByRole('button', { name: /^编\s?辑$/ }).click();
      const dialog = page.getByRole('dialog', { name: '编辑成果' });
      await dialog.waitFor();
      await dialog.getByLabel('英文标题', { exact: true }).fill(english_);
      await screenshot(page, 'issue13-7-after-achievement-form');
      await dialog.getByRole('button', { name: /^保\s?存$/ }).click();
      await dialog.waitFor({ state: 'hidden' });
      await row.getByText(english_).waitFor();
      await page.goto('/home');
      await english(page);
      await page.getByRole('heading', { name: english_ }).waitFor();
      // The Chinese portal keeps the Chinese title.
      await page.evaluate(() => localStorage.setItem('locale', 'zh-CN'));
      await page.reload();
      await page.getByRole('heading', { name: '服务企业' }).waitFor();
    });
    await context.close();
  });
});

describe('the rural hub', () => {
  it('shows the rural products, news and policies of the demo data', async () => {
    const { context, page } = await newPage(browser());
    await run(page, 'countryside', async () => {
      type Page_<T> = { list: T[]; total: number };
      const products = await portal<Page_<{ name: string }>>(
        page,
        '/finance/portal/product/page.json?sourceValue=supermarket&countryside=true&sort=POPULAR&current=1&pageSize=6',
      );
      const news = await portal<Page_<{ title: string }>>(
        page,
        '/article/api/portal/page.json?channel=countryside-news&current=1&pageSize=6',
      );
      const policies = await portal<Page_<{ title: string }>>(
        page,
        '/article/api/portal/page.json?channel=countryside-policy&current=1&pageSize=6',
      );
      expect(products.total).toBeGreaterThan(0);
      expect(news.total).toBeGreaterThan(0);
      expect(policies.total).toBeGreaterThan(0);

      await page.goto('/countryside-develop');
      const productList = page.locator('section[aria-labelledby="phjr-rural-products"] .phjr-fp-row h3');
      await productList.first().waitFor();
      expect(await productList.allInnerTexts()).toEqual(products.list.map((p) => p.name));
      const newsList = page.locator('section[aria-labelledby="phjr-rural-news"] .phjr-compact-list a');
      await newsList.first().waitFor();
      expect(await newsList.allInnerTexts()).toEqual(news.list.map((a) => a.title));
      const policyList = page.locator('section[aria-labelledby="phjr-rural-policies"] .phjr-compact-list a');
      expect(await policyList.allInnerTexts()).toEqual(policies.list.map((a) => a.title));
      // The overview counts the rural policies.
      expect(await page.locator('.phjr-rural-figure-value').nth(2).innerText()).toMatch(
        new RegExp(`^${policies.total}\\s*篇$`),
      );
      // The first product leads to its page; "more" to the full rural list.
      await productList.first().getByRole('link').click();
      await page.waitForURL('**/product/*');
      await page.goBack();
      await page.locator('section[aria-labelledby="phjr-rural-products"]').getByRole('link', { name: /更多/ }).click();
      await page.waitForURL('**/countryside-develop/product-list-countryside');
      await page.goBack();
      await productList.first().waitFor();
      await screenshot(page, 'issue13-13-countryside', { fullPage: true });
      await english(page);
      await page.getByRole('heading', { name: 'Finance for rural revitalisation' }).waitFor();
      await productList.first().waitFor();
      await screenshot(page, 'issue13-13-countryside-en', { fullPage: true });
    });
    await context.close();
  });
});
