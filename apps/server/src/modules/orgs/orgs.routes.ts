import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope } from '@phjr/contract/envelope';
import { ZChainAccessResponse, ZGetUserByIdQuery, ZGetUserInfoQuery, ZSsoUser, ZUserInfo } from '@phjr/contract/auth/user-info';
import { ZRegionListResponse } from '@phjr/contract/orgs/regions';
import { ok } from '../../lib/reply.ts';
import { sessionOf } from '../../plugins/auth.ts';
import type { OrgsService } from './orgs.service.ts';

export async function orgsRoutes(app: FastifyInstance, opts: { orgs: OrgsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { orgs } = opts;
  const tags = ['orgs'];

  r.get(
    '/zscms/user/getUserInfo.json',
    { config: { auth: 'session' }, schema: { tags, querystring: ZGetUserInfoQuery, response: { 200: envelope(ZUserInfo) } } },
    async (req) => ok(await orgs.userInfo(sessionOf(req))),
  );

  r.get(
    '/ssoserver/user/getUserById',
    { config: { auth: 'session' }, schema: { tags, querystring: ZGetUserByIdQuery, response: { 200: envelope(ZSsoUser) } } },
    async (req) => ok(await orgs.userById(sessionOf(req), req.query.userId)),
  );

  r.get(
    '/finance/org/getChainAccess.json',
    { config: { auth: 'session' }, schema: { tags, response: { 200: envelope(ZChainAccessResponse) } } },
    async (req) => ok(sessionOf(req).chainAccess),
  );

  r.get('/finance/region/list.json', { config: { auth: 'public' }, schema: { tags, response: { 200: envelope(ZRegionListResponse) } } }, async () =>
    ok(await orgs.regions()),
  );
}
