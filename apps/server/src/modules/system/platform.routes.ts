import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@phjr/contract/envelope';
import { ZHolidayListQuery, ZHolidayListResponse, ZRemoveHolidayRequest, ZSaveHolidayRequest } from '@phjr/contract/system/holidays';
import { ZSaveSettingsRequest } from '@phjr/contract/system/save-settings';
import { ZSystemSettings } from '@phjr/contract/system/settings';
import type { AppDeps } from '../../deps.ts';
import { ok } from '../../lib/reply.ts';
import { sessionOf } from '../../plugins/auth.ts';

/** Routes of system settings and the holiday calendar (Platform → configure). */
export async function platformRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { platform } = deps;
  const tags = ['system'];
  const actor = (req: { ip: string } & Parameters<typeof sessionOf>[0]) => ({ userId: sessionOf(req).userId, ip: req.ip });

  r.post(
    '/finance/system/config/save.json',
    { config: { auth: { permission: 'config:manage' } }, schema: { tags, body: ZSaveSettingsRequest, response: { 200: envelope(ZSystemSettings) } } },
    async (req) => ok(await platform.saveSettings(actor(req), req.body)),
  );

  r.get(
    '/finance/system/holiday/list.json',
    { config: { auth: { permission: 'config:read' } }, schema: { tags, querystring: ZHolidayListQuery, response: { 200: envelope(ZHolidayListResponse) } } },
    async (req) => ok(await platform.holidays(req.query.year)),
  );

  r.post(
    '/finance/system/holiday/save.json',
    { config: { auth: { permission: 'config:manage' } }, schema: { tags, body: ZSaveHolidayRequest, response: { 200: envelope(z.null()) } } },
    async (req) => {
      await platform.saveHoliday(actor(req), req.body);
      return ok(null);
    },
  );

  r.post(
    '/finance/system/holiday/remove.json',
    { config: { auth: { permission: 'config:manage' } }, schema: { tags, body: ZRemoveHolidayRequest, response: { 200: envelope(z.null()) } } },
    async (req) => {
      await platform.removeHoliday(actor(req), req.body.day);
      return ok(null);
    },
  );
}
