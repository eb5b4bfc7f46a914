import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

export const LIST_PAGE_SIZE = 10;

export interface ListParams {
  current: number;
  keyword: string | undefined;
  setPage: (page: number) => void;
  setKeyword: (keyword: string) => void;
}

/**
 * A list's page and keyword live in the URL (`current`, `keyword`), so a reader can share, reload or go back to
 * exactly what they saw; every other query (`type`, `city`...) is kept as it is.
 */
export function useListParams(): ListParams {
  const [params, setParams] = useSearchParams();
  const page = Number.parseInt(params.get('current') ?? '', 10);
  const current = Number.isFinite(page) && page >= 1 ? Math.min(page, 100_000) : 1;
  const keyword = params.get('keyword')?.trim().slice(0, 50) || undefined;
  const setPage = useCallback(
    (p: number) =>
      setParams((prev) => {
        const next = new URLSearchParams(prev);
        if (p > 1) next.set('current', String(p));
        else next.delete('current');
        return next;
      }),
    [setParams],
  );
  const setKeyword = useCallback(
    (k: string) =>
      setParams((prev) => {
        const next = new URLSearchParams(prev);
        const value = k.trim().slice(0, 50);
        if (value) next.set('keyword', value);
        else next.delete('keyword');
        next.delete('current');
        return next;
      }),
    [setParams],
  );
  return { current, keyword, setPage, setKeyword };
}
