import type { FastifyInstance, FastifyRequest } from 'fastify';
import { reportOps } from '@phjr/contract/stats/reports';
import type { AppDeps } from '../../deps.ts';
import { sendXlsx } from '../../lib/file-reply.ts';
import { routeOperation } from '../../lib/operation-route.ts';
import { sessionOf } from '../../plugins/auth.ts';
import { writeAudit } from '../audit/audit.ts';
import { figureDefinitions } from './definitions.ts';
import { bankExport, regionExport, scorecardExport } from './report-export.ts';
import type { ReportFilter } from './report.service.ts';

/** The supervision reports, their Excel twins, the drill-down and the figures' definitions (docs/statistics.md). */
export async function reportRoutes(app: FastifyInstance, deps: AppDeps) {
  const svc = deps.reports;
  const tags = ['stats'];
  // Read at start-up: a server without its definitions fails to start rather than serve pages without 口径.
  const definitions = figureDefinitions();

  routeOperation(app, reportOps.definitions, async () => definitions, { tags });
  routeOperation(app, reportOps.region, async (req) => svc.region(sessionOf(req), req.query as ReportFilter), {
    tags,
    asReturned: true,
  });
  routeOperation(app, reportOps.bank, async (req) => svc.bank(sessionOf(req), req.query as ReportFilter), { tags });
  routeOperation(app, reportOps.scorecard, async (req) => svc.scorecard(sessionOf(req), req.query as ReportFilter), {
    tags,
    asReturned: true,
  });
  routeOperation(app, reportOps.trend, async (req) => svc.trend(sessionOf(req), req.query as ReportFilter), { tags });
  routeOperation(app, reportOps.drill, async (req) => svc.drill(sessionOf(req), req.query), { tags });

  // Each export is the page's own call written as a sheet, and audited like the demand lists' exports.
  const audited = async (req: FastifyRequest, report: string) =>
    writeAudit(deps.db, {
      userId: sessionOf(req).userId,
      action: 'export',
      target: `report:${report}`,
      detail: { filters: req.query },
      ip: req.ip,
    });
  routeOperation(
    app,
    reportOps.regionExport,
    async (req, reply) => {
      const { fileName, stream } = regionExport(await svc.region(sessionOf(req), req.query as ReportFilter));
      await audited(req, 'region');
      return sendXlsx(reply, fileName, stream);
    },
    { tags },
  );
  routeOperation(
    app,
    reportOps.bankExport,
    async (req, reply) => {
      const { fileName, stream } = bankExport(await svc.bank(sessionOf(req), req.query as ReportFilter));
      await audited(req, 'bank');
      return sendXlsx(reply, fileName, stream);
    },
    { tags },
  );
  routeOperation(
    app,
    reportOps.scorecardExport,
    async (req, reply) => {
      const { fileName, stream } = scorecardExport(await svc.scorecard(sessionOf(req), req.query as ReportFilter));
      await audited(req, 'scorecard');
      return sendXlsx(reply, fileName, stream);
    },
    { tags },
  );
}
