import { hash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { beforeAll, expect, inject } from 'vitest';
import { withCheckChar } from '../packages/contract/src/orgs/credit-code.ts';
import { shanghaiDay } from '../packages/contract/src/system/shanghai-time.ts';
import type { Database } from '../apps/server/src/db/client.ts';
import {
  DEMO_ACCOUNTS,
  DEMO_BANK,
  DEMO_PASSWORD,
  type DemoAccountName,
} from '../apps/server/src/seed/demo-accounts.ts';
import { insertUser } from '../apps/server/src/seed/factories.ts';
import { CAPTCHA_CHARS, CAPTCHA_LENGTH, captchaAnswerHash } from '../apps/server/src/modules/auth/captcha.ts';
import pg from 'pg';

/** The web's key for the page to return to after signing in (STORAGE_KEYS.loginReturn, apps/web/src/lib/storage.ts). */
const LOGIN_RETURN_KEY = 'loginReturn';

export { DEMO_ACCOUNTS, DEMO_BANK, DEMO_PASSWORD, type DemoAccountName };

/**
 * Debian's Chromium headless shell (package chromium-headless-shell, built from the same Chromium as the browser): the
 * same Blink and V8 without the browser's own UI, about a quarter less time per browser test on two cores than the full
 * browser's headless mode. Nothing is downloaded at run time.
 */
export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium-headless-shell';

export function baseUrl(): string {
  return inject('baseUrl');
}

/** The e2e server's database (test-only reading of what a person reads on a phone or a picture). */
export function e2eDatabaseUrl(): string {
  return inject('databaseUrl');
}

let database: pg.Pool | undefined;

/**
 * The e2e server's database for a spec's test-only reading and writing (a captcha's answer, an SMS code in the outbox,
 * rows a test places): one small pool for the run (the spec files share the worker), which lets the worker exit.
 */
export function e2eDatabase(): pg.Pool {
  database ??= new pg.Pool({ connectionString: e2eDatabaseUrl(), max: 2, allowExitOnIdle: true });
  return database;
}

/**
 * The answer of a picture captcha, as a person reads the picture: the row keeps only HMAC-SHA256(SERVER_SECRET,
 * id:answer), so the spec, which set the e2e server's secret (global-setup.ts), tries every answer a picture can hold
 * (32^4; the HMAC written out over one-shot hashes, about a second at most). The server offers no way to learn one.
 */
export async function captchaAnswer(db: pg.Pool, captchaId: string): Promise<string> {
  const kept = (await db.query('SELECT answer_hash FROM captchas WHERE id = $1', [captchaId])).rows[0]?.answer_hash as
    string | undefined;
  if (!kept) throw new Error(`no captcha ${captchaId}`);
  const key = Buffer.from(inject('serverSecret'), 'utf8');
  if (key.length > 64) throw new Error('the e2e SERVER_SECRET must fit one SHA-256 block');
  const block = Buffer.alloc(64);
  key.copy(block);
  const inner = Buffer.concat([block.map((b) => b ^ 0x36), Buffer.from(`${captchaId}:`), Buffer.alloc(CAPTCHA_LENGTH)]);
  const outer = Buffer.concat([block.map((b) => b ^ 0x5c), Buffer.alloc(32)]);
  const codes = [...new Set(CAPTCHA_CHARS.toLowerCase())].map((c) => c.charCodeAt(0));
  const at = inner.length - CAPTCHA_LENGTH;
  const word = Array.from({ length: CAPTCHA_LENGTH }, () => 0);
  for (;;) {
    for (let i = 0; i < word.length; i++) inner[at + i] = codes[word[i]];
    hash('sha256', inner, 'buffer').copy(outer, 64);
    if (hash('sha256', outer, 'hex') === kept) {
      const answer = inner.subarray(at).toString('latin1');
      if (captchaAnswerHash(key, captchaId, answer) !== kept)
        throw new Error("the HMAC written out differs from the server's");
      return answer;
    }
    let d = 0;
    while (d < word.length && ++word[d] === codes.length) word[d++] = 0;
    if (d === word.length) throw new Error(`no answer matches captcha ${captchaId}`);
  }
}

async function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/**
 * A fresh context as a reader would bring it, who asked the system for less motion: the app then runs antd without its
 * animations (app/providers.tsx), so a click never lands on a drawer or dropdown that is still moving.
 */
export async function newPage(
  browser: Browser,
  viewport = { width: 1440, height: 900 },
): Promise<{ context: BrowserContext; page: Page }> {
  // A phone's width is a phone: a touch screen, with the mobile viewport (issue 32).
  const phone = viewport.width < 500;
  const context = await browser.newContext({
    viewport,
    locale: 'zh-CN',
    baseURL: baseUrl(),
    reducedMotion: 'reduce',
    hasTouch: phone,
    isMobile: phone,
  });
  context.setDefaultTimeout(20_000);
  const page = await context.newPage();
  return { context, page };
}

/**
 * Signs in through the real SSO pages, the way a person does: from the portal's login button to the personal page, or
 * on to the institutional welcome page for institutions, until the client's home path is reached.
 */
export async function signIn(
  page: Page,
  account: { username: string; password?: string; institutional: boolean; home: string },
) {
  await page.goto('/');
  await page.waitForURL((url) => url.pathname === '/home');
  await page.getByRole('button', { name: '登录' }).first().click();
  await page.waitForURL('**/sso/login**');
  if (account.institutional) {
    await page.getByRole('link', { name: '机构用户登录' }).click();
    await page.waitForURL('**/sso/welcome**');
    // The address changes before the lazily loaded page replaces the personal form: wait for the new page.
    await page.getByRole('heading', { name: '机构用户登录' }).waitFor();
  }
  await page.getByLabel('账号').fill(account.username);
  await page.getByLabel('密码').fill(account.password ?? DEMO_PASSWORD);
  await page.getByRole('button', { name: /登\s*录/ }).click();
  try {
    await page.waitForURL(`**${account.home}`, { timeout: 30_000 });
  } catch (e) {
    await screenshot(page, `sign-in-failed-${account.username}`, { failed: true });
    throw new Error(`${account.username} did not reach ${account.home}; the page is at ${page.url()}`, { cause: e });
  }
}

/** Signs in as one of the demo roles through the pages (signIn with its home): what sign-in.spec walks for each role. */
export const signInFromPortal = (page: Page, who: DemoAccountName) =>
  signIn(
    page,
    DEMO_ACCOUNTS.find((a) => a.username === who)!,
  );

/**
 * Signs in as one of the demo roles for a test that is about something else (issue 31: the session made for the
 * test, not the sign-in pages walked again each time): the same SSO calls the sign-in page makes (doLogin with the
 * password, which answers the client address with a ticket), then the client's own start-up exchanges the ticket and
 * goes to the role's home. Only the pages in between (portal, SSO form) are skipped: sign-in.spec walks them.
 *
 * With `to` (a path of the site, with its query if any), the ticket lands on that page and the client stays there, as
 * it does for a person sent to sign in from a page they opened (request.ts keeps the page to return to; session.ts
 * returns to it when the ticket lands on it): one page load instead of the home page's and then the page's.
 */
export async function signInAs(page: Page, who: DemoAccountName, to?: string) {
  const account = DEMO_ACCOUNTS.find((a) => a.username === who)!;
  if (to) {
    // What redirectToLogin writes before it sends a person to sign in, written as the ticket's page starts.
    await page.addInitScript(
      ([path, key]) => {
        if (
          new URLSearchParams(location.search).has('ticket') &&
          location.pathname === new URL(path, location.href).pathname
        )
          localStorage.setItem(key, path);
      },
      [to, LOGIN_RETURN_KEY],
    );
  }
  const res = await page.request.post('/ssoserver/doLogin', {
    data: { username: account.username, password: DEMO_PASSWORD, redirect: new URL(to ?? '/home', baseUrl()).href },
  });
  const body = (await res.json()) as { success: boolean; data?: { redirectUrl: string } };
  if (!body.success || !body.data) throw new Error(`${who} could not sign in: ${res.status()} ${JSON.stringify(body)}`);
  await page.goto(body.data.redirectUrl);
  if (to) {
    // The page's own path, the ticket gone from the address (a list may write its filters into the query itself).
    const path = new URL(to, baseUrl()).pathname;
    await page.waitForURL((url) => url.pathname === path && !url.searchParams.has('ticket'));
  } else {
    await page.waitForURL(`**${account.home}`);
  }
}

/** A GET of the API as the page's signed-in user (its client token), answered 200: the answer's data. */
export async function apiAs<T>(page: Page, url: string): Promise<T> {
  const token = await page.evaluate(() => localStorage.getItem('satokenClient') ?? '');
  const res = await page.request.get(url, { headers: { satoken: token } });
  expect(res.status(), url).toBe(200);
  return ((await res.json()) as { data: T }).data;
}

/**
 * Signs out through the user menu, back to the portal home. The contexts ask for reduced motion (newPage), so the menu
 * opens without moving and one click on its item lands.
 */
export async function signOut(page: Page) {
  await page.getByRole('button', { name: '用户菜单' }).click();
  await page.getByRole('menuitem', { name: '退出登录' }).click();
  await page.waitForURL((url) => url.pathname === '/home');
}

/**
 * A screenshot for people to look at, `.tmp/screenshots/<name>.png`, of a page (`fullPage`: all of it) or of one element:
 * taken when SCREENSHOTS=1 (about 120 in a full run at a fifth of a second each, which no test reads), and always for a
 * failing step (`failed`, stepsOf).
 */
export async function screenshot(
  target: Page | Locator,
  name: string,
  { fullPage = false, failed = false }: { fullPage?: boolean; failed?: boolean } = {},
) {
  if (!failed && process.env.SCREENSHOTS !== '1') return;
  const dir = path.resolve(import.meta.dirname, '../.tmp/screenshots');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}.png`);
  await ('goto' in target ? target.screenshot({ path: file, fullPage }) : target.screenshot({ path: file }));
}

/** The browser of the run (the spec files run one after another in one worker that keeps its modules: vitest.config.ts). */
let running: Promise<Browser> | undefined;

/**
 * The run's one browser for a spec file, launched by the first file and kept for the next (half a second each saved);
 * a file that finds it gone launches another. Each test makes its own contexts (newPage), so no state passes between
 * files. It ends with the worker: Playwright's pipe to it closes. Call `browser()` inside a test.
 */
export function useBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await running;
    if (!browser?.isConnected()) {
      running = launch();
      browser = await running;
    }
  });
  return () => {
    if (!browser) throw new Error('useBrowser: the browser is launched in beforeAll');
    return browser;
  };
}

/**
 * The steps of a spec's long scenarios: `const run = stepsOf('chains')`, then `await run(page, 'import', async () => …)`.
 * A failing step says where the page was and keeps a screenshot `<spec>-failed-<step>` for people to look at.
 */
export function stepsOf(spec: string) {
  return async (page: Page, name: string, body: () => Promise<void>) => {
    try {
      await body();
    } catch (e) {
      console.error(`${name} failed at ${page.url()}:`, e);
      await screenshot(page, `${spec}-failed-${name}`, { failed: true });
      throw e;
    }
  };
}

/** The open dropdown of a select (not one that is still closing). */
export const openDropdown = (page: Page) =>
  page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden):not([class*="-leave"])');

/** The shown value of a select, found from its input. */
export const selectContent = (box: Locator) =>
  box.locator('xpath=ancestor::*[contains(concat(" ", @class, " "), " ant-select-content ")][1]');

/**
 * Picks an option of an antd select (single or multiple), once: types to filter when the select is searchable, opens
 * the dropdown, scrolls its virtual list until the option exists (a head office listed after its branches), clicks it
 * and waits until the select shows it. `exact`: the option's whole text (the demo bank's branches carry its name too).
 * The contexts ask for reduced motion (newPage), so nothing still moves when the click lands: no click is taken again.
 */
export async function choose(page: Page, box: Locator, option: string, { exact = false } = {}) {
  const text = exact ? new RegExp(`^${option.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) : option;
  await box.click();
  if ((await box.getAttribute('readonly')) === null) await box.fill(option);
  const list = openDropdown(page);
  const wanted = list.locator('.ant-select-item-option').filter({ hasText: text }).first();
  await list.locator('.ant-select-item-option').first().waitFor();
  for (let i = 0; i < 30 && !(await wanted.isVisible()); i++) {
    await list.locator('.ant-select-item-option').first().hover();
    await page.mouse.wheel(0, 160);
    // The virtual list draws the rows scrolled to after the wheel: wait briefly for the option among them.
    await wanted.waitFor({ state: 'visible', timeout: 300 }).catch(() => undefined);
  }
  await wanted.click();
  await expect
    .poll(async () => {
      const now = (await selectContent(box).textContent()) ?? '';
      return exact ? now === option : now.includes(option);
    })
    .toBe(true);
}

const AXE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * The serious and critical axe-core violations of WCAG 2.0 and 2.1, A and AA, on the page as it stands (issue 32), as
 * lines naming the rule and up to three elements; axe is loaded into the page the first time.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE);
  return page.evaluate(async () => {
    interface AxeResult {
      violations: { id: string; impact: string; nodes: { target: string[] }[] }[];
    }
    const axe = (window as unknown as { axe: { run: (...a: unknown[]) => Promise<AxeResult> } }).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      resultTypes: ['violations'],
    });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map(
        (v) =>
          `axe ${v.id}: ${v.nodes
            .slice(0, 3)
            .map((n) => n.target.join(' '))
            .join(', ')}`,
      );
  });
}

let enterprisesMade = 0;

/**
 * A certified enterprise made for one test in the e2e server's database, in `district` (a region code), named `name`
 * and a number: its login is its phone, its password the demo one, so what the test files (cases, demands, drafts)
 * changes no demo account.
 */
export async function newEnterprise(
  database: Database,
  { district, name }: { district: string; name: string },
): Promise<{ phone: string; name: string }> {
  const uniq = String((Date.now() + enterprisesMade++) % 10_000_000).padStart(7, '0');
  const made = { phone: `195${uniq}0`, name: `${name}${uniq}` };
  await insertUser(database.db, {
    username: made.phone,
    name: made.name,
    password: DEMO_PASSWORD,
    accountType: 'ENTERPRISE',
    phone: made.phone,
    creditCode: withCheckChar(`91${district}MA${uniq}`),
    regionCode: district,
    certified: true,
    roleCodes: ['ENTERPRISE'],
  });
  return made;
}

/** A day in Beijing as YYYY-MM-DD, `days` from today (0: today), whatever the zone of the machine running the tests. */
export function beijingDay(days = 0): string {
  return shanghaiDay(Date.now() + days * 86_400_000);
}

/** Types a day into an antd date picker (YYYY-MM-DD) and confirms it, as a person does who knows the date. */
export async function pickDay(input: Locator, value: string) {
  await input.click();
  await input.fill(value);
  await input.press('Enter');
}
