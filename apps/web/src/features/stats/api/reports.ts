import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { pathWith } from '@phjr/contract/operation';
import {
  reportOps,
  type FigureDefinition,
  type ReportDrillQuery,
  type ReportQuery,
} from '@phjr/contract/stats/reports';
import { callOperation } from '../../../lib/operation-client.ts';
import { exportExcel, type Params } from '../../../lib/request.ts';

/**
 * Every call of `reportOps` (packages/contract/src/stats/reports.ts) as a TanStack Query hook, for the operator's
 * statistics and the supervisors' reports. Reads only: the figures move with the demands (triggers keep the rollup in
 * the same statement), so a report is simply re-read when its filters change; `keepPreviousData` keeps the table in
 * place (no layout shift) while the next range loads.
 */
export const REPORTS_KEY = ['stats-report'] as const;

/** Definitions change only with docs/statistics.md (a release): read once per session. */
const DEFINITIONS_STALE = 60 * 60_000;

/** reportOps.definitions: every figure's 口径, by field name (public). */
export function useFigureDefinitions() {
  return useQuery({
    queryKey: [...REPORTS_KEY, 'definitions'],
    staleTime: DEFINITIONS_STALE,
    gcTime: DEFINITIONS_STALE,
    queryFn: async ({ signal }) =>
      new Map<string, FigureDefinition>(
        (await callOperation(reportOps.definitions, {}, { signal })).map((d) => [d.key, d]),
      ),
  });
}

/** reportOps.trend: the range's months and the last month's period comparison (the report pages' charts). */
export function useReportTrend(query: ReportQuery) {
  return useQuery({
    queryKey: [...REPORTS_KEY, 'trend', query],
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) => callOperation(reportOps.trend, { query }, { signal }),
  });
}

/** reportOps.region: one row per district in the viewer's scope, and their total. */
export function useRegionReport(query: ReportQuery) {
  return useQuery({
    queryKey: [...REPORTS_KEY, 'region', query],
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) => callOperation(reportOps.region, { query }, { signal }),
  });
}

/** reportOps.bank: the bank tree, each node its subtree's figures. */
export function useBankReport(query: ReportQuery, enabled = true) {
  return useQuery({
    queryKey: [...REPORTS_KEY, 'bank', query],
    enabled,
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) => callOperation(reportOps.bank, { query }, { signal }),
  });
}

/** reportOps.scorecard: the banks side by side, ranked. */
export function useScorecard(query: ReportQuery, enabled = true) {
  return useQuery({
    queryKey: [...REPORTS_KEY, 'scorecard', query],
    enabled,
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) => callOperation(reportOps.scorecard, { query }, { signal }),
  });
}

/** reportOps.drill: the demands one figure counts (null: the drawer is closed, nothing is asked). */
export function useReportDrill(query: ReportDrillQuery | null) {
  return useQuery({
    queryKey: [...REPORTS_KEY, 'drill', query],
    enabled: query !== null,
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) => callOperation(reportOps.drill, { query: query! }, { signal }),
  });
}

/** The three reports a page can export: each has its export operation with the same filters. */
export type ReportKind = 'region' | 'bank' | 'scorecard';
const EXPORTS = {
  region: reportOps.regionExport,
  bank: reportOps.bankExport,
  scorecard: reportOps.scorecardExport,
} as const;

/** GETs the report's spreadsheet with the page's filters and saves it (the demand lists' helper); resolves to its name. */
export function exportReport(kind: ReportKind, query: ReportQuery, name: string | readonly string[]): Promise<string> {
  return exportExcel(pathWith(EXPORTS[kind]), name, query as Params);
}
