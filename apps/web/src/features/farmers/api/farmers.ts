import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { farmerOps } from '@phjr/contract/farmers/farmer-ops';
import type {
  ZFarmerFailRecordPageQuery,
  ZFarmerFunnelQuery,
  ZFarmerPageQuery,
  ZFarmerRegisterAgainRequest,
} from '@phjr/contract/farmers/farmer';
import { callOperation } from '../../../lib/operation-client.ts';
import { exportExcel, type Params } from '../../../lib/request.ts';

/**
 * Every call of `farmerOps` (packages/contract/src/farmers/farmer-ops.ts) as a TanStack Query hook or a function, for
 * the portal's farmer page and the operator's and supervisors' farmer-data screen (docs/farmers.md).
 *
 *   const page = useFarmerPage(list.query);                         // masked rows, scoped by the server
 *   const open = useSensitiveFarmer(); await open.mutateAsync({ id, reason });   // one record unmasked, audited
 *
 * Keys: one prefix `['farmers']`. An import or a re-registration changes the rows, the funnel, the figures and the
 * failed rows, so it invalidates the whole prefix. The unmasked read is a mutation on purpose: it is never cached
 * and never refetched by itself (each reading is one audit entry, with the reason the user typed).
 */

const ROOT = ['farmers'] as const;
export const FARMER_KEYS = {
  all: ROOT,
  villages: [...ROOT, 'villages'] as const,
  figures: [...ROOT, 'figures'] as const,
  rows: [...ROOT, 'rows'] as const,
  funnel: [...ROOT, 'funnel'] as const,
  imports: [...ROOT, 'imports'] as const,
} as const;

/** farmerOps.villages: the villages of a district, or every village (names only, public), for the cascaders. */
export function useVillages(districtCode?: string | null) {
  return useQuery({
    queryKey: [...FARMER_KEYS.villages, districtCode ?? 'all'],
    queryFn: ({ signal }) =>
      callOperation(farmerOps.villages, { query: districtCode ? { districtCode } : {} }, { signal }),
    staleTime: 10 * 60_000,
  });
}

/** farmerOps.portalFigures: the city, each district and, with `districtCode`, each of its villages (aggregates only). */
export function usePortalFarmerFigures(districtCode?: string | null) {
  return useQuery({
    queryKey: [...FARMER_KEYS.figures, 'portal', districtCode ?? 'city'],
    queryFn: ({ signal }) =>
      callOperation(farmerOps.portalFigures, { query: districtCode ? { districtCode } : {} }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export type FarmerPageQuery = z.input<typeof ZFarmerPageQuery>;

/**
 * farmerOps.page: masked rows in the caller's scope, each with its `actions`. An exact ID search is audited and
 * limited per hour by the server: its answer is kept (no refetch on focus or when stale), so one search is one call.
 */
export function useFarmerPage(query: FarmerPageQuery, { enabled = true }: { enabled?: boolean } = {}) {
  const idSearch = Boolean(query.idNumber);
  return useQuery({
    queryKey: [...FARMER_KEYS.rows, 'page', query],
    enabled,
    ...(idSearch ? { staleTime: Infinity, refetchOnWindowFocus: false } : {}),
    queryFn: ({ signal }) => callOperation(farmerOps.page, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** farmerOps.detail: one record (masked) with its rating drivers. */
export function useFarmerDetail(id: number | null) {
  return useQuery({
    queryKey: [...FARMER_KEYS.rows, 'detail', id],
    enabled: id !== null,
    queryFn: ({ signal }) => callOperation(farmerOps.detail, { query: { id: String(id) } }, { signal }),
  });
}

/** farmerOps.sensitive (farmer:sensitive): the record unmasked; the server writes who, when, which and why. */
export function useSensitiveFarmer() {
  return useMutation({
    mutationFn: (body: { id: number; reason: string }) => callOperation(farmerOps.sensitive, { body }),
  });
}

export type FarmerFunnelQuery = z.input<typeof ZFarmerFunnelQuery>;

/** farmerOps.funnel: collected → rated → granted → drawn per district, township or village (the caller's scope). */
export function useFarmerFunnel(query: FarmerFunnelQuery, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: [...FARMER_KEYS.funnel, query],
    enabled,
    queryFn: ({ signal }) => callOperation(farmerOps.funnel, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** farmerOps.importTemplate: the xlsx with FARMER_IMPORT_COLUMNS. */
export function downloadFarmerTemplate(name: string) {
  return exportExcel(farmerOps.importTemplate.path, name);
}

/** farmerOps.importFarmers (multipart `file`): a dry run checks every row and writes nothing. */
export function useImportFarmers() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ file, dryRun }: { file: File; dryRun: boolean }) => {
      const form = new FormData();
      form.append('file', file, file.name);
      // A multipart operation declares no body schema (the server streams the file): the form goes as it is.
      return callOperation(farmerOps.importFarmers, {
        query: { dryRun: dryRun ? 'true' : 'false' },
        body: form as never,
      });
    },
    onSuccess: (r) => (r.dryRun ? undefined : qc.invalidateQueries({ queryKey: FARMER_KEYS.all })),
  });
}

/** farmerOps.importRecords: the caller's imports (paged). */
export function useFarmerImportRecords(query: { current: number; pageSize: number }) {
  return useQuery({
    queryKey: [...FARMER_KEYS.imports, 'records', query],
    queryFn: ({ signal }) => callOperation(farmerOps.importRecords, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export type FarmerFailRecordPageQuery = z.input<typeof ZFarmerFailRecordPageQuery>;

/** farmerOps.failRecords: failed rows (ID number and phone masked), of one import or all. */
export function useFarmerFailRecords(query: FarmerFailRecordPageQuery) {
  return useQuery({
    queryKey: [...FARMER_KEYS.imports, 'fail', query],
    queryFn: ({ signal }) => callOperation(farmerOps.failRecords, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** farmerOps.failRecordsFile: an import's failed rows in the template's columns plus the reasons. */
export function downloadFarmerFailRecords(importRecordId: number, name: string) {
  return exportExcel(farmerOps.failRecordsFile.path, name, { importRecordId } as Params);
}

/** farmerOps.registerAgain: the corrected fields of one failed row; creates (or updates) the record. */
export function useRegisterFarmerAgain() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: z.input<typeof ZFarmerRegisterAgainRequest>) => callOperation(farmerOps.registerAgain, { body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: FARMER_KEYS.all }),
  });
}
