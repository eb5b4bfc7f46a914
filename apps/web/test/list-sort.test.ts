import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defineList, field, readListQuery } from '../src/components/list-page/list-query.ts';
import { listState, type ListState } from '../src/components/list-page/use-list-query.ts';
import { applySorter, exportList, sortableColumns } from '../src/components/list-page/ListPage.tsx';
import { resetRuntime } from '../src/lib/runtime.ts';
import { installFakeRuntime, type FakeEnv } from './helpers/fake-runtime.ts';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Sorting on the list-page block (issue 30; docs/lists.md): the address holds the sort, the columns show it. */
const spec = defineList({ filters: { keyword: field.text(10) }, sort: ['amount', 'createdAt'] });
type F = (typeof spec)['filters'];

function address(search: string) {
  let params = new URLSearchParams(search);
  const list = (): ListState<F, 'amount' | 'createdAt'> =>
    listState(spec, params, (change) => void (params = change(params)));
  return { list, get: () => params.toString() };
}

describe('sort in the address', () => {
  it('reads a field of the list set and its direction (desc when the direction is missing or unknown)', () => {
    expect(readListQuery(spec, new URLSearchParams('sortField=amount&sortOrder=asc'))).toMatchObject({
      sortField: 'amount',
      sortOrder: 'asc',
    });
    expect(readListQuery(spec, new URLSearchParams('sortField=amount&sortOrder=up'))).toMatchObject({
      sortField: 'amount',
      sortOrder: 'desc',
    });
  });

  it('ignores a field outside the list set (and a list that sorts by nothing)', () => {
    const q = readListQuery(spec, new URLSearchParams('sortField=password&sortOrder=asc'));
    expect(q).not.toHaveProperty('sortField');
    expect(q).not.toHaveProperty('sortOrder');
    const plain = defineList({ filters: {} });
    expect(readListQuery(plain, new URLSearchParams('sortField=amount'))).not.toHaveProperty('sortField');
  });

  it('a header click writes the sort and goes back to page 1; clearing it removes both params; filters stay', () => {
    const a = address('keyword=x&current=4');
    applySorter(a.list(), { columnKey: 'amount', order: 'descend' });
    expect(a.get()).toBe('keyword=x&sortField=amount&sortOrder=desc');
    applySorter(a.list(), { columnKey: 'amount', order: 'ascend' });
    expect(a.get()).toBe('keyword=x&sortField=amount&sortOrder=asc');
    a.list().setPage(2);
    applySorter(a.list(), { columnKey: 'amount', order: undefined });
    expect(a.get()).toBe('keyword=x');
  });

  it('a new search keeps the sort', () => {
    const a = address('sortField=createdAt&sortOrder=asc');
    a.list().search({ keyword: 'y' });
    expect(a.list().query).toMatchObject({ keyword: 'y', sortField: 'createdAt', sortOrder: 'asc', current: 1 });
  });
});

describe('sortable columns', () => {
  const columns = [
    { title: 'A', dataIndex: 'amount' },
    { title: 'N', dataIndex: 'name' },
    { title: 'C', key: 'createdAt', dataIndex: 'at' },
  ];

  it('gives a server sorter to the columns of the list set only, showing the address sort', () => {
    const out = sortableColumns(columns, spec.sort, { sortField: 'createdAt', sortOrder: 'asc' })!;
    expect(out.map((c) => ('sorter' in c ? c.sorter : undefined))).toEqual([true, undefined, true]);
    expect(out.map((c) => ('sortOrder' in c ? c.sortOrder : undefined))).toEqual([null, undefined, 'ascend']);
  });

  it('leaves the columns of a list without a sort as they were', () => {
    expect(sortableColumns(columns, undefined, {})).toBe(columns);
  });
});

describe('export with the sort', () => {
  let env: FakeEnv;
  beforeEach(() => {
    env = installFakeRuntime();
  });
  afterEach(() => resetRuntime());

  it('sends the export the list sort with its filters and reports the bytes as they arrive', async () => {
    const a = address('keyword=a&sortField=amount&sortOrder=asc&current=3');
    // A streamed body (a real Response): the bytes are reported as they are read.
    env.on(
      'GET',
      '/finance/things/export.json',
      () => new Response('PK-0123456789', { headers: { 'content-type': XLSX } }),
    );
    const seen: number[] = [];
    await exportList({ operation: { path: '/finance/things/export.json' }, fileName: '清单' }, a.list().filters, {
      onProgress: (n) => seen.push(n),
    });
    const params = Object.fromEntries([...env.calls[0].url.searchParams].filter(([k]) => k !== 't'));
    expect(params).toEqual({ keyword: 'a', sortField: 'amount', sortOrder: 'asc' });
    expect(seen.at(-1)).toBe('PK-0123456789'.length);
  });
});
