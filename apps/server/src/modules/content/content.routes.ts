import type { FastifyInstance, FastifyRequest } from 'fastify';
import { articleOps } from '@phjr/contract/content/article';
import type { AppDeps } from '../../deps.ts';
import { routeOperation } from '../../lib/operation-route.ts';
import { sessionOf } from '../../plugins/auth.ts';
import { writableChannels, type Actor } from './articles.service.ts';

const actor = (req: FastifyRequest): Actor => ({ session: sessionOf(req), ip: req.ip });

/** Articles: the portal's and the chain pages' reading calls, and the back office's writing calls (`articleOps`). */
export async function contentRoutes(app: FastifyInstance, deps: AppDeps) {
  const svc = deps.articles;
  const tags = ['content'];

  /** The article-authority list of SPEC section 4: channels the user may write in; articleAuth = not empty. */
  routeOperation(app, articleOps.authList, async (req) => writableChannels(sessionOf(req)), { tags });

  // ---- readers
  // The page's rows go out as the statement wrote them (articles.repo portalPage).
  routeOperation(app, articleOps.portalPage, (req) => deps.readCache.get(req.url, () => svc.portalPage(req.query)), {
    tags,
    asReturned: true,
  });
  routeOperation(app, articleOps.portalDetail, (req) => svc.portalDetail(req.query.id), { tags });
  // SPEC section 7: the chain pages' articles.
  routeOperation(app, articleOps.chainPage, (req) => svc.portalPage({ ...req.query, channel: 'chain' }), { tags });
  routeOperation(app, articleOps.chainDetail, (req) => svc.portalDetail(req.query.id, 'chain'), { tags });

  // ---- writers: article:publish (every channel) or article:write (its channels, its organisation's articles)
  routeOperation(app, articleOps.adminPage, (req) => svc.adminPage(sessionOf(req), req.query), { tags });
  routeOperation(app, articleOps.adminDetail, (req) => svc.adminDetail(sessionOf(req), req.query.id), { tags });
  routeOperation(app, articleOps.save, (req) => svc.save(actor(req), req.body), { tags });
  routeOperation(app, articleOps.publish, (req) => svc.publish(actor(req), req.body.id, req.body.publishAt), { tags });
  routeOperation(app, articleOps.offline, (req) => svc.offline(actor(req), req.body.id), { tags });
  routeOperation(app, articleOps.pin, (req) => svc.pin(actor(req), req.body.id, req.body.pinned), { tags });
  routeOperation(app, articleOps.remove, (req) => svc.remove(actor(req), req.body.id), { tags });
}
