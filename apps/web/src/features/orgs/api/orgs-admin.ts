import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZOrgPageResponse, ZOrgTreeResponse, type OrgKind, type SaveOrgRequest } from '@phjr/contract/orgs/org-admin';
import { ZAssignableRolesResponse, ZRoleListResponse, type SaveRoleRequest } from '@phjr/contract/orgs/role-admin';
import { ZStaffOrgsResponse, ZStaffPageResponse, type SaveStaffRequest } from '@phjr/contract/orgs/staff';
import { ZMySetting, ZUserDetail, ZUserPageResponse, type SavePlatformUserRequest } from '@phjr/contract/orgs/user-admin';
import { ZImportFailures, ZImportJobPage, ZImportResult } from '@phjr/contract/orgs/user-import';
import { get, post, upload, type Params } from '../../../lib/request.ts';

/** The administration calls of the orgs screens, as TanStack Query hooks. */

export function useOrgTree(kind: OrgKind, name?: string) {
  return useQuery({
    queryKey: ['orgs-admin', 'tree', kind, name ?? ''],
    queryFn: async () => (await get('/finance/org/tree.json', { kind, name }, { schema: ZOrgTreeResponse })).data,
  });
}

export function useOrgPage(params: Params) {
  return useQuery({
    queryKey: ['orgs-admin', 'page', params],
    queryFn: async () => (await get('/finance/org/page.json', params, { schema: ZOrgPageResponse })).data,
  });
}

export function useUserPage(url: '/finance/user/page.json' | '/finance/platformUser/page.json', params: Params) {
  return useQuery({
    queryKey: ['orgs-admin', 'users', url, params],
    queryFn: async () => (await get(url, params, { schema: ZUserPageResponse })).data,
  });
}

export function useUserDetail(userId: number | null) {
  return useQuery({
    queryKey: ['orgs-admin', 'user', userId],
    enabled: userId !== null,
    queryFn: async () => (await get('/finance/user/detail.json', { userId }, { schema: ZUserDetail })).data,
  });
}

export function useRoles(enabled = true) {
  return useQuery({
    queryKey: ['orgs-admin', 'roles'],
    enabled,
    queryFn: async () => (await get('/finance/role/list.json', undefined, { schema: ZRoleListResponse })).data,
  });
}

/** The roles this staff admin may give (least first; `least` is the default of a new account). */
export function useAssignableRoles() {
  return useQuery({
    queryKey: ['orgs-admin', 'assignable-roles'],
    queryFn: async () => (await get('/finance/role/assignable.json', undefined, { schema: ZAssignableRolesResponse })).data,
  });
}

export function useStaffOrgs() {
  return useQuery({
    queryKey: ['orgs-admin', 'staff-orgs'],
    queryFn: async () => (await get('/finance/org/staff/orgs.json', undefined, { schema: ZStaffOrgsResponse })).data,
  });
}

export function useStaffPage(params: Params) {
  return useQuery({
    queryKey: ['orgs-admin', 'staff', params],
    queryFn: async () => (await get('/finance/org/staff/page.json', params, { schema: ZStaffPageResponse })).data,
  });
}

export function useMySetting() {
  return useQuery({
    queryKey: ['orgs-admin', 'my-setting'],
    queryFn: async () => (await get('/finance/user/mySetting.json', undefined, { schema: ZMySetting })).data,
  });
}

export function useImportRecords(current: number) {
  return useQuery({
    queryKey: ['orgs-admin', 'import-records', current],
    queryFn: async () => (await get('/finance/user/import/records.json', { current, pageSize: 10 }, { schema: ZImportJobPage })).data,
  });
}

export function useImportFailures(jobId: number | null) {
  return useQuery({
    queryKey: ['orgs-admin', 'import-failures', jobId],
    enabled: jobId !== null,
    queryFn: async () => (await get('/finance/user/import/failures.json', { jobId }, { schema: ZImportFailures })).data,
  });
}

/** A POST whose success refreshes every administration list. */
function useAdminPost<B>(url: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: B) => (await post(url, body)).data,
    onSuccess: () => qc.invalidateQueries({ queryKey: ['orgs-admin'] }),
  });
}

export const useSaveOrg = () => useAdminPost<SaveOrgRequest>('/finance/org/save.json');
export const useSetChainAccess = () => useAdminPost<{ id: number; chainAccess: boolean }>('/finance/org/setChainAccess.json');
export const useSetOrgStatus = () => useAdminPost<{ id: number; status: 'ACTIVE' | 'DISABLED' }>('/finance/org/setStatus.json');
export const useSetUserStatus = () => useAdminPost<{ userId: number; status: 'ACTIVE' | 'DISABLED' }>('/finance/user/setStatus.json');
export const useSetUserRoles = () => useAdminPost<{ userId: number; roleIds: number[] }>('/finance/user/setRoles.json');
export const useSavePlatformUser = () => useAdminPost<SavePlatformUserRequest>('/finance/platformUser/save.json');
export const useSaveRole = () => useAdminPost<SaveRoleRequest>('/finance/role/save.json');
export const useDeleteRole = () => useAdminPost<{ id: number }>('/finance/role/delete.json');
export const useSaveStaff = () => useAdminPost<SaveStaffRequest>('/finance/org/staff/save.json');
export const useSetStaffStatus = () => useAdminPost<{ userId: number; status: 'ACTIVE' | 'DISABLED' }>('/finance/org/staff/setStatus.json');
export const useSaveMySetting = () => useAdminPost<{ name: string; email: string | null; notifyPref: string }>('/finance/user/saveMySetting.json');

export function useUploadUsers() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ file, dryRun }: { file: File; dryRun: boolean }) => {
      const form = new FormData();
      form.append('file', file);
      return (await upload(`/finance/user/import/upload.json?dryRun=${dryRun}`, form, { schema: ZImportResult })).data;
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: ['orgs-admin'] }),
  });
}
