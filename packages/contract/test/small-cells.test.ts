import { describe, expect, it } from 'vitest';
import { parentWithheld, SMALL_CELL_MIN, withheldCells } from '../src/stats/small-cells.ts';

describe('small cells', () => {
  it('withholds every cell of 1 to SMALL_CELL_MIN − 1 records, never an empty one', () => {
    expect(SMALL_CELL_MIN).toBe(5);
    expect(withheldCells([0, 1, 4, 5, 50], false)).toEqual([false, true, true, false, false]);
  });

  it('withholds the smallest published cells as well until the withheld ones hold SMALL_CELL_MIN records together', () => {
    // One cell of 2 under a published total: the total minus the others would give it; the 6 goes with it.
    expect(withheldCells([50, 2, 6, 0, 9])).toEqual([false, true, true, false, false]);
    // Two small cells of 3 already hold 6 together.
    expect(withheldCells([3, 3, 40])).toEqual([true, true, false]);
    // Nothing small: nothing withheld.
    expect(withheldCells([5, 7, 0])).toEqual([false, false, false]);
    // Only one non-empty cell and it is small: withheld (the caller withholds a parent of under 5 too).
    expect(withheldCells([0, 3])).toEqual([false, true]);
    expect(parentWithheld(3)).toBe(true);
    expect(parentWithheld(0)).toBe(false);
    expect(parentWithheld(5)).toBe(false);
  });

  it('never leaves a withheld group of 1 to 4 records under a published parent', () => {
    for (let seed = 1; seed < 500; seed += 1) {
      const counts = Array.from({ length: 1 + (seed % 9) }, (_, i) => ((seed * (i + 3) * 7919) % 13) - 2).map((n) =>
        Math.max(0, n),
      );
      const held = withheldCells(counts);
      const group = counts.reduce((s, n, i) => (held[i] ? s + n : s), 0);
      const total = counts.reduce((s, n) => s + n, 0);
      if (total >= SMALL_CELL_MIN) expect(group === 0 || group >= SMALL_CELL_MIN, JSON.stringify(counts)).toBe(true);
      for (const [i, n] of counts.entries()) if (n > 0 && n < SMALL_CELL_MIN) expect(held[i]).toBe(true);
    }
  });
});
