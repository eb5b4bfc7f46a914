import type { FastifyInstance } from 'fastify';
import { portalStatsOps } from '@phjr/contract/stats/homepage-overview';
import type { AppDeps } from '../../deps.ts';
import { routeOperation } from '../../lib/operation-route.ts';

/** Statistics the portal shows (definitions in docs/statistics.md). */
export async function statsRoutes(app: FastifyInstance, deps: AppDeps) {
  const svc = deps.stats;

  routeOperation(
    app,
    portalStatsOps.homepageOverview,
    (req) => deps.readCache.get(req.url, () => svc.homepageOverview()),
    { tags: ['stats'] },
  );
}
