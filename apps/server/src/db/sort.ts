import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { DEFAULT_SORT_ORDER, type ListSort } from '@phjr/contract/list-sort';

/**
 * A list's sort in SQL (issue 30; packages/contract/src/list-sort.ts, docs/lists.md). A repository maps each field
 * its contract allows to one column (indexed with the id: the page reads the index in order instead of sorting the
 * table) and the cast that column's text takes back (the export's keyset cursor). The order always ends with the id in
 * the same direction, so that equal values keep one order across pages and batches.
 */

/** The column of an allowed field: NOT NULL (or a coalesce of it), so that keyset paging on (value, id) is exact. */
export interface SortColumn {
  expr: SQLWrapper;
  /**
   * The same value on the page statement's outer rows, where a raw statement reads the page's ids first and joins the
   * rest after (`p."loanDate"`): the outer ORDER BY keeps the inner one. Default: `expr`.
   */
  outer?: SQLWrapper;
  /** The SQL type of the column, to read the cursor's text back (`timestamptz`, `numeric`, `int`, `bigint`, `text`). */
  cast: 'timestamptz' | 'numeric' | 'int' | 'bigint' | 'text' | 'date';
}

export type SortColumns<F extends string> = Record<F, SortColumn>;

export interface ResolvedSort {
  column: SortColumn;
  desc: boolean;
}

/** The chosen column and direction, or null when the list keeps its own order. */
export function resolveSort<F extends string>(s: ListSort<F>, columns: SortColumns<F>): ResolvedSort | null {
  if (!s.sortField) return null;
  const column = columns[s.sortField];
  // The contract's enum admits only the mapped fields; a field without a column is a programming error.
  if (!column) throw new Error(`no sort column for ${s.sortField}`);
  return { column, desc: (s.sortOrder ?? DEFAULT_SORT_ORDER) === 'desc' };
}

/**
 * The sort in force for a read that always walks an order (an export's keyset batches): the one asked for, else the
 * list's own field, largest or newest first.
 */
export function resolveSortOr<F extends string>(s: ListSort<F>, columns: SortColumns<F>, byDefault: F): ResolvedSort {
  return resolveSort(s, columns) ?? { column: columns[byDefault], desc: true };
}

/** ORDER BY terms: the sort's column then the id, both in its direction; the list's own order when there is no sort. */
export function sortOrderBy(sort: ResolvedSort | null, id: SQLWrapper, fallback: SQL[]): SQL[] {
  if (!sort) return fallback;
  const dir = sort.desc ? sql.raw('DESC') : sql.raw('ASC');
  return [sql`${sort.column.expr} ${dir}`, sql`${id} ${dir}`];
}

/** The outer statement's ORDER BY terms (SortColumn.outer, then `outerId`), for the statements that read ids first. */
export function outerOrderBy(sort: ResolvedSort, outerId: SQLWrapper): SQL[] {
  const dir = sort.desc ? sql.raw('DESC') : sql.raw('ASC');
  return [sql`${sort.column.outer ?? sort.column.expr} ${dir}`, sql`${outerId} ${dir}`];
}

/** Where a batch of a sorted export ended: the last row's sort value as PostgreSQL wrote it, and its id. */
export interface SortCursor {
  key: string;
  id: number;
}

/** The SELECT column that carries a row's cursor text (`sortKey`), for the sort in force. */
export function sortKeyColumn(sort: ResolvedSort): SQL<string> {
  return sql<string>`(${sort.column.expr})::text`;
}

/** The rows after `after` in the sort's order: (value, id) beyond the cursor's pair (one row comparison, index-ready). */
export function sortAfter(sort: ResolvedSort, id: SQLWrapper, after: SortCursor): SQL {
  const cmp = sort.desc ? sql.raw('<') : sql.raw('>');
  return sql`(${sort.column.expr}, ${id}) ${cmp} (${after.key}::${sql.raw(sort.column.cast)}, ${after.id})`;
}
