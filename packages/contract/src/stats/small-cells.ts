/**
 * Small-cell protection of public figures (docs/statistics.md "Small cells"): a published cell (a village's or a
 * district's figures) must not describe fewer than SMALL_CELL_MIN records, or a person's credit line, drawn amount and
 * rating (or an enterprise's shelter help) could be read off it.
 */
export const SMALL_CELL_MIN = 5;

/**
 * Which of a parent's cells to withhold, given each cell's count of records. Primary: every cell of 1 to
 * SMALL_CELL_MIN − 1 records (a cell of 0 tells nothing). Complementary, when the parent's own figures are published:
 * the parent's total minus the published cells is the sum of the withheld ones, so while they hold together fewer than
 * SMALL_CELL_MIN records the smallest published non-empty cell is withheld as well (with no cell left to add, every
 * cell stays withheld and the caller withholds the parent too: see `parentWithheld`).
 */
export function withheldCells(counts: readonly number[], parentPublished = true, min = SMALL_CELL_MIN): boolean[] {
  const out = counts.map((n) => n > 0 && n < min);
  if (!parentPublished) return out;
  let held = counts.reduce((s, n, i) => (out[i] ? s + n : s), 0);
  if (held === 0) return out;
  const rest = counts
    .map((n, i) => [n, i] as const)
    .filter(([n, i]) => n > 0 && !out[i])
    .sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  for (const [n, i] of rest) {
    if (held >= min) break;
    out[i] = true;
    held += n;
  }
  return out;
}

/** Whether the parent itself must be withheld: fewer than SMALL_CELL_MIN records but some. */
export const parentWithheld = (count: number, min = SMALL_CELL_MIN) => count > 0 && count < min;
