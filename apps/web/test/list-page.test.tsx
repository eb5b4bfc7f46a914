import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Form, Input } from 'antd';
import {
  field,
  defineList,
  readListQuery,
  toFormValues,
  writePage,
  writeSearch,
  type ListFormValues,
} from '../src/components/list-page/list-query.ts';
import { listState, useListQuery, type ListState } from '../src/components/list-page/use-list-query.ts';
import { ListFilter, ListTable, exportList, listPagination } from '../src/components/list-page/ListPage.tsx';
import { pickerDay } from '../src/lib/format.ts';
import i18n from '../src/lib/i18n.ts';
import { resetRuntime } from '../src/lib/runtime.ts';
import { fakeResponse, installFakeRuntime, type FakeEnv } from './helpers/fake-runtime.ts';

const STATES = ['OPEN', 'CLOSED'] as const;
const spec = defineList({
  pageSize: 20,
  filters: {
    keyword: field.text(10),
    status: field.oneOf(STATES),
    bankId: field.number(),
    range: field.dateRange(),
    grant: field.dateRange('grantFrom', 'grantTo'),
  },
});
type F = (typeof spec)['filters'];

/** An address that the list changes as react-router's setSearchParams would. */
function address(search: string) {
  let params = new URLSearchParams(search);
  const list = (): ListState<F> => listState(spec, params, (change) => void (params = change(params)));
  return { list, get: () => params.toString() };
}

describe('list query in the address', () => {
  it('reads back what a search wrote: text, enum, number and both day params of each range', () => {
    const a = address('');
    const values: ListFormValues<F> = {
      keyword: '  alpha ',
      status: 'OPEN',
      bankId: 7,
      range: [pickerDay('2026-11-01'), pickerDay('2026-11-23')],
      grant: [null, pickerDay('2026-12-31')],
    };
    a.list().search(values);
    expect(a.get()).toBe('keyword=alpha&status=OPEN&bankId=7&from=2026-11-01&to=2026-11-23&grantTo=2026-12-31');
    const { query, filters, formValues } = a.list();
    expect(query).toEqual({
      keyword: 'alpha',
      status: 'OPEN',
      bankId: 7,
      from: '2026-11-01',
      to: '2026-11-23',
      grantTo: '2026-12-31',
      current: 1,
      pageSize: 20,
    });
    expect(filters).toEqual({
      keyword: 'alpha',
      status: 'OPEN',
      bankId: 7,
      from: '2026-11-01',
      to: '2026-11-23',
      grantTo: '2026-12-31',
    });
    // The form shows the address: the pickers get the same days back.
    expect(formValues.range?.map((d) => d?.format('YYYY-MM-DD'))).toEqual(['2026-11-01', '2026-11-23']);
    expect(formValues.grant?.[0]).toBeNull();
    expect(formValues.grant?.[1]?.format('YYYY-MM-DD')).toBe('2026-12-31');
    expect(formValues.keyword).toBe('alpha');
  });

  it('drops blank values and clears what the new search leaves empty', () => {
    const a = address('keyword=old&status=CLOSED&from=2026-01-01&to=2026-01-31');
    a.list().search({ keyword: '   ', status: undefined, range: null });
    expect(a.get()).toBe('');
    expect(toFormValues(spec, a.list().query)).toEqual({
      keyword: undefined,
      status: undefined,
      bankId: undefined,
      range: null,
      grant: null,
    });
  });

  it('ignores what is malformed or outside its set, and cuts text to its length', () => {
    const q = readListQuery(
      spec,
      new URLSearchParams(
        'keyword=%20abcdefghijklmn&status=OTHER&bankId=-3&from=2026-1-1&to=2026-02-30x&current=0&pageSize=9999',
      ),
    );
    expect(q).toEqual({ keyword: 'abcdefghij', current: 1, pageSize: 100 });
    expect(readListQuery(spec, new URLSearchParams('bankId=1.5&current=abc')).bankId).toBeUndefined();
  });

  it('ignores a text outside its pattern (a district code), keeps one that matches', () => {
    const coded = defineList({ filters: { regionCode: field.text(6, /^\d{6}$/), keyword: field.text(5) } });
    expect(readListQuery(coded, new URLSearchParams('regionCode=abc&keyword=x'))).toEqual({
      keyword: 'x',
      current: 1,
      pageSize: 10,
    });
    expect(readListQuery(coded, new URLSearchParams('regionCode=%20999906%20')).regionCode).toBe('999906');
  });

  it('goes back to page 1 on a new search, keeping the page size and the params it does not own', () => {
    const a = address('current=4&pageSize=50&id=12&tab=x&keyword=a');
    a.list().search({ keyword: 'b' });
    expect(new URLSearchParams(a.get()).get('current')).toBeNull();
    expect(a.list().query).toMatchObject({ keyword: 'b', current: 1, pageSize: 50 });
    expect(new URLSearchParams(a.get()).get('id')).toBe('12');
    expect(new URLSearchParams(a.get()).get('tab')).toBe('x');
  });

  it('pagination writes the page and the size into the address, each left out at its default', () => {
    const a = address('keyword=a');
    listPagination(a.list(), 95, String).onChange(3, 20);
    expect(a.get()).toBe('keyword=a&current=3');
    listPagination(a.list(), 95, String).onChange(2, 50);
    expect(a.get()).toBe('keyword=a&current=2&pageSize=50');
    expect(listPagination(a.list(), 95, String)).toMatchObject({ current: 2, pageSize: 50, total: 95 });
    listPagination(a.list(), 95, String).onChange(1, 20);
    expect(a.get()).toBe('keyword=a');
    // A page change keeps the size when none is given.
    a.list().setPage(2, 50);
    a.list().setPage(3);
    expect(a.list().query).toMatchObject({ current: 3, pageSize: 50 });
  });

  it('writePage and writeSearch leave the address they were given as it was', () => {
    const prev = new URLSearchParams('current=2');
    writePage(spec, prev, 5, 20);
    writeSearch(spec, prev, { keyword: 'x' });
    expect(prev.toString()).toBe('current=2');
  });
});

describe('list export', () => {
  let env: FakeEnv;
  beforeEach(() => {
    env = installFakeRuntime();
  });
  afterEach(() => resetRuntime());

  it('sends the export operation exactly the filters of the list, without its paging', async () => {
    const a = address('keyword=a&status=OPEN&from=2026-11-01&current=3&pageSize=50&id=9');
    env.on('GET', '/finance/things/export.json', () =>
      fakeResponse(200, 'PK', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'),
    );
    const name = await exportList(
      { operation: { path: '/finance/things/export.json' }, fileName: '清单' },
      a.list().filters,
    );
    expect(name).toMatch(/^清单_\d{14}\.xlsx$/);
    const params = Object.fromEntries([...env.calls[0].url.searchParams].filter(([k]) => k !== 't'));
    expect(params).toEqual({ keyword: 'a', status: 'OPEN', from: '2026-11-01' });
  });

  it('adds the params the screen fixes and names the file in parts, each said once', async () => {
    const a = address('keyword=a&current=2');
    env.on('GET', '/finance/things/export.json', () =>
      fakeResponse(200, 'PK', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'),
    );
    const name = await exportList(
      {
        operation: { path: '/finance/things/export.json' },
        fileName: ['公开需求', '需求池', '公开需求'],
        params: { scope: 'POOL', type: 'PUBLIC' },
      },
      a.list().filters,
    );
    expect(name).toMatch(/^公开需求-需求池_\d{14}\.xlsx$/);
    const params = Object.fromEntries([...env.calls[0].url.searchParams].filter(([k]) => k !== 't'));
    expect(params).toEqual({ keyword: 'a', scope: 'POOL', type: 'PUBLIC' });
  });
});

describe('ListFilter and ListTable on a route', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('zh-CN');
  });

  function Screen() {
    const list = useListQuery(spec);
    const rows = Array.from({ length: 20 }, (_, i) => ({ id: i + 21, name: `row ${i + 21}` }));
    return (
      <>
        <ListFilter list={list}>
          <Form.Item name="keyword" label="关键字">
            <Input />
          </Form.Item>
        </ListFilter>
        <ListTable
          list={list}
          data={{ list: rows, total: 45 }}
          rowKey="id"
          columns={[{ title: '名称', dataIndex: 'name' }]}
        />
      </>
    );
  }

  it('shows what the address holds: the keyword in its field, the page, the total and the rows', () => {
    const router = createMemoryRouter([{ path: '/list', element: <Screen /> }], {
      initialEntries: ['/list?keyword=alpha&current=2'],
    });
    const html = renderToString(<RouterProvider router={router} />);
    expect(html).toMatch(
      /<input[^>]*id="list-filter_keyword"[^>]*value="alpha"|<input[^>]*value="alpha"[^>]*id="list-filter_keyword"/,
    );
    expect(html).toContain('共 45 条');
    expect(html).toContain('row 21');
    expect(html).toMatch(
      /ant-pagination-item-2 ant-pagination-item-active|ant-pagination-item-active[^"]*ant-pagination-item-2/,
    );
  });
});
