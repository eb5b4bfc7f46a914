import { useSearchParams } from '../../../lib/search-params.ts';
import { defineList, field } from '../../../components/list-page/list-query.ts';
import { listState } from '../../../components/list-page/use-list-query.ts';

export const LIST_PAGE_SIZE = 10;

/** A portal article list's address: `keyword` (the search box) and `current`, as the list-page block reads them. */
export const portalArticleList = defineList({ pageSize: LIST_PAGE_SIZE, filters: { keyword: field.text(50) } });

export interface ListParams {
  current: number;
  keyword: string | undefined;
  setPage: (page: number) => void;
  setKeyword: (keyword: string) => void;
}

/**
 * A list's page and keyword live in the URL (`current`, `keyword`), so a reader can share, reload or go back to
 * exactly what they saw; every other query (`type`, `city`...) is kept. Unlike the back office's lists, each change
 * is a new history entry: a reader's back button returns to the page read before.
 */
export function useListParams(): ListParams {
  const [params, setParams] = useSearchParams();
  const list = listState(portalArticleList, params, (change) => setParams(change));
  return {
    current: list.query.current,
    keyword: list.query.keyword,
    setPage: (page) => list.setPage(page, LIST_PAGE_SIZE),
    setKeyword: (keyword) => list.search({ keyword }),
  };
}
