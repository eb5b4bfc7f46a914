import { useCallback, useMemo } from 'react';
import { useSearchParams } from '../../../lib/search-params.ts';
import type { ProductSort } from '@phjr/contract/products/supermarket';
import type { ProductPageQuery } from '../api/portal-products.ts';

export const PRODUCT_PAGE_SIZE = 10;

/** The supermarket's filters as the URL carries them (every one shareable; back and forward restore them). */
export const FILTER_KEYS = [
  'bankId',
  'loanType',
  'guaranteeMethod',
  'customerType',
  'industry',
  'regionCode',
  'amount',
  'term',
  'industrialChainIds',
] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];

export interface ProductFilters {
  keyword?: string;
  bankId?: number;
  loanType?: string;
  guaranteeMethod?: string;
  customerType?: string;
  industry?: string;
  regionCode?: string;
  /** 万元 */
  amount?: number;
  /** months */
  term?: number;
  /** Comma-separated chain ids (`industrialChainIds=1,2`, SPEC 7), from the chain pages' links. */
  industrialChainIds?: string;
}

export interface ProductParams {
  filters: ProductFilters;
  sort: ProductSort;
  current: number;
  /** Sets (or, with undefined / '', clears) filters; back to page 1. */
  setFilters(patch: Partial<Record<FilterKey | 'keyword', string | number | undefined>>): void;
  setSort(sort: ProductSort): void;
  setPage(page: number): void;
  /** Clears every filter and the keyword (the district and the sort stay). */
  clear(): void;
  /** How many filters (keyword included) are set. */
  active: number;
}

const SORTS: readonly ProductSort[] = ['DEFAULT', 'RATE', 'AMOUNT', 'POPULAR', 'NEWEST'];
const CODE = /^[A-Z][A-Z_]{1,39}$/;

function positive(raw: string | null, int: boolean, max: number): number | undefined {
  if (!raw) return undefined;
  const n = Number(raw);
  if (!Number.isFinite(n) || n <= 0 || n > max || (int && !Number.isInteger(n))) return undefined;
  return n;
}

const code = (raw: string | null) => (raw && CODE.test(raw) ? raw : undefined);

/** Reads the filters from the URL; anything malformed is ignored rather than sent. */
export function readFilters(params: URLSearchParams): ProductFilters {
  const chains = params.get('industrialChainIds');
  return {
    keyword: params.get('keyword')?.trim().slice(0, 40) || undefined,
    bankId: positive(params.get('bankId'), true, Number.MAX_SAFE_INTEGER),
    loanType: code(params.get('loanType')),
    guaranteeMethod: code(params.get('guaranteeMethod')),
    customerType: code(params.get('customerType')),
    industry: code(params.get('industry')),
    regionCode: /^\d{6}$/.test(params.get('regionCode') ?? '') ? params.get('regionCode')! : undefined,
    amount: positive(params.get('amount'), false, 100_000),
    term: positive(params.get('term'), true, 360),
    industrialChainIds: chains && /^\d+(,\d+)*$/.test(chains) ? chains : undefined,
  };
}

/**
 * The supermarket's query in the URL: filters, keyword, sort and page; every other query (`city`) is kept. Keys in
 * `own` belong to the page (the countryside tab): they are neither counted as filters nor cleared with them.
 */
export function useProductParams(own: readonly FilterKey[] = []): ProductParams {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => readFilters(params), [params]);
  const sortRaw = params.get('sort') as ProductSort | null;
  const sort: ProductSort = sortRaw && SORTS.includes(sortRaw) ? sortRaw : 'DEFAULT';
  const page = Number.parseInt(params.get('current') ?? '', 10);
  const current = Number.isFinite(page) && page >= 1 ? Math.min(page, 100_000) : 1;

  const update = useCallback(
    (change: (next: URLSearchParams) => void) =>
      setParams((prev) => {
        const next = new URLSearchParams(prev);
        change(next);
        return next;
      }),
    [setParams],
  );
  const setFilters = useCallback(
    (patch: Partial<Record<FilterKey | 'keyword', string | number | undefined>>) =>
      update((next) => {
        for (const [k, v] of Object.entries(patch)) {
          const s = v === undefined || v === null ? '' : String(v).trim();
          if (s) next.set(k, s);
          else next.delete(k);
        }
        next.delete('current');
      }),
    [update],
  );
  const setSort = useCallback(
    (s: ProductSort) =>
      update((next) => {
        if (s === 'DEFAULT') next.delete('sort');
        else next.set('sort', s);
        next.delete('current');
      }),
    [update],
  );
  const setPage = useCallback(
    (p: number) =>
      update((next) => {
        if (p > 1) next.set('current', String(p));
        else next.delete('current');
      }),
    [update],
  );
  // A string, so that a page passing a new array each render does not make a new callback.
  const ownKey = own.join(',');
  const clear = useCallback(
    () =>
      update((next) => {
        const keep = ownKey.split(',');
        for (const k of [...FILTER_KEYS, 'keyword', 'current']) if (!keep.includes(k)) next.delete(k);
      }),
    [update, ownKey],
  );
  const active = Object.entries(filters).filter(([k, v]) => v !== undefined && !own.includes(k as FilterKey)).length;
  return { filters, sort, current, setFilters, setSort, setPage, clear, active };
}

/** The page call for the URL's state; `fixed` wins over the URL (the district's region, the countryside scope). */
export function pageQueryOf(
  p: Pick<ProductParams, 'filters' | 'sort' | 'current'>,
  fixed: Partial<ProductPageQuery> = {},
): ProductPageQuery {
  return {
    sourceValue: 'supermarket',
    ...p.filters,
    sort: p.sort,
    current: p.current,
    pageSize: PRODUCT_PAGE_SIZE,
    ...fixed,
  } as ProductPageQuery;
}
