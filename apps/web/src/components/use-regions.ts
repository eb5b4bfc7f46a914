import { useQuery } from '@tanstack/react-query';
import type { Region } from '@phjr/contract/orgs/regions';
import { callFirstRoute, firstRouteOps } from '../lib/first-route-client.ts';


/**
 * GET /finance/region/list.json: the city and its districts (public; rarely changes). The portal frame reads it on
 * every page, so the contract is imported as a type only: zod would add about 25 KB gzipped to the first route. The
 * server validates the answer with the contract's schema before sending it.
 */
export function useRegions() {
  return useQuery({
    queryKey: ['regions'],
    queryFn: async () => callFirstRoute(firstRouteOps.regions, {}),
    staleTime: 30 * 60_000,
  });
}

/** The districts and counties: every region with a parent (the city itself has none). */
export function districtsOf(regions: readonly Region[] | undefined): Region[] {
  return (regions ?? []).filter((r) => r.parentCode !== null);
}

export function regionName(regions: readonly Region[] | undefined, code: string | null): string | null {
  if (!code) return null;
  return regions?.find((r) => r.code === code)?.name ?? null;
}
