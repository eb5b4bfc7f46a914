import type { Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withCheckChar } from '../../packages/contract/src/orgs/credit-code.ts';
import { connect, type Database } from '../../apps/server/src/db/client.ts';
import { insertUser } from '../../apps/server/src/seed/factories.ts';
import { captchaAnswer, DEMO_PASSWORD, e2eDatabaseUrl, newPage, screenshot, signIn, useBrowser } from '../fixtures.ts';

/**
 * The forms that check a password (related subject, edit password) show the picture captcha once the server asks for
 * it and the lock message after 5 wrong passwords (apps/server/src/modules/auth/password-guard.ts). The accounts are
 * made straight in the e2e server's database, so no demo account gets locked for the other specs.
 */
const browser = useBrowser();
let database: Database;
let startedAt: Date;
beforeAll(async () => {
  database = connect(e2eDatabaseUrl(), 2);
  startedAt = (await database.pool.query('SELECT now() AS at')).rows[0].at as Date;
});
afterAll(async () => {
  // Every browser signs in from 127.0.0.1, and failures count per address too: the wrong passwords tried here would
  // make the specs after this one meet the captcha. A person waits 15 minutes; the suite forgets its own tries.
  await database?.pool.query('DELETE FROM login_failures WHERE at >= $1', [startedAt]);
  await database?.close();
});

const uniq = Date.now() % 10_000_000;
const WRONG = 'Not-the-password-1';

const isCaptcha = (r: Response) => r.url().includes('/ssoserver/captcha');

/** The answer of the picture captcha a response delivered, as a person reads the picture (fixtures.ts captchaAnswer). */
async function answerOf(picture: Promise<Response>) {
  const { captchaId } = ((await (await picture).json()) as { data: { captchaId: string } }).data;
  return captchaAnswer(database.pool, captchaId);
}

describe('password checks in the browser', () => {
  it('related subject: the captcha appears after 3 wrong passwords and the lock message after 5; edit password is then locked too', async () => {
    const creditCode = withCheckChar(`91999905MA${String(uniq).padStart(7, '0')}`);
    await insertUser(database.db, {
      username: creditCode,
      name: '锁定测试企业',
      password: DEMO_PASSWORD,
      accountType: 'ENTERPRISE',
      phone: `197${String(uniq).padStart(8, '0')}`,
      creditCode,
      roleCodes: ['ENTERPRISE'],
    });
    const phone = `196${String(uniq).padStart(8, '0')}`;
    await insertUser(database.db, {
      username: phone,
      name: '周守卫',
      password: DEMO_PASSWORD,
      accountType: 'PERSON',
      phone,
      roleCodes: ['PERSON'],
    });

    const { context, page } = await newPage(browser());
    try {
      await signIn(page, { username: phone, institutional: false, home: '/userClient/home' });
      await page.goto('/userClient/my/relatedSubject');
      await page.getByRole('button', { name: '关联企业' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('统一社会信用代码').fill(creditCode);
      await dialog.getByRole('textbox', { name: '企业主账号密码' }).fill(WRONG);
      const submit = async () => {
        const answered = page.waitForResponse((r) => r.url().includes('/ssoserver/user/relatedSubject.do'));
        await dialog.getByRole('button', { name: /确\s*定|OK/ }).click();
        return ((await answered).json() as Promise<{ errorCode: string }>).then((b) => b.errorCode);
      };

      expect(await submit()).toBe('SUBJECT_VERIFY_FAILED');
      await dialog.getByText('企业信息或验证信息不正确').waitFor();
      expect(await submit()).toBe('SUBJECT_VERIFY_FAILED');
      let picture = page.waitForResponse(isCaptcha);
      expect(await submit()).toBe('SUBJECT_VERIFY_FAILED');
      // After the third wrong password the server asks for the picture captcha, and the form shows it.
      await dialog.getByRole('img', { name: '图形验证码图片' }).waitFor();
      await screenshot(page, 'password-guard-captcha');
      await dialog.getByLabel('图形验证码').fill(await answerOf(picture));
      picture = page.waitForResponse(isCaptcha);
      expect(await submit()).toBe('SUBJECT_VERIFY_FAILED');
      await dialog.getByLabel('图形验证码').fill(await answerOf(picture));
      expect(await submit()).toBe('PASSWORD_LOCKED');
      await dialog.getByText('密码错误次数过多，请15分钟后再试').waitFor();
      await dialog.getByText(/期间输入正确的密码也无法通过/).waitFor();
      await screenshot(page, 'password-guard-locked');
      await dialog.getByRole('button', { name: /取\s*消|Cancel/ }).click();

      // Those five failures also counted against this account: its own password check is locked now.
      await page.goto('/userClient/my/editPassword');
      await page.getByLabel('当前密码').fill(DEMO_PASSWORD);
      await page.getByLabel('新密码').fill('Fresh#Leaf-2031');
      await page.getByLabel('确认密码').fill('Fresh#Leaf-2031');
      await page.getByRole('button', { name: '修改密码' }).click();
      await page.getByText('密码错误次数过多，请15分钟后再试').waitFor();
      await screenshot(page, 'password-guard-edit-password-locked');
    } catch (e) {
      await screenshot(page, 'password-guard-failed', { failed: true });
      throw e;
    } finally {
      await context.close();
    }
  });
});
