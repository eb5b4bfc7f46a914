import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ALL_RESOURCES, CLIENT_AREAS, CLIENT_RESOURCES } from '@phjr/contract/orgs/resources';
import { clientAccess, homePathFor } from '../src/app/access.ts';
import {
  ROUTE_DEFS,
  breadcrumbsFor,
  findDef,
  isClientArea,
  menuFor,
  redirectTarget,
  toRouterPath,
  type RouteDef,
} from '../src/app/route-defs.ts';
import { ROUTE_TABLE } from '../src/app/route-table.tsx';
import enRoutes from '../src/locales/en-US/routes.ts';
import zhRoutes from '../src/locales/zh-CN/routes.ts';

interface SpecRoute {
  path: string | null;
  area: string;
  redirectTo: string | null;
  hidden: boolean;
  external: boolean;
  query?: Record<string, string>;
}

// apps/web/test → the repository root → spec/routes.json (a copy of the spec inventory, see spec/README.md)
const specUrl = new URL('../../../spec/routes.json', import.meta.url);
const spec: SpecRoute[] = JSON.parse(readFileSync(specUrl, 'utf8'));

function lookup(obj: unknown, key: string): unknown {
  return key
    .split('.')
    .reduce<unknown>((o, k) => (o && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined), obj);
}

const routed = ROUTE_DEFS.filter((d): d is RouteDef & { path: string } => d.path !== null);

describe('route table vs routes.json', () => {
  it('has 142 spec entries to cover', () => {
    expect(spec).toHaveLength(142);
  });

  it('contains every non-external spec path', () => {
    for (const r of spec.filter((s) => !s.external)) {
      expect(findDef(toRouterPath(r.path!))?.path, r.path!).toBe(toRouterPath(r.path!));
    }
  });

  it('turns the external first-loan centre into an external link entry', () => {
    const externals = spec.filter((s) => s.external);
    const defs = ROUTE_DEFS.filter((d) => d.external);
    expect(defs).toHaveLength(externals.length);
    for (const d of defs) expect(d.path).toBeNull();
  });

  it('honours every redirect of the spec, with its query', () => {
    for (const r of spec.filter((s) => s.redirectTo)) {
      const d = findDef(toRouterPath(r.path!))!;
      const target = new URL(redirectTarget(d, ''), 'http://x');
      expect(target.pathname, r.path!).toBe(r.redirectTo);
      for (const [k, v] of Object.entries(r.query ?? {})) expect(target.searchParams.get(k), r.path!).toBe(v);
    }
  });

  it('redirects the section roots and aliases the brief names', () => {
    const expected: Record<string, string> = {
      '/': '/home',
      '/operateClient': '/operateClient/home',
      '/userClient': '/userClient/home',
      '/userClient/hall': '/',
      '/financialInstitution': '/financialInstitution/home',
      '/guaranteePlatform': '/guaranteePlatform/home',
      '/supervisionClient': '/supervisionClient/home',
      '/supervisionClient/report': '/supervisionClient/report/region',
      '/financialChain': '/financialChain/home',
      '/govermentChain': '/govermentChain/home',
      '/achievement-display': '/achievement-display/financial-hall/cityOverview',
      '/achievement-display/cityOverview': '/achievement-display/financial-hall/cityOverview?isHall=true',
      '/achievement-display/financial-hall': '/achievement-display/financial-hall/cityOverview?isHall=true',
      '/achievement-display/secured-financing': '/achievement-display/secured-financing/cydbd',
      '/to-achievement-display': '/achievement-display/financial-hall/cityOverview',
      '/subsite': '/subsite/home',
    };
    for (const [from, to] of Object.entries(expected)) expect(findDef(from)?.redirect, from).toBe(to);
    expect(redirectTarget(findDef('/subsite')!, '?city=330102')).toBe('/subsite/home?city=330102');
  });

  it('keeps the spec hidden flags', () => {
    for (const r of spec.filter((s) => !s.external)) {
      expect(findDef(toRouterPath(r.path!))!.hidden, r.path!).toBe(r.hidden);
    }
  });

  it('lists /supermarket and /credit once, serving the portal and (with ?city=) the district site', () => {
    for (const path of ['/supermarket', '/credit']) {
      const defs = routed.filter((d) => d.path === path);
      expect(defs).toHaveLength(1);
      expect(defs[0].districtScoped).toBe(true);
    }
  });

  it('has unique paths, and every entry is either a page or a redirect', () => {
    const paths = routed.map((d) => d.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const d of routed) expect(Boolean(d.page) !== Boolean(d.redirect), d.path).toBe(true);
  });

  it('adds the SSO, exception and not-found routes', () => {
    for (const path of ['/sso/login', '/sso/welcome', '/exception', '*'])
      expect(findDef(path)?.page, path).toBeTruthy();
  });
});

describe('resources', () => {
  it('gives every client route its own path as resource, and nothing else a resource', () => {
    for (const d of routed) {
      if (isClientArea(d.area)) {
        expect(d.resource, d.path).toBe(d.path);
        expect(d.path.startsWith(`/${d.area}`), d.path).toBe(true);
      } else expect(d.resource, d.path).toBeNull();
    }
  });

  it('matches CLIENT_RESOURCES both ways', () => {
    const fromTable = routed.filter((d) => d.resource).map((d) => d.resource!);
    expect([...fromTable].sort()).toEqual([...ALL_RESOURCES].sort());
    for (const area of CLIENT_AREAS) {
      const ofArea = routed.filter((d) => d.area === area).map((d) => d.path);
      expect([...ofArea].sort(), area).toEqual([...CLIENT_RESOURCES[area]].sort());
    }
  });
});

describe('titles, descriptions and pages', () => {
  it('has every title key in zh-CN and en-US', () => {
    for (const d of ROUTE_DEFS) {
      expect(typeof lookup(zhRoutes, d.titleKey), `zh ${d.titleKey}`).toBe('string');
      expect(typeof lookup(enRoutes, d.titleKey), `en ${d.titleKey}`).toBe('string');
    }
  });

  it('has a description for every page in both languages, free of placeholder words', () => {
    const banned = /TODO|建设中|敬请期待|coming soon/i;
    for (const d of routed.filter((r) => r.page && !r.page.startsWith('auth/'))) {
      const key = d.titleKey.replace(/^title\./, 'desc.');
      for (const [lang, res] of [
        ['zh', zhRoutes],
        ['en', enRoutes],
      ] as const) {
        const text = lookup(res, key);
        expect(typeof text, `${lang} ${key}`).toBe('string');
        expect(banned.test(text as string), `${lang} ${key}`).toBe(false);
      }
    }
  });

  it('has the same keys in both languages', () => {
    const keys = (o: unknown, prefix = ''): string[] =>
      Object.entries(o as Record<string, unknown>).flatMap(([k, v]) =>
        typeof v === 'object' && v ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`],
      );
    expect(keys(enRoutes).sort()).toEqual(keys(zhRoutes).sort());
  });

  it('has a page module for every page entry, in a feature pages folder (or app/pages when it composes features)', () => {
    for (const d of routed.filter((r) => r.page)) {
      expect(d.page, d.path).toMatch(/^[a-z]+\/pages\/[A-Z]\w+Page$/);
      const where = d.page!.startsWith('app/') ? `../src/${d.page}.tsx` : `../src/features/${d.page}.tsx`;
      const file = fileURLToPath(new URL(where, import.meta.url));
      expect(existsSync(file), file).toBe(true);
    }
  });

  it('loads every page through the route table, feature pages and the app pages that compose features alike', () => {
    // route-table.tsx throws on import when a page id has no module; this also checks the lazy loader is attached.
    const pages = ROUTE_TABLE.filter((r) => r.page);
    expect(pages.length).toBeGreaterThan(100);
    for (const r of pages) expect(typeof r.page$, r.page!).toBe('function');
    expect(pages.some((r) => r.page!.startsWith('app/pages/'))).toBe(true);
  });

  it('uses a page domain from the agreed list', () => {
    const domains = new Set([
      'auth',
      'orgs',
      'products',
      'demands',
      'guarantee',
      'chains',
      'content',
      'files',
      'credit',
      'farmers',
      'shelter',
      'stats',
      'notify',
      'audit',
      'system',
    ]);
    for (const d of routed.filter((r) => r.page && !r.page.startsWith('app/')))
      expect(domains.has(d.page!.split('/')[0]), d.page!).toBe(true);
  });
});

describe('menus, breadcrumbs and the guard', () => {
  const all = [...ALL_RESOURCES];

  it('builds a client menu from the visible entries the user holds', () => {
    const menu = menuFor('operateClient', all);
    const items = menu.flatMap((n) => (n.kind === 'item' ? [n.def] : n.children));
    expect(items.some((d) => d.path === '/operateClient/home')).toBe(true);
    expect(items.some((d) => d.hidden)).toBe(false);
    expect(items.some((d) => d.path === '/operateClient')).toBe(false);
    expect(menuFor('operateClient', ['/operateClient/home'])).toHaveLength(1);
    expect(
      menuFor('supervisionClient', all).flatMap((n) =>
        n.kind === 'item' ? [n.def.path] : n.children.map((c) => c.path),
      ),
    ).not.toContain('/supervisionClient/report');
  });

  it('offers the way back from the chain clients', () => {
    const fc = menuFor('financialChain', all).flatMap((n) => (n.kind === 'item' ? [n.def.path] : []));
    expect(fc).toContain('/financialChain/financialInstitution/home');
  });

  it('builds breadcrumbs from the table', () => {
    const crumbs = breadcrumbsFor('/operateClient/demand/makeup/importRecord');
    expect(crumbs.map((c) => c.titleKey)).toEqual([
      'area.operateClient',
      'group.demand',
      'title.operateClient.demandMakeup',
      'title.operateClient.demandMakeupImportRecord',
    ]);
    expect(crumbs[0].to).toBe('/operateClient/home');
    expect(breadcrumbsFor('/userClient/home')).toHaveLength(1);
  });

  it('sends users without a session to the right login and others without the resource to /403', () => {
    const def = findDef('/userClient/home');
    expect(clientAccess('userClient', def, null)).toEqual({ kind: 'login', authUrlMapKey: 'nonPlatform' });
    expect(clientAccess('operateClient', findDef('/operateClient/home'), null)).toEqual({
      kind: 'login',
      authUrlMapKey: 'platform',
    });
    expect(clientAccess('userClient', def, { resourceList: ['/userClient/home'] })).toEqual({ kind: 'ok' });
    expect(clientAccess('userClient', def, { resourceList: ['/operateClient/home'] })).toEqual({ kind: 'forbidden' });
  });

  it('finds the home of each role', () => {
    const user = (account: string, classified: string | null, org: string | null = null) =>
      ({
        accountType: { code: account, name: '' },
        classifiedOrgTypeEnum: classified ? { code: classified, name: '' } : null,
        orgTypeEnum: org ? { code: org, name: '' } : null,
      }) as Parameters<typeof homePathFor>[0];
    expect(homePathFor(null)).toBe('/home');
    expect(homePathFor(user('PLATFORM', 'PLATFORM', 'ROOT'))).toBe('/operateClient');
    expect(homePathFor(user('BANK', 'BANK'))).toBe('/financialInstitution');
    expect(homePathFor(user('PERSON', null))).toBe('/userClient');
  });
});
