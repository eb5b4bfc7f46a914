import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { DISPLAY_REFRESH_SECONDS, displayOps, reportOps } from '@phjr/contract/stats/reports';
import type { OperationDef } from '@phjr/contract/operation';
import { callOperation } from '../../../lib/operation-client.ts';

/**
 * The achievement display's calls (displayOps: public aggregates). Each page polls its one answer every
 * DISPLAY_REFRESH_SECONDS through TanStack Query's refetchInterval: the timer belongs to the query observer, so it
 * stops when the page unmounts, and an unchanged answer keeps its object (structural sharing) so the charts are not
 * even told. A failed poll keeps the last figures on screen (placeholder) and says so; errors never raise the
 * request layer's toasts on a wall screen (skipErrorHandler), the page shows its own dark error state.
 */

const ROOT = ['stats', 'display'] as const;
export const DISPLAY_KEYS = {
  overview: [...ROOT, 'overview'] as const,
  districts: [...ROOT, 'districts'] as const,
  organizations: [...ROOT, 'organizations'] as const,
  secured: [...ROOT, 'secured'] as const,
  definitions: ['stats', 'definitions'] as const,
};

export const DISPLAY_REFRESH_MS = DISPLAY_REFRESH_SECONDS * 1000;

function useDisplay<O extends OperationDef>(key: readonly string[], op: O) {
  return useQuery({
    queryKey: key,
    queryFn: ({ signal }) => callOperation(op, {} as never, { signal, skipErrorHandler: true }),
    refetchInterval: DISPLAY_REFRESH_MS,
    // A hall screen is often a window nobody focuses: it refreshes all the same.
    refetchIntervalInBackground: true,
    staleTime: DISPLAY_REFRESH_MS / 2,
    placeholderData: keepPreviousData,
    retry: 1,
  });
}

export const useDisplayOverview = () => useDisplay(DISPLAY_KEYS.overview, displayOps.overview);
export const useDisplayDistricts = () => useDisplay(DISPLAY_KEYS.districts, displayOps.districts);
export const useDisplayOrganizations = () => useDisplay(DISPLAY_KEYS.organizations, displayOps.organizations);
export const useDisplaySecured = () => useDisplay(DISPLAY_KEYS.secured, displayOps.secured);

/** The figures' definitions (口径, docs/statistics.md), shown on hover; they change only with a release. */
export function useFigureDefinitions() {
  return useQuery({
    queryKey: DISPLAY_KEYS.definitions,
    queryFn: ({ signal }) => callOperation(reportOps.definitions, {}, { signal, skipErrorHandler: true }),
    staleTime: Infinity,
    retry: 1,
  });
}
