import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { withCheckChar } from '../../packages/contract/src/orgs/credit-code.ts';
import {
  captchaAnswer,
  e2eDatabase,
  newPage,
  screenshot,
  signInAs,
  signOut,
  stepsOf,
  useBrowser,
} from '../fixtures.ts';

// Test-only reading of the e2e server's database: the captcha answer (a person reads the picture) and the SMS code in
// the outbox (a person reads their phone).
const browser = useBrowser();
const db = e2eDatabase();

const PASSWORD = 'Tea#Garden-2031';
const uniq = Date.now() % 100_000_000;
const phoneOf = (n: number) =>
  `19${String(uniq * 10 + n)
    .padStart(9, '0')
    .slice(-9)}`;

/** Clicks "get code" of the SMS field under `fieldLabel`, solves the captcha and returns the code sent. */
async function getSmsCode(page: Page, phone: string, fieldLabel = '短信验证码') {
  const captcha = page.waitForResponse((r) => r.url().includes('/ssoserver/captcha'));
  const field = page.getByLabel(fieldLabel, { exact: true });
  await field
    .locator('xpath=ancestor::*[contains(@class,"ant-space-compact")][1]')
    .getByRole('button', { name: '获取验证码' })
    .click();
  const { captchaId } = (await (await captcha).json()).data;
  const answer = await captchaAnswer(db, captchaId);
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('图形验证码').fill(answer);
  const before = (await db.query('SELECT count(*)::int AS n FROM sms_outbox WHERE phone = $1', [phone])).rows[0]
    .n as number;
  await dialog.getByRole('button', { name: '发送验证码' }).click();
  await dialog.waitFor({ state: 'hidden' });
  for (let i = 0; i < 50; i++) {
    const rows = (
      await db.query(
        "SELECT content FROM sms_outbox WHERE phone = $1 AND template_code = 'VERIFY_CODE' ORDER BY id DESC",
        [phone],
      )
    ).rows;
    if (rows.length > before) return /(\d{6})/.exec(rows[0].content)![1];
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no code reached ${phone}`);
}

async function toRegister(page: Page) {
  await page.goto('/');
  await page.waitForURL((url) => url.pathname === '/home');
  await page.getByRole('button', { name: '登录' }).first().click();
  await page.waitForURL('**/sso/login**');
  await page.getByRole('link', { name: '注册' }).click();
  await page.getByRole('heading', { name: '注册账号' }).waitFor();
}

async function finishRegistration(page: Page, phone: string, phoneLabel: string) {
  await page.getByLabel(phoneLabel, { exact: true }).fill(phone);
  const code = await getSmsCode(page, phone);
  await page.getByLabel('短信验证码', { exact: true }).fill(code);
  await page.getByLabel('密码', { exact: true }).fill(PASSWORD);
  await page.getByLabel('确认密码', { exact: true }).fill(PASSWORD);
  await page.getByRole('checkbox').check();
  await screenshot(page, 'accounts-register-filled');
  await page
    .getByRole('button', { name: '注 册' })
    .or(page.getByRole('button', { name: '注册' }))
    .last()
    .click();
  await page.waitForURL('**/sso/login**username=**');
}

async function passwordLogin(page: Page, username: string, password: string) {
  await expect(page.getByLabel('账号').inputValue()).resolves.toBe(username);
  await page.getByLabel('密码', { exact: true }).fill(password);
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await page.waitForURL('**/userClient/home', { timeout: 30_000 });
}

const run = stepsOf('accounts');

describe('accounts in the browser', () => {
  it('a new person registers, signs in, changes the password and the phone', async () => {
    const { context, page } = await newPage(browser());
    const phone = phoneOf(1);
    await run(page, 'person', async () => {
      await toRegister(page);
      await page.getByLabel('姓名').fill('周新民');
      await finishRegistration(page, phone, '手机号');
      await screenshot(page, 'accounts-login-prefilled');
      await passwordLogin(page, phone, PASSWORD);

      await page.goto('/userClient/my/editPassword');
      await page.getByLabel('当前密码').fill(PASSWORD);
      await page.getByLabel('新密码').fill('New#Tea-Garden-77');
      await page.getByLabel('确认密码').fill('New#Tea-Garden-77');
      await page.getByRole('button', { name: '修改密码' }).click();
      await page.getByText('密码已修改').waitFor();
      await screenshot(page, 'accounts-edit-password');

      const newPhone = phoneOf(2);
      await page.goto('/userClient/my/editPhone');
      await page.getByLabel('当前密码').fill('New#Tea-Garden-77');
      await page.getByLabel('新手机号', { exact: true }).fill(newPhone);
      const code = await getSmsCode(page, newPhone, '新手机号验证码');
      await page.getByLabel('新手机号验证码').fill(code);
      await page.getByRole('button', { name: '修改手机号' }).click();
      await page.getByText('手机号已修改').waitFor();
      await page.goto('/userClient/my/accountInfo');
      await page
        .getByText(`${newPhone.slice(0, 3)}****${newPhone.slice(-4)}`)
        .first()
        .waitFor();
      await screenshot(page, 'accounts-account-info');
    });
    await context.close();
  });

  it('a new enterprise registers with a registry credit code, certifies, and its sub-account acts for it', async () => {
    const { context, page } = await newPage(browser());
    const creditCode = withCheckChar('91999903MA0000004'); // 示范市青山柑橘专业合作社, legal representative 赵青山
    const sub = `e2e${uniq.toString(36)}`;
    await run(page, 'enterprise', async () => {
      await toRegister(page);
      await page.getByRole('tab', { name: '企业注册' }).click();
      await page.getByLabel('企业名称').fill('示范市青山柑橘专业合作社');
      await page.getByLabel('统一社会信用代码').fill(creditCode);
      await page.getByLabel('法定代表人').fill('赵青山');
      await finishRegistration(page, phoneOf(3), '联系人手机号');
      await passwordLogin(page, creditCode, PASSWORD);

      await page.goto('/userClient/certification');
      await page.getByRole('button', { name: '提交认证' }).waitFor();
      await screenshot(page, 'accounts-certification');
      await page.getByRole('button', { name: '提交认证' }).click();
      await page.waitForURL('**/certificationTip?status=success**');
      await screenshot(page, 'accounts-certification-tip');

      await page.goto('/userClient/my/userManagement');
      await page.getByRole('button', { name: '新增子账号' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('子账号').fill(sub);
      await dialog.getByLabel('姓名').fill('柑橘经办员');
      await dialog.getByLabel('手机号').fill(phoneOf(4));
      await dialog.getByLabel('密码').fill('Sub#Orange-2031');
      await dialog.getByRole('button', { name: /确\s*定|OK/ }).click();
      await page.getByRole('cell', { name: sub }).waitFor();
      await screenshot(page, 'accounts-sub-accounts');
      await signOut(page);

      await page.getByRole('button', { name: '登录' }).first().click();
      await page.waitForURL('**/sso/login**');
      await page.getByLabel('账号').fill(sub);
      await page.getByLabel('密码', { exact: true }).fill('Sub#Orange-2031');
      await page.getByRole('button', { name: /登\s*录/ }).click();
      await page.waitForURL('**/userClient/home', { timeout: 30_000 });
      await page.goto('/userClient/my/accountInfo');
      await page.getByText('所属企业').waitFor();
      await page.getByText('示范市青山柑橘专业合作社').first().waitFor();
      await screenshot(page, 'accounts-sub-account-info');
    });
    await context.close();
  });

  it('the operator sees the SMS templates and the outbox', async () => {
    const { context, page } = await newPage(browser());
    await run(page, 'sms-admin', async () => {
      await signInAs(page, 'operator', '/operateClient/platform/sms');
      await page.getByRole('cell', { name: '短信验证码', exact: true }).first().waitFor();
      await screenshot(page, 'accounts-sms-templates');
      await page.getByRole('tab', { name: '发送记录' }).click();
      await page.getByRole('cell', { name: 'VERIFY_CODE' }).first().waitFor();
      await screenshot(page, 'accounts-sms-outbox');
    });
    await context.close();
  });
});
