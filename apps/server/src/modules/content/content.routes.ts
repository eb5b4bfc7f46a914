import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope } from '@phjr/contract/envelope';
import { ZArticleAuthResponse } from '@phjr/contract/auth/user-info';
import {
  ZAdminArticlePageQuery,
  ZArticleDetail,
  ZArticleIdQuery,
  ZArticleIdRequest,
  ZArticlePageResponse,
  ZChainArticlePageQuery,
  ZPinArticleRequest,
  ZPortalArticlePageQuery,
  ZPublishArticleRequest,
  ZSaveArticleRequest,
  ZSaveArticleResponse,
} from '@phjr/contract/content/article';
import type { AppDeps } from '../../deps.ts';
import { ok } from '../../lib/reply.ts';
import { sessionOf } from '../../plugins/auth.ts';
import { writableChannels, type Actor } from './articles.service.ts';

const actor = (req: FastifyRequest): Actor => ({ session: sessionOf(req), ip: req.ip });

/** Articles: the portal's and the chain pages' reading calls, and the back office's writing calls. */
export async function contentRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const svc = deps.articles;
  const tags = ['content'];
  const pub = { auth: 'public' as const };
  // Writers: article:publish (every channel) or article:write (its channels, its organisation's articles).
  const writer = { auth: { anyPermission: ['article:write', 'article:publish'] as const } };

  /** The article-authority list of SPEC section 4: channels the user may write in; articleAuth = not empty. */
  r.get('/article/api/auth/list', { config: { auth: 'session' }, schema: { tags, response: { 200: envelope(ZArticleAuthResponse) } } }, async (req) =>
    ok(writableChannels(sessionOf(req))),
  );

  // ---- readers
  r.get('/article/api/portal/page.json', { config: pub, schema: { tags, querystring: ZPortalArticlePageQuery, response: { 200: envelope(ZArticlePageResponse) } } }, async (req) =>
    ok(await deps.readCache.get(req.url, () => svc.portalPage(req.query))),
  );
  r.get('/article/api/portal/detail.json', { config: pub, schema: { tags, querystring: ZArticleIdQuery, response: { 200: envelope(ZArticleDetail) } } }, async (req) =>
    ok(await svc.portalDetail(req.query.id)),
  );
  // SPEC section 7: the chain pages' articles.
  r.get('/article/api/chain/pageData', { config: pub, schema: { tags, querystring: ZChainArticlePageQuery, response: { 200: envelope(ZArticlePageResponse) } } }, async (req) =>
    ok(await svc.portalPage({ ...req.query, channel: 'chain' })),
  );
  r.get('/article/api/chain/detail', { config: pub, schema: { tags, querystring: ZArticleIdQuery, response: { 200: envelope(ZArticleDetail) } } }, async (req) =>
    ok(await svc.portalDetail(req.query.id, 'chain')),
  );

  // ---- writers
  r.get('/article/api/admin/page.json', { config: writer, schema: { tags, querystring: ZAdminArticlePageQuery, response: { 200: envelope(ZArticlePageResponse) } } }, async (req) =>
    ok(await svc.adminPage(sessionOf(req), req.query)),
  );
  r.get('/article/api/admin/detail.json', { config: writer, schema: { tags, querystring: ZArticleIdQuery, response: { 200: envelope(ZArticleDetail) } } }, async (req) =>
    ok(await svc.adminDetail(sessionOf(req), req.query.id)),
  );
  r.post('/article/api/admin/save.json', { config: writer, schema: { tags, body: ZSaveArticleRequest, response: { 200: envelope(ZSaveArticleResponse) } } }, async (req) =>
    ok(await svc.save(actor(req), req.body)),
  );
  r.post('/article/api/admin/publish.json', { config: writer, schema: { tags, body: ZPublishArticleRequest, response: { 200: envelope(ZSaveArticleResponse) } } }, async (req) =>
    ok(await svc.publish(actor(req), req.body.id, req.body.publishAt)),
  );
  r.post('/article/api/admin/offline.json', { config: writer, schema: { tags, body: ZArticleIdRequest, response: { 200: envelope(ZSaveArticleResponse) } } }, async (req) =>
    ok(await svc.offline(actor(req), req.body.id)),
  );
  r.post('/article/api/admin/pin.json', { config: writer, schema: { tags, body: ZPinArticleRequest, response: { 200: envelope(ZSaveArticleResponse) } } }, async (req) =>
    ok(await svc.pin(actor(req), req.body.id, req.body.pinned)),
  );
  r.post('/article/api/admin/remove.json', { config: writer, schema: { tags, body: ZArticleIdRequest, response: { 200: envelope(ZSaveArticleResponse) } } }, async (req) =>
    ok(await svc.remove(actor(req), req.body.id)),
  );
}
