import { z } from 'zod';
import { ZChainAccessResponse, ZGetUserByIdQuery, ZGetUserInfoQuery, ZSsoUser, ZUserInfo } from '../auth/user-info.ts';
import { defineOperation } from '../operation.ts';
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
} from './org-admin.ts';
import { ZRegionListResponse } from './regions.ts';
import {
  ZAssignableRolesResponse,
  ZDeleteRoleRequest,
  ZRoleIdResponse,
  ZRoleListResponse,
  ZSaveRoleRequest,
} from './role-admin.ts';
import {
  ZSaveStaffRequest,
  ZSetStaffStatusRequest,
  ZStaffFilter,
  ZStaffOrgsResponse,
  ZStaffPageQuery,
  ZStaffPageResponse,
} from './staff.ts';
import {
  ZMySetting,
  ZPlatformUserFilter,
  ZPlatformUserPageQuery,
  ZSaveMySettingRequest,
  ZSavePlatformUserRequest,
  ZSetUserRolesRequest,
  ZSetUserStatusRequest,
  ZUserDetail,
  ZUserDetailQuery,
  ZUserIdResponse,
  ZUserFilter,
  ZUserPageQuery,
  ZUserPageResponse,
} from './user-admin.ts';
import { ZResetPasswordRequest, ZResetPasswordResponse } from '../auth/password-reset.ts';
import {
  ZImportFailures,
  ZImportFailuresQuery,
  ZImportJobPage,
  ZImportJobPageQuery,
  ZImportResult,
  ZImportUploadQuery,
} from './user-import.ts';

const orgRead = { permission: 'org:read' } as const;
const orgManage = { permission: 'org:manage' } as const;
const userRead = { permission: 'user:read' } as const;
const userManage = { permission: 'user:manage' } as const;
const roleManage = { permission: 'role:manage' } as const;
const staffManage = { permission: 'org-staff:manage' } as const;
/** Staff admins and enterprise main accounts: the roles they may give to the accounts they create. */
const grantor = { anyPermission: ['org-staff:manage', 'enterprise-sub:manage'] } as const;
const supervise = { permission: 'supervise:read' } as const;
/** A file operation answers with the file itself; an error is an envelope without data. */
const noData = z.null();

/**
 * The organisations calls (issue 3): the session's own user (SSO compatible paths), the regions, and the
 * administration of institutions, users, their import, roles, an institution's own staff and a supervisor's settings.
 */
export const orgsOps = {
  // ---- the session's own account; getUserInfo is read at start-up by lib/session.ts without the declaration
  userInfo: defineOperation({
    method: 'GET',
    path: '/zscms/user/getUserInfo.json',
    auth: 'session',
    query: ZGetUserInfoQuery,
    response: ZUserInfo,
    whilePasswordChangeDue: true,
  }),
  userById: defineOperation({
    method: 'GET',
    path: '/ssoserver/user/getUserById',
    auth: 'session',
    query: ZGetUserByIdQuery,
    response: ZSsoUser,
  }),
  chainAccess: defineOperation({
    method: 'GET',
    path: '/finance/org/getChainAccess.json',
    auth: 'session',
    response: ZChainAccessResponse,
  }),
  /** Read by the portal frame on every page (components/use-regions.ts, without the declaration). */
  regions: defineOperation({
    method: 'GET',
    path: '/finance/region/list.json',
    auth: 'public',
    response: ZRegionListResponse,
  }),

  // ---- institutions
  orgTree: defineOperation({
    method: 'GET',
    path: '/finance/org/tree.json',
    auth: orgRead,
    query: ZOrgTreeQuery,
    response: ZOrgTreeResponse,
  }),
  orgPage: defineOperation({
    method: 'GET',
    path: '/finance/org/page.json',
    auth: orgRead,
    query: ZOrgPageQuery,
    response: ZOrgPageResponse,
  }),
  saveOrg: defineOperation({
    method: 'POST',
    path: '/finance/org/save.json',
    auth: orgManage,
    body: ZSaveOrgRequest,
    response: ZSaveOrgResponse,
  }),
  setChainAccess: defineOperation({
    method: 'POST',
    path: '/finance/org/setChainAccess.json',
    auth: orgManage,
    body: ZSetChainAccessRequest,
    response: ZDoneResponse,
  }),
  setOrgStatus: defineOperation({
    method: 'POST',
    path: '/finance/org/setStatus.json',
    auth: orgManage,
    body: ZSetOrgStatusRequest,
    response: ZDoneResponse,
  }),

  // ---- users
  userPage: defineOperation({
    method: 'GET',
    path: '/finance/user/page.json',
    auth: userRead,
    query: ZUserPageQuery,
    response: ZUserPageResponse,
  }),
  /** The page's Excel twin (issue 30): its filters and sort, the phones masked as the list masks them, audited as `export`. */
  userExport: defineOperation({
    method: 'GET',
    path: '/finance/user/export.json',
    auth: userRead,
    query: ZUserFilter,
    response: noData,
    answers: 'file',
  }),
  userDetail: defineOperation({
    method: 'GET',
    path: '/finance/user/detail.json',
    auth: userRead,
    query: ZUserDetailQuery,
    response: ZUserDetail,
  }),
  setUserStatus: defineOperation({
    method: 'POST',
    path: '/finance/user/setStatus.json',
    auth: userManage,
    body: ZSetUserStatusRequest,
    response: ZUserIdResponse,
  }),
  setUserRoles: defineOperation({
    method: 'POST',
    path: '/finance/user/setRoles.json',
    auth: roleManage,
    body: ZSetUserRolesRequest,
    response: ZUserIdResponse,
  }),
  platformUserPage: defineOperation({
    method: 'GET',
    path: '/finance/platformUser/page.json',
    auth: userRead,
    query: ZPlatformUserPageQuery,
    response: ZUserPageResponse,
  }),
  platformUserExport: defineOperation({
    method: 'GET',
    path: '/finance/platformUser/export.json',
    auth: userRead,
    query: ZPlatformUserFilter,
    response: noData,
    answers: 'file',
  }),
  savePlatformUser: defineOperation({
    method: 'POST',
    path: '/finance/platformUser/save.json',
    auth: userManage,
    body: ZSavePlatformUserRequest,
    response: ZUserIdResponse,
  }),
  /** Issue 30: the operator resets an institution's or government account's password (a temporary one, shown once). */
  resetUserPassword: defineOperation({
    method: 'POST',
    path: '/finance/user/resetPassword.json',
    auth: userManage,
    body: ZResetPasswordRequest,
    response: ZResetPasswordResponse,
  }),

  // ---- users import
  importTemplate: defineOperation({
    method: 'GET',
    path: '/finance/user/import/template.json',
    auth: userManage,
    response: noData,
    answers: 'file',
  }),
  importUpload: defineOperation({
    method: 'POST',
    path: '/finance/user/import/upload.json',
    auth: userManage,
    encoding: 'multipart',
    query: ZImportUploadQuery,
    response: ZImportResult,
  }),
  importRecords: defineOperation({
    method: 'GET',
    path: '/finance/user/import/records.json',
    auth: userRead,
    query: ZImportJobPageQuery,
    response: ZImportJobPage,
  }),
  importFailures: defineOperation({
    method: 'GET',
    path: '/finance/user/import/failures.json',
    auth: userRead,
    query: ZImportFailuresQuery,
    response: ZImportFailures,
  }),

  // ---- roles
  roleList: defineOperation({
    method: 'GET',
    path: '/finance/role/list.json',
    auth: roleManage,
    response: ZRoleListResponse,
  }),
  saveRole: defineOperation({
    method: 'POST',
    path: '/finance/role/save.json',
    auth: roleManage,
    body: ZSaveRoleRequest,
    response: ZRoleIdResponse,
  }),
  deleteRole: defineOperation({
    method: 'POST',
    path: '/finance/role/delete.json',
    auth: roleManage,
    body: ZDeleteRoleRequest,
    response: ZRoleIdResponse,
  }),
  assignableRoles: defineOperation({
    method: 'GET',
    path: '/finance/role/assignable.json',
    auth: grantor,
    response: ZAssignableRolesResponse,
  }),

  // ---- staff of the admin's own organisation
  staffOrgs: defineOperation({
    method: 'GET',
    path: '/finance/org/staff/orgs.json',
    auth: staffManage,
    response: ZStaffOrgsResponse,
  }),
  staffPage: defineOperation({
    method: 'GET',
    path: '/finance/org/staff/page.json',
    auth: staffManage,
    query: ZStaffPageQuery,
    response: ZStaffPageResponse,
  }),
  staffExport: defineOperation({
    method: 'GET',
    path: '/finance/org/staff/export.json',
    auth: staffManage,
    query: ZStaffFilter,
    response: noData,
    answers: 'file',
  }),
  saveStaff: defineOperation({
    method: 'POST',
    path: '/finance/org/staff/save.json',
    auth: staffManage,
    body: ZSaveStaffRequest,
    response: ZUserIdResponse,
  }),
  setStaffStatus: defineOperation({
    method: 'POST',
    path: '/finance/org/staff/setStatus.json',
    auth: staffManage,
    body: ZSetStaffStatusRequest,
    response: ZUserIdResponse,
  }),
  /** Issue 30: an institution's admin resets one of its staff's password (a temporary one, shown once). */
  resetStaffPassword: defineOperation({
    method: 'POST',
    path: '/finance/org/staff/resetPassword.json',
    auth: staffManage,
    body: ZResetPasswordRequest,
    response: ZResetPasswordResponse,
  }),

  // ---- a supervisor's own settings
  mySetting: defineOperation({
    method: 'GET',
    path: '/finance/user/mySetting.json',
    auth: supervise,
    response: ZMySetting,
  }),
  saveMySetting: defineOperation({
    method: 'POST',
    path: '/finance/user/saveMySetting.json',
    auth: supervise,
    body: ZSaveMySettingRequest,
    response: ZMySetting,
  }),
};
