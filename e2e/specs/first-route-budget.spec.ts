import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { newPage, useBrowser } from '../fixtures.ts';

/** ENGINEERING.md: the first route of the portal loads at most 300 KB of gzipped JavaScript. */
const BUDGET_KB = 300;

const browser = useBrowser();

describe('the portal first route', () => {
  it(`loads at most ${BUDGET_KB} KB of gzipped JavaScript, sent compressed`, async () => {
    const { context, page } = await newPage(browser());
    const scripts: { url: string; raw: number; gzip: number; encoding: string }[] = [];
    page.on('response', async (res) => {
      if (res.request().resourceType() !== 'script') return;
      const body = await res.body();
      scripts.push({
        url: res.url(),
        raw: body.length,
        gzip: zlib.gzipSync(body, { level: 9 }).length,
        encoding: (await res.allHeaders())['content-encoding'] ?? '',
      });
    });
    await page.goto('/home', { waitUntil: 'networkidle' });
    await page.getByRole('navigation').first().waitFor();
    await context.close();
    const totalKb = scripts.reduce((n, s) => n + s.gzip, 0) / 1024;
    console.log(`first route: ${scripts.length} scripts, ${totalKb.toFixed(1)} KB gzipped`);
    expect(scripts.length).toBeGreaterThan(0);
    expect(totalKb).toBeLessThanOrEqual(BUDGET_KB);
    // Files under 1 KB are not worth compressing; every other script comes compressed from disk.
    for (const s of scripts.filter((x) => x.raw >= 1024)) expect(s.encoding, s.url).toMatch(/br|gzip/);
  });
});
