import type { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import * as repo from './imports.repo.ts';

/**
 * A reusable Excel import (users, makeup loans, chain enterprises, farmers): the sheet is read as a stream, every
 * row is validated first (a dry run), then all good rows are inserted in ONE transaction together with the import
 * record and its failed rows. A dry run stops after validation and writes nothing.
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
  /** Checks the valid rows against the database in bulk; returns a reason per refused row number. */
  checkExisting?(db: Db, rows: { rowNo: number; value: T }[]): Promise<Map<number, string>>;
  /** Inserts the good rows (inside the import's transaction). */
  insert(tx: Tx, rows: { rowNo: number; value: T }[]): Promise<R>;
}

export interface ImportOutcome<R> {
  jobId: number | null;
  dryRun: boolean;
  total: number;
  succeeded: number;
  failed: number;
  failures: { rowNo: number; reason: string }[];
  inserted: R | null;
}

const DEFAULT_MAX_ROWS = 200_000;

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

/** Streams the first worksheet: the first row names the columns (by header text, else by position). */
async function* readRows(input: Readable, columns: readonly ImportColumn[]): AsyncGenerator<{ rowNo: number; data: Record<string, string> }> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(input, { sharedStrings: 'cache', hyperlinks: 'ignore', styles: 'ignore', worksheets: 'emit' });
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
      const data: Record<string, string> = {};
      columns.forEach((c, i) => (data[c.key] = cellText(values[positions![i]])));
      if (Object.values(data).every((x) => x === '')) continue;
      yield { rowNo: row.number, data };
    }
  }
  if (first) throw new AppError('IMPORT_FILE_INVALID');
}

export async function runImport<T, R>(
  db: Db,
  spec: ImportSpec<T, R>,
  opts: { input: Readable; fileName: string; userId: number | null; dryRun: boolean },
): Promise<ImportOutcome<R>> {
  const good: { rowNo: number; value: T; data: Record<string, string> }[] = [];
  const bad: { rowNo: number; data: string; reason: string }[] = [];
  const seen = new Map<string, number>();
  let total = 0;
  try {
    for await (const { rowNo, data } of readRows(opts.input, spec.columns)) {
      total += 1;
      if (total > (spec.maxRows ?? DEFAULT_MAX_ROWS)) throw new AppError('VALIDATION', `单次最多导入${spec.maxRows ?? DEFAULT_MAX_ROWS}行`);
      const missing = spec.columns.filter((c) => c.required && !data[c.key]).map((c) => c.header);
      const check: RowCheck<T> = missing.length ? { error: `缺少必填项：${missing.join('、')}` } : spec.validate(data, rowNo);
      if ('error' in check) {
        bad.push({ rowNo, data: JSON.stringify(data), reason: check.error });
        continue;
      }
      const dup = (check.keys ?? []).find((k) => seen.has(k));
      if (dup) {
        bad.push({ rowNo, data: JSON.stringify(data), reason: `与第${seen.get(dup)}行重复（${dup.slice(dup.indexOf(':') + 1)}）` });
        continue;
      }
      for (const k of check.keys ?? []) seen.set(k, rowNo);
      good.push({ rowNo, value: check.value, data });
    }
  } catch (e) {
    if (e instanceof AppError) throw e;
    throw new AppError('IMPORT_FILE_INVALID');
  }
  if (total === 0) throw new AppError('VALIDATION', '文件中没有数据行');

  const refused = spec.checkExisting ? await spec.checkExisting(db, good) : new Map<number, string>();
  const rows = good.filter((g) => !refused.has(g.rowNo));
  for (const g of good) if (refused.has(g.rowNo)) bad.push({ rowNo: g.rowNo, data: JSON.stringify(g.data), reason: refused.get(g.rowNo)! });
  bad.sort((a, b) => a.rowNo - b.rowNo);
  const failures = bad.map(({ rowNo, reason }) => ({ rowNo, reason }));

  if (opts.dryRun) return { jobId: null, dryRun: true, total, succeeded: rows.length, failed: bad.length, failures, inserted: null };

  return db.transaction(async (tx) => {
    const inserted = rows.length ? await spec.insert(tx, rows.map(({ rowNo, value }) => ({ rowNo, value }))) : null;
    const jobId = await repo.insertJob(tx, { kind: spec.kind, fileName: opts.fileName, total, succeeded: rows.length, failed: bad.length, userId: opts.userId });
    await repo.insertFailures(tx, jobId, bad);
    return { jobId, dryRun: false, total, succeeded: rows.length, failed: bad.length, failures, inserted };
  });
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
