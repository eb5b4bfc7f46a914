import { useCallback } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
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

/**
 * A region's name in the reader's language (issue 30, item 7): its English form (`nameEn`, pinyin) in English when
 * one is recorded, else its Chinese name.
 */
export function regionLabel(r: Pick<Region, 'name' | 'nameEn'>, language: string): string {
  return language === 'en-US' && r.nameEn ? r.nameEn : r.name;
}

export function regionName(
  regions: readonly Region[] | undefined,
  code: string | null,
  language = 'zh-CN',
): string | null {
  if (!code) return null;
  const r = regions?.find((x) => x.code === code);
  return r ? regionLabel(r, language) : null;
}

/**
 * A district's name for a figure that carries its code (and its Chinese name) in the reader's language: answers keep
 * the Chinese name, the regions list gives the English one. A name with no code (a latest grant's district) is found
 * by its Chinese name.
 */
export function useRegionLabel(): (code: string | null, name: string) => string {
  const { data } = useRegions();
  const { i18n } = useTranslation();
  const language = i18n.language;
  return useCallback(
    (code: string | null, name: string) => {
      const r = data?.find((x) => (code ? x.code === code : x.name === name));
      return r ? regionLabel(r, language) : name;
    },
    [data, language],
  );
}
