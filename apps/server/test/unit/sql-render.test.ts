import { describe, expect, it } from 'vitest';
import { eq, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { renderOnce, renderPlain, renderPlainFirst } from '../../src/db/sql-render.ts';
import { industrialChains } from '../../src/db/schema/index.ts';
import { likeText, pageBounds, planOnce, sqlList } from '../../src/db/sql.ts';
import { portalPageSql } from '../../src/modules/products/products.repo.ts';

const drizzleOwn = new PgDialect();
const render = (s: SQL) => {
  const q = drizzleOwn.sqlToQuery(s);
  return { sql: q.sql, params: q.params };
};

describe('renderPlain (db/sql-render.ts)', () => {
  const when = new Date('2026-11-24T00:00:00+08:00');
  const shapes: [string, SQL][] = [
    ['text only', sql`SELECT 1`],
    ['values of every plain kind', sql`SELECT ${'a'}, ${1}, ${1.5}, ${true}, ${null}, ${when}, ${10n}`],
    [
      'nested templates',
      sql`SELECT * FROM (${sql`SELECT id FROM t WHERE a = ${'x'} AND ${sql`b > ${2}`}`}) k WHERE c = ${3}`,
    ],
    [
      'raw text and a join',
      sql`SELECT ${sql.raw('a, b')} FROM t WHERE ${sql.join([sql`a = ${1}`, sql`b = ${'two'}`, sql`true`], sql` AND `)}`,
    ],
    ['an array as one parameter', sql`SELECT 1 WHERE x = ANY(${sqlList([1, 2, 3])}::bigint[])`],
    [
      'a LIKE pattern and page bounds',
      sql`SELECT 1 WHERE n ILIKE ${likeText('茶_%')} ORDER BY id ${pageBounds(3, 10)}${planOnce()}`,
    ],
    ['an undefined chunk', sql`SELECT 1${undefined}`],
    ['an empty template', sql``],
  ];

  it.each(shapes)('writes what drizzle writes: %s', (_name, s) => {
    expect(renderPlain(s)).toEqual(render(s));
  });

  it("finds a shape's text again whatever its values, and never another shape's", () => {
    const page = (channel: string, region?: string) =>
      renderPlain(
        sql`SELECT id FROM articles WHERE channel = ${channel}${region ? sql` AND region_code = ${region}` : sql``} ${pageBounds(1, 10)}`,
      )!;
    const [a, b, c] = [page('news'), page('guide'), page('city', '999903')];
    expect(b.sql).toBe(a.sql);
    expect(b.params).toEqual(['guide']);
    expect(c.sql).toBe('SELECT id FROM articles WHERE channel = $1 AND region_code = $2 LIMIT 10 OFFSET 0');
    expect(page('city', '999901').sql).toBe(c.sql);
    expect(renderPlain(sql`SELECT ${1}, ${2}`)!.sql).toBe('SELECT $1, $2');
    expect(renderPlain(sql`SELECT ${1}, ${sql.raw('2')}`)!).toEqual({ sql: 'SELECT $1, 2', params: [1] });
    expect(renderPlain(sql`SELECT ${sql.raw('1')}, ${2}`)!).toEqual({ sql: 'SELECT 1, $1', params: [2] });
  });

  it('leaves to drizzle what it does not write itself', () => {
    const leftOut: [string, SQL][] = [
      ['a column', sql`SELECT ${industrialChains.id} FROM t`],
      ['a table', sql`SELECT 1 FROM ${industrialChains}`],
      ['a name', sql`SELECT ${sql.identifier('x')}`],
      ['an array spread into a list', sql`SELECT 1 WHERE id IN ${[1, 2]}`],
      ['inline parameters', sql`SELECT ${1}`.inlineParams()],
      ['a placeholder', sql`SELECT ${sql.placeholder('p')}`],
      ['an operator with a column', sql`SELECT 1 WHERE ${eq(industrialChains.id, 3)}`],
    ];
    for (const [name, s] of leftOut) expect(renderPlain(s), name).toBeNull();
  });

  it('through the dialect, the query builder still renders as before', () => {
    const patched = new PgDialect();
    renderPlainFirst(patched);
    const built = sql`SELECT ${industrialChains.name} FROM ${industrialChains} WHERE ${eq(industrialChains.id, 7)} AND note = ${'n'}`;
    expect(patched.sqlToQuery(built)).toEqual(drizzleOwn.sqlToQuery(built));
    for (const [, s] of shapes) expect(patched.sqlToQuery(s)).toEqual(render(s));
  });
});

describe("the supermarket page's statement (products.repo portalPageSql)", () => {
  it('renders as plain SQL with every filter set: no column object left for drizzle to check', () => {
    const every = {
      kind: 'LOAN',
      keyword: '茶园',
      keywordBankIds: [1, 2],
      bankId: 3,
      loanType: 'CREDIT',
      guaranteeMethod: 'CREDIT',
      customerType: 'FARMER',
      industry: 'AGRICULTURE',
      regionCodes: ['999906', '999900'],
      amount: 50,
      term: 12,
      industrialChainIds: [4],
      countryside: true,
    };
    for (const f of [every, { kind: 'LOAN' }]) {
      const { statement } = portalPageSql(f, 'RATE', 2, 10);
      const plain = renderPlain(statement);
      expect(plain).not.toBeNull();
      expect(plain).toEqual(render(statement));
    }
  });
});

describe('a statement rendered once (renderOnce)', () => {
  it('is rendered on its first run only, and gives the same text and values after', () => {
    const dialect = new PgDialect();
    renderPlainFirst(dialect);
    const kept = renderOnce(sql`SELECT ${1} AS a, ${'b'} AS b`);
    const first = dialect.sqlToQuery(kept);
    expect(first).toEqual({ sql: 'SELECT $1 AS a, $2 AS b', params: [1, 'b'] });
    // Its chunks are not walked again: changing them afterwards changes nothing.
    (kept.queryChunks as unknown[]).length = 0;
    expect(dialect.sqlToQuery(kept)).toBe(first);
    // A statement not marked is rendered on every run.
    const other = sql`SELECT ${2}`;
    expect(dialect.sqlToQuery(other)).toEqual({ sql: 'SELECT $1', params: [2] });
    (other.queryChunks as unknown[]).length = 0;
    expect(dialect.sqlToQuery(other).sql).toBe('');
  });
});
