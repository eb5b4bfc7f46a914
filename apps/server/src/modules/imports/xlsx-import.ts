import type { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { createHash } from 'node:crypto';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { withImportSlot } from './import-slots.ts';
import * as repo from './imports.repo.ts';
import { MAX_KEPT_FAILURES, tooLarge } from './xlsx-limits.ts';
import { openWorkbook, type ImportWorkbook, type SheetRow } from './xlsx-reader.ts';

/**
 * A reusable Excel import (users, makeup loans, chain enterprises, farmers). The upload is copied aside and its first
 * sheet read as a stream, never held whole and within IMPORT_LIMITS whatever the file holds (xlsx-reader.ts): rows
 * are checked one by one (the spec's `validate`, and uniqueness within the file), then in batches against the
 * database (`checkExisting`). A dry run stops there and writes nothing. A real import runs in ONE transaction, opened
 * once the upload is in: the import record, each batch of good rows as soon as it is checked, and the failed rows with
 * their reasons; any error (a refused file included) rolls everything back. Memory stays bounded by the batch (in rows
 * and in characters), whatever the file's size and whatever its rows hold: of the failed rows only the first
 * MAX_KEPT_FAILURES (what answers list) and the counts stay once their batch is done (a real import has stored them).
 * Imports run at once are bounded (import-slots.ts): the slot is taken before the upload is copied, and the import
 * runs on the slot's connection.
 */

export interface ImportColumn {
  key: string;
  header: string;
  required?: boolean;
}

/** One problem of a row: the column (its key) at fault, or null for the row as a whole. */
export interface RowError {
  column: string | null;
  reason: string;
}

/**
 * `errors` (optional) names the columns at fault; `error` is the row's one-line reason either way. A refused row may
 * still give its `keys`: they are then checked against the file and `existingKeys` like a good row's, so a duplicate
 * counts even when other cells are bad.
 */
export type RowCheck<T> = { value: T; keys?: string[] } | { error: string; errors?: RowError[]; keys?: string[] };

/** A row refused against the database: its reason, or its errors by column (`duplicate`: already there). */
export type Refusal = string | { errors: RowError[]; duplicate?: boolean };

/** A refused row as `storeFailures` gets it: the cells as read and every error. */
export interface FailedRow {
  rowNo: number;
  data: Record<string, string>;
  reason: string;
  errors: RowError[];
  duplicate: boolean;
}

export interface ImportSpec<T, R = void> {
  /** import_jobs.kind, e.g. USERS, MAKEUP_LOANS. */
  kind: string;
  columns: readonly ImportColumn[];
  maxRows?: number;
  /** Checks one row on its own; `keys` are values that must be unique within the file (e.g. "phone:138..."). */
  validate(row: Record<string, string>, rowNo: number): RowCheck<T>;
  /** Checks a batch of valid rows against the database; returns a refusal per refused row number. */
  checkExisting?(db: DbOrTx, rows: { rowNo: number; value: T }[]): Promise<Map<number, Refusal>>;
  /**
   * The batch's `keys` (of good and refused rows) already in the database, each with its reason: the row gets that
   * error on `keyColumn` and counts as a duplicate.
   */
  existingKeys?(db: DbOrTx, keys: string[]): Promise<Map<string, string>>;
  /**
   * Report every error of a row at once: required cells missing and `validate`'s errors on the other columns
   * (default: a row missing a required cell is refused for that alone, without `validate`).
   */
  allErrors?: boolean;
  /** Refuse a file whose first row lacks a column's header (default: a column missing is taken by its position). */
  strictHeaders?: boolean;
  /** Sees each header cell of the file; throws to refuse the whole file (e.g. a column the platform must not hold). */
  checkHeader?(text: string): void;
  /** The column a repeated `keys` value is charged to (default: the row as a whole). */
  keyColumn?: string;
  /** Runs first in the import's transaction, once its record is written (e.g. to lock what the rows go into). */
  begin?(tx: Tx, jobId: number): Promise<void>;
  /** Stores a batch of refused rows instead of import_failures (e.g. with their errors by column). */
  storeFailures?(tx: Tx, jobId: number, rows: FailedRow[]): Promise<void>;
  /**
   * Inserts a batch of good rows (inside the import's transaction, after its record `jobId` is written). A row the
   * statement did not write (e.g. a record another import wrote meanwhile, out of the importer's scope) is handed to
   * `refuse`: it becomes a failed row of the import like any other, and does not count as succeeded.
   */
  insert(
    tx: Tx,
    rows: { rowNo: number; value: T }[],
    jobId: number,
    refuse: (rowNo: number, refusal: Refusal) => void,
  ): Promise<R>;
  /** Runs last in the import's transaction, e.g. to write its audit row. */
  recorded?(tx: Tx, jobId: number, counts: { total: number; succeeded: number; failed: number }): Promise<void>;
}

export interface ImportOutcome<R> {
  jobId: number | null;
  dryRun: boolean;
  total: number;
  succeeded: number;
  failed: number;
  /** Failed rows that repeat a key (in the file or in the database). */
  duplicates: number;
  /** The first failed rows by row number, MAX_KEPT_FAILURES at most (`failed` counts them all). */
  failures: { rowNo: number; reason: string; errors: RowError[]; duplicate: boolean }[];
  /** What `insert` returned for each batch (empty for a dry run). */
  inserted: R[];
}

const DEFAULT_MAX_ROWS = 200_000;
/** Rows checked against the database and written together. */
const BATCH = 1_000;
/** Text of the rows held for the next batch (good rows and failed rows): past it the batch is written early. */
const BATCH_CHARS = 4_000_000;
/** A failure's reason may quote a cell (up to 32,767 characters): it is kept, and stored, this long at most. */
const MAX_REASON = 200;

const shortReason = (r: string) => (r.length > MAX_REASON ? `${r.slice(0, MAX_REASON - 1)}…` : r);
const textSize = (data: Record<string, string>) => Object.values(data).reduce((n, v) => n + v.length, 0);

/** What reading the file may throw: a refusal of ours as it is, anything else (a broken zip or XML) as unreadable. */
const readError = (e: unknown) => (e instanceof AppError ? e : new AppError('IMPORT_FILE_INVALID'));

export async function runImport<T, R>(
  db: Db,
  spec: ImportSpec<T, R>,
  opts: { input: Readable; fileName: string; userId: number | null; dryRun: boolean; truncated?: () => boolean },
): Promise<ImportOutcome<R>> {
  // The slot first: one import more than the bound is refused before its upload is copied (the upload is then only
  // read through, so that the client gets the answer).
  try {
    return await withImportSlot(db, opts.userId, (conn) => runImportOn(conn, spec, opts));
  } catch (e) {
    if (e instanceof AppError && e.code === 'IMPORT_BUSY') opts.input.resume();
    throw e;
  }
}

/**
 * The import itself, on a connection that already holds its slot (runImport); without taking one. Only runImport and
 * the reader's tests (a dry run whose spec reads no database, in a process of its own) call it.
 */
export async function runImportOn<T, R>(
  db: Db,
  spec: ImportSpec<T, R>,
  opts: { input: Readable; fileName: string; userId: number | null; dryRun: boolean; truncated?: () => boolean },
): Promise<ImportOutcome<R>> {
  const maxRows = spec.maxRows ?? DEFAULT_MAX_ROWS;
  // Outside the transaction: a refused file opens none.
  let book: ImportWorkbook;
  try {
    book = await openWorkbook(opts.input, opts.truncated);
  } catch (e) {
    throw readError(e);
  }

  async function work(tx: Tx | null): Promise<ImportOutcome<R>> {
    const jobId = tx
      ? await repo.insertJob(tx, {
          kind: spec.kind,
          fileName: opts.fileName,
          total: 0,
          succeeded: 0,
          failed: 0,
          userId: opts.userId,
        })
      : null;
    if (tx) await spec.begin?.(tx, jobId!);
    // The first failures by row number (kept past the bound until the batch ends, then cut: see keepFirstFailures).
    let failures: ImportOutcome<R>['failures'] = [];
    // Once a batch ends with the first MAX_KEPT_FAILURES kept, every later failure has a higher row number: none is
    // kept any more (not even until the batch ends, so that nothing of it outlives its row).
    let failuresFull = false;
    let failed = 0;
    let duplicates = 0;
    const inserted: R[] = [];
    // Keys already seen in the file, as digests (short strings of their own) → the row that had them.
    const seen = new Map<string, number>();
    let total = 0;
    let succeeded = 0;
    let pending: { rowNo: number; value: T; data: Record<string, string>; keys: string[] }[] = [];
    // Refused rows whose keys still wait for `existingKeys` (checked with the next batch).
    let refusedKeyed: { rowNo: number; data: Record<string, string>; errors: RowError[]; keys: string[] }[] = [];
    let refusedRows: FailedRow[] = [];
    let heldChars = 0;

    const fail = (rowNo: number, data: Record<string, string>, why: string, errs?: RowError[], duplicate = false) => {
      failed += 1;
      if (duplicate) duplicates += 1;
      // A dry run's failure past the kept ones is only counted.
      if (failuresFull && !tx) return;
      const reason = shortReason(why);
      const errors = errs?.length
        ? errs.map((e) => ({ column: e.column, reason: shortReason(e.reason) }))
        : [{ column: null, reason }];
      if (!failuresFull) failures.push({ rowNo, reason, errors, duplicate });
      if (tx) {
        refusedRows.push({ rowNo, data, reason, errors, duplicate });
        heldChars += textSize(data);
      }
    };
    const refuse = (rowNo: number, data: Record<string, string>, r: Refusal) =>
      typeof r === 'string'
        ? fail(rowNo, data, r)
        : fail(rowNo, data, r.errors.map((e) => e.reason).join('；'), r.errors, r.duplicate);
    const joined = (errs: RowError[]) => errs.map((e) => e.reason).join('；');
    const flush = async () => {
      const existing =
        spec.existingKeys && (pending.length || refusedKeyed.length)
          ? await spec.existingKeys(
              tx ?? db,
              [...pending, ...refusedKeyed].flatMap((r) => r.keys),
            )
          : new Map<string, string>();
      const existingError = (keys: string[]): RowError | null => {
        const hit = keys.find((k) => existing.has(k));
        return hit === undefined ? null : { column: spec.keyColumn ?? null, reason: existing.get(hit)! };
      };
      for (const r of refusedKeyed) {
        const e = existingError(r.keys);
        const errors = e ? [...r.errors, e] : r.errors;
        fail(r.rowNo, r.data, joined(errors), errors, e !== null);
      }
      refusedKeyed = [];
      if (pending.length) {
        const refused = spec.checkExisting ? await spec.checkExisting(tx ?? db, pending) : new Map<number, Refusal>();
        for (const p of pending) {
          const e = refused.has(p.rowNo) ? null : existingError(p.keys);
          if (e) refused.set(p.rowNo, { errors: [e], duplicate: true });
        }
        const good = pending.filter((p) => !refused.has(p.rowNo)).map(({ rowNo, value }) => ({ rowNo, value }));
        let written = good.length;
        if (tx && good.length) {
          const notWritten = new Map<number, Refusal>();
          inserted.push(await spec.insert(tx, good, jobId!, (rowNo, r) => void notWritten.set(rowNo, r)));
          for (const g of good) {
            const r = notWritten.get(g.rowNo);
            if (r !== undefined) {
              refused.set(g.rowNo, r);
              written -= 1;
            }
          }
        }
        for (const p of pending) if (refused.has(p.rowNo)) refuse(p.rowNo, p.data, refused.get(p.rowNo)!);
        succeeded += written;
        pending = [];
      }
      if (tx && refusedRows.length) {
        if (spec.storeFailures) await spec.storeFailures(tx, jobId!, refusedRows);
        else
          await repo.insertFailures(
            tx,
            jobId!,
            refusedRows.map((r) => ({ rowNo: r.rowNo, data: JSON.stringify(r.data), reason: r.reason })),
          );
        refusedRows = [];
      }
      heldChars = 0;
      failures = keepFirstFailures(failures);
      failuresFull = failures.length >= MAX_KEPT_FAILURES;
    };

    const rows = book.rows(spec.columns, {
      strictHeaders: spec.strictHeaders,
      checkHeader: spec.checkHeader?.bind(spec),
    });
    for (;;) {
      let next: IteratorResult<SheetRow>;
      try {
        next = await rows.next();
      } catch (e) {
        throw readError(e);
      }
      if (next.done) break;
      const { rowNo, data } = next.value;
      total += 1;
      if (total > maxRows) throw tooLarge(`单次最多导入${maxRows}行`);
      const check = checkRow(spec, data, rowNo);
      const keys = check.keys ?? [];
      const digests = keys.map((k) => createHash('sha1').update(k).digest('base64'));
      const dup = digests.findIndex((k) => seen.has(k));
      const dupError: RowError | null =
        dup >= 0
          ? {
              column: spec.keyColumn ?? null,
              reason: `与第${seen.get(digests[dup])}行重复（${keys[dup].slice(keys[dup].indexOf(':') + 1)}）`,
            }
          : null;
      if ('error' in check) {
        const errors = check.errors?.length ? check.errors : [{ column: null, reason: check.error }];
        if (dupError) fail(rowNo, data, joined([...errors, dupError]), [...errors, dupError], true);
        else if (!keys.length || !spec.existingKeys) fail(rowNo, data, check.error, check.errors);
        else {
          refusedKeyed.push({ rowNo, data, errors, keys });
          heldChars += textSize(data);
        }
        // A refused row's keys count too: a later row with the same one is the file's duplicate.
        if (!dupError) for (const k of digests) seen.set(k, rowNo);
      } else if (dupError) {
        fail(rowNo, data, dupError.reason, [dupError], true);
      } else {
        for (const k of digests) seen.set(k, rowNo);
        pending.push({ rowNo, value: check.value, data, keys });
        heldChars += textSize(data);
      }
      const batchDone =
        pending.length + refusedKeyed.length >= BATCH || refusedRows.length >= BATCH || heldChars >= BATCH_CHARS;
      if (batchDone || failures.length >= MAX_KEPT_FAILURES + BATCH) await flush();
    }
    await flush();
    if (total === 0) throw new AppError('VALIDATION', '文件中没有数据行');
    const counts = { total, succeeded, failed };
    if (tx) {
      await repo.updateJobCounts(tx, jobId!, counts);
      await spec.recorded?.(tx, jobId!, counts);
    }
    return { jobId, dryRun: !tx, ...counts, duplicates, failures: keepFirstFailures(failures), inserted };
  }

  try {
    return await (opts.dryRun ? work(null) : db.transaction((tx) => work(tx)));
  } finally {
    await book.close();
  }
}

/**
 * The first MAX_KEPT_FAILURES failures by row number, in order. Called once a batch is done: every row of the batches
 * still to come has a higher row number (a batch is the rows read since the last one, and ends with all its refusals),
 * so what is cut here could never come back into the first ones.
 */
function keepFirstFailures<F extends { rowNo: number }>(failures: F[]): F[] {
  failures.sort((a, b) => a.rowNo - b.rowNo);
  if (failures.length > MAX_KEPT_FAILURES) failures.length = MAX_KEPT_FAILURES;
  return failures;
}

/** A row on its own: required cells, then `validate` (with `allErrors`, both, each column's error once). */
function checkRow<T, R>(spec: ImportSpec<T, R>, data: Record<string, string>, rowNo: number): RowCheck<T> {
  const missing = spec.columns.filter((c) => c.required && !data[c.key]);
  if (!missing.length) return spec.validate(data, rowNo);
  const errors: RowError[] = missing.map((c) => ({ column: c.key, reason: `缺少必填项：${c.header}` }));
  const whole = { error: `缺少必填项：${missing.map((c) => c.header).join('、')}`, errors };
  if (!spec.allErrors) return whole;
  const check = spec.validate(data, rowNo);
  const others =
    'error' in check ? (check.errors?.length ? check.errors : [{ column: null, reason: check.error }]) : [];
  errors.push(...others.filter((e) => !missing.some((c) => c.key === e.column)));
  return { error: errors.map((e) => e.reason).join('；'), errors, keys: check.keys };
}

/**
 * A template workbook: one header row and column widths; an optional example goes to a second sheet (填写说明), one
 * row per column, never into the data sheet (an unedited template imports nothing).
 */
export async function templateWorkbook(
  sheetName: string,
  columns: readonly ImportColumn[],
  example?: string[],
): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(sheetName);
  ws.columns = columns.map((c) => ({ header: c.header, key: c.key, width: Math.max(14, c.header.length * 2 + 4) }));
  ws.getRow(1).font = { bold: true };
  if (example) {
    const about = wb.addWorksheet('填写说明');
    about.columns = [
      { header: '列', key: 'header', width: 24 },
      { header: '是否必填', key: 'required', width: 10 },
      { header: '示例', key: 'example', width: 44 },
    ];
    about.getRow(1).font = { bold: true };
    columns.forEach((c, i) =>
      about.addRow({ header: c.header, required: c.required ? '是' : '否', example: example[i] ?? '' }),
    );
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

export async function importJobsPage(db: Db, kind: string, current: number, pageSize: number) {
  const [rows, total] = await Promise.all([
    repo.listJobs(db, kind, { limit: pageSize, offset: (current - 1) * pageSize }),
    repo.countJobs(db, kind),
  ]);
  return { list: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })), total, current, pageSize };
}

export async function importFailuresOf(db: Db, kind: string, jobId: number) {
  const job = await repo.findJob(db, jobId);
  if (!job || job.kind !== kind) throw new AppError('NOT_FOUND');
  return repo.listFailures(db, jobId);
}
