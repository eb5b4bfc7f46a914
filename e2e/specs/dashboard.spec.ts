import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  DISPLAY_DESIGN,
  DISPLAY_REFRESH_SECONDS,
  type DisplayDistricts,
  type DisplayOrganizations,
  type DisplayOverview,
  type DisplaySecured,
} from '@phjr/contract/stats/reports';
import { newPage, screenshot, useBrowser } from '../fixtures.ts';

/**
 * The achievement display (issue 16): each of the five pages at the design size and at a common laptop size. Every
 * chart has drawn (an SVG with shapes in each chart box), no page logs an error, the 1920×1080 stage is scaled to
 * fit the window with its aspect kept, and each headline tile shows the number of the display endpoint (fetched
 * here, written the way the display writes it). A refresh reuses the chart instances.
 */

const browser = useBrowser();

type Kind = 'count' | 'amount' | 'percent' | 'days';
type Tiles = Record<string, [Kind, number | null]>;
const sum = <T>(rows: T[], pick: (r: T) => number) => Math.round(rows.reduce((n, r) => n + pick(r), 0) * 100) / 100;

const PAGES: { name: string; path: string; api: string; tiles: (data: never) => Tiles }[] = [
  {
    name: 'cityOverview',
    path: '/achievement-display/financial-hall/cityOverview',
    api: '/finance/stats/display/overview.json',
    tiles: ({ headline: h }: DisplayOverview) => ({
      amountGranted: ['amount', h.amountGranted],
      amountDemanded: ['amount', h.amountDemanded],
      demands: ['count', h.demands],
      successRate: ['percent', h.successRate],
      grantDaysAvg: ['days', h.grantDaysAvg],
      firstLoan: ['count', h.firstLoan],
      enterprises: ['count', h.enterprises],
      banks: ['count', h.banks],
      products: ['count', h.products],
      chainsFinanced: ['count', h.chainsFinanced],
      shelterRecovered: ['count', h.shelterRecovered],
    }),
  },
  {
    name: 'districts',
    path: '/achievement-display/financial-hall/districts',
    api: '/finance/stats/display/districts.json',
    tiles: ({ rows }: DisplayDistricts) => ({
      districts: ['count', rows.length],
      counted: ['count', sum(rows, (r) => r.counted)],
      countedAmount: ['amount', sum(rows, (r) => r.countedAmount)],
      granted: ['count', sum(rows, (r) => r.granted)],
      grantedAmount: ['amount', sum(rows, (r) => r.grantedAmount)],
      firstLoan: ['count', sum(rows, (r) => r.firstLoan)],
    }),
  },
  {
    name: 'financial-organization',
    path: '/achievement-display/financial-hall/financial-organization',
    api: '/finance/stats/display/organizations.json',
    tiles: ({ rows }: DisplayOrganizations) => ({
      banks: ['count', rows.length],
      accepted: ['count', sum(rows, (r) => r.accepted)],
      granted: ['count', sum(rows, (r) => r.granted)],
      grantedAmount: ['amount', sum(rows, (r) => r.grantedAmount)],
    }),
  },
  {
    name: 'cydbd',
    path: '/achievement-display/secured-financing/cydbd',
    api: '/finance/stats/display/secured.json',
    tiles: ({ cydbd: c }: DisplaySecured) => ({
      applied: ['count', c.applied],
      appliedAmount: ['amount', c.appliedAmount],
      accepted: ['count', c.accepted],
      granted: ['count', c.granted],
      grantedAmount: ['amount', c.grantedAmount],
      grantRate: ['percent', c.grantRate === null ? null : Math.round(c.grantRate * 1000) / 10],
      rejected: ['count', c.rejected],
      firstLoan: ['count', c.firstLoan],
    }),
  },
  {
    name: 'guarantee',
    path: '/achievement-display/secured-financing/guarantee',
    api: '/finance/stats/display/secured.json',
    tiles: ({ companies }: DisplaySecured) => ({
      companies: ['count', companies.length],
      applied: ['count', sum(companies, (r) => r.applied)],
      guaranteed: ['count', sum(companies, (r) => r.guaranteed)],
      guaranteedAmount: ['amount', sum(companies, (r) => r.guaranteedAmount)],
      granted: ['count', sum(companies, (r) => r.granted)],
      grantedAmount: ['amount', sum(companies, (r) => r.grantedAmount)],
    }),
  },
];

/** The design's screen; other window sizes: the rescaling test below, and a phone (stacked, the last test). */
const VIEWPORTS = [{ width: 1920, height: 1080 }];

/** How a tile writes a number in zh-CN (UI.md: amounts from 1 亿元 on in 亿元, else 万元; two decimals). */
function written(kind: Kind, v: number | null): string {
  if (v === null) return '-';
  const n = (x: number, d: number, fixed = true) =>
    new Intl.NumberFormat('zh-CN', { maximumFractionDigits: d, minimumFractionDigits: fixed ? d : 0 }).format(x);
  if (kind === 'count') return n(v, 0, false);
  if (kind === 'amount') return v >= 10_000 ? `${n(v / 10_000, 2)}亿元` : `${n(v, 2)}万元`;
  if (kind === 'percent') return `${n(v, 1)}%`;
  return `${n(v, 1)}个工作日`;
}

/** Per chart box: how many SVG shapes it holds (0 = not drawn). */
function chartShapes(page: Page): Promise<number[]> {
  return page.$$eval('.phjr-display-chart', (boxes) =>
    boxes.map((b) => b.querySelectorAll('svg path, svg text, svg rect').length),
  );
}

function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(String(e)));
  return errors;
}

async function openDashboard(page: Page, path: string) {
  await page.goto(path);
  await page.locator('.phjr-display-panel h2').first().waitFor();
}

describe('the achievement display', () => {
  for (const viewport of VIEWPORTS) {
    for (const p of PAGES) {
      it(`${p.name} at ${viewport.width}×${viewport.height}: charts drawn, stage fitted, headline figures equal the API's`, async () => {
        const { context, page } = await newPage(browser(), viewport);
        const errors = collectErrors(page);
        await openDashboard(page, p.path);

        // Every chart has drawn, and no panel is left without figures on the demo data.
        await expect.poll(async () => (await chartShapes(page)).length, { timeout: 20_000 }).toBeGreaterThan(0);
        await expect.poll(async () => (await chartShapes(page)).every((n) => n > 0), { timeout: 20_000 }).toBe(true);
        expect(await page.locator('.phjr-display-empty').count()).toBe(0);
        expect(await page.locator('.phjr-display-panel[aria-busy]').count()).toBe(0);

        // The stage: the whole 1920×1080 design inside the window, aspect kept, touching it on one side.
        const box = (await page.locator('.phjr-dash-stage').boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(-0.5);
        expect(box.y).toBeGreaterThanOrEqual(-0.5);
        expect(box.x + box.width).toBeLessThanOrEqual(viewport.width + 0.5);
        expect(box.y + box.height).toBeLessThanOrEqual(viewport.height + 0.5);
        expect(box.width / box.height).toBeCloseTo(DISPLAY_DESIGN.width / DISPLAY_DESIGN.height, 2);
        expect(Math.max(box.width / viewport.width, box.height / viewport.height)).toBeCloseTo(1, 2);

        // The headline figures: the endpoint's numbers, as the tiles write them (after counting up).
        const res = await page.request.get(p.api);
        expect(res.ok()).toBe(true);
        const tiles = p.tiles((await res.json()).data as never);
        expect(await page.locator('[data-kpi]').count()).toBe(Object.keys(tiles).length);
        for (const [key, [kind, value]] of Object.entries(tiles)) {
          const tile = page.locator(`[data-kpi="${key}"]`);
          await expect
            .poll(
              () =>
                tile
                  .locator('.phjr-display-kpi-value')
                  .innerText()
                  .then((s) => s.replace(/\s+/g, '')),
              { timeout: 10_000 },
            )
            .toBe(written(kind, value));
          expect(await tile.getAttribute('data-value')).toBe(value === null ? '' : String(value));
        }

        // The title bar says when the figures were read.
        await expect
          .poll(() => page.locator('.phjr-dash-asof').getAttribute('data-as-of'))
          .toMatch(/^\d{4}-\d{2}-\d{2}T/);
        if (viewport.width === 1920) await screenshot(page, `dash-${p.name}`);
        expect(errors).toEqual([]);
        await context.close();
      });
    }
  }

  it('on a phone stands its panels one under the other, at a readable size, with every chart drawn (issue 32)', async () => {
    const { context, page } = await newPage(browser(), { width: 375, height: 812 });
    await openDashboard(page, PAGES[0].path);
    await page.locator('.phjr-dash.is-stacked').waitFor();
    await expect
      .poll(async () => {
        const shapes = await chartShapes(page);
        return shapes.length > 0 && shapes.every((n) => n > 0);
      })
      .toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(375);
    const panels = await page
      .locator('.phjr-display-panel')
      .evaluateAll((els) =>
        els.map((el) => el.getBoundingClientRect()).map((r) => ({ left: r.left, right: r.right, top: r.top })),
      );
    // One column: every panel within the screen's width, each below the one before.
    for (const [i, p] of panels.entries()) {
      expect(p.left).toBeGreaterThanOrEqual(0);
      expect(p.right).toBeLessThanOrEqual(375);
      if (i > 0) expect(p.top).toBeGreaterThan(panels[i - 1]!.top);
    }
    const number = page.locator('.phjr-display-kpi-number').first();
    expect(await number.evaluate((el) => parseFloat(getComputedStyle(el).fontSize))).toBeGreaterThanOrEqual(24);
    await screenshot(page, 'dash-phone', { fullPage: true });
    await context.close();
  });

  it('rescales the stage when the window changes size, and the charts follow', async () => {
    const { context, page } = await newPage(browser(), VIEWPORTS[0]);
    await openDashboard(page, PAGES[1].path);
    await expect
      .poll(async () => (await chartShapes(page)).every((n) => n > 0) && (await chartShapes(page)).length > 0, {
        timeout: 20_000,
      })
      .toBe(true);
    for (const size of [
      { width: 1280, height: 1024 },
      { width: 2560, height: 1080 },
    ]) {
      await page.setViewportSize(size);
      await expect
        .poll(async () => {
          const b = (await page.locator('.phjr-dash-stage').boundingBox())!;
          return (
            b.x >= -0.5 &&
            b.y >= -0.5 &&
            b.x + b.width <= size.width + 0.5 &&
            b.y + b.height <= size.height + 0.5 &&
            Math.abs(Math.max(b.width / size.width, b.height / size.height) - 1) < 0.01
          );
        })
        .toBe(true);
      expect((await chartShapes(page)).every((n) => n > 0)).toBe(true);
    }
    await context.close();
  });

  it('refreshes by itself on the same chart instances (nothing re-created)', async () => {
    const { context, page } = await newPage(browser(), VIEWPORTS[0]);
    const errors = collectErrors(page);
    // The page's own clock, so the minute until the refresh passes in one step instead of being waited out: time runs
    // as usual until fastForward below jumps it.
    await page.clock.install();
    await openDashboard(page, PAGES[0].path);
    await expect
      .poll(async () => (await chartShapes(page)).every((n) => n > 0) && (await chartShapes(page)).length > 0, {
        timeout: 20_000,
      })
      .toBe(true);
    const before = await page.locator('.phjr-dash-asof').getAttribute('data-as-of');
    // Mark each chart's drawing surface: a re-created chart would come with a new one.
    const marked = await page.$$eval(
      '.phjr-display-chart svg',
      (svgs) => svgs.map((s) => s.setAttribute('data-e2e-mark', '1')).length,
    );
    expect(marked).toBeGreaterThan(0);
    const refreshed = page.waitForResponse((r) => r.url().includes('/finance/stats/display/overview.json'));
    await page.clock.fastForward(DISPLAY_REFRESH_SECONDS * 1000);
    await refreshed;
    await expect
      .poll(() => page.locator('.phjr-dash-asof').getAttribute('data-as-of'), { timeout: 10_000 })
      .not.toBe(before);
    expect(await page.locator('.phjr-display-chart svg[data-e2e-mark]').count()).toBe(marked);
    expect(await page.locator('.phjr-display-chart svg').count()).toBe(marked);
    expect(errors).toEqual([]);
    await context.close();
  });
});
