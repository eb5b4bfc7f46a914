import { useMatches } from 'react-router';
import type { RouteDef } from './route-defs.ts';

/** What every route of the table carries as its react-router `handle`. */
export interface RouteHandle {
  def: RouteDef;
}

function isRouteHandle(h: unknown): h is RouteHandle {
  return typeof h === 'object' && h !== null && 'def' in h;
}

/** The route-table entry of the deepest matched route (the page being shown). */
export function useRouteDef(): RouteDef | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const h = matches[i].handle;
    if (isRouteHandle(h)) return h.def;
  }
  return undefined;
}
