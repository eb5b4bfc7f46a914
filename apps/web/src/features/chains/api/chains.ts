import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { chainOps } from '@phjr/contract/chains/chain-ops';
import type {
  ZChainEnterprisePageQuery,
  ZChainEnterpriseSaveRequest,
  ZChainFailRecordPageQuery,
  ZChainImportRecordPageQuery,
  ZChainLoanPageQuery,
  ZChainLoanSaveRequest,
  ZChainManagersSaveRequest,
  ZChainOrgsSaveRequest,
  ZChainPageQuery,
  ZChainSaveRequest,
  ZChainStatusRequest,
  ZChainVisitPageQuery,
  ZChainVisitSaveRequest,
  ZRegisterAgainRequest,
} from '@phjr/contract/chains/chain';
import { fileOps, type UploadedFile } from '@phjr/contract/files/upload';
import { productOps } from '@phjr/contract/products/product-ops';
import { orgsOps } from '@phjr/contract/orgs/orgs-ops';
import { callOperation } from '../../../lib/operation-client.ts';
import { exportExcel, type Params } from '../../../lib/request.ts';

/**
 * Every call of `chainOps` (packages/contract/src/chains/chain-ops.ts) as a TanStack Query hook or a function, for
 * the operator's, the bank's, the government's and the portal's chain screens.
 *
 *   const page = useChainPage(list.query);                      // queries: keyed under CHAIN_KEYS, answers parsed
 *   const save = useSaveChain();  await save.mutateAsync(body); // mutations: refresh what the write changes
 *   await downloadImportTemplate(t('chains:import.templateName'));  // files: saved as name_yyyyMMddHHmmss.xlsx
 *
 * Keys: one prefix `['chains']`, one branch per kind of record (CHAIN_KEYS). A write invalidates the branches whose
 * answers it changes: the counters (members, visits, loans, rates) live on the chain rows, the member rows and the
 * figures, so a member, visit or loan write refreshes those too (WRITE_TOUCHES).
 */

const ROOT = ['chains'] as const;

export const CHAIN_KEYS = {
  all: ROOT,
  /** Chain pages, details, pickers of chains (options). */
  chains: [...ROOT, 'chain'] as const,
  /** Member enterprises (page, detail). */
  members: [...ROOT, 'member'] as const,
  /** Import records and failed rows. */
  imports: [...ROOT, 'import'] as const,
  visits: [...ROOT, 'visit'] as const,
  loans: [...ROOT, 'loan'] as const,
  /** The figures (portal and clients) and the portal's reads. */
  figures: [...ROOT, 'figures'] as const,
  /** Membership checks (who may open a chain client). */
  membership: [...ROOT, 'membership'] as const,
  /** Organisation and manager pickers. */
  pickers: [...ROOT, 'picker'] as const,
} as const;

type Branch = Exclude<keyof typeof CHAIN_KEYS, 'all'>;

/** Which branches each kind of write changes (exported for the unit test). */
export const WRITE_TOUCHES = {
  chain: ['chains', 'figures', 'membership', 'pickers', 'members'],
  member: ['members', 'chains', 'figures'],
  import: ['imports', 'members', 'chains', 'figures'],
  claim: ['members'],
  visit: ['visits', 'members', 'chains', 'figures'],
  loan: ['loans', 'members', 'chains', 'figures'],
} as const satisfies Record<string, readonly Branch[]>;
export type ChainWrite = keyof typeof WRITE_TOUCHES;

/** The keys a write invalidates. */
export function keysTouchedBy(write: ChainWrite): (readonly string[])[] {
  return WRITE_TOUCHES[write].map((b) => CHAIN_KEYS[b]);
}

export function invalidateAfter(qc: QueryClient, write: ChainWrite): Promise<void> {
  return Promise.all(keysTouchedBy(write).map((queryKey) => qc.invalidateQueries({ queryKey }))).then(() => undefined);
}

const PICKER_STALE = 60_000;

/** A query's `enabled` plus nothing else: every hook takes it last. */
interface Enabled {
  enabled?: boolean;
}

// ---------------------------------------------------------------------------------------------------------------------
// The portal (public)

/** chainOps.portalList: the active chains as cards, with the figures a card shows. */
export function usePortalChains() {
  return useQuery({
    queryKey: [...CHAIN_KEYS.figures, 'portal-list'],
    queryFn: ({ signal }) => callOperation(chainOps.portalList, {}, { signal }),
  });
}

/** chainOps.portalDetail: one chain's public page. */
export function usePortalChain(industrialChainId: number | null) {
  return useQuery({
    queryKey: [...CHAIN_KEYS.figures, 'portal-detail', industrialChainId],
    enabled: industrialChainId !== null,
    queryFn: ({ signal }) => callOperation(chainOps.portalDetail, { query: { industrialChainId } }, { signal }),
  });
}

/** chainOps.categoryData: chains, members and loan amount per category. */
export function useChainCategoryData() {
  return useQuery({
    queryKey: [...CHAIN_KEYS.figures, 'categories'],
    queryFn: ({ signal }) => callOperation(chainOps.categoryData, {}, { signal }),
  });
}

/** chainOps.totalFigures: the figures over every chain. */
export function useChainTotalFigures() {
  return useQuery({
    queryKey: [...CHAIN_KEYS.figures, 'total'],
    queryFn: ({ signal }) => callOperation(chainOps.totalFigures, {}, { signal }),
  });
}

/** chainOps.figuresById: one chain's figures, in total, per bank and per tier. */
export function useChainFiguresById(industrialChainId: number | null) {
  return useQuery({
    queryKey: [...CHAIN_KEYS.figures, 'by-id', industrialChainId],
    enabled: industrialChainId !== null,
    queryFn: ({ signal }) => callOperation(chainOps.figuresById, { query: { industrialChainId } }, { signal }),
  });
}

// ---------------------------------------------------------------------------------------------------------------------
// Membership checks and pickers

/** chainOps.existsForCurrentUser */
export function useChainExistsForCurrentUser({ enabled = true }: Enabled = {}) {
  return useQuery({
    queryKey: [...CHAIN_KEYS.membership, 'exists'],
    enabled,
    queryFn: ({ signal }) => callOperation(chainOps.existsForCurrentUser, {}, { signal }),
  });
}

/** chainOps.portalUserCanOperate (an enterprise account on the portal). */
export function usePortalUserCanOperate({ enabled = true }: Enabled = {}) {
  return useQuery({
    queryKey: [...CHAIN_KEYS.membership, 'portal-user'],
    enabled,
    queryFn: ({ signal }) => callOperation(chainOps.portalUserCanOperate, {}, { signal }),
  });
}

/** chainOps.backendUserCanOperate (a bank, government or operator account). */
export function useBackendUserCanOperate({ enabled = true }: Enabled = {}) {
  return useQuery({
    queryKey: [...CHAIN_KEYS.membership, 'backend-user'],
    enabled,
    queryFn: ({ signal }) => callOperation(chainOps.backendUserCanOperate, {}, { signal }),
  });
}

/** chainOps.currentUserChains: the chains in the caller's scope (a chain picker). */
export function useCurrentUserChains({ enabled = true }: Enabled = {}) {
  return useQuery({
    queryKey: [...CHAIN_KEYS.chains, 'options', 'current-user'],
    enabled,
    queryFn: ({ signal }) => callOperation(chainOps.currentUserChains, {}, { signal }),
    staleTime: PICKER_STALE,
  });
}

/** chainOps.managedByCurrentUser: the chains the caller manages. */
export function useChainsManagedByMe({ enabled = true }: Enabled = {}) {
  return useQuery({
    queryKey: [...CHAIN_KEYS.chains, 'options', 'managed'],
    enabled,
    queryFn: ({ signal }) => callOperation(chainOps.managedByCurrentUser, {}, { signal }),
    staleTime: PICKER_STALE,
  });
}

/** chainOps.chainsByOrgIds: the chains those organisations take part in (within the caller's scope). */
export function useChainsByOrgIds(orgIds: readonly number[]) {
  return useQuery({
    queryKey: [...CHAIN_KEYS.chains, 'options', 'orgs', [...orgIds].sort((a, b) => a - b).join(',')],
    enabled: orgIds.length > 0,
    queryFn: ({ signal }) =>
      callOperation(chainOps.chainsByOrgIds, { query: { orgIds: orgIds.join(',') } }, { signal }),
    staleTime: PICKER_STALE,
  });
}

/** chainOps.selectListByOrg: the chains one organisation takes part in. */
export function useChainSelectListByOrg(orgId: number | null) {
  return useQuery({
    queryKey: [...CHAIN_KEYS.chains, 'options', 'org', orgId],
    enabled: orgId !== null,
    queryFn: ({ signal }) => callOperation(chainOps.selectListByOrg, { query: { orgId } }, { signal }),
    staleTime: PICKER_STALE,
  });
}

/** chainOps.allChainOrgs: the taking-part organisations with their chain counts. */
export function useAllChainOrgs({ enabled = true }: Enabled = {}) {
  return useQuery({
    queryKey: [...CHAIN_KEYS.pickers, 'all-orgs'],
    enabled,
    queryFn: ({ signal }) => callOperation(chainOps.allChainOrgs, {}, { signal }),
    staleTime: PICKER_STALE,
  });
}

/**
 * orgsOps.orgTree of one kind (the operator, org:read): the organisations a chain may name. Government roles need a
 * government-type organisation, bank roles a bank of any level (docs/chains.md).
 */
export function useOrgsOfKind(kind: 'GOVERNMENT' | 'BANK', { enabled = true }: Enabled = {}) {
  return useQuery({
    queryKey: [...CHAIN_KEYS.pickers, 'org-tree', kind],
    enabled,
    queryFn: ({ signal }) => callOperation(orgsOps.orgTree, { query: { kind } }, { signal }),
    staleTime: PICKER_STALE,
  });
}

/** chainOps.govManagerOrgs: the organisations of the chains the caller (a government manager) manages. */
export function useGovManagerOrgs({ enabled = true }: Enabled = {}) {
  return useQuery({
    queryKey: [...CHAIN_KEYS.pickers, 'gov-manager-orgs'],
    enabled,
    queryFn: ({ signal }) => callOperation(chainOps.govManagerOrgs, {}, { signal }),
    staleTime: PICKER_STALE,
  });
}

/** chainOps.managerSelectList: the users of an organisation (and of its branches, for a bank) who may manage. */
export function useManagerSelectList(orgId: number | null) {
  return useQuery({
    queryKey: [...CHAIN_KEYS.pickers, 'managers', orgId],
    enabled: orgId !== null,
    queryFn: ({ signal }) => callOperation(chainOps.managerSelectList, { query: { orgId } }, { signal }),
    staleTime: PICKER_STALE,
  });
}

/** chainOps.findUser: one user who may be named manager, or null. */
export function findChainManager(userId: number, type: 'GOVERNMENT' | 'BANK') {
  return callOperation(chainOps.findUser, { query: { userId, type } });
}

/** chainOps.enterpriseName: the registered name of a credit code (null when the registry has none). */
export function lookupEnterpriseName(creditCode: string) {
  return callOperation(chainOps.enterpriseName, { query: { creditCode } }, { skipErrorHandler: true });
}

// ---------------------------------------------------------------------------------------------------------------------
// Chains

export type ChainPageQuery = z.input<typeof ZChainPageQuery>;

/** chainOps.page: the chains in the caller's scope, each with its figures and `actions`. */
export function useChainPage(query: ChainPageQuery, { enabled = true }: Enabled = {}) {
  return useQuery({
    queryKey: [...CHAIN_KEYS.chains, 'page', query],
    enabled,
    queryFn: ({ signal }) => callOperation(chainOps.page, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** chainOps.detail: one chain with its organisations and managers. */
export function useChainDetail(id: number | null) {
  return useQuery({
    queryKey: [...CHAIN_KEYS.chains, 'detail', id],
    enabled: id !== null,
    queryFn: ({ signal }) => callOperation(chainOps.detail, { query: { id } }, { signal }),
  });
}

function useChainWrite<B, R>(write: ChainWrite, send: (body: B) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: send, onSuccess: () => invalidateAfter(qc, write) });
}

/** chainOps.save: create (no id) or edit a chain. */
export function useSaveChain() {
  return useChainWrite('chain', (body: z.input<typeof ZChainSaveRequest>) => callOperation(chainOps.save, { body }));
}

/** chainOps.setStatus: archive or activate. */
export function useSetChainStatus() {
  return useChainWrite('chain', (body: z.input<typeof ZChainStatusRequest>) =>
    callOperation(chainOps.setStatus, { body }),
  );
}

/** chainOps.saveOrgs: the whole list of taking-part organisations. */
export function useSaveChainOrgs() {
  return useChainWrite('chain', (body: z.input<typeof ZChainOrgsSaveRequest>) =>
    callOperation(chainOps.saveOrgs, { body }),
  );
}

/** chainOps.saveManagers: the whole list of managers. */
export function useSaveChainManagers() {
  return useChainWrite('chain', (body: z.input<typeof ZChainManagersSaveRequest>) =>
    callOperation(chainOps.saveManagers, { body }),
  );
}

// ---------------------------------------------------------------------------------------------------------------------
// Member enterprises

export type ChainEnterprisePageQuery = z.input<typeof ZChainEnterprisePageQuery>;

/** chainOps.enterprisePage: members in the caller's scope, each with its `actions`. */
export function useChainEnterprisePage(query: ChainEnterprisePageQuery, { enabled = true }: Enabled = {}) {
  return useQuery({
    queryKey: [...CHAIN_KEYS.members, 'page', query],
    enabled,
    queryFn: ({ signal }) => callOperation(chainOps.enterprisePage, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** chainOps.enterpriseDetail */
export function useChainEnterprise(id: number | null) {
  return useQuery({
    queryKey: [...CHAIN_KEYS.members, 'detail', id],
    enabled: id !== null,
    queryFn: ({ signal }) => callOperation(chainOps.enterpriseDetail, { query: { id } }, { signal }),
  });
}

/** chainOps.enterpriseSave: add (no id) or edit a member. */
export function useSaveChainEnterprise() {
  return useChainWrite('member', (body: z.input<typeof ZChainEnterpriseSaveRequest>) =>
    callOperation(chainOps.enterpriseSave, { body }),
  );
}

/** chainOps.enterpriseRemove */
export function useRemoveChainEnterprise() {
  return useChainWrite('member', (id: number) => callOperation(chainOps.enterpriseRemove, { body: { id } }));
}

/** chainOps.enterpriseClaim (a bank): holds the member for a visit for CHAIN_CLAIM_DAYS. */
export function useClaimChainEnterprise() {
  return useChainWrite('claim', (id: number) => callOperation(chainOps.enterpriseClaim, { body: { id } }));
}

/** chainOps.enterpriseRelease (a bank): gives its claim up. */
export function useReleaseChainEnterprise() {
  return useChainWrite('claim', (id: number) => callOperation(chainOps.enterpriseRelease, { body: { id } }));
}

// ---------------------------------------------------------------------------------------------------------------------
// The member import, its records and failed rows

/** chainOps.importTemplate: the xlsx with CHAIN_ENTERPRISE_IMPORT_COLUMNS. */
export function downloadImportTemplate(name: string) {
  return exportExcel(chainOps.importTemplate.path, name);
}

/** chainOps.importEnterprises (multipart `file`): a dry run checks every row and writes nothing. */
export function useImportChainEnterprises() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ industrialChainId, file, dryRun }: { industrialChainId: number; file: File; dryRun: boolean }) => {
      const form = new FormData();
      form.append('file', file, file.name);
      // A multipart operation declares no body schema (the server streams the file): the form goes as it is.
      return callOperation(chainOps.importEnterprises, {
        query: { industrialChainId, dryRun: dryRun ? 'true' : 'false' },
        body: form as never,
      });
    },
    onSuccess: (r) => (r.dryRun ? undefined : invalidateAfter(qc, 'import')),
  });
}

export type ChainImportRecordPageQuery = z.input<typeof ZChainImportRecordPageQuery>;

/** chainOps.importRecords */
export function useChainImportRecords(query: ChainImportRecordPageQuery, { enabled = true }: Enabled = {}) {
  return useQuery({
    queryKey: [...CHAIN_KEYS.imports, 'records', query],
    enabled,
    queryFn: ({ signal }) => callOperation(chainOps.importRecords, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export type ChainFailRecordPageQuery = z.input<typeof ZChainFailRecordPageQuery>;

/** chainOps.failRecords: failed rows, by import or by chain. */
export function useChainFailRecords(query: ChainFailRecordPageQuery, { enabled = true }: Enabled = {}) {
  return useQuery({
    queryKey: [...CHAIN_KEYS.imports, 'fail', query],
    enabled,
    queryFn: ({ signal }) => callOperation(chainOps.failRecords, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** chainOps.failRecordsFile: an import's failed rows in the template's columns plus the reasons. */
export function downloadFailRecords(importRecordId: number, name: string) {
  return exportExcel(chainOps.failRecordsFile.path, name, { importRecordId } as Params);
}

/** chainOps.registerAgain: the corrected fields of one failed record; creates the member. */
export function useRegisterAgain() {
  return useChainWrite('import', (body: z.input<typeof ZRegisterAgainRequest>) =>
    callOperation(chainOps.registerAgain, { body }),
  );
}

// ---------------------------------------------------------------------------------------------------------------------
// Visits and loans

export type ChainVisitPageQuery = z.input<typeof ZChainVisitPageQuery>;

/** chainOps.visitPage */
export function useChainVisitPage(query: ChainVisitPageQuery, { enabled = true }: Enabled = {}) {
  return useQuery({
    queryKey: [...CHAIN_KEYS.visits, 'page', query],
    enabled,
    queryFn: ({ signal }) => callOperation(chainOps.visitPage, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** chainOps.visitDetail; its photos' `url` is chainOps.visitPhoto (readable by whoever reads the visit). */
export function useChainVisit(id: number | null) {
  return useQuery({
    queryKey: [...CHAIN_KEYS.visits, 'detail', id],
    enabled: id !== null,
    queryFn: ({ signal }) => callOperation(chainOps.visitDetail, { query: { id } }, { signal }),
  });
}

/** chainOps.visitPhoto: the address of one photo of a visit (the server answers the file). */
export function visitPhotoUrl(visitId: number, fileId: string): string {
  return `${chainOps.visitPhoto.path}?id=${visitId}&fileId=${encodeURIComponent(fileId)}`;
}

/** chainOps.visitSave (a bank). */
export function useSaveChainVisit() {
  return useChainWrite('visit', (body: z.input<typeof ZChainVisitSaveRequest>) =>
    callOperation(chainOps.visitSave, { body }),
  );
}

export type ChainLoanPageQuery = z.input<typeof ZChainLoanPageQuery>;

/** chainOps.loanPage */
export function useChainLoanPage(query: ChainLoanPageQuery, { enabled = true }: Enabled = {}) {
  return useQuery({
    queryKey: [...CHAIN_KEYS.loans, 'page', query],
    enabled,
    queryFn: ({ signal }) => callOperation(chainOps.loanPage, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** chainOps.loanDetail (`recordId`). */
export function useChainLoan(recordId: number | null) {
  return useQuery({
    queryKey: [...CHAIN_KEYS.loans, 'detail', recordId],
    enabled: recordId !== null,
    queryFn: ({ signal }) => callOperation(chainOps.loanDetail, { query: { recordId } }, { signal }),
  });
}

/** productOps.options of one head office: the listed loans a bank's loan record may name (its own only). */
export function useBankProductOptions(bankId: number | null) {
  return useQuery({
    queryKey: [...CHAIN_KEYS.pickers, 'bank-products', bankId],
    enabled: bankId !== null,
    queryFn: ({ signal }) => callOperation(productOps.options, { query: { bankId } }, { signal }),
    staleTime: PICKER_STALE,
  });
}

/** chainOps.loanSave (a bank). */
export function useSaveChainLoan() {
  return useChainWrite('loan', (body: z.input<typeof ZChainLoanSaveRequest>) =>
    callOperation(chainOps.loanSave, { body }),
  );
}

// ---------------------------------------------------------------------------------------------------------------------
// Files

/** fileOps.upload: a chain's cover is PUBLIC (the portal shows it), a visit's photos PRIVATE (the visit's readers). */
export function uploadChainFile(file: File, visibility: 'PUBLIC' | 'PRIVATE'): Promise<UploadedFile> {
  const form = new FormData();
  form.append('file', file, file.name);
  return callOperation(fileOps.upload, { query: { visibility }, body: form as never });
}

/** The chain lists' Excel twins (issue 30, docs/lists.md): each list's `exportTo` (the list-page block sends its filters and sort). */
export const chainListExports = {
  members: chainOps.enterpriseExport,
  visits: chainOps.visitExport,
  loans: chainOps.loanExport,
  failRecords: chainOps.failRecordsExport,
};
