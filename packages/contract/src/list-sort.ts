import { z } from 'zod';

/**
 * Sorting a list (issue 30, "What people expect of tables and lists"; docs/lists.md): the one way every list
 * operation of the back office takes a sort. Its query gains two optional params,
 *
 *   sortField  one field of the list's own allowed set (a column whose order means something: an amount, a rate, a
 *              date, a response time, a score), anything else is refused with a 400 naming the field;
 *   sortOrder  `asc` or `desc` (default `desc`: the largest, the newest first).
 *
 * Without `sortField` the list keeps its own default order. The server maps each allowed field to an indexed column
 * and always ends the order with the row's id (a stable tiebreak: pages never repeat or skip a row). The list's
 * Excel twin takes the same two params and writes its rows in the same order.
 *
 *   export const ZAuditPageQuery = withSort(ZPageQuery.extend(ZAuditFilter.shape), AUDIT_SORT);
 */

export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];
export const DEFAULT_SORT_ORDER: SortOrder = 'desc';

/** A list's sort as the server receives it: a field of its set (or none: the list's own order) and a direction. */
export interface ListSort<F extends string = string> {
  sortField?: F;
  sortOrder?: SortOrder;
}

/** The sort a query asked for, on its own (a service hands it to its repository's filter as `sort`). */
export const sortOf = <F extends string>(q: ListSort<F>): ListSort<F> => ({
  sortField: q.sortField,
  sortOrder: q.sortOrder,
});

/** The two params of a list whose allowed fields are `fields` (a non-empty tuple, written once per list). */
export function sortShape<const F extends readonly [string, ...string[]]>(fields: F) {
  return {
    sortField: z.enum(fields).optional(),
    sortOrder: z.enum(SORT_ORDERS).optional(),
  };
}

/**
 * The list's query (a page query or an export's filter) with the sort params of its allowed fields. Works on a plain
 * object schema; a refined schema (`.superRefine`) is extended before it is refined, with `sortShape`.
 */
export function withSort<S extends z.ZodObject, const F extends readonly [string, ...string[]]>(schema: S, fields: F) {
  return schema.extend(sortShape(fields));
}

/** The allowed fields of a query schema that takes a sort (its `sortField` enum), or null for one that takes none. */
export function sortFieldsOf(schema: unknown): readonly string[] | null {
  const shape = (schema as { shape?: Record<string, unknown> } | undefined)?.shape;
  if (!shape || !('sortField' in shape)) return null;
  const f = shape.sortField as { unwrap?: () => unknown };
  const inner = (typeof f.unwrap === 'function' ? f.unwrap() : f) as { options?: readonly string[] };
  return inner.options ?? [];
}
