import type { Dayjs } from 'dayjs';
import type { SORT_ORDERS as CONTRACT_SORT_ORDERS, SortOrder } from '@phjr/contract/list-sort';
import { pickerDay } from '../../lib/format.ts';

/**
 * The address side of a list page, as pure functions (tested without a browser): which filters a screen has, how
 * they read from and write to the URL's search params, and how they map to the antd form's values.
 * `use-list-query.ts` binds them to react-router; `ListPage.tsx` says how a screen uses the whole block.
 */

/** A free text: trimmed, blank dropped, cut to `max` characters; with `pattern`, a value not matching it is ignored. */
export interface TextField {
  kind: 'text';
  max: number;
  pattern?: RegExp;
}
/** One of a fixed set (a contract enum, a tab); anything else in the URL is ignored. */
export interface EnumField<V extends string = string> {
  kind: 'enum';
  values: readonly V[];
}
/** A whole number (an id); anything that is not a positive whole number is ignored. */
export interface NumberField {
  kind: 'number';
}
/**
 * A range of Beijing calendar days (BeijingDatePicker.RangePicker), kept as two `YYYY-MM-DD` params, the server's
 * `from`/`to` by default: the picked days as written, never shifted by the browser's zone.
 */
export interface DateRangeField<From extends string = string, To extends string = string> {
  kind: 'dateRange';
  from: From;
  to: To;
}
export type FilterField = TextField | EnumField | NumberField | DateRangeField;
export type FilterFields = Record<string, FilterField>;

/** The field declarations: `{ keyword: field.text(), status: field.oneOf(STATUSES), range: field.dateRange() }`. */
export const field = {
  text: (max = 100, pattern?: RegExp): TextField => (pattern ? { kind: 'text', max, pattern } : { kind: 'text', max }),
  oneOf: <V extends string>(values: readonly V[]): EnumField<V> => ({ kind: 'enum', values }),
  number: (): NumberField => ({ kind: 'number' }),
  dateRange: <From extends string = 'from', To extends string = 'to'>(
    from = 'from' as From,
    to = 'to' as To,
  ): DateRangeField<From, To> => ({
    kind: 'dateRange',
    from,
    to,
  }),
};

/**
 * A list screen's declaration: its filter fields, its page size (10 unless the screen says otherwise) and the fields
 * its server sorts by (the contract's allowed set of the list, e.g. AUDIT_SORT: packages/contract/src/list-sort.ts).
 */
export interface ListSpec<F extends FilterFields = FilterFields, S extends string = string> {
  filters: F;
  pageSize?: number;
  sort?: readonly S[];
}

export function defineList<F extends FilterFields, const S extends string = never>(
  spec: ListSpec<F, S>,
): ListSpec<F, S> {
  return spec;
}

type FieldValue<T> = T extends EnumField<infer V> ? V : T extends NumberField ? number : string;

/** The filters as the server takes them: a date range becomes its two day params; every value may be absent. */
export type ListFilters<F extends FilterFields> = {
  [K in keyof F as F[K] extends DateRangeField ? never : K]?: FieldValue<F[K]>;
} & {
  [K in keyof F as F[K] extends DateRangeField<infer A, infer B> ? A | B : never]?: string;
};

/** The sort the address holds (`sortField` of the list's set, `sortOrder`): sent to the page call and the export. */
export interface ListSortQuery<S extends string = string> {
  sortField?: S;
  sortOrder?: SortOrder;
}

/** What the page call receives: the filters, the sort, `current` and `pageSize`. */
export type ListQuery<F extends FilterFields, S extends string = string> = ListFilters<F> &
  ListSortQuery<S> & { current: number; pageSize: number };

/** The antd form's values: a date range is the RangePicker's pair of dayjs. */
export type ListFormValues<F extends FilterFields> = {
  [K in keyof F]?: F[K] extends DateRangeField ? [Dayjs | null, Dayjs | null] | null : FieldValue<F[K]>;
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;
// The contract's directions, restated so that zod stays off this module (a type import; drift is a type error).
const SORT_ORDERS = ['asc', 'desc'] as const satisfies typeof CONTRACT_SORT_ORDERS;
const MAX_PAGE = 100_000;
const MAX_PAGE_SIZE = 100;

function positiveInt(raw: string | null, max: number): number | undefined {
  if (!raw || !/^\d+$/.test(raw)) return undefined;
  const n = Number(raw);
  return n >= 1 ? Math.min(n, max) : undefined;
}

/** The picked day of a DatePicker, as written (`YYYY-MM-DD`): a picker shows calendar days, no zone to shift. */
export function dayString(d: Dayjs | null | undefined): string | undefined {
  return d ? d.format('YYYY-MM-DD') : undefined;
}

/** The DatePicker value for a `YYYY-MM-DD` day (lib/format.ts's pickerDay), or null. */
export function dayValue(day: string | undefined): Dayjs | null {
  return day && DAY.test(day) ? pickerDay(day) : null;
}

/** The filters, page and page size the address holds; what is malformed or out of its set is ignored. */
export function readListQuery<F extends FilterFields, S extends string = string>(
  spec: ListSpec<F, S>,
  params: URLSearchParams,
): ListQuery<F, S> {
  const out: Record<string, string | number | undefined> = {};
  for (const [name, f] of Object.entries(spec.filters)) {
    if (f.kind === 'dateRange') {
      for (const key of [f.from, f.to]) {
        const v = params.get(key);
        if (v && DAY.test(v)) out[key] = v;
      }
      continue;
    }
    const raw = params.get(name);
    if (f.kind === 'text') {
      const v = raw?.trim().slice(0, f.max);
      if (v && (!f.pattern || f.pattern.test(v))) out[name] = v;
    } else if (f.kind === 'enum') {
      if (raw !== null && f.values.includes(raw)) out[name] = raw;
    } else {
      const n = positiveInt(raw, Number.MAX_SAFE_INTEGER);
      if (n !== undefined) out[name] = n;
    }
  }
  const sortField = params.get('sortField');
  if (sortField && spec.sort?.includes(sortField as S)) {
    out.sortField = sortField;
    const order = params.get('sortOrder');
    out.sortOrder = (SORT_ORDERS as readonly string[]).includes(order ?? '') ? (order as SortOrder) : 'desc';
  }
  out.current = positiveInt(params.get('current'), MAX_PAGE) ?? 1;
  out.pageSize = positiveInt(params.get('pageSize'), MAX_PAGE_SIZE) ?? defaultPageSize(spec);
  return out as ListQuery<F, S>;
}

/** The filters and the sort (what an export receives): the query without `current` and `pageSize`. */
export function filtersOf<F extends FilterFields, S extends string = string>(
  query: ListQuery<F, S>,
): ListFilters<F> & ListSortQuery<S> {
  const { current: _c, pageSize: _p, ...filters } = query;
  return filters as unknown as ListFilters<F> & ListSortQuery<S>;
}

/**
 * A new sort (a column's header clicked): the field of the list's set and its direction in the address, or neither
 * (the list's own order); back to page 1, the filters and page size stay.
 */
export function writeSort(
  spec: ListSpec,
  prev: URLSearchParams,
  sortField: string | undefined,
  sortOrder: SortOrder | undefined,
): URLSearchParams {
  const next = new URLSearchParams(prev);
  if (sortField && spec.sort?.includes(sortField)) {
    next.set('sortField', sortField);
    next.set('sortOrder', sortOrder ?? 'desc');
  } else {
    next.delete('sortField');
    next.delete('sortOrder');
  }
  next.delete('current');
  return next;
}

/**
 * A new search: the form's values replace every filter param (blank ones are removed), the page goes back to 1, the
 * page size and any param the spec does not own (a drawer's `id`) stay.
 */
export function writeSearch<F extends FilterFields>(
  spec: ListSpec<F>,
  prev: URLSearchParams,
  values: ListFormValues<F>,
): URLSearchParams {
  const next = new URLSearchParams(prev);
  const v = values as Record<string, unknown>;
  const put = (key: string, value: string | undefined) => (value ? next.set(key, value) : next.delete(key));
  for (const [name, f] of Object.entries(spec.filters)) {
    if (f.kind === 'dateRange') {
      const range = v[name] as [Dayjs | null, Dayjs | null] | null | undefined;
      put(f.from, dayString(range?.[0]));
      put(f.to, dayString(range?.[1]));
    } else {
      const raw = v[name];
      put(
        name,
        raw === undefined || raw === null
          ? undefined
          : String(raw)
              .trim()
              .slice(0, f.kind === 'text' ? f.max : undefined),
      );
    }
  }
  next.delete('current');
  return next;
}

/** A page change: `current` and `pageSize` in the address, each left out at its default. */
export function writePage(spec: ListSpec, prev: URLSearchParams, current: number, pageSize: number): URLSearchParams {
  const next = new URLSearchParams(prev);
  if (current > 1) next.set('current', String(current));
  else next.delete('current');
  if (pageSize !== defaultPageSize(spec)) next.set('pageSize', String(pageSize));
  else next.delete('pageSize');
  return next;
}

/** The form's values for what the address holds (the form shows the URL: reload, back button, a shared link). */
export function toFormValues<F extends FilterFields>(spec: ListSpec<F>, query: ListQuery<F>): ListFormValues<F> {
  const q = query as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [name, f] of Object.entries(spec.filters)) {
    if (f.kind === 'dateRange') {
      const from = q[f.from] as string | undefined;
      const to = q[f.to] as string | undefined;
      out[name] = from || to ? [dayValue(from), dayValue(to)] : null;
    } else out[name] = q[name];
  }
  return out as ListFormValues<F>;
}

export function defaultPageSize(spec: ListSpec): number {
  return spec.pageSize ?? 10;
}
