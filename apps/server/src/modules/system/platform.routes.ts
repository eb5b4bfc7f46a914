import type { FastifyInstance } from 'fastify';
import { systemOps } from '@phjr/contract/system/system-ops';
import type { AppDeps } from '../../deps.ts';
import { routeOperation } from '../../lib/operation-route.ts';
import { sessionOf } from '../../plugins/auth.ts';

/** Routes of system settings and the holiday calendar (Platform → configure). */
export async function platformRoutes(app: FastifyInstance, deps: AppDeps) {
  const { platform } = deps;
  const tags = ['system'];
  const actor = (req: { ip: string } & Parameters<typeof sessionOf>[0]) => ({
    userId: sessionOf(req).userId,
    ip: req.ip,
  });

  routeOperation(app, systemOps.saveSettings, async (req) => platform.saveSettings(actor(req), req.body), { tags });
  routeOperation(app, systemOps.holidays, async (req) => platform.holidays(req.query.year), { tags });
  routeOperation(
    app,
    systemOps.saveHoliday,
    async (req) => {
      await platform.saveHoliday(actor(req), req.body);
      return null;
    },
    { tags },
  );
  routeOperation(
    app,
    systemOps.removeHoliday,
    async (req) => {
      await platform.removeHoliday(actor(req), req.body.day);
      return null;
    },
    { tags },
  );
}
