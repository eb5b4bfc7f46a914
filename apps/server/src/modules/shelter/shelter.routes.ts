import type { FastifyInstance, FastifyRequest } from 'fastify';
import { shelterOps } from '@phjr/contract/shelter/shelter-ops';
import type { AppDeps } from '../../deps.ts';
import { routeOperation } from '../../lib/operation-route.ts';
import { sessionOf } from '../../plugins/auth.ts';
import { sendStoredFile, sendXlsx } from '../../lib/file-reply.ts';
import { exportCases } from './shelter-export.ts';
import type { Actor } from './shelter.service.ts';

const actor = (req: FastifyRequest): Actor => ({ session: sessionOf(req), ip: req.ip });
type Op = (typeof shelterOps)[keyof typeof shelterOps];

/** The financial shelter (docs/shelter.md): the portal's figures, the enterprise's, the supervisors' and the banks' calls. */
export async function shelterRoutes(app: FastifyInstance, deps: AppDeps) {
  const svc = deps.shelter;
  const tags = ['shelter'];
  const route = <O extends Op>(op: O, handler: Parameters<typeof routeOperation<O>>[2]) =>
    routeOperation(app, op, handler, { tags });

  route(shelterOps.portalFigures, async () => svc.portalFigures());
  route(shelterOps.banks, async () => svc.banks());

  // The enterprise
  route(shelterOps.apply, async (req) => svc.apply(actor(req), req.body));
  route(shelterOps.draft, async (req) => svc.draft(sessionOf(req)));
  route(shelterOps.draftSave, async (req) => svc.saveDraft(sessionOf(req), req.body));
  route(shelterOps.draftDiscard, async (req) => svc.discardDraft(sessionOf(req)));
  route(shelterOps.myPage, async (req) => svc.page(sessionOf(req), 'my', req.query));
  route(shelterOps.withdraw, async (req) =>
    svc.act(actor(req), req.body.id, { action: 'withdraw', reason: req.body.reason || undefined }),
  );

  // Supervisors
  // The list pages' rows are built field by field (shelter-read.service toSummary).
  routeOperation(app, shelterOps.supervisePage, async (req) => svc.page(sessionOf(req), 'supervise', req.query), {
    tags,
    asReturned: true,
  });
  route(shelterOps.superviseExport, async (req, reply) => {
    const { stream, fileName } = await exportCases(deps.db, actor(req), req.query);
    return sendXlsx(reply, fileName, stream);
  });
  route(shelterOps.superviseFigures, async (req) => svc.superviseFigures(sessionOf(req), req.query.regionCode));
  route(shelterOps.startReview, async (req) => svc.act(actor(req), req.body.id, { action: 'startReview' }));
  route(shelterOps.admit, async (req) => {
    const { id, ...rest } = req.body;
    return svc.act(actor(req), id, { action: 'admit', ...rest });
  });
  route(shelterOps.refuse, async (req) =>
    svc.act(actor(req), req.body.id, { action: 'refuse', reason: req.body.reason }),
  );
  route(shelterOps.exit, async (req) => {
    const { id, ...rest } = req.body;
    return svc.act(actor(req), id, { action: 'exit', ...rest });
  });
  route(shelterOps.urge, async (req) => svc.urge(actor(req), req.body.id, req.body.message));

  // Banks
  route(shelterOps.bankPage, async (req) => svc.page(sessionOf(req), 'bank', req.query));
  route(shelterOps.bankExport, async (req, reply) => {
    const { stream, fileName } = await exportCases(deps.db, actor(req), req.query, 'bank');
    return sendXlsx(reply, fileName, stream);
  });
  route(shelterOps.bankSummary, async (req) => svc.bankSummary(sessionOf(req)));
  route(shelterOps.recordHelp, async (req) => svc.recordHelp(actor(req), req.body));

  // Whoever may see the case
  route(shelterOps.detail, async (req) => svc.detail(sessionOf(req), req.query.id));
  route(shelterOps.attachment, async (req, reply) => {
    const f = await svc.attachment(sessionOf(req), req.query.id, req.query.fileId);
    return sendStoredFile(reply, f);
  });
}
