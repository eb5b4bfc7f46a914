import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@phjr/contract/envelope';
import { ZEnumResponse } from '@phjr/contract/system/enums';
import { ZSysImagesResponse } from '@phjr/contract/system/sys-images';
import { ZPublicLinks, ZSystemSettings } from '@phjr/contract/system/settings';
import { ok } from '../../lib/reply.ts';
import type { SystemService } from './system.service.ts';

export async function systemRoutes(app: FastifyInstance, opts: { system: SystemService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { system } = opts;
  const tags = ['system'];

  r.get(
    '/finance/portal/system/sysImageInfo/getAllPcSimpleImages',
    { config: { auth: 'public' }, schema: { tags, response: { 200: envelope(ZSysImagesResponse) } } },
    async () => ok(await system.images()),
  );

  r.get(
    '/anon/finance/enumMeta/getEnumBySimpleName/:name',
    {
      config: { auth: 'public' },
      schema: { tags, params: z.object({ name: z.string().min(1).max(64) }), response: { 200: envelope(ZEnumResponse) } },
    },
    async (req) => ok(await system.enumByName(req.params.name)),
  );

  r.get(
    '/finance/system/config/get.json',
    { config: { auth: { permission: 'config:read' } }, schema: { tags, response: { 200: envelope(ZSystemSettings) } } },
    async () => ok(await system.settings()),
  );

  r.get('/finance/portal/system/links.json', { config: { auth: 'public' }, schema: { tags, response: { 200: envelope(ZPublicLinks) } } }, async () =>
    ok(await system.links()),
  );
}
