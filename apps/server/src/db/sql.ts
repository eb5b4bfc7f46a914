/**
 * SQL helpers shared by the repositories of every module (kept here, not in one module's repository, so that no
 * module reaches into another's tables to reuse them).
 */

/** The LIKE/ILIKE pattern "contains s": the user's %, _ and \ match themselves, not as wildcards. */
export function likeText(s: string) {
  return `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
