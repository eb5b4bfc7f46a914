/**
 * The one list-page building block (issue 12): filters in the URL, the filter form, the table with its pagination,
 * an optional toolbar and an Excel export of exactly the filtered set. Each screen keeps its own filter inputs and
 * columns; the block owns the wiring between them.
 *
 * How a screen uses it:
 *
 *   // 1. Module level (a stable object): the filter fields and the page size (10 by default).
 *   const auditList = defineList({
 *     pageSize: 10,
 *     filters: {
 *       username: field.text(64),           // ?username=…  trimmed, blank dropped, cut to 64
 *       status: field.oneOf(STATUSES),      // ?status=…    only a value of the set
 *       bankId: field.number(),             // ?bankId=…    a positive whole number
 *       range: field.dateRange(),           // ?from=YYYY-MM-DD&to=YYYY-MM-DD (Beijing days); dateRange('start', 'end') renames
 *     },
 *   });
 *
 *   // 2. In the screen: the query from the address, the screen's own page hook, the block's two components.
 *   const list = useListQuery(auditList);          // list.query = filters + current + pageSize, typed from the spec
 *   const page = useAuditPage(list.query);         // react-query hook of the feature's api/ (keepPreviousData)
 *   <ListFilter list={list} more={<>…Form.Items shown when expanded…</>}>
 *     <Form.Item name="username" label={t('audit.username')}><Input allowClear /></Form.Item>
 *     <Form.Item name="range" label={t('audit.dateRange')}><BeijingDatePicker.RangePicker /></Form.Item>
 *   </ListFilter>
 *   <ListTable<AuditEntry> list={list} data={page.data} loading={page.isFetching} rowKey="id" columns={[…]}
 *     emptyText={t('audit.empty')} toolbar={<Button>…</Button>}
 *     exportTo={{ operation: auditOps.export, fileName: t('audit.exportName') }} />
 *
 * - Form.Item names are the spec's field names; a date range's item holds the RangePicker's pair.
 * - Search writes the form into the URL and goes back to page 1; reset clears every filter; pagination writes
 *   `current` and `pageSize` (each left out at its default). Params the spec does not own (`id`, `tab`) are kept.
 * - `data` is the page answer `{ list, total }`, or a whole array for a list the server does not page (paged here).
 * - `exportTo` GETs the operation with `list.filters` and the sort (no paging) and its `params` (what the screen
 *   fixes: a tab's scope), and saves `fileName_yyyyMMddHHmmss.xlsx` (`fileName` in parts: `[title, tab]`); the
 *   button (ExportButton.tsx) shows the bytes received with a cancel when the file takes more than a second.
 * - Sorting (issue 30, docs/lists.md): `defineList({ ..., sort: AUDIT_SORT })` names the fields the server sorts the
 *   list by (the contract's set); every column whose `key` (or `dataIndex`) is one of them gets a sorter, bound to
 *   `?sortField=…&sortOrder=asc|desc` in the address (a click: largest/newest first, again: smallest first, again:
 *   the list's own order). The screen declares nothing else; the server does the sorting.
 * - Inside a tab or a panel, pass `plain` so that the block draws no panel of its own (ListFilter and ListTable).
 * - A tab that is a filter (the agreement's kind): declare it as `field.oneOf(...)` and switch with
 *   `list.search({ kind })`; a tab that is not (templates / outbox) keeps its own `tab` param, which search keeps.
 * - Pass `list` to a child component as `ListState<(typeof myList)['filters']>`.
 * - `list.query` is typed from the spec; the contract's page query type (e.g. AuditPageQuery) must accept it, which
 *   tsc checks where the screen calls its page hook. Date inputs are BeijingDatePicker (lib/), never antd's own.
 * - One list per route owns the address: two lists on one route would share `current` and `pageSize`.
 * - No filter form (a plain paged table): use ListTable alone. A table that is not paged (a handful of rows, all
 *   shown) stays a plain antd Table.
 * - A portal list of cards (articles, products; no Form, no Table on a reader's page): CardList.tsx, its address in
 *   the screen's hook (the article lists read it with listState and push history: a reader's back button pages back).
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Button, Form, Space, Table, type TableColumnsType, type TableProps } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { DownOutlined, SearchOutlined, UpOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { pathWith, type OperationDef } from '@phjr/contract/operation';
import { exportExcel, type ExportProgress, type Params } from '../../lib/request.ts';
import { ExportButton } from './ExportButton.tsx';
import type { FilterFields, ListFormValues, ListSortQuery } from './list-query.ts';
import type { ListState } from './use-list-query.ts';
import './list-page.css';

export { defineList, field } from './list-query.ts';
export { useListQuery, type ListState } from './use-list-query.ts';
export { ExportButton } from './ExportButton.tsx';

export interface ListFilterProps<F extends FilterFields> {
  list: ListState<F>;
  /** The Form.Items always shown. */
  children: ReactNode;
  /** The Form.Items shown when the form is expanded. */
  more?: ReactNode;
  /** Open at first even when no filter is set (it opens by itself when the address holds one). */
  defaultExpanded?: boolean;
  /** The form's name (its fields' ids): set it when a route holds more than one form. */
  name?: string;
  /** Inside a tab or a panel: no panel of its own. */
  plain?: boolean;
}

/** The filter form: shows what the address holds; search, reset, expand. */
export function ListFilter<F extends FilterFields>({
  list,
  children,
  more,
  defaultExpanded = false,
  name = 'list-filter',
  plain,
}: ListFilterProps<F>) {
  const { t } = useTranslation('common');
  const [form] = Form.useForm<ListFormValues<F>>();
  const [expanded, setExpanded] = useState(() => defaultExpanded || Object.keys(list.filters).length > 0);
  // The form follows the address (back button, a link): its initial values are the address's, reset applies them.
  useEffect(() => form.resetFields(), [form, list.formValues]);
  return (
    <section className={plain ? 'phjr-list-filter' : 'phjr-panel phjr-list-filter'}>
      <Form<ListFormValues<F>>
        form={form}
        name={name}
        layout="vertical"
        initialValues={list.formValues}
        onFinish={list.search}
      >
        <div className="phjr-list-filter-fields">
          {children}
          {expanded ? more : null}
        </div>
        <Space wrap>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
            {t('actions.search')}
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              list.search({});
            }}
          >
            {t('actions.reset')}
          </Button>
          {more ? (
            <Button
              type="link"
              onClick={() => setExpanded((x) => !x)}
              icon={expanded ? <UpOutlined /> : <DownOutlined />}
            >
              {expanded ? t('actions.collapseFilter') : t('actions.expandFilter')}
            </Button>
          ) : null}
        </Space>
      </Form>
    </section>
  );
}

/** The Excel twin of a page call (a GET operation without path params) and the file's name before the stamp. */
export interface ExportTo {
  operation: Pick<OperationDef, 'path'>;
  /** In parts (a page's title and its tab), each said once: lib/request.ts exportFileName. */
  fileName: string | readonly string[];
  /** Params the screen fixes outside the filters (a tab's scope, a fixed type): sent with them. */
  params?: Params;
}

/** A page answer of the contract (`page(...)` in the envelope), or every row at once. */
export type ListData<T> = { list: readonly T[]; total: number } | readonly T[] | undefined;

export interface ListTableProps<T, F extends FilterFields> extends Omit<
  TableProps<T>,
  'dataSource' | 'pagination' | 'loading'
> {
  list: ListState<F>;
  data: ListData<T>;
  loading?: boolean;
  emptyText?: ReactNode;
  /** Buttons at the top right of the table (create, import, refresh). */
  toolbar?: ReactNode;
  /** The Excel twin of the page call: it receives the same filters, without paging. */
  exportTo?: ExportTo;
  /** Let the user change the page size (antd's default: when there are more than 50 rows). */
  showSizeChanger?: boolean;
  /** Inside a tab or a panel: no panel of its own. */
  plain?: boolean;
}

/** The table bound to the address: its page, page size, total ("共 N 条"), loading and empty text. */
export function ListTable<T extends object, F extends FilterFields = FilterFields>({
  list,
  data,
  loading,
  emptyText,
  toolbar,
  exportTo,
  showSizeChanger,
  plain,
  columns,
  onChange,
  ...rest
}: ListTableProps<T, F>) {
  const { t } = useTranslation('common');
  const rows = data === undefined ? [] : 'list' in data ? data.list : data;
  const total = data === undefined ? 0 : 'list' in data ? data.total : data.length;
  const box = useRef<HTMLElement>(null);
  const scrollName = t('table.scrolls');
  // A table wider than its box scrolls inside it: the box is then a named region a keyboard can reach and scroll
  // (WCAG 2.1.1), even when no row holds a link or a button. Checked after every drawing (rows, widths, language).
  useEffect(() => {
    const scroller = box.current?.querySelector<HTMLElement>('.ant-table-content, .ant-table-body');
    if (!scroller) return;
    if (scroller.scrollWidth > scroller.clientWidth) {
      scroller.tabIndex = 0;
      scroller.setAttribute('role', 'region');
      scroller.setAttribute('aria-label', scrollName);
    } else {
      scroller.removeAttribute('tabindex');
      scroller.removeAttribute('role');
      scroller.removeAttribute('aria-label');
    }
  });
  return (
    <section ref={box} className={plain ? 'phjr-list-table' : 'phjr-panel phjr-list-table'}>
      {toolbar || exportTo ? (
        <div className="phjr-list-toolbar">
          <Space wrap>
            {toolbar}
            {exportTo ? (
              <ExportButton run={(progress) => exportList(exportTo, list.filters, progress)} disabled={total === 0} />
            ) : null}
          </Space>
        </div>
      ) : null}
      <Table<T>
        {...rest}
        columns={sortableColumns(columns, list.spec.sort, list.query)}
        onChange={(pagination, filters, sorter, extra) => {
          if (extra.action === 'sort') applySorter(list, sorter);
          onChange?.(pagination, filters, sorter, extra);
        }}
        dataSource={rows as T[]}
        loading={loading}
        locale={{ ...rest.locale, emptyText: emptyText ?? t('state.empty') }}
        pagination={listPagination(list, total, (n) => t('pagination.total', { total: n }), showSizeChanger)}
      />
    </section>
  );
}

/** A column's sort field: its `key`, else its `dataIndex` when that is one name. */
function columnField(c: object): string | undefined {
  const { key, dataIndex } = c as { key?: unknown; dataIndex?: unknown };
  if (typeof key === 'string') return key;
  return typeof dataIndex === 'string' ? dataIndex : undefined;
}

/**
 * The columns with a server sorter on each one whose field the list sorts by, its arrow showing the address's sort
 * (a pure function, so that tests can drive it). A click asks for the largest/newest first.
 */
export function sortableColumns<T>(
  columns: TableColumnsType<T> | undefined,
  sort: readonly string[] | undefined,
  query: ListSortQuery,
): TableColumnsType<T> | undefined {
  if (!columns || !sort?.length) return columns;
  return columns.map((c) => {
    const f = columnField(c);
    if (!f || !sort.includes(f)) return c;
    const order = query.sortField === f ? (query.sortOrder === 'asc' ? 'ascend' : 'descend') : null;
    return {
      ...c,
      key: f,
      sorter: true,
      sortOrder: order,
      sortDirections: ['descend', 'ascend'],
    } as (typeof columns)[number];
  });
}

/** A Table sorter change into the address (the column's field and direction, or none). */
export function applySorter<T>(list: Pick<ListState, 'setSort'>, sorter: SorterResult<T> | SorterResult<T>[]) {
  const s = Array.isArray(sorter) ? sorter[0] : sorter;
  const field = s?.order ? (typeof s.columnKey === 'string' ? s.columnKey : undefined) : undefined;
  list.setSort(field, s?.order === 'ascend' ? 'asc' : 'desc');
}

/** The Table's pagination for a list: bound to the address (a pure function, so that tests can drive it). */
export function listPagination<F extends FilterFields>(
  list: ListState<F>,
  total: number,
  totalText: (total: number) => ReactNode,
  showSizeChanger?: boolean,
) {
  return {
    current: list.query.current,
    pageSize: list.query.pageSize,
    total,
    showSizeChanger,
    hideOnSinglePage: false,
    showTotal: totalText,
    onChange: (current: number, pageSize: number) => list.setPage(current, pageSize),
  };
}

/** GETs the export operation with the list's filters and sort (no paging) and saves the file; resolves to its name. */
export function exportList(exportTo: ExportTo, filters: object, progress?: ExportProgress): Promise<string> {
  return exportExcel(
    pathWith(exportTo.operation),
    exportTo.fileName,
    { ...(filters as Params), ...exportTo.params },
    progress,
  );
}
