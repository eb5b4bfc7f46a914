import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { farmerOps } from '@phjr/contract/farmers/farmer-ops';
import type { AppDeps } from '../../deps.ts';
import { routeOperation } from '../../lib/operation-route.ts';
import { sessionOf } from '../../plugins/auth.ts';
import { sendXlsx, xlsxUpload } from '../../lib/file-reply.ts';
import { MAX_IMPORT_BYTES } from '../imports/xlsx-limits.ts';
import type { Actor } from './farmer-access.ts';

const actor = (req: FastifyRequest): Actor => ({ session: sessionOf(req), ip: req.ip });

type Op = (typeof farmerOps)[keyof typeof farmerOps];

/** Farmer credit data (docs/farmers.md): the portal's aggregates, the masked records, the unmasked read, the import. */
export async function farmersRoutes(app: FastifyInstance, deps: AppDeps) {
  const { farmers: svc, farmerImport: imports } = deps;
  // Only this plugin's routes take multipart bodies here (the import).
  await app.register(multipart, { limits: { fileSize: MAX_IMPORT_BYTES, files: 1, fields: 5 } });
  const tags = ['farmers'];
  const route = <O extends Op>(op: O, handler: Parameters<typeof routeOperation<O>>[2]) =>
    routeOperation(app, op, handler, { tags });

  route(farmerOps.villages, async (req) => svc.villages(req.query.districtCode));
  route(farmerOps.portalFigures, async (req) => svc.portalFigures(req.query.districtCode));

  // Its records are built field by field (farmers.service toFarmer).
  routeOperation(app, farmerOps.page, async (req) => svc.page(actor(req), req.query), { tags, asReturned: true });
  route(farmerOps.exportFile, async (req, reply) => {
    const { stream, fileName } = await svc.exportFile(actor(req), req.query);
    return sendXlsx(reply, fileName, stream);
  });
  route(farmerOps.detail, async (req) => svc.detail(actor(req), req.query.id));
  route(farmerOps.sensitive, async (req) => svc.sensitive(actor(req), req.body));
  route(farmerOps.funnel, async (req) => svc.funnel(actor(req), req.query));

  route(farmerOps.importTemplate, async (_req, reply) =>
    sendXlsx(reply, '农户信用信息导入模板.xlsx', await imports.template()),
  );
  route(farmerOps.importFarmers, async (req) => {
    const file = await xlsxUpload(req);
    return imports.run(actor(req), req.query.dryRun === 'true', file.stream, file.fileName, file.truncated);
  });
  route(farmerOps.importRecords, async (req) => imports.records(actor(req), req.query.current, req.query.pageSize));
  route(farmerOps.failRecords, async (req) => imports.failRecords(actor(req), req.query));
  route(farmerOps.failRecordsFile, async (req, reply) => {
    const { stream, fileName } = await imports.failRecordsFile(actor(req), req.query.importRecordId);
    return sendXlsx(reply, fileName, stream);
  });
  route(farmerOps.registerAgain, async (req) => imports.registerAgain(actor(req), req.body));
}
