import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OperationDef, OperationInput } from '@phjr/contract/operation';
import type { OrgTreeKind } from '@phjr/contract/orgs/org-admin';
import { orgsOps } from '@phjr/contract/orgs/orgs-ops';
import { callOperation } from '../../../lib/operation-client.ts';
import { exportExcel } from '../../../lib/request.ts';

/** The administration calls of the orgs screens, as TanStack Query hooks. */

type QueryOf<O extends OperationDef> = OperationInput<O>['query'];
type BodyOf<O extends OperationDef> = OperationInput<O>['body'];

export function useOrgTree(kind: OrgTreeKind, name?: string) {
  return useQuery({
    queryKey: ['orgs-admin', 'tree', kind, name ?? ''],
    queryFn: ({ signal }) => callOperation(orgsOps.orgTree, { query: { kind, name } }, { signal }),
  });
}

export function useOrgPage(query: QueryOf<typeof orgsOps.orgPage>) {
  return useQuery({
    queryKey: ['orgs-admin', 'page', query],
    queryFn: ({ signal }) => callOperation(orgsOps.orgPage, { query }, { signal }),
  });
}

/** The operator's company and personal users (any account type but the platform's). */
export function useUserPage(query: QueryOf<typeof orgsOps.userPage>) {
  return useQuery({
    queryKey: ['orgs-admin', 'users', 'accounts', query],
    queryFn: ({ signal }) => callOperation(orgsOps.userPage, { query }, { signal }),
  });
}

/** The back-office accounts of every institution. */
export function usePlatformUserPage(query: QueryOf<typeof orgsOps.platformUserPage>) {
  return useQuery({
    queryKey: ['orgs-admin', 'users', 'platform', query],
    queryFn: ({ signal }) => callOperation(orgsOps.platformUserPage, { query }, { signal }),
  });
}

export function useUserDetail(userId: number | null) {
  return useQuery({
    queryKey: ['orgs-admin', 'user', userId],
    enabled: userId !== null,
    queryFn: ({ signal }) => callOperation(orgsOps.userDetail, { query: { userId: userId ?? 0 } }, { signal }),
  });
}

export function useRoles(enabled = true) {
  return useQuery({
    queryKey: ['orgs-admin', 'roles'],
    enabled,
    queryFn: ({ signal }) => callOperation(orgsOps.roleList, {}, { signal }),
  });
}

/** The roles this staff admin may give (least first; `least` is the default of a new account). */
export function useAssignableRoles() {
  return useQuery({
    queryKey: ['orgs-admin', 'assignable-roles'],
    queryFn: ({ signal }) => callOperation(orgsOps.assignableRoles, {}, { signal }),
  });
}

export function useStaffOrgs() {
  return useQuery({
    queryKey: ['orgs-admin', 'staff-orgs'],
    queryFn: ({ signal }) => callOperation(orgsOps.staffOrgs, {}, { signal }),
  });
}

export function useStaffPage(query: QueryOf<typeof orgsOps.staffPage>) {
  return useQuery({
    queryKey: ['orgs-admin', 'staff', query],
    queryFn: ({ signal }) => callOperation(orgsOps.staffPage, { query }, { signal }),
  });
}

export function useMySetting() {
  return useQuery({
    queryKey: ['orgs-admin', 'my-setting'],
    queryFn: ({ signal }) => callOperation(orgsOps.mySetting, {}, { signal }),
  });
}

export function useImportRecords(query: QueryOf<typeof orgsOps.importRecords>) {
  return useQuery({
    queryKey: ['orgs-admin', 'import-records', query],
    queryFn: ({ signal }) => callOperation(orgsOps.importRecords, { query }, { signal }),
  });
}

export function useImportFailures(jobId: number | null) {
  return useQuery({
    queryKey: ['orgs-admin', 'import-failures', jobId],
    enabled: jobId !== null,
    queryFn: ({ signal }) => callOperation(orgsOps.importFailures, { query: { jobId: jobId ?? 0 } }, { signal }),
  });
}

/** A POST of a JSON operation whose success refreshes every administration list. */
function useAdminPost<O extends OperationDef>(op: O) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<O>) => callOperation(op, { body } as OperationInput<O>),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['orgs-admin'] }),
  });
}

export const useSaveOrg = () => useAdminPost(orgsOps.saveOrg);
export const useSetChainAccess = () => useAdminPost(orgsOps.setChainAccess);
export const useSetOrgStatus = () => useAdminPost(orgsOps.setOrgStatus);
export const useSetUserStatus = () => useAdminPost(orgsOps.setUserStatus);
export const useSetUserRoles = () => useAdminPost(orgsOps.setUserRoles);
export const useSavePlatformUser = () => useAdminPost(orgsOps.savePlatformUser);
export const useSaveRole = () => useAdminPost(orgsOps.saveRole);
export const useDeleteRole = () => useAdminPost(orgsOps.deleteRole);
export const useSaveStaff = () => useAdminPost(orgsOps.saveStaff);
export const useSetStaffStatus = () => useAdminPost(orgsOps.setStaffStatus);
export const useResetUserPassword = () => useAdminPost(orgsOps.resetUserPassword);
export const useResetStaffPassword = () => useAdminPost(orgsOps.resetStaffPassword);
export const useSaveMySetting = () => useAdminPost(orgsOps.saveMySetting);

/** orgsOps.importTemplate: the xlsx with the columns of USER_IMPORT_COLUMNS. */
export function downloadUserImportTemplate(name: string) {
  return exportExcel(orgsOps.importTemplate.path, name);
}

export function useUploadUsers() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ file, dryRun }: { file: File; dryRun: boolean }) => {
      const form = new FormData();
      form.append('file', file);
      return callOperation(orgsOps.importUpload, { query: { dryRun: dryRun ? 'true' : 'false' }, body: form as never });
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: ['orgs-admin'] }),
  });
}
