import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { demandOps } from '@phjr/contract/demands/calls';
import type { AppDeps } from '../../deps.ts';
import { routeOperation } from '../../lib/operation-route.ts';
import { sessionOf } from '../../plugins/auth.ts';
import { sendStoredFile, sendXlsx, xlsxUpload } from '../../lib/file-reply.ts';
import { importFailuresOf, importJobsPage } from '../imports/xlsx-import.ts';
import { MAX_IMPORT_BYTES } from '../imports/xlsx-limits.ts';
import { exportDemands } from './demand-export.ts';
import type { ListKind } from './demand-access.ts';
import type { Actor } from './demands.service.ts';
import { MAKEUP_IMPORT_KIND } from './makeup-import.service.ts';

const actor = (req: FastifyRequest): Actor => ({ session: sessionOf(req), ip: req.ip });

type Op = (typeof demandOps)[keyof typeof demandOps];
type Query = Record<string, unknown>;

/** Financing demands (PRODUCT.md section 6): posting, the lists of every client, the actions, makeup and its import. */
export async function demandsRoutes(app: FastifyInstance, deps: AppDeps) {
  const svc = deps.demands;
  const { makeup } = deps;
  // Only this plugin's routes take multipart bodies here (the makeup import).
  await app.register(multipart, { limits: { fileSize: MAX_IMPORT_BYTES, files: 1, fields: 5 } });
  const tags = ['demands'];
  const route = <O extends Op>(op: O, handler: Parameters<typeof routeOperation<O>>[2]) =>
    routeOperation(app, op, handler, { tags });

  route(demandOps.create, async (req) => svc.create(actor(req), req.body));
  // The pickers of reassign and handToBank: read-only, the same for every holder of the permission.
  route(demandOps.bankUnits, async (req) => svc.bankUnits(req.query.regionCode));

  // ---- the lists of each client, and their Excel twins
  const sendExport = async (req: FastifyRequest, reply: FastifyReply, kind: ListKind, q: Query) => {
    const { stream, fileName } = await exportDemands(deps.db, actor(req), kind, q as never, deps.readCache);
    return sendXlsx(reply, fileName, stream);
  };
  const lists: { list: string; page: Op; export: Op; kind: (q: Query) => ListKind }[] = [
    { list: 'my', page: demandOps.myPage, export: demandOps.myExport, kind: () => 'my' },
    {
      list: 'bank',
      page: demandOps.bankPage,
      export: demandOps.bankExport,
      kind: (q) => (q.scope === 'POOL' ? 'bank-pool' : 'bank-mine'),
    },
    { list: 'guarantee', page: demandOps.guaranteePage, export: demandOps.guaranteeExport, kind: () => 'guarantee' },
    { list: 'supervise', page: demandOps.supervisePage, export: demandOps.superviseExport, kind: () => 'supervise' },
    { list: 'operate', page: demandOps.operatePage, export: demandOps.operateExport, kind: () => 'operate' },
  ];
  for (const l of lists) {
    // A page's rows are built field by field (demands.service toSummary).
    const page = async (req: FastifyRequest) => {
      const q = req.query as Query & Parameters<typeof svc.page>[2];
      return svc.page(sessionOf(req), l.kind(q), q);
    };
    routeOperation(app, l.page, page, { tags, asReturned: true });
    route(l.export, async (req, reply) => {
      const q = req.query as Query;
      return sendExport(req, reply, l.kind(q), { ...q, list: l.list });
    });
  }

  route(demandOps.detail, async (req) => svc.detail(sessionOf(req), req.query.id));
  route(demandOps.attachment, async (req, reply) => {
    const f = await svc.attachment(sessionOf(req), req.query.id, req.query.fileId);
    return sendStoredFile(reply, f);
  });
  route(demandOps.workbench, async (req) => svc.workbench(sessionOf(req)));

  // ---- the applicant
  route(demandOps.withdraw, async (req) =>
    svc.act(actor(req), req.body.id, { action: 'withdraw', reason: req.body.reason || undefined }),
  );

  // ---- banks
  route(demandOps.accept, async (req) => svc.act(actor(req), req.body.id, { action: 'accept' }));
  route(demandOps.grant, async (req) => {
    const { id, ...rest } = req.body;
    return svc.act(actor(req), id, { action: 'grant', ...rest });
  });
  route(demandOps.reject, async (req) => {
    const { id, ...rest } = req.body;
    return svc.act(actor(req), id, { action: 'reject', ...rest });
  });
  route(demandOps.dispatch, async (req) => svc.dispatch(actor(req), req.body.id, req.body.orgId));

  // ---- guarantee companies
  route(demandOps.guaranteeAccept, async (req) => svc.act(actor(req), req.body.id, { action: 'guaranteeAccept' }));
  route(demandOps.guaranteeReject, async (req) => {
    const { id, ...rest } = req.body;
    return svc.act(actor(req), id, { action: 'guaranteeReject', ...rest });
  });
  route(demandOps.guarantee, async (req) => {
    const { id, ...rest } = req.body;
    return svc.act(actor(req), id, { action: 'guarantee', ...rest });
  });
  route(demandOps.handToBank, async (req) =>
    svc.act(actor(req), req.body.id, { action: 'handToBank', bankOrgId: req.body.bankOrgId }),
  );

  // ---- supervisors
  route(demandOps.reassign, async (req) => {
    const { id, ...rest } = req.body;
    return svc.act(actor(req), id, { action: 'reassign', ...rest });
  });
  route(demandOps.returnToPool, async (req) => svc.act(actor(req), req.body.id, { action: 'returnToPool' }));
  route(demandOps.urge, async (req) => svc.urge(actor(req), req.body.id, req.body.message));

  // ---- the operator's makeup (补录)
  route(demandOps.makeupSave, async (req) => makeup.save(actor(req), req.body));
  route(demandOps.makeupTemplate, async (_req, reply) => {
    const buf = await makeup.template();
    return sendXlsx(reply, '补录放款导入模板.xlsx', buf);
  });
  route(demandOps.makeupUpload, async (req) => {
    const file = await xlsxUpload(req);
    return makeup.run(actor(req), file.stream, file.fileName, req.query.dryRun === 'true', file.truncated);
  });
  route(demandOps.makeupRecords, async (req) =>
    importJobsPage(deps.db, MAKEUP_IMPORT_KIND, req.query.current, req.query.pageSize),
  );
  route(demandOps.makeupFailures, async (req) => importFailuresOf(deps.db, MAKEUP_IMPORT_KIND, req.query.jobId));
}
