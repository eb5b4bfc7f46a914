import type { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import ExcelJS from 'exceljs';
import { createHash } from 'node:crypto';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import * as repo from './imports.repo.ts';

/**
 * A reusable Excel import (users, makeup loans, chain enterprises, farmers). The sheet is read as a stream and never
 * held whole: rows are checked one by one (the spec's `validate`, and uniqueness within the file), then in batches
 * against the database (`checkExisting`). A dry run stops there and writes nothing. A real import runs in ONE
 * transaction: the import record, each batch of good rows as soon as it is checked, and the failed rows with their
 * reasons; any error (or a truncated upload) rolls everything back. Memory stays bounded by the batch, whatever the
 * file's size.
 */

export interface ImportColumn {
  key: string;
  header: string;
  required?: boolean;
}

export type RowCheck<T> = { value: T; keys?: string[] } | { error: string };

export interface ImportSpec<T, R = void> {
  /** import_jobs.kind, e.g. USERS, MAKEUP_LOANS. */
  kind: string;
  columns: readonly ImportColumn[];
  maxRows?: number;
  /** Checks one row on its own; `keys` are values that must be unique within the file (e.g. "phone:138..."). */
  validate(row: Record<string, string>, rowNo: number): RowCheck<T>;
  /** Checks a batch of valid rows against the database; returns a reason per refused row number. */
  checkExisting?(db: DbOrTx, rows: { rowNo: number; value: T }[]): Promise<Map<number, string>>;
  /** Inserts a batch of good rows (inside the import's transaction, after its record `jobId` is written). */
  insert(tx: Tx, rows: { rowNo: number; value: T }[], jobId: number): Promise<R>;
  /** Runs last in the import's transaction, e.g. to write its audit row. */
  recorded?(tx: Tx, jobId: number, counts: { total: number; succeeded: number; failed: number }): Promise<void>;
}

export interface ImportOutcome<R> {
  jobId: number | null;
  dryRun: boolean;
  total: number;
  succeeded: number;
  failed: number;
  failures: { rowNo: number; reason: string }[];
  /** What `insert` returned for each batch (empty for a dry run). */
  inserted: R[];
}

const DEFAULT_MAX_ROWS = 200_000;
/** Rows checked against the database and written together. */
const BATCH = 1_000;

export function cellText(v: ExcelJS.CellValue): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return v.trim();
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if (typeof v === 'object') {
    if ('richText' in v && Array.isArray(v.richText)) return v.richText.map((t) => t.text).join('').trim();
    if ('text' in v && typeof v.text === 'string') return v.text.trim();
    if ('result' in v) return cellText(v.result as ExcelJS.CellValue);
  }
  return String(v).trim();
}

/** Text of a stream of UTF-8 chunks, decoded across chunk boundaries. */
async function* utf8(chunks: AsyncIterable<Buffer | string>): AsyncGenerator<string> {
  const decoder = new StringDecoder('utf8');
  for await (const c of chunks) {
    const s = typeof c === 'string' ? c : decoder.write(c);
    if (s) yield s;
  }
  const rest = decoder.end();
  if (rest) yield rest;
}

type ReaderInternals = {
  _parseWorksheet(iterator: AsyncIterable<Buffer | string>, sheetNo: string): Generator<unknown>;
  _parseSharedStrings(entry: Readable): AsyncGenerator<unknown>;
};

/**
 * exceljs 4.4's streaming reader decodes each chunk of a sheet's XML on its own, so a Chinese character split between
 * two chunks (every 16-64 KB) comes out as U+FFFD and the row fails its checks. This reader hands exceljs the sheet
 * and the shared strings already decoded across chunk boundaries (the methods overridden are exceljs' own, pinned
 * with its version in package.json).
 */
class Utf8WorkbookReader extends ExcelJS.stream.xlsx.WorkbookReader {
  _parseWorksheet(iterator: AsyncIterable<Buffer | string>, sheetNo: string) {
    return (ExcelJS.stream.xlsx.WorkbookReader.prototype as unknown as ReaderInternals)._parseWorksheet.call(this, utf8(iterator), sheetNo);
  }

  _parseSharedStrings(entry: Readable) {
    return (ExcelJS.stream.xlsx.WorkbookReader.prototype as unknown as ReaderInternals)._parseSharedStrings.call(this, entry.setEncoding('utf8'));
  }
}

/** Streams the first worksheet: the first row names the columns (by header text, else by position). */
async function* readRows(input: Readable, columns: readonly ImportColumn[]): AsyncGenerator<{ rowNo: number; data: Record<string, string> }> {
  const reader = new Utf8WorkbookReader(input, { sharedStrings: 'cache', hyperlinks: 'ignore', styles: 'ignore', worksheets: 'emit' });
  let first = true;
  for await (const sheet of reader) {
    if (!first) continue;
    first = false;
    let positions: number[] | null = null;
    for await (const row of sheet) {
      const values = (row.values as ExcelJS.CellValue[]) ?? [];
      if (!positions) {
        const headers = values.map((v) => cellText(v));
        positions = columns.map((c, i) => {
          const at = headers.indexOf(c.header);
          return at > 0 ? at : i + 1;
        });
        continue;
      }
      const cells: Record<string, string> = {};
      columns.forEach((c, i) => (cells[c.key] = cellText(values[positions![i]])));
      if (Object.values(cells).every((x) => x === '')) continue;
      // The cells are slices of exceljs' chunk strings: kept as they are, each row would keep its chunks alive (about
      // a kilobyte a row at 100k rows). A JSON round trip makes them strings of their own.
      yield { rowNo: row.number, data: JSON.parse(JSON.stringify(cells)) as Record<string, string> };
    }
  }
  if (first) throw new AppError('IMPORT_FILE_INVALID');
}

export async function runImport<T, R>(
  db: Db,
  spec: ImportSpec<T, R>,
  opts: { input: Readable; fileName: string; userId: number | null; dryRun: boolean; truncated?: () => boolean },
): Promise<ImportOutcome<R>> {
  const maxRows = spec.maxRows ?? DEFAULT_MAX_ROWS;

  async function work(tx: Tx | null): Promise<ImportOutcome<R>> {
    const jobId = tx ? await repo.insertJob(tx, { kind: spec.kind, fileName: opts.fileName, total: 0, succeeded: 0, failed: 0, userId: opts.userId }) : null;
    const failures: { rowNo: number; reason: string }[] = [];
    const inserted: R[] = [];
    // Keys already seen in the file, as digests (short strings of their own) → the row that had them.
    const seen = new Map<string, number>();
    let total = 0;
    let succeeded = 0;
    let pending: { rowNo: number; value: T; data: Record<string, string> }[] = [];
    let refusedRows: { rowNo: number; data: string; reason: string }[] = [];

    const fail = (rowNo: number, data: Record<string, string>, reason: string) => {
      failures.push({ rowNo, reason });
      if (tx) refusedRows.push({ rowNo, data: JSON.stringify(data), reason });
    };
    const flush = async () => {
      if (pending.length) {
        const refused = spec.checkExisting ? await spec.checkExisting(tx ?? db, pending) : new Map<number, string>();
        const good = pending.filter((p) => !refused.has(p.rowNo)).map(({ rowNo, value }) => ({ rowNo, value }));
        for (const p of pending) if (refused.has(p.rowNo)) fail(p.rowNo, p.data, refused.get(p.rowNo)!);
        succeeded += good.length;
        if (tx && good.length) inserted.push(await spec.insert(tx, good, jobId!));
        pending = [];
      }
      if (tx && refusedRows.length) {
        await repo.insertFailures(tx, jobId!, refusedRows);
        refusedRows = [];
      }
    };

    const rows = readRows(opts.input, spec.columns)[Symbol.asyncIterator]();
    for (;;) {
      let next: IteratorResult<{ rowNo: number; data: Record<string, string> }>;
      try {
        next = await rows.next();
      } catch (e) {
        throw e instanceof AppError ? e : new AppError('IMPORT_FILE_INVALID');
      }
      if (next.done) break;
      const { rowNo, data } = next.value;
      total += 1;
      if (total > maxRows) throw new AppError('VALIDATION', `单次最多导入${maxRows}行`);
      const missing = spec.columns.filter((c) => c.required && !data[c.key]).map((c) => c.header);
      const check: RowCheck<T> = missing.length ? { error: `缺少必填项：${missing.join('、')}` } : spec.validate(data, rowNo);
      if ('error' in check) {
        fail(rowNo, data, check.error);
        continue;
      }
      const digests = (check.keys ?? []).map((k) => createHash('sha1').update(k).digest('base64'));
      const dup = digests.findIndex((k) => seen.has(k));
      if (dup >= 0) {
        const key = check.keys![dup];
        fail(rowNo, data, `与第${seen.get(digests[dup])}行重复（${key.slice(key.indexOf(':') + 1)}）`);
        continue;
      }
      for (const k of digests) seen.set(k, rowNo);
      pending.push({ rowNo, value: check.value, data });
      if (pending.length >= BATCH) await flush();
    }
    await flush();
    if (opts.truncated?.()) throw new AppError('VALIDATION', '文件过大（最大20MB）');
    if (total === 0) throw new AppError('VALIDATION', '文件中没有数据行');
    failures.sort((a, b) => a.rowNo - b.rowNo);
    const counts = { total, succeeded, failed: failures.length };
    if (tx) {
      await repo.updateJobCounts(tx, jobId!, counts);
      await spec.recorded?.(tx, jobId!, counts);
    }
    return { jobId, dryRun: !tx, ...counts, failures, inserted };
  }

  return opts.dryRun ? work(null) : db.transaction((tx) => work(tx));
}

/** A template workbook: one header row, column widths, and an optional example row. */
export async function templateWorkbook(sheetName: string, columns: readonly ImportColumn[], example?: string[]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(sheetName);
  ws.columns = columns.map((c) => ({ header: c.header, key: c.key, width: Math.max(14, c.header.length * 2 + 4) }));
  ws.getRow(1).font = { bold: true };
  if (example) ws.addRow(example);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

export async function importJobsPage(db: Db, kind: string, current: number, pageSize: number) {
  const [rows, total] = await Promise.all([repo.listJobs(db, kind, { limit: pageSize, offset: (current - 1) * pageSize }), repo.countJobs(db, kind)]);
  return { list: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })), total, current, pageSize };
}

export async function importFailuresOf(db: Db, kind: string, jobId: number) {
  const job = await repo.findJob(db, jobId);
  if (!job || job.kind !== kind) throw new AppError('NOT_FOUND');
  return repo.listFailures(db, jobId);
}
