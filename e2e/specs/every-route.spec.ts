/**
 * Every route of the route table, opened by everyone who may open it (issue 32; decision record 0037): the anonymous
 * visitor opens every public route (portal, district site, dashboard, sign-on and standalone pages), each demo account
 * every client route its session's resource list grants. Each page must have no serious or critical axe-core violation
 * of WCAG 2.0/2.1 A and AA. The public and person/enterprise pages are opened on a phone (375 × 812, touch), where they
 * must not scroll sideways and every control must be at least 24 × 24 px; the institutions' pages at 1440 px, and the
 * first page of each public area there too. A route added to the table is walked by being there; one that nobody can
 * open fails the walk.
 *
 * Fast enough for `npm test`: one context per walker, signed in once; the pages are reached by in-app navigation
 * (history.pushState and popstate, what a link does), so the bundle loads once per walker; two lanes of walkers run
 * side by side.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PASSWORD_CHANGE_PATH } from '@phjr/contract/auth/center-path';
import { ROUTE_DEFS, type RouteDef } from '../../apps/web/src/app/route-defs.ts';
import {
  axeViolations,
  DEMO_ACCOUNTS,
  newPage,
  screenshot,
  signInAs,
  useBrowser,
  type DemoAccountName,
} from '../fixtures.ts';

const PHONE = { width: 375, height: 812 };
const DESK = { width: 1440, height: 900 };
const PUBLIC_AREAS: readonly string[] = ['portal', 'subsite', 'achievement-display', 'standalone'];
/**
 * The one page nobody of the walk can open: only a user who must change the password reaches it (everyone else is sent
 * on). account-security.spec opens it as such a user and checks it with axe.
 */
const NOT_WALKED: readonly string[] = [PASSWORD_CHANGE_PATH];
/**
 * Standalone pages for a signed-in reader (a visitor's request there is refused, 401, and the app then sends them to
 * sign in): the person and the enterprise walk them. A public page that asks for a session fails the walk (`refused`).
 */
const SIGNED_IN_STANDALONE: readonly string[] = ['/certificationTip'];
/** The display's stage is the dashboard's own (1920 × 1080) and has no elder mode of its own (decision record 0037). */
const WITHOUT_ELDER_SWITCH = 'achievement-display';

/** What a page shows while it still loads: antd's spinners and skeletons, the route's own placeholder. */
const BUSY = '.ant-spin-spinning, .ant-skeleton-active, [aria-busy="true"]';

const pages = ROUTE_DEFS.filter((r): r is RouteDef & { path: string } => r.path !== null && r.page !== null);

/** The address that opens a route: its parameter filled with a real product; `*` with a path no route has. */
function addressOf(route: string, productId: number): string {
  if (route === '*') return '/no-such-page';
  return route.replace(':productId', String(productId));
}

async function settle(page: Page, route: string) {
  // The page's requests have started when the route is marked (AppRoot); the page is drawn once, on that route, no
  // request has been open and nothing has been loading for two frames in a row (a list's second request starts when
  // the first answers). The frames are counted in the page (countQuietFrames): a predicate that returned a promise
  // would be taken as true at once (Playwright waits for a truthy value, not for a promise's).
  await page.waitForFunction((r) => {
    const w = window as unknown as { __quietRoute?: string; __quietFrames: number };
    return document.documentElement.dataset.route === r && w.__quietRoute === r && w.__quietFrames >= 2;
  }, route);
}

/** In the page, from its first script: the requests open, and for how many frames the marked route has been quiet. */
function countQuietFrames(busy: string) {
  const w = window as unknown as { __openRequests: number; __quietRoute?: string; __quietFrames: number };
  w.__openRequests = 0;
  w.__quietFrames = 0;
  const fetch = window.fetch.bind(window);
  window.fetch = (...args) => {
    w.__openRequests += 1;
    return fetch(...args).finally(() => (w.__openRequests -= 1));
  };
  const frame = () => {
    const route = document.documentElement.dataset.route;
    const quiet = w.__openRequests === 0 && !document.querySelector(busy);
    if (route !== w.__quietRoute) w.__quietFrames = 0;
    w.__quietRoute = route;
    w.__quietFrames = quiet ? w.__quietFrames + 1 : 0;
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}

/**
 * On a phone: the page must not scroll sideways, and every control must be at least 24 × 24 px (WCAG 2.2 2.5.8). The
 * control's target is what a tap on it reaches: a text box's or a select's whole frame, a check box's label. A link
 * inside a sentence keeps the line's height (the rule's inline exception).
 */
async function phoneProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth > width) {
      // Named by what sticks out first: an element past the edge whose parent is not (inside a box that scrolls or
      // clips, nothing reaches the page's width).
      const clips = (el: Element) => getComputedStyle(el).overflowX !== 'visible';
      const origins = [...document.body.querySelectorAll('*')]
        .filter((el) => {
          const parent = el.parentElement!;
          if (el.getBoundingClientRect().right <= width || parent.getBoundingClientRect().right > width) return false;
          for (let a: Element | null = parent; a && a !== document.body; a = a.parentElement)
            if (clips(a)) return false;
          return true;
        })
        .slice(0, 3)
        .map((el) => {
          const r = el.getBoundingClientRect();
          const text = (el.textContent ?? '').trim().slice(0, 30);
          return `<${el.tagName.toLowerCase()} class="${String(el.className).slice(0, 60)}"> ${r.left.toFixed(1)}–${r.right.toFixed(1)} "${text}"`;
        });
      out.push(`scrolls sideways: ${document.documentElement.scrollWidth} px wide in ${width}: ${origins.join('; ')}`);
    }
    const controls = document.querySelectorAll<HTMLElement>(
      'a[href], button, input:not([type=hidden]), select, textarea, [role=button], [role=link], [role=tab], [role=checkbox], [role=radio], [role=menuitem], [role=switch]',
    );
    for (const el of controls) {
      const target =
        (el.matches('input, textarea') &&
          el.closest<HTMLElement>('label, .ant-input-affix-wrapper, .ant-input-number, .ant-select, .ant-picker')) ||
        el;
      const box = target.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || getComputedStyle(target).visibility === 'hidden') continue;
      if (box.width >= 24 && box.height >= 24) continue;
      const inline =
        el.tagName === 'A' &&
        getComputedStyle(el).display === 'inline' &&
        (el.parentElement?.textContent ?? '').trim().length > (el.textContent ?? '').trim().length;
      if (inline) continue;
      const name = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 24);
      out.push(
        `small target ${Math.round(box.width)}×${Math.round(box.height)}: <${el.tagName.toLowerCase()}> "${name}"`,
      );
    }
    return out;
  });
}

const browser = useBrowser();
/** The routes walked so far, by anyone (a supervisors' page is walked by the first that may open it). */
const visited = new Set<string>();

/**
 * One walker: a context at a width, signed in as `who` (or anonymous), opening each of `routes` in turn. Returns what
 * is wrong, page by page, so that one run shows every problem, as lines "who path: problem". `englishElder`: the
 * reader chose English and elder mode, the longest words in the largest type; the layout is checked (the phone's
 * width and targets, the switch), not axe again (the same content as in Chinese).
 */
async function walk(
  who: DemoAccountName | 'anonymous',
  viewport: { width: number; height: number },
  choose: (routes: typeof pages, resources: ReadonlySet<string>) => typeof pages,
  { englishElder = false } = {},
): Promise<string[]> {
  const phone = viewport.width === PHONE.width;
  const { context, page } = await newPage(browser(), viewport);
  const findings: string[] = [];
  const reader = englishElder ? 'en-elder-' : '';
  const shot = (path: string) =>
    screenshot(page, `every-route-${reader}${who}-${viewport.width}${path.replaceAll('/', '_')}`, { failed: true });
  try {
    if (englishElder)
      await context.addInitScript(() => {
        localStorage.setItem('locale', 'en-US');
        localStorage.setItem('elderMode', 'on');
      });
    await context.addInitScript(countQuietFrames, BUSY);
    const start = who === 'anonymous' ? '/home' : DEMO_ACCOUNTS.find((a) => a.username === who)!.home;
    if (who === 'anonymous') await page.goto(start);
    else await signInAs(page, who);
    await settle(page, start);
    const user = await page.evaluate(() => localStorage.getItem('userInfo'));
    const resources = new Set<string>(user ? (JSON.parse(user) as { resourceList: string[] }).resourceList : []);
    // Requests refused as signed out while a page is open; a refused session makes the app leave for the sign-in page
    // a moment later, so the walker starts again from its home after one.
    const refused: string[] = [];
    page.on('response', (r) => {
      if (r.status() === 401) refused.push(new URL(r.url()).pathname);
    });
    const productId = await page.evaluate(async () => {
      const res = await fetch('/finance/portal/product/page.json?pageSize=1');
      return ((await res.json()) as { data: { list: { id: number }[] } }).data.list[0]!.id;
    });
    for (const route of choose(pages, resources)) {
      const path = addressOf(route.path, productId);
      refused.length = 0;
      try {
        await page.evaluate((to) => {
          history.pushState(null, '', to);
          dispatchEvent(new PopStateEvent('popstate'));
        }, path);
        await settle(page, route.path);
        const problems = [
          ...(englishElder ? [] : await axeViolations(page)),
          ...(phone ? await phoneProblems(page) : []),
        ];
        const switches = await page.locator('.phjr-elder-switch').count();
        if (route.area !== WITHOUT_ELDER_SWITCH && switches !== 1) problems.push(`${switches} elder-mode switches`);
        const landed = new URL(page.url()).pathname;
        if (landed !== path) problems.push(`sent to ${landed}`);
        if (refused.length) problems.push(`refused as signed out: ${refused.join(', ')}`);
        for (const problem of problems) findings.push(`${reader}${who} ${path}: ${problem}`);
        if (problems.length) await shot(path);
        if (refused.length) {
          await page.goto(start);
          await settle(page, start);
        }
        visited.add(route.path);
      } catch (e) {
        const state = await page
          .evaluate(
            (busy) => ({
              at: location.pathname,
              route: document.documentElement.dataset.route,
              open: (window as unknown as { __openRequests: number }).__openRequests,
              busy: document.querySelector(busy)?.outerHTML.slice(0, 120),
            }),
            BUSY,
          )
          .catch(() => null);
        findings.push(
          `${reader}${who} ${path}: did not open: ${(e as Error).message.split('\n')[0]} (${JSON.stringify(state)})`,
        );
        await shot(path);
      }
    }
  } finally {
    await context.close();
  }
  return findings;
}

const publicRoutes = (routes: typeof pages) =>
  routes.filter(
    (r) => PUBLIC_AREAS.includes(r.area) && !NOT_WALKED.includes(r.path) && !SIGNED_IN_STANDALONE.includes(r.path),
  );
const granted = (routes: typeof pages, resources: ReadonlySet<string>) =>
  routes.filter((r) => r.resource !== null && resources.has(r.resource));

const firstOfEachArea = (routes: typeof pages) =>
  publicRoutes(routes).filter((r, i, all) => all.findIndex((o) => o.area === r.area) === i);
const personal = (routes: typeof pages, resources: ReadonlySet<string>) => [
  ...granted(routes, resources),
  ...routes.filter((r) => SIGNED_IN_STANDALONE.includes(r.path)),
];
/** A supervisor's pages that no supervisor before it walked (see below). */
const notYetWalked = (routes: typeof pages, resources: ReadonlySet<string>) =>
  granted(routes, resources).filter((r) => !visited.has(r.path));

/** The findings of walkers run one after another, as lines prefixed by who walked and where. */
async function inTurn(walks: (() => Promise<string[]>)[]): Promise<string[]> {
  const findings: string[] = [];
  for (const w of walks) findings.push(...(await w()));
  return findings;
}

/** A lane walks about a hundred pages, some 100 s on this machine: too near a browser test's two-minute limit. */
const WALK = { timeout: 300_000 };

describe('every route, for everyone who may open it (issue 32)', () => {
  // The two lanes run side by side, each walker in a context of its own: one walker leaves the machine's second core
  // idle while it waits for the server or the browser (about a sixth of the walk's time saved).
  describe.concurrent('in two lanes', () => {
    it('the visitor, the person and the enterprise: every public and personal page on a phone', WALK, async () => {
      expect(
        await inTurn([
          () => walk('anonymous', PHONE, publicRoutes),
          // At 1440 px the same pages differ by their frame only (the full navigation, the footer's columns, the
          // dashboard's stage): the first page of each public area is enough there.
          () => walk('anonymous', DESK, firstOfEachArea),
          () => walk('person', PHONE, personal),
          () => walk('enterprise', PHONE, personal),
          // Layouts hold in English and in elder mode too (each page of the visitor and of the enterprise, whose pages
          // are the person's and more): both at once, the widest case.
          () => walk('anonymous', PHONE, publicRoutes, { englishElder: true }),
          () => walk('enterprise', PHONE, personal, { englishElder: true }),
        ]),
      ).toEqual([]);
    });

    // The three supervisors share their client's pages: each page is walked by the first account that may open it, so
    // the finance and human-resources bureaus walk only the pages the city's supervisor may not (their chain and
    // guarantee pages). Every route is still walked by someone (the last test).
    it('the institutions at 1440 px: every page each session grants', WALK, async () => {
      expect(
        await inTurn(
          DEMO_ACCOUNTS.filter((a) => a.institutional).map(
            ({ username }) =>
              () =>
                walk(username, DESK, notYetWalked),
          ),
        ),
      ).toEqual([]);
    });
  });

  it('no route of the table is left unwalked', () => {
    expect(pages.map((r) => r.path).filter((p) => !visited.has(p) && !NOT_WALKED.includes(p))).toEqual([]);
  });
});
