import type { FastifyInstance } from 'fastify';
import { orgsOps } from '@phjr/contract/orgs/orgs-ops';
import { routeOperation } from '../../lib/operation-route.ts';
import { sessionOf } from '../../plugins/auth.ts';
import type { OrgsService } from './orgs.service.ts';

export async function orgsRoutes(app: FastifyInstance, opts: { orgs: OrgsService }) {
  const { orgs } = opts;
  const tags = ['orgs'];

  routeOperation(app, orgsOps.userInfo, async (req) => orgs.userInfo(sessionOf(req)), { tags });
  routeOperation(app, orgsOps.userById, async (req) => orgs.userById(sessionOf(req), req.query.userId), { tags });
  routeOperation(app, orgsOps.chainAccess, async (req) => sessionOf(req).chainAccess, { tags });
  routeOperation(app, orgsOps.regions, async () => orgs.regions(), { tags });
}
