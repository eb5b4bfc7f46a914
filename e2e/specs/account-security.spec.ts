import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hashPassword } from '../../apps/server/src/lib/password.ts';
import {
  axeViolations,
  captchaAnswer,
  e2eDatabase,
  newPage,
  screenshot,
  signIn,
  signInAs,
  signOut,
  stepsOf,
  useBrowser,
} from '../fixtures.ts';

/**
 * Issue 30, item 2 in the browser (docs/sso.md, "My account, forgotten password, reset"): a bank user changes its
 * password on 账号与安全 and signs in with the new one; the operator resets it, and the next sign-in goes to 设置新密码
 * first; the forgotten password by SMS code on the institutions' sign-in page.
 */
const browser = useBrowser();
const db = e2eDatabase();

// Named per attempt (a retried test makes its own account).
let USERNAME = '';
let NAME = '';
let PHONE = '';
const FIRST = 'Camellia#Ridge-52';
const SECOND = 'Osmanthus&Lake-83';
const THIRD = 'Bamboo%River-64';
const FOURTH = 'Peony^Valley-19';
const HOME = '/financialInstitution/home';
const run = stepsOf('account-security');

/** A staff account of the demo bank, as its admin would have made it. */
async function makeBankStaff() {
  const tag = (Date.now() % 100_000_000).toString(36);
  USERNAME = `e2e_acc_${tag}`;
  NAME = `账户${tag}`;
  PHONE = `18${String(Date.now() % 1_000_000_000).padStart(9, '0')}`;
  const org = (await db.query("SELECT org_id FROM users WHERE username = 'bank'")).rows[0].org_id as number;
  const role = (await db.query("SELECT id FROM roles WHERE code = 'BANK_STAFF'")).rows[0].id as number;
  const hash = await hashPassword(FIRST);
  const id = (
    await db.query(
      "INSERT INTO users (username, name, password_hash, account_type, org_id, phone) VALUES ($1, $2, $3, 'BANK', $4, $5) RETURNING id",
      [USERNAME, NAME, hash, org, PHONE],
    )
  ).rows[0].id as number;
  await db.query('INSERT INTO user_roles (user_id, role_id) VALUES ($1, $2)', [id, role]);
}

const asStaff = (password: string) => ({ username: USERNAME, password, institutional: true, home: HOME });

/** Clicks "get code" of the SMS field, reads the picture as a person does and returns the code the phone received. */
async function smsCode(page: Page, phone: string) {
  const captcha = page.waitForResponse((r) => r.url().includes('/ssoserver/captcha'));
  const field = page.getByLabel('短信验证码', { exact: true });
  await field
    .locator('xpath=ancestor::*[contains(@class,"ant-space-compact")][1]')
    .getByRole('button', { name: '获取验证码' })
    .click();
  const { captchaId } = (await (await captcha).json()).data;
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('图形验证码').fill(await captchaAnswer(db, captchaId));
  const sent = page.waitForResponse((r) => r.url().includes('/ssoserver/sms/sendSmsVerifyCode'));
  await dialog.getByRole('button', { name: '发送验证码' }).click();
  expect((await (await sent).json()).success).toBe(true);
  const row = (
    await db.query(
      "SELECT content FROM sms_outbox WHERE phone = $1 AND template_code = 'VERIFY_CODE' ORDER BY id DESC LIMIT 1",
      [phone],
    )
  ).rows[0];
  return /(\d{6})/.exec(row.content)![1];
}

describe('my account, reset and forgotten password', () => {
  it('a bank user changes its password, is reset by the operator and made to change it, and resets it by SMS code', async () => {
    await makeBankStaff();

    const staff = await newPage(browser());
    await run(staff.page, 'change', async () => {
      const { page } = staff;
      await signIn(page, asStaff(FIRST));
      await page.getByRole('button', { name: '用户菜单' }).click();
      await page.locator('.ant-dropdown').getByRole('menuitem', { name: '我的账户' }).click();
      await page.waitForURL('**/financialInstitution/my/account');
      await page.getByText(USERNAME, { exact: true }).waitFor();
      await page.getByLabel('当前密码').fill(FIRST);
      await page.getByLabel('新密码', { exact: true }).fill(SECOND);
      await page.getByLabel('确认密码').fill(SECOND);
      await page.getByRole('button', { name: '修改密码' }).last().click();
      await page.getByText('密码已修改').waitFor();
      await screenshot(page, 'account-security-changed');
      await signOut(page);
      await signIn(page, asStaff(SECOND));
    });
    await staff.context.close();

    const operator = await newPage(browser());
    let temporary = '';
    await run(operator.page, 'reset', async () => {
      const { page } = operator;
      await signInAs(page, 'operator', `/operateClient/platform/users?name=${USERNAME}`);
      const row = page.getByRole('row').filter({ hasText: USERNAME });
      await row.getByRole('button', { name: '重置密码' }).click();
      await page.getByRole('button', { name: /确\s*定|OK/ }).click();
      const shown = page.getByTestId('temporary-password');
      await shown.waitFor();
      temporary = (await shown.innerText()).trim();
      expect(temporary.length).toBeGreaterThanOrEqual(8);
      await screenshot(page, 'account-security-reset');
      await page.getByRole('button', { name: '我已记下' }).click();
    });
    await operator.context.close();

    const forced = await newPage(browser());
    await run(forced.page, 'forced', async () => {
      const { page } = forced;
      await signIn(page, { ...asStaff(temporary), home: '/account/password' });
      await page.getByRole('heading', { name: '请设置新密码' }).waitFor();
      // The page every-route.spec cannot reach, checked here as its walk checks the others (issue 32).
      expect(await axeViolations(page)).toEqual([]);
      // Nothing else opens before the change.
      await page.goto('/financialInstitution/my/account');
      await page.waitForURL('**/account/password');
      await page.getByLabel('临时密码').fill(temporary);
      await page.getByLabel('新密码', { exact: true }).fill(THIRD);
      await page.getByLabel('确认密码').fill(THIRD);
      await page.getByRole('button', { name: '修改密码' }).click();
      await page.waitForURL(`**${HOME}`);
      await signOut(page);
      await signIn(page, asStaff(THIRD));
    });
    await forced.context.close();

    const forgot = await newPage(browser());
    await run(forgot.page, 'forgot', async () => {
      const { page } = forgot;
      await page.goto('/sso/welcome');
      await page.getByRole('link', { name: '忘记密码' }).click();
      await page.waitForURL('**/sso/forgotPassword**');
      await page.getByLabel('手机号').fill(PHONE);
      await page.getByLabel('短信验证码', { exact: true }).fill(await smsCode(page, PHONE));
      await page.getByLabel('新密码', { exact: true }).fill(FOURTH);
      await page.getByLabel('确认密码').fill(FOURTH);
      await page.getByRole('button', { name: '重置密码' }).click();
      await page.getByText('密码已重置').waitFor();
      await page.getByRole('button', { name: '返回登录' }).click();
      await page.waitForURL('**/sso/welcome**');
      await page.getByLabel('账号').fill(USERNAME);
      await page.getByLabel('密码').fill(FOURTH);
      await page.getByRole('button', { name: /登\s*录/ }).click();
      // Opened directly, the sign-in page returns to the portal, which opens the role's home.
      await page.waitForURL(`**${HOME}`);
      const audit = await db.query(
        "SELECT action FROM audit_log WHERE target = $1 AND action = 'account.password.forgot'",
        [USERNAME],
      );
      expect(audit.rows).toHaveLength(1);
    });
    await forgot.context.close();
  }, 300_000);
});
