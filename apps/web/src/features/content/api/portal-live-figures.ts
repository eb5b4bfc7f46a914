import { useQuery } from '@tanstack/react-query';
import { callFirstRoute, firstRouteOps } from '../../../lib/first-route-client.ts';

/**
 * The public answers the showcase's live figures come from (issue 30, item 6), beside the homepage overview
 * (portal-overview.ts). First-route operations: /home shows them without loading zod.
 */
export function useChainTotals(enabled: boolean) {
  return useQuery({
    queryKey: ['portal', 'chain-totals'],
    queryFn: ({ signal }) => callFirstRoute(firstRouteOps.chainTotals, {}, { signal }),
    staleTime: 60_000,
    enabled,
  });
}

export function useShelterPortalFigures(enabled: boolean) {
  return useQuery({
    queryKey: ['portal', 'shelter-figures'],
    queryFn: ({ signal }) => callFirstRoute(firstRouteOps.shelterPortalFigures, {}, { signal }),
    staleTime: 60_000,
    enabled,
  });
}

export function useFarmerPortalFigures(enabled: boolean) {
  return useQuery({
    queryKey: ['portal', 'farmer-figures'],
    queryFn: ({ signal }) => callFirstRoute(firstRouteOps.farmerPortalFigures, { query: {} }, { signal }),
    staleTime: 60_000,
    enabled,
  });
}
