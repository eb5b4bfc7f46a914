import { Param, Placeholder, SQL, StringChunk } from 'drizzle-orm';
import type { PgDialect } from 'drizzle-orm/pg-core';

type Query = { sql: string; params: unknown[] };

/** Values drizzle binds as they are: everything else it might expand, name or map, so it renders them itself. */
const plainValue = (v: unknown) => v === null || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' || typeof v === 'bigint' || v instanceof Date;

/**
 * drizzle's rendering of the `sql` templates the repositories write (text, nested templates, values, `sql.param`,
 * `sql.raw`, `sql.join`): the same text and parameters, without its entity checks on every chunk (a chain member page's
 * statement took 24 µs to render, about 5% of a cache-off request, issue 17). Null for anything else (a column, a
 * table, a name, an array spread into a list, inline parameters): drizzle renders those.
 */
export function renderPlain(root: SQL): Query | null {
  let text = '';
  const params: unknown[] = [];
  const bind = (v: unknown) => {
    params.push(v);
    text += `$${params.length}`;
  };
  const walk = (s: SQL): boolean => {
    // sql.inlineParams(): drizzle writes the values into the text.
    if ((s as unknown as { shouldInlineParams: boolean }).shouldInlineParams) return false;
    for (const c of s.queryChunks as unknown[]) {
      if (c instanceof StringChunk) text += c.value.length === 1 ? c.value[0] : c.value.join('');
      else if (c instanceof SQL) {
        if (!walk(c)) return false;
      } else if (c instanceof Param) {
        if (c.value === null) bind(null);
        else {
          if (c.value instanceof Placeholder) return false;
          const v = c.encoder.mapToDriverValue(c.value);
          if (v instanceof SQL) return false;
          bind(v);
        }
      } else if (c === undefined) continue;
      else if (plainValue(c)) bind(c);
      else return false;
    }
    return true;
  };
  return walk(root) ? { sql: text, params } : null;
}

/** The dialect renders what renderPlain can through it, the rest as before (db/client.ts connect). */
export function renderPlainFirst(dialect: PgDialect) {
  const render = dialect.sqlToQuery.bind(dialect);
  dialect.sqlToQuery = (s, invokeSource) => (invokeSource === undefined ? renderPlain(s) : null) ?? render(s, invokeSource);
}
