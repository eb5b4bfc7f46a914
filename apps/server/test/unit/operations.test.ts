import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { OPERATIONS } from '../operations.ts';

/**
 * Operations as data (docs/decisions.md): every call is declared once in packages/contract, and no API path is
 * written anywhere else in the web or server sources.
 */
const ROOT = fileURLToPath(new URL('../../../..', import.meta.url));
/**
 * Calls still written as paths: start-up and the portal's first route read them, and the first route must not load
 * zod's schemas (docs/decisions.md, "Operations as data"); the server serves each from its operation all the same.
 * `app.ts` names the API's top-level prefixes to tell API calls from pages of the web app.
 */
const EXCEPTIONS: Record<string, string[]> = {
  'apps/web/src/lib/session.ts': ['/zscms/user/getUserInfo.json', '/finance/portal/system/sysImageInfo/getAllPcSimpleImages', '/article/api/auth/list', '/isLogin', '/ssoserver/isLogin', '/doLoginByTicket', '/ssoserver/logout'],
  'apps/web/src/lib/request.ts': ['/getSsoAuthUrl', '/isLogin'],
  'apps/web/src/lib/enums.ts': ['/anon/finance/enumMeta/getEnumBySimpleName/'],
  'apps/web/src/components/use-regions.ts': ['/finance/region/list.json'],
  'apps/web/src/app/external-links.ts': ['/finance/portal/system/links.json'],
  'apps/web/src/features/products/api/portal-products.ts': ['/finance/portal/product/page.json'],
  'apps/web/src/features/content/api/portal-articles.ts': ['/article/api/portal/page.json', '/article/api/portal/detail.json'],
  'apps/web/src/features/content/api/portal-overview.ts': ['/finance/portal/statistics/portal/getHomepageTotalOverviewData.json'],
  'apps/web/src/features/content/api/portal-chain-articles.ts': ['/article/api/chain/pageData', '/article/api/chain/detail'],
  'apps/web/src/features/content/api/portal-achievements.ts': ['/finance/portal/achievement/list.json'],
  'apps/server/src/app.ts': ['/getSsoAuthUrl', '/doLoginByTicket', '/isLogin'],
};

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : /\.tsx?$/.test(name) ? [path] : [];
  });
}

/** The fixed part of a path: up to its first `:name` parameter. */
const fixedPart = (path: string) => path.split(':', 1)[0]!;

describe('operations', () => {
  it('are found in the contract, each method and path declared once', () => {
    expect(OPERATIONS.length).toBeGreaterThan(140);
    const keys = OPERATIONS.map((op) => `${op.method} ${op.path}`);
    expect(keys.filter((k, i) => keys.indexOf(k) !== i)).toEqual([]);
  });

  it('are the only place an API path is written in the web and server sources, apart from the listed exceptions', () => {
    const texts = ['apps/web/src', 'apps/server/src'].flatMap((dir) => files(join(ROOT, dir))).map((file) => ({ file: relative(ROOT, file), text: readFileSync(file, 'utf8') }));
    const paths = [...new Set(OPERATIONS.map((op) => fixedPart(op.path)))];
    const hits = texts.flatMap(({ file, text }) =>
      paths.filter((p) => new RegExp(`['\`"]${p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w.-])`).test(text) && !(EXCEPTIONS[file] ?? []).includes(p)).map((p) => `${p} in ${file}`),
    );
    expect(hits).toEqual([]);
    const stale = Object.entries(EXCEPTIONS).flatMap(([file, ps]) => ps.filter((p) => !texts.find((t) => t.file === file)?.text.includes(p)).map((p) => `${p} in ${file}`));
    expect(stale, 'exceptions no longer needed').toEqual([]);
  });

  it('are form-encoded where SPEC section 7 says so', () => {
    const spec = ['/doLoginByTicket', '/ssoserver/sms/sendSmsVerifyCode', '/ssoserver/sms/sendSmsVerifyCodeNoCodeValid'];
    expect(spec.map((path) => OPERATIONS.find((op) => op.path === path)?.encoding)).toEqual(['form', 'form', 'form']);
  });
});
