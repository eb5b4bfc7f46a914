import { describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { sqlList } from '../../src/db/sql.ts';
import { andSql, cond, shapedSql, type Cond } from '../../src/db/shaped-sql.ts';

/** Issue 17: a statement's text made once per shape is the text drizzle writes for the same template, every time. */
const drizzleOwn = new PgDialect();
const render = (s: SQL) => {
  const q = drizzleOwn.sqlToQuery(s);
  return { sql: q.sql, params: q.params };
};

/** A filter of a list: which conditions it has decides the shape. */
function conds(f: { type?: string; ids?: number[]; from?: Date; none?: boolean }): Cond[] {
  const w: Cond[] = [];
  if (f.none) w.push(cond`false`);
  if (f.type) w.push(cond`d.type = ${f.type}`);
  if (f.ids) w.push(cond`d.id = ANY(${sqlList(f.ids)}) AND d.id > ${0}`);
  if (f.from) w.push(cond`d.created_at >= ${f.from}`);
  return w;
}

const HEAD = 'SELECT (SELECT count(*) FROM t c WHERE ';

describe('shapedSql', () => {
  const filters = [
    {},
    { type: 'PUBLIC' },
    { type: 'ORIENTATION', ids: [1, 2] },
    { ids: [3] },
    { none: true, from: new Date('2026-11-24T00:00:00+08:00') },
    { type: 'GUARANTEE', ids: [4, 5, 6], from: new Date(0) },
  ];

  it('writes the text and values drizzle writes for the same pieces, on the first call of a shape and after', () => {
    for (let round = 0; round < 2; round++) {
      for (const f of filters) {
        for (const page of [1, 7]) {
          const shaped = shapedSql([
            HEAD,
            conds(f),
            cond`) AS total, * FROM t d WHERE `,
            conds(f),
            ' ORDER BY d.id',
            cond` LIMIT ${10} OFFSET ${(page - 1) * 10}`,
          ]);
          const drizzle = sql`${sql.raw(HEAD)}${andSql(conds(f))}) AS total, * FROM t d WHERE ${andSql(conds(f))} ORDER BY d.id LIMIT ${10} OFFSET ${(page - 1) * 10}`;
          expect(render(shaped)).toEqual(render(drizzle));
        }
      }
    }
  });

  it('tells apart shapes whose conditions are the same, in different places', () => {
    const a = (v: number) => cond`a = ${v}`;
    const b = (v: number) => cond`b = ${v}`;
    // A list then a condition of its own, and a list of both: one sequence of templates, two statements.
    expect(render(shapedSql(['SELECT 1 WHERE ', [a(1)], b(2)])).sql).toBe('SELECT 1 WHERE a = $1b = $2');
    expect(render(shapedSql(['SELECT 1 WHERE ', [a(1), b(2)]])).sql).toBe('SELECT 1 WHERE a = $1 AND b = $2');
    expect(render(shapedSql(['SELECT 1 WHERE ', [a(1), b(2)], ' AND ', []])).sql).toBe(
      'SELECT 1 WHERE a = $1 AND b = $2 AND true',
    );
  });
});
