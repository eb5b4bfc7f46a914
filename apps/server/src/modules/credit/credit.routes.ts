import type { FastifyInstance, FastifyRequest } from 'fastify';
import { creditOps } from '@phjr/contract/credit/credit-ops';
import type { AppDeps } from '../../deps.ts';
import { routeOperation } from '../../lib/operation-route.ts';
import { sessionOf } from '../../plugins/auth.ts';
import { sendXlsx } from '../../lib/file-reply.ts';
import type { Actor } from './credit-access.ts';

const actor = (req: FastifyRequest): Actor => ({ session: sessionOf(req), ip: req.ip });
type Op = (typeof creditOps)[keyof typeof creditOps];

/** Credit queries with consent (docs/credit.md): the portal search, consents, institutional queries and the log. */
export async function creditRoutes(app: FastifyInstance, deps: AppDeps) {
  const { credit, creditLog } = deps;
  const tags = ['credit'];
  const route = <O extends Op>(op: O, handler: Parameters<typeof routeOperation<O>>[2]) =>
    routeOperation(app, op, handler, { tags });

  route(creditOps.portalSearch, async (req) => credit.search(req.query));

  route(creditOps.query, async (req) => credit.query(actor(req), req.query));
  route(creditOps.suggest, async (req) => credit.suggest(actor(req), req.query.keyword));
  route(creditOps.heldConsents, async (req) => credit.heldConsents(actor(req), req.query));
  route(creditOps.institutionQueries, async (req) => creditLog.institutionQueries(actor(req), req.query));

  route(creditOps.mySubjects, async (req) => credit.mySubjects(actor(req)));
  route(creditOps.myReport, async (req) => credit.myReport(actor(req), req.query.creditCode));
  route(creditOps.myConsents, async (req) => credit.myConsents(actor(req), req.query));
  route(creditOps.myQueries, async (req) => creditLog.myQueries(actor(req), req.query));
  route(creditOps.institutions, async () => credit.institutions());
  route(creditOps.consentCreate, async (req) => credit.createConsent(actor(req), req.body));
  route(creditOps.consentRevoke, async (req) => credit.revokeConsent(actor(req), req.body.id));

  route(creditOps.logPage, async (req) => creditLog.logPage(actor(req), req.query));
  route(creditOps.logFigures, async (req) => creditLog.figures(actor(req), req.query));
  route(creditOps.logExport, async (req, reply) => {
    const { stream, fileName } = await creditLog.exportLog(actor(req), req.query);
    return sendXlsx(reply, fileName, stream);
  });
  route(creditOps.institutionExport, async (req, reply) => {
    const { stream, fileName } = await creditLog.exportInstitutionLog(actor(req), req.query);
    return sendXlsx(reply, fileName, stream);
  });
}
