import { useMemo } from 'react';
import { useSearchParams } from '../../lib/search-params.ts';
import {
  filtersOf,
  readListQuery,
  toFormValues,
  writePage,
  writeSearch,
  writeSort,
  type FilterFields,
  type ListFilters,
  type ListFormValues,
  type ListQuery,
  type ListSortQuery,
  type ListSpec,
} from './list-query.ts';
import type { SortOrder } from '@phjr/contract/list-sort';

/** What a list screen holds: the query from the address and the ways to change it. */
export interface ListState<F extends FilterFields = FilterFields, S extends string = string> {
  spec: ListSpec<F, S>;
  /** Filters + sort + `current` + `pageSize`: pass it to the screen's page hook as is. */
  query: ListQuery<F, S>;
  /** The filters and the sort: what the export receives. */
  filters: ListFilters<F> & ListSortQuery<S>;
  /** The filter form's values for what the address holds. */
  formValues: ListFormValues<F>;
  /** A new search (blank values dropped): back to page 1. */
  search(values: ListFormValues<F>): void;
  /** Another page or page size. */
  setPage(current: number, pageSize?: number): void;
  /** Another sort (a field of `spec.sort`, or none: the list's own order): back to page 1. */
  setSort(sortField: string | undefined, sortOrder?: SortOrder): void;
}

/** Changes the address from the one it holds now. */
export type SetParams = (change: (prev: URLSearchParams) => URLSearchParams) => void;

/** The list's state for an address and the way to change it (the hook below binds it to react-router). */
export function listState<F extends FilterFields, S extends string = string>(
  spec: ListSpec<F, S>,
  params: URLSearchParams,
  setParams: SetParams,
): ListState<F, S> {
  const query = readListQuery(spec, params);
  return {
    spec,
    query,
    filters: filtersOf(query),
    formValues: toFormValues(spec, query),
    search: (values) => setParams((prev) => writeSearch(spec, prev, values)),
    setPage: (current, pageSize) =>
      setParams((prev) => writePage(spec as ListSpec, prev, current, pageSize ?? readListQuery(spec, prev).pageSize)),
    setSort: (sortField, sortOrder) => setParams((prev) => writeSort(spec as ListSpec, prev, sortField, sortOrder)),
  };
}

/**
 * The list's filters, page and page size live in the URL's search params, so a reload, the back button or a shared
 * link shows the same list. Changes replace the history entry (as the demand lists do): paging is not a place to go
 * back to, and leaving for another route and coming back finds the list as it was. `spec` must be a module-level
 * constant (defineList): the state is recomputed when the address changes only, so `query` is a stable query key.
 */
export function useListQuery<F extends FilterFields, S extends string = string>(spec: ListSpec<F, S>): ListState<F, S> {
  const [params, setParams] = useSearchParams();
  const key = params.toString();
  return useMemo(
    () => listState(spec, new URLSearchParams(key), (change) => setParams(change, { replace: true })),
    [spec, key, setParams],
  );
}
