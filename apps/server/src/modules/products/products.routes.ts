import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope } from '@phjr/contract/envelope';
import { ZGuaranteeOrgsResponse } from '@phjr/contract/guarantee/guarantee-orgs';
import { ZProductDetail } from '@phjr/contract/products/product';
import {
  ZManageProductPageQuery,
  ZManageProductPageResponse,
  ZProductIdQuery,
  ZProductIdRequest,
  ZRejectProductRequest,
  ZSaveProductRequest,
  ZSaveProductResponse,
} from '@phjr/contract/products/manage';
import {
  ZMatchRequest,
  ZMatchResponse,
  ZPortalProductPageQuery,
  ZPortalProductPageResponse,
  ZProductBanksResponse,
  ZQueryProductListQuery,
  ZQueryProductListResponse,
} from '@phjr/contract/products/supermarket';
import type { AppDeps } from '../../deps.ts';
import { ok } from '../../lib/reply.ts';
import { sessionOf } from '../../plugins/auth.ts';
import type { Actor } from './products.service.ts';

const actor = (req: FastifyRequest): Actor => ({ session: sessionOf(req), ip: req.ip });

/** The financial supermarket: the portal's reading calls, the providers' and the operator's back-office calls. */
export async function productsRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const svc = deps.products;
  const tags = ['products'];
  const pub = { auth: 'public' as const };
  // Providers see their subtree's products, the operator every product; both edit (with different rules).
  const backOffice = { auth: { anyPermission: ['product:manage', 'product:review'] as const } };
  const provider = { auth: { permission: 'product:manage' as const } };
  const reviewer = { auth: { permission: 'product:review' as const } };
  const idResponse = { 200: envelope(ZSaveProductResponse) };

  // ---- portal
  // SPEC section 7: with industrialChainIds and sourceValue=supermarket from the chain pages.
  r.get('/finance/portal/product/page.json', { config: pub, schema: { tags, querystring: ZPortalProductPageQuery, response: { 200: envelope(ZPortalProductPageResponse) } } }, async (req) =>
    ok(await deps.readCache.get(req.url, () => svc.portalPage(req.query))),
  );
  r.get('/finance/portal/product/detail.json', { config: pub, schema: { tags, querystring: ZProductIdQuery, response: { 200: envelope(ZProductDetail) } } }, async (req) =>
    ok(await svc.portalDetail(req.query.id)),
  );
  r.get('/finance/portal/product/banks.json', { config: pub, schema: { tags, response: { 200: envelope(ZProductBanksResponse) } } }, async () => ok(await svc.banks()));
  r.post('/finance/portal/product/match.json', { config: pub, schema: { tags, body: ZMatchRequest, response: { 200: envelope(ZMatchResponse) } } }, async (req) =>
    ok(await svc.match(req.body)),
  );
  // SPEC section 7.
  r.get('/finance/product/queryProductList.json', { config: pub, schema: { tags, querystring: ZQueryProductListQuery, response: { 200: envelope(ZQueryProductListResponse) } } }, async (req) =>
    ok(await svc.options(req.query)),
  );
  r.get('/finance/guarantee/getGuaranteeFinanceOrgs.json', { config: pub, schema: { tags, response: { 200: envelope(ZGuaranteeOrgsResponse) } } }, async () =>
    ok(await svc.guaranteeOrgs()),
  );

  // ---- back office
  r.get('/finance/product/manage/page.json', { config: backOffice, schema: { tags, querystring: ZManageProductPageQuery, response: { 200: envelope(ZManageProductPageResponse) } } }, async (req) =>
    ok(await svc.managePage(sessionOf(req), req.query)),
  );
  r.get('/finance/product/manage/detail.json', { config: backOffice, schema: { tags, querystring: ZProductIdQuery, response: { 200: envelope(ZProductDetail) } } }, async (req) =>
    ok(await svc.manageDetail(sessionOf(req), req.query.id)),
  );
  r.post('/finance/product/manage/save.json', { config: backOffice, schema: { tags, body: ZSaveProductRequest, response: idResponse } }, async (req) =>
    ok(await svc.save(actor(req), req.body)),
  );
  for (const action of ['submit', 'withdraw', 'delist'] as const) {
    r.post(`/finance/product/manage/${action}.json`, { config: provider, schema: { tags, body: ZProductIdRequest, response: idResponse } }, async (req) =>
      ok(await svc.transition(actor(req), action, req.body.id, 'provider')),
    );
  }
  r.post('/finance/product/manage/remove.json', { config: provider, schema: { tags, body: ZProductIdRequest, response: idResponse } }, async (req) =>
    ok(await svc.remove(actor(req), req.body.id)),
  );

  // ---- the operator's review
  for (const action of ['approve', 'delist'] as const) {
    r.post(`/finance/product/review/${action}.json`, { config: reviewer, schema: { tags, body: ZProductIdRequest, response: idResponse } }, async (req) =>
      ok(await svc.transition(actor(req), action, req.body.id, 'reviewer')),
    );
  }
  r.post('/finance/product/review/reject.json', { config: reviewer, schema: { tags, body: ZRejectProductRequest, response: idResponse } }, async (req) =>
    ok(await svc.transition(actor(req), 'reject', req.body.id, 'reviewer', req.body.reason)),
  );
}
