import type { FastifyInstance } from 'fastify';
import { auditOps } from '@phjr/contract/audit/audit-page';
import type { AppDeps } from '../../deps.ts';
import { sendXlsx } from '../../lib/file-reply.ts';
import { routeOperation } from '../../lib/operation-route.ts';
import { sessionOf } from '../../plugins/auth.ts';

/** Routes of the audit log search and its export (operator only: audit:read). */
export async function auditRoutes(app: FastifyInstance, deps: AppDeps) {
  const svc = deps.audit;
  routeOperation(app, auditOps.page, async (req) => svc.page(req.query), { tags: ['audit'] });
  routeOperation(
    app,
    auditOps.export,
    async (req, reply) => {
      const { stream, fileName } = await svc.exportLog({ session: sessionOf(req), ip: req.ip }, req.query);
      return sendXlsx(reply, fileName, stream);
    },
    { tags: ['audit'] },
  );
}
