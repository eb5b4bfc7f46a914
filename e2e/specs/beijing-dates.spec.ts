import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, newPage, screenshot, signInAs, useBrowser, DEMO_BANK } from '../fixtures.ts';

/**
 * Issue 13, point 3: every business date is a Beijing (Asia/Shanghai) day, whatever the browser's zone. The bank's
 * browser runs in UTC at an hour (16:00-24:00 UTC) when Beijing is already on the next day: the demand posted
 * "today" in Beijing must show that day in its drawer (its number carries it), and the grant date picker must
 * offer, default to and call "today" (今天) that Beijing day, which the server accepts. Before, the picker's 今天 and
 * its marked day were the browser's yesterday, refused as "放款日期不能早于需求提交日期".
 *
 * The server runs on the real clock, so the browser's clock is set to an instant of the SAME Beijing day as the
 * server's (the demand's posting day D), one whose UTC date is still D-1: the real now when it is between 00:00 and
 * 08:00 in Beijing, else 07:00 Beijing time of D (23:00 UTC the day before), a few hours behind the server at most.
 */

/** The demo enterprise's district (青石县), which the demo bank serves. */
const ENTERPRISE_DISTRICT = '999906';
const HOUR = 3_600_000;

const browser = useBrowser();

/** antd puts a space between two Chinese characters of a button: 受理 reads "受 理". */
const exact = (text: string) => new RegExp(`^${[...text].join('\\s?')}$`);
/** A form control by its label exactly (the required mark may precede it). */
const label = (form: Locator, text: string) => form.getByLabel(new RegExp(`^(\\*\\s*)?${text}$`));

/** A call as the signed-in user of the page, from the page itself (its origin, its client token). */
async function call<T>(page: Page, method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const answer = await page.evaluate(
    async ({ method, path, body }) => {
      const res = await fetch(path, {
        method,
        headers: {
          satoken: localStorage.getItem('satokenClient') ?? '',
          ...(body ? { 'Content-Type': 'application/json' } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
      });
      return (await res.json()) as { success: boolean; data: unknown; errorMessage?: string };
    },
    { method, path, body },
  );
  expect(answer.success, `${path}: ${answer.errorMessage}`).toBe(true);
  return answer.data as T;
}

/** The enterprise posts a demand addressed to the demo bank (today, in Beijing, on the server's clock): its code. */
async function postDemand(): Promise<string> {
  const { context, page } = await newPage(browser());
  try {
    await signInAs(page, 'enterprise');
    const banks = await call<{ id: number; name: string }[]>(page, 'GET', '/finance/portal/product/banks.json');
    const bank = banks.find((b) => b.name === DEMO_BANK);
    expect(bank, 'the demo bank').toBeTruthy();
    const created = await call<{ code: string }>(page, 'POST', '/finance/demand/create.json', {
      type: 'ORIENTATION',
      targetOrgId: bank!.id,
      amount: 20,
      term: 12,
      purpose: `采购茶园有机肥，北京时间校验${Date.now().toString().slice(-6)}`,
      guaranteeMethod: 'CREDIT',
      regionCode: ENTERPRISE_DISTRICT,
      industry: 'AGRICULTURE',
      contactName: '林绿源',
      contactPhone: '13800000008',
      creditConsent: true,
    });
    return created.code;
  } finally {
    await context.close();
  }
}

/** YYYY-MM-DD of a demand code `XQ20261124000123`. */
const dayOfCode = (code: string) => code.replace(/^XQ(\d{4})(\d{2})(\d{2})\d+$/, '$1-$2-$3');
const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 24 * HOUR).toISOString().slice(0, 10);

describe('business dates in Beijing time with the browser in UTC', () => {
  it('shows the posting day of the demand number and grants on Beijing today, which the server accepts', async () => {
    const code = await postDemand();
    const day = dayOfCode(code);
    expect(day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const beijingMidnight = Date.parse(`${day}T00:00:00+08:00`);
    const browserNow = Math.min(Date.now(), beijingMidnight + 7 * HOUR);
    // The scenario of the issue: the browser's own calendar is still on the day before.
    expect(new Date(browserNow).toISOString().slice(0, 10)).not.toBe(day);

    const context = await browser().newContext({
      viewport: { width: 1440, height: 900 },
      locale: 'zh-CN',
      timezoneId: 'UTC',
      baseURL: baseUrl(),
      reducedMotion: 'reduce',
    });
    context.setDefaultTimeout(20_000);
    await context.clock.install({ time: browserNow });
    const page = await context.newPage();
    try {
      expect(
        await page.evaluate(() => [Intl.DateTimeFormat().resolvedOptions().timeZone, new Date().getDate()]),
      ).toEqual(['UTC', new Date(browserNow).getUTCDate()]);
      await signInAs(page, 'bank', `/financialInstitution/demand/orientation?keyword=${code}`);
      const row = page.locator('tr.ant-table-row').filter({ hasText: code });
      await row.waitFor();
      await expect
        .poll(() => row.locator('small[title="发布时间"]').textContent())
        .toMatch(new RegExp(`^${day} \\d{2}:\\d{2}$`));

      // The drawer: posted on the day its number says.
      await row.getByRole('button', { name: `查看需求 ${code}` }).click();
      const drawer = page.getByRole('dialog', { name: `需求详情 ${code}` });
      await drawer.waitFor();
      const posted = drawer
        .locator('.ant-descriptions-item-label', { hasText: /^发布时间$/ })
        .locator('xpath=following-sibling::*[1]');
      await expect.poll(() => posted.textContent()).toMatch(new RegExp(`^${day} \\d{2}:\\d{2}$`));
      await posted.scrollIntoViewIfNeeded();
      await screenshot(page, 'beijing-dates-drawer-utc');
      await drawer.getByRole('button', { name: '关闭' }).first().click();
      await drawer.waitFor({ state: 'hidden' });

      // Accept, then grant.
      await row.getByRole('button', { name: exact('受理') }).click();
      const accept = page.getByRole('dialog', { name: '受理需求' });
      await accept.getByRole('button', { name: exact('确认受理') }).click();
      await accept.waitFor({ state: 'hidden' });
      await row.getByText('已受理').waitFor();

      await row.getByRole('button', { name: exact('放款登记') }).click();
      const grant = page.getByRole('dialog', { name: '放款登记' });
      await grant.waitFor();
      const dateInput = label(grant, '放款日期');
      expect(await dateInput.inputValue(), 'the default grant date').toBe(day);
      await label(grant, '年利率').fill('4.35');

      // The picker: Beijing's today is the marked day, the latest allowed one, and what 今天 picks.
      await dateInput.click();
      const popup = page.locator('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden)');
      await popup.waitFor();
      await expect
        .poll(() => popup.locator('td.ant-picker-cell-today').getAttribute('title'), { message: "the picker's today" })
        .toBe(day);
      expect(await popup.locator(`td[title="${day}"]`).getAttribute('class')).not.toContain('ant-picker-cell-disabled');
      const tomorrow = popup.locator(`td[title="${nextDay(day)}"]`);
      if (await tomorrow.count()) expect(await tomorrow.getAttribute('class')).toContain('ant-picker-cell-disabled');
      await screenshot(page, 'beijing-dates-grant-picker-utc');
      await popup.locator('.ant-picker-now-btn').click();
      await expect.poll(() => dateInput.inputValue(), { message: 'the day 今天 picks' }).toBe(day);

      await grant.getByRole('button', { name: exact('确认放款') }).click();
      await page.locator('.ant-message').getByText(`需求 ${code} 已登记放款`).first().waitFor();
      await row.getByText('已放款').waitFor();

      // What the server recorded: the Beijing day.
      const id = await call<{ list: { id: number; code: string }[] }>(
        page,
        'GET',
        `/finance/demand/bank/page.json?keyword=${code}`,
      ).then((p) => p.list.find((d) => d.code === code)!.id);
      const detail = await call<{ grantedAt: string | null }>(page, 'GET', `/finance/demand/detail.json?id=${id}`);
      expect(detail.grantedAt).toBe(day);
    } catch (e) {
      await screenshot(page, 'beijing-dates-failed', { failed: true });
      throw e;
    } finally {
      await context.close();
    }
  });
});
