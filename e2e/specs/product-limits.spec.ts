import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newPage, screenshot, signInAs, useBrowser, apiAs, DEMO_BANK } from '../fixtures.ts';

/**
 * Issue 13, point 1, the main path in a browser: the demand form refuses an amount and a term outside the product's
 * ranges before anything is sent; within them the demand is posted; the bank's grant dialog warns when the amount
 * granted is outside the product's range, asks for an explicit confirmation, and the confirmation is on the timeline.
 */

/** The demo enterprise's district (青石县): the form preselects it; the product must serve it. */
const ENTERPRISE_DISTRICT = '999906';
const stamp = Date.now().toString().slice(-6);

const browser = useBrowser();

interface Loan {
  id: number;
  name: string;
  kind: string;
  amountMin: number;
  amountMax: number;
  termMin: number;
  termMax: number;
  rateMin: number;
  rateMax: number;
}

/** antd puts a space between two Chinese characters of a button: 受理 reads "受 理". */
const exact = (text: string) => new RegExp(`^${[...text].join('\\s?')}$`);
/** A form control by its label exactly (the required mark may precede it). */
const label = (form: Locator, text: string) => form.getByLabel(new RegExp(`^(\\*\\s*)?${text}$`));
const openDropdown = (page: Page) =>
  page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden):not([class*="-leave"])');

/** A listed loan of the demo bank serving the enterprise's district that the enterprise has no open demand for. */
async function loanToApplyFor(page: Page): Promise<Loan> {
  const banks = await apiAs<{ id: number; name: string }[]>(page, '/finance/portal/product/banks.json');
  const bank = banks.find((b) => b.name === DEMO_BANK)!;
  const products = await apiAs<{ list: Loan[] }>(
    page,
    `/finance/portal/product/page.json?bankId=${bank.id}&regionCode=${ENTERPRISE_DISTRICT}&pageSize=50`,
  );
  const mine = await apiAs<{ list: { productId: number | null; status: string }[] }>(
    page,
    '/finance/demand/my/page.json?type=ORIENTATION&pageSize=100',
  );
  const open = new Set(
    mine.list.filter((d) => !['GRANTED', 'REJECTED', 'WITHDRAWN'].includes(d.status)).map((d) => d.productId),
  );
  // Latest first: the other demand spec takes the first loans of the list.
  const loan = products.list
    .reverse()
    .find((p) => p.kind === 'LOAN' && !open.has(p.id) && p.amountMax < 100_000 && p.termMax < 360);
  expect(loan, 'a loan of the demo bank the enterprise has not applied for').toBeTruthy();
  return loan!;
}

describe('product limits', () => {
  it('the form refuses an amount and a term outside the product before sending; the grant outside asks for a confirmation that the history keeps', async () => {
    const ent = await newPage(browser());
    const bank = await newPage(browser());
    try {
      // ---- the applicant
      const page = ent.page;
      await signInAs(page, 'enterprise');
      const loan = await loanToApplyFor(page);
      const posts: string[] = [];
      page.on('request', (r) => {
        if (r.method() === 'POST' && r.url().includes('/finance/demand/create.json')) posts.push(r.url());
      });
      await page.goto(`/financing?productId=${loan.id}`);
      await page.getByRole('region', { name: '申请的产品' }).getByText(loan.name).waitFor();
      const form = page.locator('form#demand');
      // The case: more money over more months than the product lends.
      await label(form, '融资金额').fill(String(loan.amountMax + 1));
      await label(form, '融资期限').fill(String(loan.termMax + 1));
      await form.getByRole('button', { name: '提交需求' }).click();
      const amountError = form.getByText(/^申请金额须在该产品额度 .+–.+ 万元之内$/);
      await amountError.waitFor();
      await form.getByText(`申请期限须在该产品期限 ${loan.termMin}–${loan.termMax} 个月之内`).waitFor();
      // The fields and their errors in the middle of the screen (below the fixed header), for the screenshot.
      await label(form, '融资金额').evaluate((el) => el.scrollIntoView({ block: 'center' }));
      await screenshot(page, 'product-limits-form-refused');
      expect(posts, 'nothing was sent').toEqual([]);

      // Within the ranges (exactly the maximum), the demand is posted.
      await label(form, '融资金额').fill(String(loan.amountMax));
      await label(form, '融资期限').fill(String(loan.termMax));
      await amountError.waitFor({ state: 'hidden' });
      await label(form, '资金用途').fill(`扩大经营，采购原料${stamp}`);
      const method = label(form, '担保方式');
      if (
        !(
          (await method
            .locator('xpath=ancestor::*[contains(@class, "ant-select-content")][1]')
            .getAttribute('class')) ?? ''
        ).includes('has-value')
      ) {
        await method.click();
        await openDropdown(page).locator('.ant-select-item-option').first().click();
      }
      const industry = label(form, '所属行业');
      await industry.click();
      await industry.fill('农业种植');
      await openDropdown(page).locator('.ant-select-item-option', { hasText: '农业种植' }).first().click();
      const contact = label(form, '联系人');
      if (!(await contact.inputValue())) await contact.fill('林绿源');
      await label(form, '联系电话').fill('13800000008');
      await form.getByRole('checkbox', { name: /授权/ }).check();
      await form.getByRole('button', { name: '提交需求' }).click();
      const done = page.getByText(/需求编号 [A-Z0-9]+/);
      await done.waitFor();
      const code = /需求编号 ([A-Z0-9]+)/.exec((await done.textContent()) ?? '')![1]!;
      expect(posts).toHaveLength(1);

      // ---- the bank accepts, then grants more than the product lends
      const b = bank.page;
      await signInAs(b, 'bank', `/financialInstitution/demand/orientation?keyword=${code}`);
      let row = b.locator('tr.ant-table-row').filter({ hasText: code });
      await row.getByRole('button', { name: exact('受理') }).click();
      let dialog = b.getByRole('dialog', { name: '受理需求' });
      await dialog.getByRole('button', { name: exact('确认受理') }).click();
      await dialog.waitFor({ state: 'hidden' });
      row = b.locator('tr.ant-table-row').filter({ hasText: code });
      await row.getByText('已受理').waitFor();
      await row.getByRole('button', { name: exact('放款登记') }).click();
      dialog = b.getByRole('dialog', { name: '放款登记' });
      await dialog.waitFor();
      await label(dialog, '放款金额').fill(String(loan.amountMax + 1));
      await label(dialog, '年利率').fill(String(loan.rateMin));
      const warning = dialog.getByRole('group', { name: '放款条件超出产品范围' });
      await warning.getByText(/^放款金额 .+ 万元，产品额度 .+ 万元$/).waitFor();
      // Without the confirmation nothing is sent.
      await dialog.getByRole('button', { name: exact('确认放款') }).click();
      await dialog.getByText('请确认超出产品范围放款').waitFor();
      await screenshot(b, 'product-limits-grant-warning');
      await warning.getByRole('checkbox').check();
      await dialog.getByRole('button', { name: exact('确认放款') }).click();
      await b.locator('.ant-message').getByText(`需求 ${code} 已登记放款`).waitFor();
      row = b.locator('tr.ant-table-row').filter({ hasText: code });
      await row.getByText('已放款').waitFor();

      // The confirmation is on the demand's timeline.
      await row.getByRole('button', { name: `查看需求 ${code}` }).click();
      const timeline = b.getByRole('dialog', { name: `需求详情 ${code}` }).getByRole('region', { name: '办理记录' });
      await timeline.getByText(/银行已确认超出产品范围放款：金额.+超出产品范围/).waitFor();
      await screenshot(b, 'product-limits-timeline');
    } finally {
      await ent.context.close();
      await bank.context.close();
    }
  });
});
