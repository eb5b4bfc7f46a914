import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@phjr/contract/envelope';
import {
  ZBankDemandPageQuery,
  ZCreateDemandRequest,
  ZCreateDemandResponse,
  ZDemandActionResponse,
  ZDemandAttachmentQuery,
  ZDemandIdQuery,
  ZDemandIdRequest,
  ZDemandPageQuery,
  ZDemandPageResponse,
  ZDemandWorkbench,
  ZDispatchDemandRequest,
  ZGrantDemandRequest,
  ZGuaranteeDemandRequest,
  ZHandToBankRequest,
  ZMakeupRequest,
  ZOperateDemandPageQuery,
  ZReassignDemandRequest,
  ZRejectDemandRequest,
  ZUrgeDemandRequest,
  ZWithdrawDemandRequest,
} from '@phjr/contract/demands/calls';
import { ZDemandDetail } from '@phjr/contract/demands/demand';
import { ZImportFailures, ZImportFailuresQuery, ZImportJobPage, ZImportJobPageQuery, ZImportResult } from '@phjr/contract/orgs/user-import';
import type { Permission } from '@phjr/contract/orgs/permissions';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../lib/errors.ts';
import { ok } from '../../lib/reply.ts';
import { sessionOf } from '../../plugins/auth.ts';
import { contentDisposition } from '../files/files.service.ts';
import { importFailuresOf, importJobsPage } from '../imports/xlsx-import.ts';
import { MAX_IMPORT_BYTES } from '../imports/xlsx-limits.ts';
import { exportDemands } from './demand-export.ts';
import type { ListKind } from './demand-access.ts';
import type { Actor } from './demands.service.ts';
import { MAKEUP_IMPORT_KIND } from './makeup-import.service.ts';

const actor = (req: FastifyRequest): Actor => ({ session: sessionOf(req), ip: req.ip });
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const need = (permission: Permission) => ({ auth: { permission } });
const apply = need('demand:apply');
/** The applicant's own list: posting accounts and view-only sub-accounts. */
const ownDemands = { auth: { anyPermission: ['demand:apply', 'demand:view'] as const } };
const handle = need('demand:handle');
const guarantee = need('demand:guarantee');
const supervise = need('demand:supervise');
const manage = need('demand:manage');
/** Any demand client: each sees what its scope allows (the service decides, a missing demand and a hidden one alike). */
const anyDemandClient = { auth: { anyPermission: ['demand:apply', 'demand:view', 'demand:handle', 'demand:guarantee', 'demand:supervise', 'demand:manage'] as const } };

/** Financing demands (PRODUCT.md section 6): posting, the lists of every client, the actions, makeup and its import. */
export async function demandsRoutes(app: FastifyInstance, deps: AppDeps) {
  const svc = deps.demands;
  const { makeup } = deps;
  // Only this plugin's routes take multipart bodies here (the makeup import).
  await app.register(multipart, { limits: { fileSize: MAX_IMPORT_BYTES, files: 1, fields: 5 } });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['demands'];
  const done = { 200: envelope(ZDemandActionResponse) };

  r.post('/finance/demand/create.json', { config: apply, schema: { tags, body: ZCreateDemandRequest, response: { 200: envelope(ZCreateDemandResponse) } } }, async (req) =>
    ok(await svc.create(actor(req), req.body)),
  );

  // ---- the lists of each client, and their Excel twins
  const sendExport = async (req: FastifyRequest, reply: FastifyReply, kind: ListKind, q: Record<string, unknown>) => {
    const { stream, fileName } = await exportDemands(deps.db, actor(req), kind, q as never, deps.readCache);
    return reply.header('content-type', XLSX).header('content-disposition', contentDisposition({ name: fileName, contentType: XLSX }, true)).send(stream);
  };
  const { current: _c, pageSize: _p, ...exportQuery } = ZDemandPageQuery.shape;
  const ZExportQuery = z.object(exportQuery);
  const lists: { path: string; config: { auth: { permission: Permission } | { anyPermission: readonly Permission[] } }; query: typeof ZDemandPageQuery | typeof ZBankDemandPageQuery | typeof ZOperateDemandPageQuery; kind: (q: Record<string, unknown>) => ListKind }[] = [
    { path: 'my', config: ownDemands, query: ZDemandPageQuery, kind: () => 'my' },
    { path: 'bank', config: handle, query: ZBankDemandPageQuery, kind: (q) => (q.scope === 'POOL' ? 'bank-pool' : 'bank-mine') },
    { path: 'guarantee', config: guarantee, query: ZDemandPageQuery, kind: () => 'guarantee' },
    { path: 'supervise', config: supervise, query: ZDemandPageQuery, kind: () => 'supervise' },
    { path: 'operate', config: manage, query: ZOperateDemandPageQuery, kind: () => 'operate' },
  ];
  for (const l of lists) {
    r.get(`/finance/demand/${l.path}/page.json`, { config: l.config, schema: { tags, querystring: l.query, response: { 200: envelope(ZDemandPageResponse) } } }, async (req) => {
      const q = req.query as Record<string, unknown> & Parameters<typeof svc.page>[2];
      return ok(await svc.page(sessionOf(req), l.kind(q), q));
    });
    const exportSchema = l.query === ZDemandPageQuery ? ZExportQuery : l.query === ZBankDemandPageQuery ? ZExportQuery.extend({ scope: ZBankDemandPageQuery.shape.scope }) : ZExportQuery.extend({ view: ZOperateDemandPageQuery.shape.view });
    r.get(`/finance/demand/${l.path}/export.json`, { config: l.config, schema: { tags, querystring: exportSchema } }, async (req, reply) => {
      const q = req.query as Record<string, unknown>;
      return sendExport(req, reply, l.kind(q), { ...q, list: l.path });
    });
  }

  r.get('/finance/demand/detail.json', { config: anyDemandClient, schema: { tags, querystring: ZDemandIdQuery, response: { 200: envelope(ZDemandDetail) } } }, async (req) =>
    ok(await svc.detail(sessionOf(req), req.query.id)),
  );
  r.get('/finance/demand/attachment.json', { config: anyDemandClient, schema: { tags, querystring: ZDemandAttachmentQuery } }, async (req, reply) => {
    const f = await svc.attachment(sessionOf(req), req.query.id, req.query.fileId);
    return reply
      .header('content-type', f.contentType)
      .header('content-length', f.size)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('content-disposition', contentDisposition(f, false))
      .header('cache-control', 'private, no-store')
      .send(f.data);
  });
  r.get('/finance/demand/workbench.json', { config: anyDemandClient, schema: { tags, response: { 200: envelope(ZDemandWorkbench) } } }, async (req) => ok(await svc.workbench(sessionOf(req))));

  // ---- the applicant
  r.post('/finance/demand/withdraw.json', { config: apply, schema: { tags, body: ZWithdrawDemandRequest, response: done } }, async (req) =>
    ok(await svc.act(actor(req), req.body.id, { action: 'withdraw', reason: req.body.reason || undefined })),
  );

  // ---- banks
  r.post('/finance/demand/accept.json', { config: handle, schema: { tags, body: ZDemandIdRequest, response: done } }, async (req) => ok(await svc.act(actor(req), req.body.id, { action: 'accept' })));
  r.post('/finance/demand/grant.json', { config: handle, schema: { tags, body: ZGrantDemandRequest, response: done } }, async (req) => {
    const { id, ...rest } = req.body;
    return ok(await svc.act(actor(req), id, { action: 'grant', ...rest }));
  });
  r.post('/finance/demand/reject.json', { config: handle, schema: { tags, body: ZRejectDemandRequest, response: done } }, async (req) => {
    const { id, ...rest } = req.body;
    return ok(await svc.act(actor(req), id, { action: 'reject', ...rest }));
  });
  r.post('/finance/demand/dispatch.json', { config: handle, schema: { tags, body: ZDispatchDemandRequest, response: done } }, async (req) =>
    ok(await svc.dispatch(actor(req), req.body.id, req.body.orgId)),
  );

  // ---- guarantee companies
  r.post('/finance/demand/guaranteeAccept.json', { config: guarantee, schema: { tags, body: ZDemandIdRequest, response: done } }, async (req) =>
    ok(await svc.act(actor(req), req.body.id, { action: 'guaranteeAccept' })),
  );
  r.post('/finance/demand/guaranteeReject.json', { config: guarantee, schema: { tags, body: ZRejectDemandRequest, response: done } }, async (req) => {
    const { id, ...rest } = req.body;
    return ok(await svc.act(actor(req), id, { action: 'guaranteeReject', ...rest }));
  });
  r.post('/finance/demand/guarantee.json', { config: guarantee, schema: { tags, body: ZGuaranteeDemandRequest, response: done } }, async (req) =>
    ok(await svc.act(actor(req), req.body.id, { action: 'guarantee', amount: req.body.amount })),
  );
  r.post('/finance/demand/handToBank.json', { config: guarantee, schema: { tags, body: ZHandToBankRequest, response: done } }, async (req) =>
    ok(await svc.act(actor(req), req.body.id, { action: 'handToBank', bankOrgId: req.body.bankOrgId })),
  );

  // ---- supervisors
  r.post('/finance/demand/reassign.json', { config: supervise, schema: { tags, body: ZReassignDemandRequest, response: done } }, async (req) => {
    const { id, ...rest } = req.body;
    return ok(await svc.act(actor(req), id, { action: 'reassign', ...rest }));
  });
  r.post('/finance/demand/returnToPool.json', { config: supervise, schema: { tags, body: ZDemandIdRequest, response: done } }, async (req) =>
    ok(await svc.act(actor(req), req.body.id, { action: 'returnToPool' })),
  );
  r.post('/finance/demand/urge.json', { config: supervise, schema: { tags, body: ZUrgeDemandRequest, response: done } }, async (req) =>
    ok(await svc.urge(actor(req), req.body.id, req.body.message)),
  );

  // ---- the operator's makeup (补录)
  r.post('/finance/demand/makeup/save.json', { config: manage, schema: { tags, body: ZMakeupRequest, response: { 200: envelope(ZCreateDemandResponse) } } }, async (req) =>
    ok(await makeup.save(actor(req), req.body)),
  );
  r.get('/finance/demand/makeup/import/template.json', { config: manage, schema: { tags } }, async (_req, reply) => {
    const buf = await makeup.template();
    return reply.header('content-type', XLSX).header('content-disposition', contentDisposition({ name: '补录放款导入模板.xlsx', contentType: XLSX }, true)).send(buf);
  });
  r.post(
    '/finance/demand/makeup/import/upload.json',
    { config: manage, schema: { tags, querystring: z.object({ dryRun: z.enum(['true', 'false']).default('false') }), response: { 200: envelope(ZImportResult) } } },
    async (req) => {
      if (!req.isMultipart()) throw new AppError('VALIDATION', '请上传xlsx文件');
      const file = await req.file();
      if (!file) throw new AppError('VALIDATION', '请上传xlsx文件');
      if (!/\.xlsx$/i.test(file.filename)) throw new AppError('IMPORT_FILE_INVALID');
      const result = await makeup.run(actor(req), file.file, file.filename.slice(-120), req.query.dryRun === 'true', () => file.file.truncated);
      return ok(result);
    },
  );
  r.get('/finance/demand/makeup/import/records.json', { config: manage, schema: { tags, querystring: ZImportJobPageQuery, response: { 200: envelope(ZImportJobPage) } } }, async (req) =>
    ok(await importJobsPage(deps.db, MAKEUP_IMPORT_KIND, req.query.current, req.query.pageSize)),
  );
  r.get('/finance/demand/makeup/import/failures.json', { config: manage, schema: { tags, querystring: ZImportFailuresQuery, response: { 200: envelope(ZImportFailures) } } }, async (req) =>
    ok(await importFailuresOf(deps.db, MAKEUP_IMPORT_KIND, req.query.jobId)),
  );
}
