import type { FastifyInstance, FastifyRequest } from 'fastify';
import { guaranteeOps } from '@phjr/contract/guarantee/guarantee-orgs';
import { productOps } from '@phjr/contract/products/product-ops';
import type { AppDeps } from '../../deps.ts';
import { routeOperation } from '../../lib/operation-route.ts';
import { sessionOf } from '../../plugins/auth.ts';
import type { Actor } from './products.service.ts';

const actor = (req: FastifyRequest): Actor => ({ session: sessionOf(req), ip: req.ip });

/** The financial supermarket: the portal's reading calls, the providers' and the operator's back-office calls. */
export async function productsRoutes(app: FastifyInstance, deps: AppDeps) {
  const svc = deps.products;
  const tags = ['products'];

  // ---- portal
  // SPEC section 7: with industrialChainIds and sourceValue=supermarket from the chain pages.
  // The page's cards go out as the statement wrote them (products.repo portalPage).
  routeOperation(
    app,
    productOps.portalPage,
    async (req) => deps.readCache.get(req.url, () => svc.portalPage(req.query)),
    { tags, asReturned: true },
  );
  routeOperation(app, productOps.portalDetail, async (req) => svc.portalDetail(req.query.id), { tags });
  routeOperation(app, productOps.banks, async (req) => svc.banks(req.query), { tags });
  routeOperation(app, productOps.match, async (req) => svc.match(req.body), { tags });
  // SPEC section 7.
  routeOperation(app, productOps.options, async (req) => svc.options(req.query), { tags });
  routeOperation(app, guaranteeOps.orgs, async () => svc.guaranteeOrgs(), { tags });

  // ---- back office
  routeOperation(app, productOps.managePage, async (req) => svc.managePage(sessionOf(req), req.query), { tags });
  routeOperation(app, productOps.manageDetail, async (req) => svc.manageDetail(sessionOf(req), req.query.id), { tags });
  routeOperation(app, productOps.save, async (req) => svc.save(actor(req), req.body), { tags });
  for (const action of ['submit', 'withdraw', 'delist'] as const) {
    routeOperation(
      app,
      productOps[action],
      async (req) => svc.transition(actor(req), action, req.body.id, 'provider'),
      { tags },
    );
  }
  routeOperation(app, productOps.remove, async (req) => svc.remove(actor(req), req.body.id), { tags });

  // ---- the operator's review
  routeOperation(
    app,
    productOps.approve,
    async (req) => svc.transition(actor(req), 'approve', req.body.id, 'reviewer'),
    { tags },
  );
  routeOperation(
    app,
    productOps.reviewDelist,
    async (req) => svc.transition(actor(req), 'delist', req.body.id, 'reviewer'),
    { tags },
  );
  routeOperation(
    app,
    productOps.reject,
    async (req) => svc.transition(actor(req), 'reject', req.body.id, 'reviewer', req.body.reason),
    { tags },
  );
}
