import type { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { cellDateTime, enumLabel, safeCell, streamSheet } from '../../src/lib/excel-export.ts';
import { supervisedDistricts } from '../../src/lib/district-scope.ts';

/**
 * The shared Excel writer of every list export and failed-rows download (lib/excel-export.ts) and the shared
 * district-scope rule (lib/district-scope.ts): what each export and scope used to repeat on its own.
 */
async function rowsOf(stream: Readable): Promise<unknown[][]> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
  const out: unknown[][] = [];
  wb.worksheets[0].eachRow((r) => out.push((r.values as unknown[]).slice(1)));
  return out;
}

describe('streamSheet', () => {
  const numbers = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

  it('reads batch after batch until a short one, the header first, each cell made safe', async () => {
    const asked: (number | null)[] = [];
    const all = numbers(5);
    const stream = streamSheet<number>({
      sheet: 'S',
      columns: [
        { header: '序号', width: 8 },
        { header: '文本', width: 8 },
      ],
      cells: (n) => [n, n === 2 ? '=1+1' : `t${n}`],
      next: async (last) => {
        asked.push(last);
        const from = last ?? 0;
        return all.filter((x) => x > from).slice(0, 2);
      },
      batch: 2,
    });
    const rows = await rowsOf(stream);
    expect(rows[0]).toEqual(['序号', '文本']);
    expect(rows.slice(1)).toEqual([
      [1, 't1'],
      [2, "'=1+1"],
      [3, 't3'],
      [4, 't4'],
      [5, 't5'],
    ]);
    expect(asked).toEqual([null, 2, 4]);
  });

  it('stops at maxRows and starts from the batch the caller read', async () => {
    const stream = streamSheet<number>({
      sheet: 'S',
      columns: [
        { header: 'a', width: 8 },
        { header: 'b', width: 8 },
      ],
      cells: (n) => [n, `b${n}`],
      first: [1, 2, 3],
      next: async (last) =>
        numbers(100)
          .filter((x) => x > (last ?? 0))
          .slice(0, 3),
      batch: 3,
      maxRows: 4,
    });
    const rows = await rowsOf(stream);
    expect(rows.slice(1)).toEqual([
      [1, 'b1'],
      [2, 'b2'],
      [3, 'b3'],
      [4, 'b4'],
    ]);
  });

  it('ends the stream with the error when a batch cannot be read', async () => {
    const stream = streamSheet<number>({
      sheet: 'S',
      columns: [{ header: 'a', width: 8 }],
      cells: (n) => [n],
      next: async () => Promise.reject(new Error('db down')),
      batch: 2,
    });
    await expect(rowsOf(stream)).rejects.toThrow('db down');
  });
});

describe('cell text', () => {
  it('neutralises formulas, names enum codes, shows Beijing time', () => {
    expect(safeCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(safeCell(-3)).toBe(-3);
    expect(enumLabel('Industry', null)).toBe('');
    expect(enumLabel('NoSuchEnum', 'X1')).toBe('X1');
    expect(cellDateTime(Date.UTC(2026, 10, 23, 16, 30))).toBe('2026-11-24 00:30');
    expect(cellDateTime(null)).toBe('');
  });
});

describe('supervisedDistricts', () => {
  it('gives a city unit every district, a district unit its own, a unit without a region none', () => {
    expect(supervisedDistricts('999900', true)).toBeNull();
    expect(supervisedDistricts('999901', false)).toEqual(['999901']);
    expect(supervisedDistricts(null, false)).toEqual([]);
  });
});
