import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { chainOps } from '@phjr/contract/chains/chain-ops';
import type { AppDeps } from '../../deps.ts';
import { routeOperation } from '../../lib/operation-route.ts';
import { sessionOf } from '../../plugins/auth.ts';
import { sendStoredFile, sendXlsx, xlsxUpload } from '../../lib/file-reply.ts';
import { MAX_IMPORT_BYTES } from '../imports/xlsx-limits.ts';
import type { Actor } from './chain-access.ts';

const actor = (req: FastifyRequest): Actor => ({ session: sessionOf(req), ip: req.ip });

type Op = (typeof chainOps)[keyof typeof chainOps];

/** The chains' records (docs/chains.md): members, claims, visits, loans, the member import and its failed rows. */
export async function chainRecordsRoutes(app: FastifyInstance, deps: AppDeps) {
  const { chainEnterprises: members, chainVisits: visits, chainImport: imports } = deps;
  // Only this plugin's routes take multipart bodies here (the member import).
  await app.register(multipart, { limits: { fileSize: MAX_IMPORT_BYTES, files: 1, fields: 5 } });
  const tags = ['chains'];
  const route = <O extends Op>(op: O, handler: Parameters<typeof routeOperation<O>>[2]) =>
    routeOperation(app, op, handler, { tags });

  // ---- members
  route(chainOps.enterprisePage, async (req) => members.page(actor(req), req.query));
  route(chainOps.enterpriseExport, async (req, reply) => {
    const { stream, fileName } = await members.exportMembers(actor(req), req.query);
    return sendXlsx(reply, fileName, stream);
  });
  route(chainOps.enterpriseDetail, async (req) => members.detail(actor(req), req.query.id));
  route(chainOps.enterpriseSave, async (req) => members.save(actor(req), req.body));
  route(chainOps.enterpriseRemove, async (req) => members.remove(actor(req), req.body.id));
  route(chainOps.enterpriseClaim, async (req) => members.claim(actor(req), req.body.id));
  route(chainOps.enterpriseRelease, async (req) => members.release(actor(req), req.body.id));
  route(chainOps.enterpriseName, async (req) => members.enterpriseName(req.query.creditCode));

  // ---- the import
  route(chainOps.importTemplate, async (_req, reply) => {
    const buf = await imports.template();
    return sendXlsx(reply, '产业链企业导入模板.xlsx', buf);
  });
  route(chainOps.importEnterprises, async (req) => {
    const file = await xlsxUpload(req);
    const q = { industrialChainId: req.query.industrialChainId, dryRun: req.query.dryRun === 'true' };
    return imports.run(actor(req), q, file.stream, file.fileName, file.truncated);
  });
  route(chainOps.importRecords, async (req) => imports.records(actor(req), req.query));
  route(chainOps.failRecords, async (req) => imports.failRecords(actor(req), req.query));
  route(chainOps.failRecordsExport, async (req, reply) => {
    const { stream, fileName } = await imports.failRecordsExport(actor(req), req.query);
    return sendXlsx(reply, fileName, stream);
  });
  route(chainOps.failRecordsFile, async (req, reply) => {
    const { stream, fileName } = await imports.failRecordsFile(actor(req), req.query.importRecordId);
    return sendXlsx(reply, fileName, stream);
  });
  route(chainOps.registerAgain, async (req) => imports.registerAgain(actor(req), req.body));

  // ---- visits and loans
  route(chainOps.visitPage, async (req) => visits.visitPage(actor(req), req.query));
  route(chainOps.visitDetail, async (req) => visits.visitDetail(actor(req), req.query.id));
  route(chainOps.visitPhoto, async (req, reply) => {
    const f = await visits.visitPhoto(actor(req), req.query.id, req.query.fileId);
    return sendStoredFile(reply, f);
  });
  route(chainOps.visitSave, async (req) => visits.visitSave(actor(req), req.body));
  route(chainOps.loanPage, async (req) => visits.loanPage(actor(req), req.query));
  route(chainOps.visitExport, async (req, reply) => {
    const { stream, fileName } = await visits.visitExport(actor(req), req.query);
    return sendXlsx(reply, fileName, stream);
  });
  route(chainOps.loanExport, async (req, reply) => {
    const { stream, fileName } = await visits.loanExport(actor(req), req.query);
    return sendXlsx(reply, fileName, stream);
  });
  route(chainOps.loanDetail, async (req) => visits.loanDetail(actor(req), req.query.recordId));
  route(chainOps.loanSave, async (req) => visits.loanSave(actor(req), req.body));
}
