import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope } from '@phjr/contract/envelope';
import { ZHomepageOverview } from '@phjr/contract/stats/homepage-overview';
import type { AppDeps } from '../../deps.ts';
import { ok } from '../../lib/reply.ts';
import { createStatsService } from './stats.service.ts';

/** Statistics the portal shows (definitions in docs/statistics.md). */
export async function statsRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const svc = createStatsService(deps.db);

  // SPEC section 7.
  r.get(
    '/finance/portal/statistics/portal/getHomepageTotalOverviewData.json',
    { config: { auth: 'public' }, schema: { tags: ['stats'], response: { 200: envelope(ZHomepageOverview) } } },
    async (req) => ok(await deps.readCache.get(req.url, () => svc.homepageOverview())),
  );
}
