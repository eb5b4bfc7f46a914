import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, newPage, screenshot, signInAs, useBrowser } from '../fixtures.ts';

const browser = useBrowser();

/**
 * The person signs in on the personal SSO page's password tab. Exact labels: the page also has an SMS tab, and
 * a tab panel named "密码登录" would match a loose "密码".
 */
async function signInPerson(page: Page) {
  await page.goto('/userClient/home');
  await page.waitForURL('**/sso/login**');
  await page.getByLabel('账号', { exact: true }).fill('person');
  await page.getByLabel('密码', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: /^登\s*录$/ }).click();
  await page.waitForURL('**/userClient/home', { timeout: 30_000 });
}

async function run(name: string, fn: (page: Page) => Promise<void>) {
  const { context, page } = await newPage(browser());
  try {
    await fn(page);
  } catch (e) {
    console.error(`${name} failed at ${page.url()}:`, e);
    await screenshot(page, `platform-failed-${name}`, { failed: true });
    throw e;
  } finally {
    await Promise.race([context.close(), new Promise((r) => setTimeout(r, 10_000))]);
  }
}

describe('platform: settings, holidays, messages, audit', () => {
  it('the operator changes a setting and adds a holiday', () =>
    run('settings', async (page) => {
      await signInAs(page, 'operator', '/operateClient/platform/configure');
      const accept = page.getByLabel('受理时限（工作日）');
      await expect(accept.inputValue()).resolves.toBe('3');
      await accept.fill('4');
      await screenshot(page, 'platform-settings');
      await page.getByRole('button', { name: '保存设置' }).click();
      await page.getByText('设置已保存').waitFor();
      await page.reload();
      await expect(page.getByLabel('受理时限（工作日）').inputValue()).resolves.toBe('4');

      // A bad allowlist entry is refused in the form, before it reaches the server.
      await page.getByRole('button', { name: '添加地址' }).click();
      await page.getByLabel('回调地址 1').fill('https://user:pw@partner.example.org/');
      await page.getByText('地址中不能包含账号或密码').waitFor();
      await page.getByRole('button', { name: '删除' }).first().click();

      await page.getByRole('tab', { name: '节假日日历' }).click();
      await page.getByText('元旦调休上班').waitFor();
      await page.getByRole('button', { name: '添加日期' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('日期').fill('2026-12-31');
      await dialog.getByLabel('日期').press('Enter');
      await dialog.getByLabel('名称').fill('平台测试假日');
      await screenshot(page, 'platform-holiday-add');
      await dialog.getByRole('button', { name: /确\s*定|OK/ }).click();
      await page.getByText('平台测试假日').waitFor();
      await page.getByRole('cell', { name: '2026-12-31' }).waitFor();
      await expect.poll(() => page.locator('.ant-modal-wrap:visible').count()).toBe(0);
      await screenshot(page, 'platform-holidays');
    }));

  it('a demo user sees the bell count, reads a message and the count drops', () =>
    run('bell', async (page) => {
      await signInPerson(page);
      const bell = page.getByTestId('message-bell');
      // The demo person has the platform's welcome messages and their demands' latest news unread.
      const unreadNow = async () =>
        Number((await bell.getAttribute('aria-label'))?.match(/^消息，(\d+) 条未读$/)?.[1] ?? 0);
      await expect.poll(unreadNow, { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
      const unread = await unreadNow();
      await bell.click();
      const drawer = page.locator('.ant-drawer').filter({ hasText: '站内消息' });
      await drawer.getByText('需求已受理').waitFor();
      await screenshot(page, 'platform-bell-drawer');
      await drawer.getByTestId('message-read').first().click();
      await expect.poll(() => bell.getAttribute('aria-label'), { timeout: 15_000 }).toBe(`消息，${unread - 1} 条未读`);
      await screenshot(page, 'platform-bell-read');
    }));

  it('the operator finds the login in the audit log', () =>
    run('audit', async (page) => {
      await signInAs(page, 'operator', '/operateClient/platform/audit');
      await page.getByLabel('账号').fill('person');
      await page.getByRole('button', { name: /查\s*询/ }).click();
      const row = page
        .locator('.ant-table-row')
        .filter({ hasText: '李明（person）' })
        .filter({ hasText: '登录' })
        .first();
      await row.waitFor();
      await screenshot(page, 'platform-audit');
      await row.getByRole('button', { name: '详情' }).click();
      const drawer = page.locator('.ant-drawer').filter({ hasText: '操作详情' });
      await drawer.getByText('李明（person）').waitFor();
      await screenshot(page, 'platform-audit-detail');
      await drawer.getByRole('button', { name: /Close|关闭/ }).click();
      await expect.poll(() => page.locator('.ant-drawer-open').count()).toBe(0);

      // The settings change of the first test is there too, with its label.
      await page.getByLabel('账号').fill('operator');
      await page.getByRole('button', { name: /查\s*询/ }).click();
      await page.locator('.ant-table-row').filter({ hasText: '修改系统配置' }).first().waitFor();
    }));
});
