import { sql } from 'drizzle-orm';

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
