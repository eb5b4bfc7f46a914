import { describe, expect, it } from 'vitest';
import { LIST_EXPORT_EXEMPT, LIST_EXPORTS } from '@phjr/contract/list-exports';
import { SORT_ORDERS, sortFieldsOf } from '@phjr/contract/list-sort';
import type { OperationDef } from '@phjr/contract/operation';
import { OPERATIONS } from '../operations.ts';

/**
 * Sorting and exports of the lists (issue 30; docs/lists.md), derived from the contract's operations: every list
 * that takes a sort declares its allowed fields (and refuses any other), and every page operation has its Excel twin
 * taking the same filters and sort, or a written reason why not.
 */

const shapeOf = (s: unknown) => (s as { shape?: Record<string, unknown> } | undefined)?.shape;
const isPage = (o: OperationDef) =>
  o.method === 'GET' && 'list' in (shapeOf(o.response) ?? {}) && 'total' in (shapeOf(o.response) ?? {});
const PAGES = OPERATIONS.filter(isPage);
const parse = (schema: unknown, input: unknown) =>
  (schema as { safeParse: (x: unknown) => { success: boolean } }).safeParse(input);

describe('sortable lists', () => {
  const sorted = OPERATIONS.filter((o) => sortFieldsOf(o.query) !== null);

  it('there are sortable lists (the walk below is not empty)', () => {
    expect(sorted.map((o) => o.path)).toEqual(
      expect.arrayContaining([
        '/finance/audit/page.json',
        '/finance/industrialChain/enterprise/loanRecord/page.json',
        '/finance/credit/log/page.json',
      ]),
    );
  });

  it('the back-office lists of products, chains, organisations, users and the report drill-down sort (issue 30)', () => {
    expect(sorted.map((o) => o.path)).toEqual(
      expect.arrayContaining([
        '/finance/product/manage/page.json',
        '/finance/industrialChain/admin/page.json',
        '/finance/org/page.json',
        '/finance/user/page.json',
        '/finance/platformUser/page.json',
        '/finance/org/staff/page.json',
        '/finance/stats/report/drill.json',
      ]),
    );
  });

  it.each(sorted.map((o) => [`${o.method} ${o.path}`, o] as const))(
    '%s declares its allowed fields, directions asc/desc, and refuses any other field',
    (_, o) => {
      const fields = sortFieldsOf(o.query)!;
      expect(fields.length).toBeGreaterThan(0);
      expect(new Set(fields).size).toBe(fields.length);
      const shape = shapeOf(o.query)!;
      expect(shape).toHaveProperty('sortOrder');
      for (const order of SORT_ORDERS) expect(parse(shape.sortOrder, order).success).toBe(true);
      expect(parse(shape.sortOrder, 'up').success).toBe(false);
      for (const f of fields) expect(parse(shape.sortField, f).success).toBe(true);
      expect(parse(shape.sortField, 'id; DROP TABLE users').success).toBe(false);
      expect(parse(shape.sortField, 'password').success).toBe(false);
    },
  );
});

describe('every list has its export', () => {
  const paired = new Set<string>(LIST_EXPORTS.map((p) => p.list.path));

  it('each page operation of the contract is paired with an export or exempt with a reason', () => {
    const missing = PAGES.map((o) => o.path).filter((p) => !paired.has(p) && !(p in LIST_EXPORT_EXEMPT));
    expect(
      missing,
      'a list without an Excel export: add its export to LIST_EXPORTS, or its reason to LIST_EXPORT_EXEMPT',
    ).toEqual([]);
  });

  it('names no exemption that is not a page operation, and none that has an export after all', () => {
    const pages = new Set<string>(PAGES.map((o) => o.path));
    expect(Object.keys(LIST_EXPORT_EXEMPT).filter((p) => !pages.has(p))).toEqual([]);
    expect(Object.keys(LIST_EXPORT_EXEMPT).filter((p) => paired.has(p))).toEqual([]);
    for (const reason of Object.values(LIST_EXPORT_EXEMPT)) expect(reason.length).toBeGreaterThan(10);
  });

  it('exempts no list for want of time: no reason is a TODO (the user lists have their exports)', () => {
    expect(Object.entries(LIST_EXPORT_EXEMPT).filter(([, reason]) => /TODO/i.test(reason))).toEqual([]);
    expect([...paired]).toEqual(
      expect.arrayContaining([
        '/finance/user/page.json',
        '/finance/platformUser/page.json',
        '/finance/org/staff/page.json',
      ]),
    );
  });

  it.each(LIST_EXPORTS.map((p) => [p.list.path, p] as const))(
    '%s: its export is a GET file taking every filter and the sort of the page',
    (_, p) => {
      expect(p.export.method).toBe('GET');
      expect(p.export.answers).toBe('file');
      const page = Object.keys(shapeOf(p.list.query) ?? {}).filter((k) => k !== 'current' && k !== 'pageSize');
      const exp = Object.keys(shapeOf(p.export.query) ?? {});
      expect(
        page.filter((k) => !exp.includes(k)),
        `filters of ${p.list.path} that ${p.export.path} does not take`,
      ).toEqual([]);
      expect(sortFieldsOf(p.export.query)).toEqual(sortFieldsOf(p.list.query));
    },
  );
});
