import type { ComponentType } from 'react';
import { ROUTE_DEFS, type RouteDef } from './route-defs.ts';

/**
 * The route table: every entry of route-defs.ts (path, area, title key, icon name, resource, hidden flag, redirect)
 * with its lazily loaded page attached. The router is built from it (router.tsx); the client menus and breadcrumbs
 * read the same entries; their icon components live in route-icons.tsx (ROUTE_ICONS) so that only the screens
 * showing icons load them.
 */
export type PageModule = { default: ComponentType };
export type LazyPage = () => Promise<PageModule>;

// Pages of one feature live in that feature; pages that compose several features live here in app/pages.
const PAGE_MODULES = import.meta.glob<PageModule>(['../features/*/pages/*.tsx', './pages/*.tsx']);

/** Where a page id (`content/pages/NewsPage`, `app/pages/HomePage`) is found, relative to this file. */
export function pageModulePath(page: string): string {
  return page.startsWith('app/') ? `./${page.slice('app/'.length)}.tsx` : `../features/${page}.tsx`;
}

/** SPEC 8: a script chunk that has not arrived after 120 s counts as failed (the error page offers a reload). */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

export class ChunkLoadTimeoutError extends Error {
  constructor(what: string) {
    super(`Loading ${what} timed out`);
    this.name = 'ChunkLoadTimeoutError';
  }
}

export function withChunkTimeout<T>(load: () => Promise<T>, what: string): () => Promise<T> {
  return () =>
    new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => reject(new ChunkLoadTimeoutError(what)), CHUNK_LOAD_TIMEOUT_MS);
      load().then(
        (m) => {
          clearTimeout(timer);
          resolve(m);
        },
        (err: unknown) => {
          clearTimeout(timer);
          reject(err);
        },
      );
    });
}

export interface RouteEntry extends RouteDef {
  /** Loads the page's module (its own chunk); null for redirects and external links. */
  page$: LazyPage | null;
}

function lazyPage(def: RouteDef): LazyPage | null {
  if (!def.page) return null;
  const load = PAGE_MODULES[pageModulePath(def.page)];
  if (!load) throw new Error(`Route ${def.path}: page module ${def.page}.tsx not found`);
  return withChunkTimeout(load, def.page);
}

export const ROUTE_TABLE: readonly RouteEntry[] = ROUTE_DEFS.map((def) => ({ ...def, page$: lazyPage(def) }));
