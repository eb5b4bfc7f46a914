import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { orgsOps } from '@phjr/contract/orgs/orgs-ops';
import type { AppDeps } from '../../deps.ts';
import { sendXlsx, xlsxUpload } from '../../lib/file-reply.ts';
import { routeOperation } from '../../lib/operation-route.ts';
import { sessionOf } from '../../plugins/auth.ts';
import { importFailuresOf, importJobsPage } from '../imports/xlsx-import.ts';
import { MAX_IMPORT_BYTES } from '../imports/xlsx-limits.ts';
import type { Actor } from './orgs-admin.service.ts';
import { USER_IMPORT_KIND } from './user-import.service.ts';

const actor = (req: FastifyRequest): Actor => ({ session: sessionOf(req), ip: req.ip });

/** Routes of organisations, users, staff, roles and their administration (issue 3). */
export async function orgsAdminRoutes(app: FastifyInstance, deps: AppDeps) {
  const svc = deps.orgsAdmin;
  const imports = deps.userImport;
  // Only this plugin takes multipart bodies (the users import).
  await app.register(multipart, { limits: { fileSize: MAX_IMPORT_BYTES, files: 1, fields: 5 } });
  const tags = ['orgs-admin'];
  const ops = orgsOps;

  // ---- institutions
  routeOperation(app, ops.orgTree, async (req) => svc.orgTree(sessionOf(req), req.query.kind, req.query.name), {
    tags,
  });
  routeOperation(app, ops.orgPage, async (req) => svc.orgPage(sessionOf(req), req.query), { tags });
  routeOperation(app, ops.saveOrg, async (req) => svc.saveOrg(actor(req), req.body), { tags });
  routeOperation(
    app,
    ops.setChainAccess,
    async (req) => svc.setChainAccess(actor(req), req.body.id, req.body.chainAccess),
    { tags },
  );
  routeOperation(app, ops.setOrgStatus, async (req) => svc.setOrgStatus(actor(req), req.body.id, req.body.status), {
    tags,
  });

  // ---- users
  routeOperation(
    app,
    ops.userPage,
    async (req) => {
      const { certified, ...q } = req.query;
      return svc.userPage(sessionOf(req), {
        ...q,
        certified: certified === undefined ? undefined : certified === 'true',
      });
    },
    { tags },
  );
  routeOperation(
    app,
    ops.userExport,
    async (req, reply) => {
      const { certified, ...q } = req.query;
      const { fileName, stream } = await svc.userExport(actor(req), {
        ...q,
        certified: certified === undefined ? undefined : certified === 'true',
      });
      return sendXlsx(reply, fileName, stream);
    },
    { tags },
  );
  routeOperation(app, ops.userDetail, async (req) => svc.userDetail(sessionOf(req), req.query.userId), { tags });
  routeOperation(
    app,
    ops.setUserStatus,
    async (req) => svc.setUserStatus(actor(req), req.body.userId, req.body.status),
    { tags },
  );
  routeOperation(
    app,
    ops.setUserRoles,
    async (req) => svc.setUserRoles(actor(req), req.body.userId, req.body.roleIds),
    { tags },
  );
  routeOperation(app, ops.platformUserPage, async (req) => svc.platformUserPage(sessionOf(req), req.query), { tags });
  routeOperation(
    app,
    ops.platformUserExport,
    async (req, reply) => {
      const { fileName, stream } = await svc.platformUserExport(actor(req), req.query);
      return sendXlsx(reply, fileName, stream);
    },
    { tags },
  );
  routeOperation(app, ops.savePlatformUser, async (req) => svc.savePlatformUser(actor(req), req.body), { tags });
  routeOperation(app, ops.resetUserPassword, async (req) => svc.resetUserPassword(actor(req), req.body.userId), {
    tags,
  });

  // ---- users import
  routeOperation(
    app,
    ops.importTemplate,
    async (_req, reply) => {
      const buf = await imports.template();
      return reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header(
          'content-disposition',
          `attachment; filename="user-import-template.xlsx"; filename*=UTF-8''${encodeURIComponent('用户导入模板.xlsx')}`,
        )
        .send(buf);
    },
    { tags },
  );
  routeOperation(
    app,
    ops.importUpload,
    async (req) => {
      const file = await xlsxUpload(req);
      return imports.run(actor(req), file.stream, file.fileName, req.query.dryRun === 'true', file.truncated);
    },
    { tags },
  );
  routeOperation(
    app,
    ops.importRecords,
    async (req) => importJobsPage(deps.db, USER_IMPORT_KIND, req.query.current, req.query.pageSize),
    { tags },
  );
  routeOperation(app, ops.importFailures, async (req) => importFailuresOf(deps.db, USER_IMPORT_KIND, req.query.jobId), {
    tags,
  });

  // ---- roles
  routeOperation(app, ops.roleList, async (req) => svc.roleList(sessionOf(req)), { tags });
  routeOperation(app, ops.saveRole, async (req) => svc.saveRole(actor(req), req.body), { tags });
  routeOperation(app, ops.deleteRole, async (req) => svc.deleteRole(actor(req), req.body.id), { tags });
  routeOperation(app, ops.assignableRoles, async (req) => svc.assignable(sessionOf(req)), { tags });

  // ---- staff of the admin's own organisation
  routeOperation(app, ops.staffOrgs, async (req) => svc.staffOrgs(sessionOf(req)), { tags });
  routeOperation(app, ops.staffPage, async (req) => svc.staffPage(sessionOf(req), req.query), { tags });
  routeOperation(
    app,
    ops.staffExport,
    async (req, reply) => {
      const { fileName, stream } = await svc.staffExport(actor(req), req.query);
      return sendXlsx(reply, fileName, stream);
    },
    { tags },
  );
  routeOperation(app, ops.saveStaff, async (req) => svc.saveStaff(actor(req), req.body), { tags });
  routeOperation(
    app,
    ops.setStaffStatus,
    async (req) => svc.setStaffStatus(actor(req), req.body.userId, req.body.status),
    { tags },
  );
  routeOperation(app, ops.resetStaffPassword, async (req) => svc.resetStaffPassword(actor(req), req.body.userId), {
    tags,
  });

  // ---- a supervisor's own settings
  routeOperation(app, ops.mySetting, async (req) => svc.mySetting(sessionOf(req)), { tags });
  routeOperation(app, ops.saveMySetting, async (req) => svc.saveMySetting(actor(req), req.body), { tags });
}
