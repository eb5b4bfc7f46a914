import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { withCheckChar } from '../../packages/contract/src/orgs/credit-code.ts';
import { newPage, screenshot, signInAs, stepsOf, useBrowser, DEMO_BANK } from '../fixtures.ts';

/**
 * Credit queries with consent end to end (issue 15, docs/credit.md), the bank and the enterprise each in a browser of
 * their own: the demo bank queries the demo enterprise for a purpose it holds no consent for (credit-line assessment:
 * the demo consents to the bank are for loan approval and post-loan management) and is refused; the enterprise
 * consents on its credit page; the bank queries again and reads the full record; the enterprise finds the query in
 * its log and revokes the consent with one click; the bank's next query is refused again.
 */

/** The demo enterprise account's company (seed/demo.ts). */
const ENTERPRISE = { creditCode: withCheckChar('91999906MA0000001'), name: '示范市绿源茶业有限公司' };
const PURPOSE = '授信评估';

const browser = useBrowser();
const run = stepsOf('credit');

/** antd puts a space between two Chinese characters of a button: 查询 reads "查 询". */
const exact = (text: string) => new RegExp(`^${[...text].join('\\s?')}$`);
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const openDropdown = (page: Page) =>
  page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden):not([class*="-leave"])');

const selectContent = (box: Locator) =>
  box.locator('xpath=ancestor::*[contains(concat(" ", @class, " "), " ant-select-content ")][1]');

/**
 * Closes an open select list by clicking a title (Escape would close the modal around it too): the open modal's own
 * title when there is one, since the page's title behind it is covered by the modal's mask and cannot take a click.
 */
async function closeLists(page: Page) {
  const modalTitle = page.locator('.ant-modal-title').filter({ visible: true }).last();
  const title =
    (await modalTitle.count()) > 0
      ? modalTitle
      : page.locator('.phjr-client-page-head h1').filter({ visible: true }).first();
  await title.click();
}

/**
 * Picks exactly `option` in a select (typing to filter when it is searchable), then waits until the select shows it
 * and its list is gone: a list still closing would catch the click meant for the next field. Retried while it opens.
 */
async function choose(page: Page, box: Locator, option: string) {
  for (let attempt = 1; ; attempt++) {
    await box.click();
    if ((await box.getAttribute('readonly')) === null) await box.fill(option);
    const wanted = openDropdown(page)
      .locator('.ant-select-item-option')
      .filter({ hasText: new RegExp(`^${escape(option)}$`) })
      .first();
    try {
      await wanted.click({ timeout: attempt < 3 ? 5_000 : 15_000 });
      await expect.poll(async () => (await selectContent(box).textContent()) ?? '', { timeout: 5_000 }).toBe(option);
      if ((await openDropdown(page).count()) > 0) await closeLists(page);
      await expect.poll(() => openDropdown(page).count(), { timeout: 5_000 }).toBe(0);
      return;
    } catch (e) {
      if (attempt >= 3) throw e;
      await closeLists(page);
    }
  }
}

async function toast(page: Page, text: string | RegExp) {
  await page.locator('.ant-message').getByText(text).first().waitFor();
}

/**
 * The bank's query on its credit page (the query tab): the enterprise found by a part of its name and picked from the
 * type-ahead (issue 30: no 18-character code to type), the purpose, then the answer.
 */
async function bankQueries(page: Page): Promise<'shown' | 'refused'> {
  await page.goto('/financialInstitution/toSYX');
  const subject = page.getByLabel('企业', { exact: true });
  await subject.fill('绿源茶业');
  await openDropdown(page).locator('.ant-select-item-option', { hasText: ENTERPRISE.creditCode }).first().click();
  await expect.poll(() => subject.inputValue()).toBe(ENTERPRISE.creditCode);
  await page.getByText(`已选择：${ENTERPRISE.name}（${ENTERPRISE.creditCode}）`).waitFor();
  await choose(page, page.getByLabel('查询用途'), PURPOSE);
  await page.getByRole('button', { name: '查询完整信息' }).click();
  const refused = page.getByText('该企业未授权本机构查询');
  const shown = page.getByText(`依据企业授权查询 · ${PURPOSE}`);
  await refused.or(shown).waitFor();
  return (await refused.isVisible()) ? 'refused' : 'shown';
}

describe('credit query with consent', () => {
  it('an institution is refused without consent, reads the record under consent, and is refused again once it is revoked', async () => {
    const bank = await newPage(browser());
    const ent = await newPage(browser());
    try {
      await run(bank.page, 'bank-refused', async () => {
        await signInAs(bank.page, 'bank');
        expect(await bankQueries(bank.page)).toBe('refused');
        // The refusal says what to do: the enterprise must consent.
        await bank.page.getByText(/请联系企业在其信用管理页授权/).waitFor();
        await screenshot(bank.page, 'credit-bank-refused');
      });

      await run(ent.page, 'enterprise-consents', async () => {
        const page = ent.page;
        await signInAs(page, 'enterprise', '/userClient/toSYX');
        await page.getByRole('button', { name: '新增授权' }).click();
        const dialog = page.getByRole('dialog', { name: '授权机构查询信用信息' });
        await choose(page, dialog.getByLabel('被授权机构'), DEMO_BANK);
        await choose(page, dialog.getByLabel('用途'), PURPOSE);
        // The expiry starts at the latest day allowed (one year); the picker holds a day.
        expect(await dialog.getByLabel('有效期至').inputValue()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        await dialog.getByRole('button', { name: '确认授权' }).click();
        await toast(page, `已授权${DEMO_BANK}`);
        const row = page
          .locator('tr.ant-table-row')
          .filter({ hasText: PURPOSE })
          .filter({ hasText: '生效中' })
          .filter({ hasText: '本人授权' });
        await row.first().waitFor();
        await screenshot(page, 'credit-enterprise-consents');
      });

      await run(bank.page, 'bank-shown', async () => {
        expect(await bankQueries(bank.page)).toBe('shown');
        // The full record: the enterprise's name and the particulars only a consented institution reads.
        const report = bank.page.locator('.phjr-credit-report');
        await report.getByRole('heading', { name: ENTERPRISE.name }).waitFor();
        await report.getByRole('heading', { name: '联系方式' }).waitFor();
        await report.getByRole('heading', { name: /^放款记录/ }).waitFor();
        await screenshot(bank.page, 'credit-bank-shown');
      });

      await run(ent.page, 'enterprise-reads-log-and-revokes', async () => {
        const page = ent.page;
        await page.getByRole('tab', { name: '被查询记录' }).click();
        const queries = page.locator('tr.ant-table-row').filter({ hasText: DEMO_BANK }).filter({ hasText: PURPOSE });
        // Newest first: the query shown under the consent, then the refused one before it.
        await expect.poll(async () => (await queries.nth(0).textContent()) ?? '').toContain('已展示');
        expect((await queries.nth(1).textContent()) ?? '').toContain('已拒绝');
        await screenshot(page, 'credit-enterprise-log');

        await page.getByRole('tab', { name: '我的授权' }).click();
        const live = page
          .locator('tr.ant-table-row')
          .filter({ hasText: PURPOSE })
          .filter({ hasText: '生效中' })
          .filter({ hasText: '本人授权' })
          .first();
        await live.getByRole('button', { name: '撤销授权' }).click();
        const confirm = page.getByRole('dialog').filter({ hasText: '撤销授权？' });
        await confirm.getByRole('button', { name: exact('撤销授权') }).click();
        await toast(page, `已撤销对${DEMO_BANK}的授权`);
        await expect
          .poll(() =>
            page.locator('tr.ant-table-row').filter({ hasText: PURPOSE }).filter({ hasText: '生效中' }).count(),
          )
          .toBe(0);
      });

      await run(bank.page, 'bank-refused-again', async () => {
        expect(await bankQueries(bank.page)).toBe('refused');
        // Its own log shows the three queries' outcomes, newest first.
        await bank.page.getByRole('tab', { name: '本机构查询记录' }).click();
        const rows = bank.page
          .locator('tr.ant-table-row')
          .filter({ hasText: ENTERPRISE.name })
          .filter({ hasText: PURPOSE });
        await expect.poll(async () => (await rows.nth(0).textContent()) ?? '').toContain('已拒绝');
        expect((await rows.nth(1).textContent()) ?? '').toContain('已展示');
      });
    } finally {
      await bank.context.close();
      await ent.context.close();
    }
  });
});
