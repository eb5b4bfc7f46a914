import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type Database } from '../../apps/server/src/db/client.ts';
import {
  beijingDay,
  choose,
  DEMO_PASSWORD,
  e2eDatabaseUrl,
  newEnterprise,
  newPage,
  pickDay,
  screenshot,
  signIn,
  signInAs,
  stepsOf,
  useBrowser,
  DEMO_BANK,
} from '../fixtures.ts';

/**
 * What people expect of tables and lists (issue 30), engineer F's points in the browser: the operator's chain-wide
 * visit and loan lists (interviewDetail and loanDetail opened without an id), the chain selector of /news-list-chain,
 * and a shelter application saved as a draft with the contact prefilled from the account, reopened and submitted.
 * (The bank picking an enterprise by a part of its name is in credit.spec.ts, which every query there goes through.)
 */
const browser = useBrowser();
const run = stepsOf('lists-and-forms');
let database: Database;
beforeAll(() => {
  database = connect(e2eDatabaseUrl(), 2);
});
afterAll(() => database?.close());

/** The rows of the page's list table (not the header, not antd's measure row). */
const rows = (page: Page) => page.locator('.ant-table-tbody tr.ant-table-row');

describe('lists and forms (issue 30)', () => {
  it('the operator opens interviewDetail and loanDetail without an id and works through every bank visits and loans', async () => {
    const { context, page } = await newPage(browser());
    try {
      await run(page, 'visits', async () => {
        await signInAs(page, 'operator');
        // From the member list's toolbar, as the operator reaches it.
        await page.goto('/operateClient/chain/list');
        await page.getByRole('link', { name: '全部走访记录' }).click();
        await page.waitForURL(
          (url) => url.pathname === '/operateClient/chain/interviewDetail' && !url.searchParams.has('id'),
        );
        await rows(page).first().waitFor();
        const all = await rows(page).count();
        expect(all).toBeGreaterThan(0);
        await screenshot(page, 'operator-visits-list');
        // The bank filter: every row is then of that bank (or its branches).
        const bank = page.getByLabel('银行', { exact: true });
        await choose(page, bank, DEMO_BANK);
        // The search button's name carries its icon's label too ("search 查询").
        await page.getByRole('button', { name: /查\s?询/ }).click();
        await page.waitForURL((url) => url.searchParams.has('orgId'));
        await rows(page).first().waitFor();
        await expect
          .poll(async () => (await rows(page).allTextContents()).every((t) => t.includes('示范市农村商业银行')), {
            timeout: 20_000,
          })
          .toBe(true);
        // A row opens its detail (the same route with its id).
        await rows(page).first().getByRole('link', { name: '详情' }).click();
        await page.waitForURL(
          (url) => url.pathname === '/operateClient/chain/interviewDetail' && url.searchParams.has('id'),
        );
        await page.getByText('走访内容').first().waitFor();
      });
      await run(page, 'loans', async () => {
        await page.goto('/operateClient/chain/loanDetail');
        await rows(page).first().waitFor();
        expect(await rows(page).first().textContent()).toMatch(/万元/);
        await screenshot(page, 'operator-loans-list');
      });
    } finally {
      await context.close();
    }
  });

  it('/news-list-chain selects a chain and shows that chain news only', async () => {
    const { context, page } = await newPage(browser());
    try {
      await run(page, 'news-list-chain', async () => {
        await page.goto('/news-list-chain');
        const tea = page.getByText('茶产业链金融服务方案发布 链上企业可享专属授信');
        const citrus = page.getByText('柑橘产业链“链长+行长”对接会在桃源县召开');
        await tea.first().waitFor();
        await citrus.first().waitFor();
        await choose(page, page.getByLabel('产业链', { exact: true }), '柑橘产业链');
        await page.waitForURL((url) => url.searchParams.has('industrialChainId'));
        await expect.poll(() => tea.count(), { timeout: 20_000 }).toBe(0);
        await citrus.first().waitFor();
        await screenshot(page, 'news-list-chain-citrus');
      });
    } finally {
      await context.close();
    }
    // A phone opens the chosen chain's news: the selector (label and picker) stays within the screen.
    const phone = await newPage(browser(), { width: 375, height: 800 });
    try {
      await run(phone.page, 'news-list-chain-375', async () => {
        const page = phone.page;
        await page.goto('/news-list-chain');
        await choose(page, page.getByLabel('产业链', { exact: true }), '柑橘产业链');
        await page.getByText('柑橘产业链“链长+行长”对接会在桃源县召开').first().waitFor();
        const box = await page.locator('.phjr-chain-news-picker').boundingBox();
        expect(box && box.x >= 0 && box.x + box.width <= 375).toBe(true);
        await screenshot(page, 'news-list-chain-375');
      });
    } finally {
      await phone.context.close();
    }
  });

  it('an enterprise saves its shelter application as a draft with the contact prefilled, reopens it and submits it', async () => {
    const { phone, name } = await newEnterprise(database, { district: '999901', name: '草稿测试有限公司' });
    const { context, page } = await newPage(browser());
    try {
      const form = page.locator('form#shelter-apply');
      await run(page, 'draft-saved', async () => {
        await signIn(page, {
          username: phone,
          password: DEMO_PASSWORD,
          institutional: false,
          home: '/userClient/home',
        });
        await page.goto('/userClient/shelter?apply=1');
        await form.waitFor();
        // Prefilled from the account: its name and its own full phone (the session's is masked).
        await expect.poll(() => form.getByLabel('联系电话').inputValue(), { timeout: 20_000 }).toBe(phone);
        expect(await form.getByLabel('联系人').inputValue()).toBe(name);
        await form.getByLabel('联系人').fill('李草稿');
        await form.getByLabel('困难原因').fill('受原料涨价影响，订单利润收窄，流动资金周转紧张。');
        await form.getByRole('checkbox', { name: '展期' }).check();
        await form.getByRole('button', { name: '保存草稿' }).click();
        await page
          .locator('.ant-message')
          .getByText(/草稿已保存/)
          .first()
          .waitFor();
        await screenshot(page, 'shelter-draft-saved');
      });
      await run(page, 'draft-reopened', async () => {
        await page.goto('/userClient/shelter');
        await page.getByText('您有一份未提交的申请草稿').waitFor();
        await screenshot(page, 'shelter-draft-card');
        await page.getByRole('button', { name: '继续填写' }).click();
        await form.waitFor();
        expect(await form.getByLabel('困难原因').inputValue()).toBe('受原料涨价影响，订单利润收窄，流动资金周转紧张。');
        expect(await form.getByLabel('联系人').inputValue()).toBe('李草稿');
        expect(await form.getByLabel('联系电话').inputValue()).toBe(phone);
        expect(await form.getByRole('checkbox', { name: '展期' }).isChecked()).toBe(true);
      });
      await run(page, 'draft-submitted', async () => {
        await choose(page, form.getByLabel('所属行业'), '农业种植');
        await pickDay(form.getByLabel('困难开始日期'), beijingDay(-30));
        await form.getByLabel('预计恢复时间').fill('2027-03');
        await form.getByRole('button', { name: '提交申请' }).click();
        await page.getByText(/申请编号 FC\d+/).waitFor();
        await page.goto('/userClient/shelter');
        await rows(page).first().waitFor();
        expect(await page.getByText('您有一份未提交的申请草稿').count()).toBe(0);
        const [row] = (
          await database.pool.query(
            'SELECT contact_name, contact_phone FROM shelter_cases WHERE enterprise_name = $1',
            [name],
          )
        ).rows;
        expect(row).toEqual({ contact_name: '李草稿', contact_phone: phone });
      });
    } finally {
      await context.close();
    }
  });
});
