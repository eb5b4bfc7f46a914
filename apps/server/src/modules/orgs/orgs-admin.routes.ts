import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@phjr/contract/envelope';
import {
  ZDoneResponse,
  ZOrgPageQuery,
  ZOrgPageResponse,
  ZOrgTreeQuery,
  ZOrgTreeResponse,
  ZSaveOrgRequest,
  ZSaveOrgResponse,
  ZSetChainAccessRequest,
  ZSetOrgStatusRequest,
} from '@phjr/contract/orgs/org-admin';
import { ZAssignableRolesResponse, ZDeleteRoleRequest, ZRoleIdResponse, ZRoleListResponse, ZSaveRoleRequest } from '@phjr/contract/orgs/role-admin';
import { ZSaveStaffRequest, ZSetStaffStatusRequest, ZStaffOrgsResponse, ZStaffPageQuery, ZStaffPageResponse } from '@phjr/contract/orgs/staff';
import {
  ZMySetting,
  ZPlatformUserPageQuery,
  ZSaveMySettingRequest,
  ZSavePlatformUserRequest,
  ZSetUserRolesRequest,
  ZSetUserStatusRequest,
  ZUserDetail,
  ZUserDetailQuery,
  ZUserIdResponse,
  ZUserPageQuery,
  ZUserPageResponse,
} from '@phjr/contract/orgs/user-admin';
import { ZImportFailures, ZImportFailuresQuery, ZImportJobPage, ZImportJobPageQuery, ZImportResult } from '@phjr/contract/orgs/user-import';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../lib/errors.ts';
import { ok } from '../../lib/reply.ts';
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
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['orgs-admin'];
  const orgRead = { auth: { permission: 'org:read' as const } };
  const orgManage = { auth: { permission: 'org:manage' as const } };
  const userRead = { auth: { permission: 'user:read' as const } };
  const userManage = { auth: { permission: 'user:manage' as const } };
  const roleManage = { auth: { permission: 'role:manage' as const } };
  const staffManage = { auth: { permission: 'org-staff:manage' as const } };

  // ---- institutions
  r.get('/finance/org/tree.json', { config: orgRead, schema: { tags, querystring: ZOrgTreeQuery, response: { 200: envelope(ZOrgTreeResponse) } } }, async (req) =>
    ok(await svc.orgTree(req.query.kind, req.query.name)),
  );
  r.get('/finance/org/page.json', { config: orgRead, schema: { tags, querystring: ZOrgPageQuery, response: { 200: envelope(ZOrgPageResponse) } } }, async (req) =>
    ok(await svc.orgPage(req.query)),
  );
  r.post('/finance/org/save.json', { config: orgManage, schema: { tags, body: ZSaveOrgRequest, response: { 200: envelope(ZSaveOrgResponse) } } }, async (req) =>
    ok(await svc.saveOrg(actor(req), req.body)),
  );
  r.post('/finance/org/setChainAccess.json', { config: orgManage, schema: { tags, body: ZSetChainAccessRequest, response: { 200: envelope(ZDoneResponse) } } }, async (req) =>
    ok(await svc.setChainAccess(actor(req), req.body.id, req.body.chainAccess)),
  );
  r.post('/finance/org/setStatus.json', { config: orgManage, schema: { tags, body: ZSetOrgStatusRequest, response: { 200: envelope(ZDoneResponse) } } }, async (req) =>
    ok(await svc.setOrgStatus(actor(req), req.body.id, req.body.status)),
  );

  // ---- users
  r.get('/finance/user/page.json', { config: userRead, schema: { tags, querystring: ZUserPageQuery, response: { 200: envelope(ZUserPageResponse) } } }, async (req) => {
    const { certified, ...q } = req.query;
    return ok(await svc.userPage({ ...q, certified: certified === undefined ? undefined : certified === 'true' }));
  });
  r.get('/finance/user/detail.json', { config: userRead, schema: { tags, querystring: ZUserDetailQuery, response: { 200: envelope(ZUserDetail) } } }, async (req) =>
    ok(await svc.userDetail(req.query.userId)),
  );
  r.post('/finance/user/setStatus.json', { config: userManage, schema: { tags, body: ZSetUserStatusRequest, response: { 200: envelope(ZUserIdResponse) } } }, async (req) =>
    ok(await svc.setUserStatus(actor(req), req.body.userId, req.body.status)),
  );
  r.post('/finance/user/setRoles.json', { config: roleManage, schema: { tags, body: ZSetUserRolesRequest, response: { 200: envelope(ZUserIdResponse) } } }, async (req) =>
    ok(await svc.setUserRoles(actor(req), req.body.userId, req.body.roleIds)),
  );
  r.get('/finance/platformUser/page.json', { config: userRead, schema: { tags, querystring: ZPlatformUserPageQuery, response: { 200: envelope(ZUserPageResponse) } } }, async (req) =>
    ok(await svc.userPage({ ...req.query, accountType: 'PLATFORM' })),
  );
  r.post('/finance/platformUser/save.json', { config: userManage, schema: { tags, body: ZSavePlatformUserRequest, response: { 200: envelope(ZUserIdResponse) } } }, async (req) =>
    ok(await svc.savePlatformUser(actor(req), req.body)),
  );

  // ---- users import
  r.get('/finance/user/import/template.json', { config: userManage, schema: { tags } }, async (_req, reply) => {
    const buf = await imports.template();
    return reply
      .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', `attachment; filename="user-import-template.xlsx"; filename*=UTF-8''${encodeURIComponent('用户导入模板.xlsx')}`)
      .send(buf);
  });
  r.post(
    '/finance/user/import/upload.json',
    { config: userManage, schema: { tags, querystring: z.object({ dryRun: z.enum(['true', 'false']).default('false') }), response: { 200: envelope(ZImportResult) } } },
    async (req) => {
      if (!req.isMultipart()) throw new AppError('VALIDATION', '请上传xlsx文件');
      const file = await req.file();
      if (!file) throw new AppError('VALIDATION', '请上传xlsx文件');
      if (!/\.xlsx$/i.test(file.filename)) throw new AppError('IMPORT_FILE_INVALID');
      // Past the limit the parser ends the stream, marked truncated: the import refuses it as too large.
      const result = await imports.run(actor(req), file.file, file.filename.slice(-120), req.query.dryRun === 'true', () => file.file.truncated);
      return ok(result);
    },
  );
  r.get('/finance/user/import/records.json', { config: userRead, schema: { tags, querystring: ZImportJobPageQuery, response: { 200: envelope(ZImportJobPage) } } }, async (req) =>
    ok(await importJobsPage(deps.db, USER_IMPORT_KIND, req.query.current, req.query.pageSize)),
  );
  r.get('/finance/user/import/failures.json', { config: userRead, schema: { tags, querystring: ZImportFailuresQuery, response: { 200: envelope(ZImportFailures) } } }, async (req) =>
    ok(await importFailuresOf(deps.db, USER_IMPORT_KIND, req.query.jobId)),
  );

  // ---- roles
  r.get('/finance/role/list.json', { config: roleManage, schema: { tags, response: { 200: envelope(ZRoleListResponse) } } }, async () => ok(await svc.roleList()));
  r.post('/finance/role/save.json', { config: roleManage, schema: { tags, body: ZSaveRoleRequest, response: { 200: envelope(ZRoleIdResponse) } } }, async (req) =>
    ok(await svc.saveRole(actor(req), req.body)),
  );
  r.post('/finance/role/delete.json', { config: roleManage, schema: { tags, body: ZDeleteRoleRequest, response: { 200: envelope(ZRoleIdResponse) } } }, async (req) =>
    ok(await svc.deleteRole(actor(req), req.body.id)),
  );
  // Staff admins and enterprise main accounts: the roles they may give to the accounts they create.
  const grantor = { auth: { anyPermission: ['org-staff:manage', 'enterprise-sub:manage'] as const } };
  r.get('/finance/role/assignable.json', { config: grantor, schema: { tags, response: { 200: envelope(ZAssignableRolesResponse) } } }, async (req) =>
    ok(await svc.assignable(sessionOf(req))),
  );

  // ---- staff of the admin's own organisation
  r.get('/finance/org/staff/orgs.json', { config: staffManage, schema: { tags, response: { 200: envelope(ZStaffOrgsResponse) } } }, async (req) =>
    ok(await svc.staffOrgs(sessionOf(req))),
  );
  r.get('/finance/org/staff/page.json', { config: staffManage, schema: { tags, querystring: ZStaffPageQuery, response: { 200: envelope(ZStaffPageResponse) } } }, async (req) =>
    ok(await svc.staffPage(sessionOf(req), req.query)),
  );
  r.post('/finance/org/staff/save.json', { config: staffManage, schema: { tags, body: ZSaveStaffRequest, response: { 200: envelope(ZUserIdResponse) } } }, async (req) =>
    ok(await svc.saveStaff(actor(req), req.body)),
  );
  r.post('/finance/org/staff/setStatus.json', { config: staffManage, schema: { tags, body: ZSetStaffStatusRequest, response: { 200: envelope(ZUserIdResponse) } } }, async (req) =>
    ok(await svc.setStaffStatus(actor(req), req.body.userId, req.body.status)),
  );

  // ---- a supervisor's own settings
  const supervise = { auth: { permission: 'supervise:read' as const } };
  r.get('/finance/user/mySetting.json', { config: supervise, schema: { tags, response: { 200: envelope(ZMySetting) } } }, async (req) => ok(await svc.mySetting(sessionOf(req))));
  r.post('/finance/user/saveMySetting.json', { config: supervise, schema: { tags, body: ZSaveMySettingRequest, response: { 200: envelope(ZMySetting) } } }, async (req) =>
    ok(await svc.saveMySetting(actor(req), req.body)),
  );
}
