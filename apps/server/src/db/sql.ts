import { sql, type SQL } from 'drizzle-orm';
import { GENERIC_PLAN, type DbOrTx } from './client.ts';

/**
 * SQL helpers shared by the repositories of every module (kept here, not in one module's repository, so that no
 * module reaches into another's tables to reuse them).
 */

/** The LIKE/ILIKE pattern "contains s": the user's %, _ and \ match themselves, not as wildcards. */
export function likeText(s: string) {
  return `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** One array parameter (drizzle would spread a bare array into a list of parameters). */
export const sqlList = (a: readonly unknown[]) => sql.param(a);

/** The first instant of a Beijing (Asia/Shanghai) day `YYYY-MM-DD`: a list's "from" filter is `>=` it. */
export const dayStart = (day: string) => new Date(`${day}T00:00:00+08:00`);
/** The first instant of the day after: a list's "to" filter (that day included) is `<` it. */
export const dayAfter = (day: string) => new Date(dayStart(day).getTime() + 86_400_000);

/**
 * Ends a page statement whose generic plan was checked to be as good as a custom one (db/client.ts GENERIC_PLAN): it
 * is then planned once per connection. `when` false leaves the statement as it is (a keyword page keeps custom plans).
 */
/**
 * SQL text of a timestamptz column as Date's toISOString writes it (UTC, milliseconds truncated like a Date keeps them):
 * a list row then goes out as PostgreSQL wrote it, without a Date and a copy per row in Node (issue 17).
 */
export const isoText = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

export { renderOnce } from './sql-render.ts';

/**
 * The rows of a page without the column a page statement carries beside each of them (its total), in place, so that
 * they can go out as they are (routeOperation asReturned): the column is set to undefined, which JSON.stringify and
 * the compiled serializers leave out. Deleting it changed each row's hidden class, ~0.7 µs a row (7 µs of a
 * supermarket page's ~170 µs in Node, issue 17 profile), even as the last property.
 */
export function omitColumn<K extends string, T extends Record<K, unknown>>(rows: T[], key: K): Omit<T, K>[] {
  for (const r of rows) (r as Record<K, unknown>)[key] = undefined;
  return rows;
}

export const planOnce = (when = true): SQL => (when ? sql.raw(` ${GENERIC_PLAN}`) : sql``);

/**
 * A page's LIMIT and OFFSET written into the text (both integers the request schema bounded). Bound as values, they
 * make PostgreSQL's generic plan assume a tenth of the rows is read, so it may sort them all instead of walking an
 * index for one page. Each page number is then a statement text of its own; the first pages are the ones read.
 */
export function pageBounds(current: number, pageSize: number): SQL {
  if (!Number.isSafeInteger(current) || !Number.isSafeInteger(pageSize) || current < 1 || pageSize < 1)
    throw new Error('page out of range');
  return sql.raw(`LIMIT ${pageSize} OFFSET ${(current - 1) * pageSize}`);
}

/**
 * A read another module folds into its own statement (stats report.repo.ts readMany: one round trip for several reads):
 * the SQL of its rows, owned by the module whose tables it reads, and what those rows mean. `of` gets the rows as JSON
 * values (readMany returns each part as one JSON array).
 */
export interface ReadPart<T> {
  sql: SQL;
  of: (rows: Record<string, unknown>[]) => T;
}

/** A read part alone, as its own statement. */
export async function readPart<T>(db: DbOrTx, part: ReadPart<T>): Promise<T> {
  return part.of((await db.execute<Record<string, unknown>>(part.sql)).rows);
}
