import type { Locator, Page, Response } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newPage, screenshot, signInAs, useBrowser, stepsOf } from '../fixtures.ts';

const browser = useBrowser();

const stamp = Date.now().toString().slice(-6);
const TITLE = `城关区普惠金融进村入户活动${stamp}`;
const CITY = '999901';
/** A small real PNG (48×24, two colour bands): the server checks uploads by their bytes. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAADAAAAAYCAIAAAAzn+mLAAAAnklEQVR42u3OIRJBARRAURvQBEEQBEEQhB8EQRAEwdwRBEEQBEEQBEEQBEEQBEEQBEEQBEEQBEG5u7GG34Q3cxZwMjnMYwGLWMIyVrCKNUywjg1sYgvb2MEu9rCPAxziCMc4wSnOcI4LXOIK17jBLe5wjwc84gnPeMEr3vCOD3ziC9/4wUyEIhShCEUoQilD3yT7VyIUoQhFKEIRSukHvzci2+pvS3wAAAAASUVORK5CYII=',
  'base64',
);

const run = stepsOf('content');

/** Picks an option of a searchable select by typing its name, as a keyboard user does. */
async function choose(page: Page, box: Locator, option: string) {
  await box.fill(option);
  await page.locator('.ant-select-item-option-active', { hasText: option }).waitFor();
  await box.press('Enter');
  await page.locator('.ant-select-item-option-active', { hasText: option }).waitFor({ state: 'hidden' });
}

/** An article page shows the title, the uploaded picture and the table with the typed cells. */
async function expectArticle(page: Page) {
  await page.getByRole('heading', { name: TITLE }).waitFor();
  await page.locator('img[src^="/zscms/files/view.json?id="]').first().waitFor();
  await page.locator('table').getByText('走访农户').waitFor();
  await page.locator('table').getByText('1200户').waitFor();
}

/** The district's articles as the portal asks for them: the published articles of channel `city` in that district. */
const isDistrictList = (r: Response) =>
  r.url().includes('/article/api/portal/page.json') && r.url().includes('channel=city');

/** Opens a portal page and waits until it shows the article. */
async function shows(page: Page, url: string) {
  await page.goto(url);
  await page.getByText(TITLE).first().waitFor();
}

/** Opens a portal page: its list call answers without the article, and once it has rendered, the page does not show it. */
async function omits(page: Page, url: string) {
  const answer = page.waitForResponse(isDistrictList);
  await page.goto(url);
  expect(await (await answer).text()).not.toContain(TITLE);
  await page.waitForLoadState('networkidle');
  await expect(page.getByText(TITLE).count()).resolves.toBe(0);
}

describe('content: articles from the editor to the portal', () => {
  it('an operator writes a district article with an image and a table, previews and publishes it; offline removes it everywhere', async () => {
    const { context, page } = await newPage(browser());
    const visitor = await newPage(browser());
    try {
      let id = 0;
      await run(page, 'write', async () => {
        await signInAs(page, 'operator', '/operateClient/door/article');
        await page.getByRole('button', { name: '新建文章' }).click();
        const drawer = page.getByRole('dialog', { name: '新建文章' });
        const body = drawer.getByRole('textbox', { name: '正文' });
        await body.waitFor();

        // Validation speaks Chinese and stops an empty article before it reaches the server.
        await drawer.getByRole('button', { name: '保存草稿' }).click();
        await drawer.getByText('请输入标题').waitFor();
        await drawer.getByText('请输入正文').waitFor();

        await drawer.getByLabel('标题', { exact: true }).fill(TITLE);
        await choose(page, drawer.getByLabel('栏目', { exact: true }), '地方动态');
        await choose(page, drawer.getByLabel('所属地区', { exact: true }), '城关区');

        await body.click();
        await page.keyboard.type('城关区联合辖内银行开展普惠金融进村入户活动，现场受理融资需求。');
        await page.keyboard.press('Enter');
        const chooser = page.waitForEvent('filechooser');
        await drawer.getByRole('button', { name: '插入图片' }).click();
        await (await chooser).setFiles({ name: '活动现场.png', mimeType: 'image/png', buffer: PNG });
        await body.locator('img[src^="/zscms/files/view.json?id="]').waitFor();
        await drawer.getByRole('button', { name: '插入表格' }).click();
        await page.keyboard.type('走访农户');
        await page.keyboard.press('Tab');
        await page.keyboard.type('1200户');
        await expect(body.locator('table th').count()).resolves.toBe(3);
        await expect(body.locator('table tr').count()).resolves.toBe(3);
        await screenshot(page, 'content-editor');

        await drawer.getByRole('button', { name: '保存草稿' }).click();
        await page.locator('.ant-message').getByText('已保存').waitFor();

        // Preview saves, then opens the draft as readers will see it, in a new tab.
        const opened = context.waitForEvent('page');
        await drawer.getByRole('button', { name: /^预\s*览$/ }).click();
        const preview = await opened;
        await preview.waitForURL('**/news/newsPreview?id=*');
        id = Number(new URL(preview.url()).searchParams.get('id'));
        expect(id).toBeGreaterThan(0);
        await expectArticle(preview);
        await screenshot(preview, 'content-preview');
        await preview.close();

        await drawer.getByRole('button', { name: /^发\s*布$/ }).click();
        const publish = page.getByRole('dialog', { name: '发布文章' });
        await publish.getByText('立即发布').waitFor();
        await publish.getByRole('button', { name: /^发\s*布$/ }).click();
        await page.locator('.ant-message').getByText('已发布').waitFor();
        const row = page.locator('tr', { hasText: TITLE });
        await row.getByText('已发布').waitFor();
        await row.getByRole('cell', { name: '地方动态', exact: true }).waitFor();
        await row.getByRole('cell', { name: '城关区', exact: true }).waitFor();
        await screenshot(page, 'content-article-list');
      });

      const reader = visitor.page;
      await run(reader, 'read', async () => {
        await shows(reader, `/subsite/cityNews?city=${CITY}`);
        await reader.getByText(TITLE).first().click();
        await reader.waitForURL(`**/subsite/newsDetail?**`);
        await expectArticle(reader);
        await screenshot(reader, 'content-district-detail');
        await shows(reader, `/subsite/home?city=${CITY}`);
        await screenshot(reader, 'content-district-home');
        // Another district's site does not carry it.
        await omits(reader, '/subsite/cityNews?city=999902');
      });

      await run(page, 'offline', async () => {
        const row = page.locator('tr', { hasText: TITLE });
        await row.getByRole('button', { name: /^下\s*线$/ }).click();
        await page
          .locator('.ant-popconfirm')
          .getByRole('button', { name: /^确\s*定$/ })
          .click();
        await page.locator('.ant-message').getByText('已下线').waitFor();
        await row.getByText('已下线').waitFor();
      });

      await run(reader, 'gone', async () => {
        await omits(reader, `/subsite/cityNews?city=${CITY}`);
        await omits(reader, `/subsite/home?city=${CITY}`);
        await reader.goto(`/subsite/newsDetail?id=${id}&city=${CITY}`);
        await reader.getByText('文章不存在或已下线').first().waitFor();
        await expect(reader.getByRole('heading', { name: TITLE }).count()).resolves.toBe(0);
        await screenshot(reader, 'content-district-detail-offline');
      });
    } finally {
      await Promise.race([
        Promise.all([context.close(), visitor.context.close()]),
        new Promise((r) => setTimeout(r, 10_000)),
      ]);
    }
  });
});
