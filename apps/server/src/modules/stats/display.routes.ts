import type { FastifyInstance } from 'fastify';
import { displayOps } from '@phjr/contract/stats/reports';
import type { AppDeps } from '../../deps.ts';
import { routeOperation } from '../../lib/operation-route.ts';

/**
 * The achievement display's public figures (docs/statistics.md "Achievement display"). Every open dashboard polls
 * them: answers are kept in the read cache like the homepage overview's, dropped by any committed change to demands.
 */
export async function displayRoutes(app: FastifyInstance, deps: AppDeps) {
  const svc = deps.display;
  const tags = ['stats'];
  routeOperation(app, displayOps.overview, (req) => deps.readCache.get(req.url, () => svc.overview()), {
    tags,
    asReturned: true,
  });
  routeOperation(app, displayOps.districts, (req) => deps.readCache.get(req.url, () => svc.districts()), { tags });
  routeOperation(app, displayOps.organizations, (req) => deps.readCache.get(req.url, () => svc.organizations()), {
    tags,
  });
  routeOperation(app, displayOps.secured, (req) => deps.readCache.get(req.url, () => svc.secured()), { tags });
}
