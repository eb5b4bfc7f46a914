import { createBrowserRouter, redirect, type RouteObject } from 'react-router';
import type { ClientArea } from '@phjr/contract/orgs/resources';
import { requireSession } from '../lib/session.ts';
import { RouteFallback } from '../components/RouteFallback.tsx';
import { authUrlMapKeyFor } from './access.ts';
import { AppRoot } from './AppRoot.tsx';
import { RouteError } from './RouteError.tsx';
import { isClientArea, redirectTarget, type Area } from './route-defs.ts';
import type { RouteHandle } from './route-handle.ts';
import { ROUTE_TABLE, withChunkTimeout, type PageModule, type RouteEntry } from './route-table.tsx';

type LayoutKind = 'portal' | 'subsite' | 'dashboard' | 'client';

/** Layouts load lazily too: the portal never downloads the client shell, and the reverse. */
const LAYOUTS: Record<LayoutKind, () => Promise<PageModule>> = {
  portal: withChunkTimeout(() => import('../layouts/PortalLayout.tsx'), 'PortalLayout'),
  subsite: withChunkTimeout(() => import('../layouts/SubsiteLayout.tsx'), 'SubsiteLayout'),
  dashboard: withChunkTimeout(() => import('../layouts/DashboardLayout.tsx'), 'DashboardLayout'),
  client: withChunkTimeout(() => import('../layouts/ClientShell.tsx'), 'ClientShell'),
};

const lazyComponent = (load: () => Promise<PageModule>) => async () => ({ Component: (await load()).default });

function pageRoute(e: RouteEntry): RouteObject {
  const handle: RouteHandle = { def: e };
  return { path: e.path!, handle, lazy: lazyComponent(e.page$!) };
}

function redirectRoute(e: RouteEntry): RouteObject {
  const handle: RouteHandle = { def: e };
  // element null: the loader always redirects, so the route never renders anything.
  return {
    path: e.path!,
    handle,
    element: null,
    loader: ({ request }) => redirect(redirectTarget(e, new URL(request.url).search)),
  };
}

function layoutOf(area: Area): LayoutKind | null {
  if (area === 'portal') return 'portal';
  if (area === 'subsite') return 'subsite';
  if (area === 'achievement-display') return 'dashboard';
  if (isClientArea(area)) return 'client';
  return null;
}

/**
 * The session check of a client area (SPEC 4): without a live session the login redirect starts (persons and
 * enterprises to the personal SSO page, institutions to the welcome page) and null is returned. Resource checks
 * happen in the shell on every navigation; this loader runs when the area is entered.
 */
export function clientAreaLoader(area: ClientArea) {
  return () => requireSession({ authUrlMapKey: authUrlMapKeyFor(area) });
}

/** react-router route objects from the route table, grouped under their lazily loaded layouts. */
export function buildRoutes(table: readonly RouteEntry[] = ROUTE_TABLE): RouteObject[] {
  const top: RouteObject[] = [];
  const groups = new Map<string, { kind: LayoutKind; area: Area; children: RouteObject[] }>();
  for (const e of table) {
    if (!e.path) continue; // external links live in menus only
    if (e.redirect) {
      top.push(redirectRoute(e));
      continue;
    }
    const kind = layoutOf(e.area);
    if (!kind) {
      top.push(pageRoute(e));
      continue;
    }
    const key = kind === 'client' ? `client:${e.area}` : kind;
    let group = groups.get(key);
    if (!group) {
      group = { kind, area: e.area, children: [] };
      groups.set(key, group);
    }
    group.children.push(pageRoute(e));
  }
  for (const [key, g] of groups) {
    const route: RouteObject = { id: key, lazy: lazyComponent(LAYOUTS[g.kind]), children: g.children };
    if (g.kind === 'client' && isClientArea(g.area)) {
      route.loader = clientAreaLoader(g.area);
      // The session was checked on entry; API calls catch a session that ends later (SPEC 8).
      route.shouldRevalidate = () => false;
    }
    top.push(route);
  }
  return [
    {
      id: 'root',
      Component: AppRoot,
      errorElement: <RouteError />,
      hydrateFallbackElement: <RouteFallback />,
      children: top,
    },
  ];
}

export function createAppRouter() {
  return createBrowserRouter(buildRoutes());
}
