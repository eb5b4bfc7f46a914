import type { FastifyInstance, FastifyRequest } from 'fastify';
import { chainOps } from '@phjr/contract/chains/chain-ops';
import type { AppDeps } from '../../deps.ts';
import { routeOperation } from '../../lib/operation-route.ts';
import { sessionOf } from '../../plugins/auth.ts';
import type { Actor } from './chain-access.ts';

const actor = (req: FastifyRequest): Actor => ({ session: sessionOf(req), ip: req.ip });
type Op = (typeof chainOps)[keyof typeof chainOps];

/** The chains, their organisations and managers, the portal's reads and the membership checks (docs/chains.md). */
export async function chainsRoutes(app: FastifyInstance, deps: AppDeps) {
  const svc = deps.chains;
  const portal = deps.chainPortal;
  const tags = ['chains'];
  const route = <O extends Op>(op: O, handler: Parameters<typeof routeOperation<O>>[2]) =>
    routeOperation(app, op, handler, { tags });

  // The portal (public)
  route(chainOps.portalList, async () => portal.portalList());
  route(chainOps.portalDetail, async (req) => portal.portalDetail(req.query.industrialChainId));
  route(chainOps.categoryData, async () => portal.categoryData());
  route(chainOps.totalFigures, async () => portal.totalFigures());
  route(chainOps.figuresById, async (req) => portal.figuresById(req.query.industrialChainId));

  // Membership checks and pickers
  route(chainOps.existsForCurrentUser, async (req) => portal.existsForCurrentUser(sessionOf(req)));
  route(chainOps.portalUserCanOperate, async (req) => portal.portalUserCanOperate(actor(req)));
  route(chainOps.backendUserCanOperate, async (req) => portal.backendUserCanOperate(actor(req)));
  route(chainOps.currentUserChains, async (req) => portal.currentUserChains(actor(req)));
  route(chainOps.managedByCurrentUser, async (req) => portal.managedByCurrentUser(actor(req)));
  route(chainOps.chainsByOrgIds, async (req) => portal.chainsByOrgIds(actor(req), req.query.orgIds));
  route(chainOps.selectListByOrg, async (req) => portal.chainsByOrgIds(actor(req), [req.query.orgId]));
  route(chainOps.allChainOrgs, async (req) => portal.allChainOrgs(actor(req)));
  route(chainOps.govManagerOrgs, async (req) => portal.govManagerOrgs(actor(req)));
  route(chainOps.managerSelectList, async (req) => portal.managerSelectList(req.query.orgId));
  route(chainOps.findUser, async (req) => portal.findUser(req.query.userId, req.query.type));

  // Chains
  route(chainOps.page, async (req) => svc.page(actor(req), req.query));
  route(chainOps.detail, async (req) => svc.detail(actor(req), req.query.id));
  route(chainOps.save, async (req) => svc.save(actor(req), req.body));
  route(chainOps.setStatus, async (req) => svc.setStatus(actor(req), req.body));
  route(chainOps.saveOrgs, async (req) => svc.saveOrgs(actor(req), req.body));
  route(chainOps.saveManagers, async (req) => svc.saveManagers(actor(req), req.body));
}
