import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type Database } from '../../apps/server/src/db/client.ts';
import {
  beijingDay,
  choose,
  e2eDatabaseUrl,
  newEnterprise,
  newPage,
  pickDay,
  openDropdown,
  screenshot,
  selectContent,
  signIn,
  stepsOf,
  useBrowser,
  DEMO_BANK,
  apiAs,
} from '../fixtures.ts';

/**
 * The jobs of a person on a phone (issue 32): elder mode switched on from the portal's first screen and kept across
 * pages and a reload; and an enterprise, on a 375 × 812 touch screen, signing in, posting a demand from a product,
 * following it in its client, and applying to the financial shelter, start to finish, its buttons and links tapped.
 * The enterprise is made for the run in the e2e server's database (newEnterprise, in 青石县), so no demo account's
 * cases change.
 */
const PHONE = { width: 375, height: 812 };
const DISTRICT = '999906';

const browser = useBrowser();
const run = stepsOf('phone-jobs');
let database: Database;
beforeAll(() => {
  database = connect(e2eDatabaseUrl(), 2);
});
afterAll(async () => {
  await database?.close();
});

const fontSize = (target: Locator) => target.evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
const label = (form: Locator, text: string) => form.getByLabel(new RegExp(`^(\\*\\s*)?${text}$`));
const shown = async (select: Locator) => Boolean(((await selectContent(select).textContent()) ?? '').trim());

/** A listed loan of the demo bank serving the district, through the public call the supermarket makes. */
async function demoBankLoan(page: Page): Promise<{ id: number; name: string }> {
  const banks = await apiAs<{ id: number; name: string }[]>(page, '/finance/portal/product/banks.json');
  const bank = banks.find((b) => b.name === DEMO_BANK)!;
  const products = await apiAs<{ list: { id: number; name: string; kind: string }[] }>(
    page,
    `/finance/portal/product/page.json?bankId=${bank.id}&regionCode=${DISTRICT}&amount=50&term=12&pageSize=50`,
  );
  const loan = products.list.find((p) => p.kind === 'LOAN');
  expect(loan, 'a loan of the demo bank in 青石县').toBeTruthy();
  return loan!;
}

describe('a phone, as the people the platform is for (issue 32)', () => {
  it('elder mode: switched on from the first screen, it makes the text larger on every page and outlives a reload', async () => {
    const { context, page } = await newPage(browser(), PHONE);
    try {
      await page.goto('/home');
      const elder = page.getByRole('button', { name: '长辈模式' });
      await expect.poll(() => elder.getAttribute('aria-pressed')).toBe('false');
      const news = page.locator('.phjr-compact-list a').first();
      expect(await fontSize(news)).toBeLessThan(18);
      await elder.tap();
      await expect.poll(() => elder.getAttribute('aria-pressed')).toBe('true');
      expect(await fontSize(news)).toBeGreaterThanOrEqual(18);
      expect(await fontSize(page.locator('body'))).toBeGreaterThanOrEqual(18);

      // Another page, reached by a tap on the menu: its text and antd's controls are large too.
      await page.getByRole('link', { name: '金融超市' }).first().tap();
      await page.waitForURL('**/supermarket');
      const title = page.locator('.phjr-pcard-title a').first();
      await title.waitFor();
      expect(await fontSize(title)).toBeGreaterThanOrEqual(20);
      const search = page.locator('.ant-select').first();
      expect((await search.boundingBox())!.height).toBeGreaterThanOrEqual(40);
      await screenshot(page, 'phone-elder-supermarket');

      await page.reload();
      await title.waitFor();
      await expect.poll(() => page.getByRole('button', { name: '长辈模式' }).getAttribute('aria-pressed')).toBe('true');
      expect(await fontSize(title)).toBeGreaterThanOrEqual(20);

      // And off again: back to the standard sizes, remembered as well.
      await page.getByRole('button', { name: '长辈模式' }).tap();
      await expect.poll(() => fontSize(title)).toBeLessThan(20);
      await page.reload();
      await title.waitFor();
      expect(await fontSize(title)).toBeLessThan(20);
    } finally {
      await context.close();
    }
  });

  it('an enterprise on a touch phone posts a demand from a product, follows it, and applies to the shelter', async () => {
    const { phone } = await newEnterprise(database, { district: DISTRICT, name: '掌上测试农业有限公司' });
    const { context, page } = await newPage(browser(), PHONE);
    try {
      let code = '';
      await run(page, 'sign-in', async () => {
        await signIn(page, { username: phone, institutional: false, home: '/userClient/home' });
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(PHONE.width);
      });

      await run(page, 'demand-from-product', async () => {
        const loan = await demoBankLoan(page);
        await page.goto(`/product/${loan.id}`);
        await page.getByRole('heading', { name: loan.name }).waitFor();
        await page.getByRole('link', { name: '立即申请' }).first().tap();
        await page.waitForURL(
          (u) => u.pathname === '/financing' && u.searchParams.get('productId') === String(loan.id),
        );
        const form = page.locator('form#demand');
        await page.getByRole('region', { name: '申请的产品' }).getByText(loan.name).waitFor();
        await label(form, '融资金额').fill('50');
        await label(form, '融资期限').fill('12');
        await label(form, '资金用途').fill('购置茶叶烘干设备，扩大初制加工能力');
        // The product sets the guarantee method and the profile the district, where they have one.
        const method = label(form, '担保方式');
        if (!(await shown(method))) {
          await method.tap();
          await openDropdown(page).locator('.ant-select-item-option').first().tap();
          await expect.poll(() => shown(method)).toBe(true);
        }
        if (!(await shown(label(form, '所在区县')))) await choose(page, label(form, '所在区县'), '青石县');
        await choose(page, label(form, '所属行业'), '农业种植');
        await label(form, '联系人').fill('赵掌上');
        await label(form, '联系电话').fill('13800000009');
        await form.getByRole('checkbox', { name: /授权/ }).tap();
        await screenshot(page, 'phone-demand-form', { fullPage: true });
        await form.getByRole('button', { name: '提交需求' }).tap();
        const done = page.getByText(/需求编号 [A-Z0-9]+/);
        await done.waitFor();
        code = /需求编号 ([A-Z0-9]+)/.exec((await done.textContent()) ?? '')![1]!;
      });

      await run(page, 'follows-demand', async () => {
        await page.goto('/userClient/home');
        // The side menu is a drawer on a phone: open it, then the demands group, then the list.
        await page.getByRole('button', { name: '展开菜单' }).tap();
        await page.getByRole('menuitem', { name: '需求管理' }).tap();
        await page.getByRole('menuitem', { name: '定向需求' }).tap();
        await page.waitForURL('**/userClient/demand/orientation**');
        const row = page.locator('tr.ant-table-row').filter({ hasText: code });
        await row.getByText('待受理').waitFor();
        await row.getByRole('button', { name: `查看需求 ${code}` }).tap();
        const drawer = page.getByRole('dialog', { name: `需求详情 ${code}` });
        await drawer.getByRole('region', { name: '办理记录' }).getByText('发布需求', { exact: true }).waitFor();
        expect((await drawer.boundingBox())!.width).toBeLessThanOrEqual(PHONE.width);
        await screenshot(page, 'phone-demand-detail');
        await drawer.getByRole('button', { name: '关闭' }).first().tap();
        await drawer.waitFor({ state: 'hidden' });
      });

      await run(page, 'applies-to-shelter', async () => {
        await page.goto('/userClient/shelter');
        await page.getByRole('button', { name: '申请入舱' }).tap();
        const form = page.locator('form#shelter-apply');
        await form.waitFor();
        await choose(page, form.getByLabel('所属行业'), '农业种植');
        await pickDay(form.getByLabel('困难开始日期'), beijingDay(-45));
        await form.getByLabel('预计恢复时间').fill('2027-09');
        await form.getByLabel('困难原因').fill('冬季冻害导致茶园减产，收购款回笼推迟，短期周转困难。');
        await form.getByRole('button', { name: '添加一笔贷款' }).tap();
        await choose(page, form.getByLabel('平台银行 1'), DEMO_BANK);
        await form.getByLabel('贷款余额 1').fill('80');
        await pickDay(form.getByLabel('到期日 1'), beijingDay(60));
        await form.getByRole('checkbox', { name: '展期' }).tap();
        await form.getByLabel('联系人').fill('赵掌上');
        await form.getByLabel('联系电话').fill(phone);
        await screenshot(page, 'phone-shelter-form', { fullPage: true });
        await form.getByRole('button', { name: '提交申请' }).tap();
        const done = page.getByText(/申请编号 FC\d+/);
        await done.waitFor();
        const caseCode = /FC\d+/.exec((await done.textContent()) ?? '')![0];
        await page.getByRole('button', { name: '查看申请' }).tap();
        const drawer = page.getByRole('dialog', { name: `方舱申请 ${caseCode}` });
        await drawer.getByText('已申请').first().waitFor();
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(PHONE.width);
      });
    } finally {
      await context.close();
    }
  });
});
