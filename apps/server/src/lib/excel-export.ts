import { PassThrough, type Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { ENUM_CATALOG } from '@phjr/contract/system/enum-catalog';
import { shanghaiWallClock } from '@phjr/contract/system/shanghai-time';

/**
 * The streaming Excel writer every list export and failed-rows download shares: exceljs' streaming writer fed batch
 * by batch while the rows are read (memory stays flat whatever the size), each cell passed through safeCell, the
 * stream destroyed with the error when a read or a write fails midway.
 */

/** An enum code's Chinese label (the code itself when the catalogue has none; '' for no code). */
export const enumLabel = (enumName: string, code: string | null) =>
  code ? (ENUM_CATALOG[enumName]?.[code]?.[0] ?? code) : '';

/** An instant as a cell shows it: 2026-11-23 17:05 (Beijing time); '' for none. */
export const cellDateTime = (ms: number | null) =>
  ms === null ? '' : shanghaiWallClock(ms).slice(0, 16).replace('T', ' ');

/** Neutralises formula injection (CSV/formula injection, OWASP): text that starts like a formula is kept as text. */
export function safeCell<T>(v: T): T | string {
  return typeof v === 'string' && /^[=+\-@\t\r]/.test(v) ? `'${v}` : v;
}

export interface SheetColumn {
  header: string;
  width: number;
  /** The column's key in the sheet (default `c<index>`). */
  key?: string;
}

export interface SheetStream<B> {
  sheet: string;
  columns: readonly SheetColumn[];
  /** One row's cells, in the columns' order (each made safe, null written as ''). */
  cells(row: B): readonly unknown[];
  /** The batch after `last` (null: the first batch). A batch shorter than `batch` is the last one. */
  next(last: B | null): Promise<B[]>;
  /** The first batch when the caller already read it (so that its error reaches the caller before the stream). */
  first?: B[];
  batch: number;
  /** At most this many rows are written (default: all). */
  maxRows?: number;
  /** Whether the workbook carries styles (column widths need them; default true). */
  styles?: boolean;
}

/** Starts writing the sheet and answers the xlsx stream at once; the rows are read and written behind it. */
export function streamSheet<B>(o: SheetStream<B>): Readable {
  const out = new PassThrough();
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: o.styles ?? true,
    useSharedStrings: false,
  });
  const ws = wb.addWorksheet(o.sheet);
  ws.columns = o.columns.map((c, i) => ({ header: c.header, key: c.key ?? `c${i}`, width: c.width }));
  const max = o.maxRows ?? Infinity;
  void (async () => {
    let rows = o.first ?? (await o.next(null));
    let written = 0;
    while (rows.length) {
      for (const r of rows) {
        if (written >= max) break;
        ws.addRow(o.cells(r).map((v) => safeCell(v) ?? '')).commit();
        written += 1;
      }
      if (written >= max || rows.length < o.batch) break;
      rows = await o.next(rows[rows.length - 1]);
    }
    ws.commit();
    await wb.commit();
  })().catch((e: unknown) => out.destroy(e as Error));
  return out;
}
