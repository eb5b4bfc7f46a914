import type { BrowserContext, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { encodePng } from '../../apps/server/src/seed/demo-images.ts';
import { choose, newPage, screenshot, signInAs, useBrowser, stepsOf } from '../fixtures.ts';

/**
 * Issue 13 point 2: a bank ties its product to an industrial chain and gives it a logo; once listed, the supermarket's
 * chain filter (the city's and a district's) finds it, in the address, with its logo.
 */

const browser = useBrowser();

const stamp = Date.now().toString().slice(-6);
const NAME = `茶链贷${stamp}`;
const CHAIN = '茶叶产业链';
const CITY = '999901';
const LOGO = encodePng(64, 64, (x, y) => ((x - 32) ** 2 + (y - 32) ** 2 < 24 ** 2 ? [20, 140, 90] : [240, 248, 244]));

/** antd writes a space between the two characters of a two-character Chinese button. */
const button = (scope: Page | Locator, text: string) =>
  scope.getByRole('button', { name: new RegExp(`^${[...text].join('\\s?')}$`) });

const step = stepsOf('product-chains');

const rowOf = (page: Page) => page.locator('tr', { hasText: NAME });
const ownLogos = (page: Page) => page.locator('img[src^="/zscms/files/view.json?id="]');

describe('products and chains', () => {
  it('a bank ties a product to a chain with a logo; the supermarket’s chain filter finds it', async () => {
    const contexts: BrowserContext[] = [];
    const open = async () => {
      const p = await newPage(browser());
      contexts.push(p.context);
      // A refused call is named in the output when a step fails.
      p.page.on('response', async (r) => {
        if (!/\.json(\?|$)/.test(r.url())) return;
        const body = await r.json().catch(() => null);
        if (r.status() >= 400 || body?.success === false)
          console.error('refused:', r.status(), r.url(), JSON.stringify(body).slice(0, 300));
      });
      return p.page;
    };
    try {
      const bank = await open();
      const operator = await open();
      const visitor = await open();

      await step(bank, 'create', async () => {
        await signInAs(bank, 'bank', '/financialInstitution/product');
        await bank.getByRole('button', { name: '新建产品' }).click();
        const drawer = bank.getByRole('dialog', { name: '新建产品' });
        await drawer.getByLabel('产品名称').fill(NAME);
        const [chooser] = await Promise.all([
          bank.waitForEvent('filechooser'),
          drawer.getByRole('button', { name: /产品图标/ }).click(),
        ]);
        await chooser.setFiles({ name: 'logo.png', mimeType: 'image/png', buffer: LOGO });
        await drawer.getByRole('img', { name: '产品图标' }).waitFor();
        await choose(bank, drawer.getByLabel('贷款类型'), '信用贷款');
        await drawer.getByRole('checkbox', { name: '信用', exact: true }).check();
        await drawer.getByLabel('额度下限').fill('5');
        await drawer.getByLabel('额度上限').fill('80');
        await drawer.getByLabel('期限下限').fill('6');
        await drawer.getByLabel('期限上限').fill('24');
        await drawer.getByLabel('利率下限').fill('3.6');
        await drawer.getByLabel('利率上限').fill('5.2');
        await drawer.getByRole('checkbox', { name: '农户', exact: true }).check();
        await choose(bank, drawer.getByLabel('服务地区'), '城关区');
        await choose(bank, drawer.getByLabel('所属产业链'), CHAIN);
        // A multiple select stays open after a choice, over the fields below it: a click on the drawer's title closes
        // it (Escape would close the drawer), and the next field is used only once the list is gone.
        await drawer.locator('.ant-drawer-title').click();
        await expect.poll(() => bank.locator('.ant-select-dropdown:visible').count()).toBe(0);
        await drawer.getByLabel('产品特色').fill('茶园经营权可作增信\n按采茶季还款');
        await drawer.getByLabel('申请条件').fill('茶叶产业链上的种植户或加工企业');
        await drawer.getByLabel('所需材料').fill('身份证\n茶园承包合同');
        await drawer.getByLabel('联系人').fill('茶经理');
        await drawer.getByLabel('联系电话').fill('0570-8123456');
        await screenshot(bank, 'product-chains-form');
        await drawer.getByRole('button', { name: '保存并提交审核' }).click();
        try {
          await bank.getByText('已保存并提交平台审核').waitFor();
        } catch (e) {
          console.error('form errors:', await drawer.locator('.ant-form-item-explain-error').allTextContents());
          throw e;
        }
        await rowOf(bank).getByText('待审核').waitFor();
      });

      await step(operator, 'approve', async () => {
        await signInAs(operator, 'operator', '/operateClient/product');
        await operator.getByRole('tab', { name: /待审核/ }).waitFor();
        const filter = operator.getByRole('tabpanel').first();
        await filter.getByLabel('产品名称').fill(NAME);
        await filter.getByRole('button', { name: /查\s*询/ }).click();
        await button(rowOf(operator), '审核通过').click();
        await operator.locator('.ant-popover').getByRole('button', { name: '审核通过' }).click();
        await operator.getByText('审核通过，产品已上架').waitFor();
      });

      await step(visitor, 'filter', async () => {
        // The whole city: choosing the chain puts it in the address, and the list is the chain's products.
        await visitor.goto('/supermarket');
        await choose(visitor, visitor.getByRole('combobox', { name: '产业链' }), CHAIN);
        await visitor.waitForURL(/industrialChainIds=\d+/);
        const chainId = new URL(visitor.url()).searchParams.get('industrialChainIds');
        const api = await (
          await visitor.request.get(
            `/finance/portal/product/page.json?sourceValue=supermarket&industrialChainIds=${chainId}`,
          )
        ).json();
        expect(api.data.total).toBeGreaterThan(0);
        await visitor.getByText(`共 ${api.data.total} 款产品`).waitFor();
        await screenshot(visitor, 'product-chains-supermarket');
        // With the keyword, the new product's card, with its own logo.
        await visitor.getByLabel('搜索产品').fill(NAME);
        await visitor.getByLabel('搜索产品').press('Enter');
        await visitor.getByRole('link', { name: NAME, exact: true }).waitFor();
        expect(new URL(visitor.url()).searchParams.get('industrialChainIds')).toBe(chainId);
        await ownLogos(visitor).first().waitFor();
        // Another chain only: it is gone.
        await visitor.goto(`/supermarket?keyword=${encodeURIComponent(NAME)}&industrialChainIds=999999`);
        await visitor.getByText('没有找到符合条件的产品').waitFor();
        // Back and forward restore the filter.
        await visitor.goBack();
        await visitor.getByRole('link', { name: NAME, exact: true }).waitFor();

        // The district's supermarket has the same filter.
        await visitor.goto(`/supermarket?city=${CITY}`);
        await visitor.getByText('您正在浏览城关区站').waitFor();
        await choose(visitor, visitor.getByRole('combobox', { name: '产业链' }), CHAIN);
        await visitor.waitForURL(new RegExp(`industrialChainIds=${chainId}`));
        expect(new URL(visitor.url()).searchParams.get('city')).toBe(CITY);
        await visitor.getByLabel('搜索产品').fill(NAME);
        await visitor.getByLabel('搜索产品').press('Enter');
        await visitor.getByRole('link', { name: NAME, exact: true }).waitFor();
        await screenshot(visitor, 'product-chains-district');
      });

      await step(bank, 'delist', async () => {
        // Off the shelf again, so other specs see the demo catalogue alone.
        await bank.goto('/financialInstitution/product');
        await button(rowOf(bank), '下架').click();
        await bank
          .locator('.ant-popover')
          .getByRole('button', { name: /^下\s?架$/ })
          .click();
        await rowOf(bank).getByText('已下架').waitFor();
      });
    } finally {
      await Promise.all(contexts.map((c) => Promise.race([c.close(), new Promise((r) => setTimeout(r, 10_000))])));
    }
  });
});
