import type { FastifyInstance } from 'fastify';
import { systemOps } from '@phjr/contract/system/system-ops';
import { routeOperation } from '../../lib/operation-route.ts';
import type { SystemService } from './system.service.ts';

export async function systemRoutes(app: FastifyInstance, opts: { system: SystemService }) {
  const { system } = opts;
  const tags = ['system'];

  routeOperation(app, systemOps.sysImages, async () => system.images(), { tags });
  routeOperation(app, systemOps.enumByName, async (req) => system.enumByName(req.params.name), { tags });
  routeOperation(app, systemOps.settings, async () => system.settings(), { tags });
  routeOperation(app, systemOps.links, async () => system.links(), { tags });
}
