import { AppError } from '../../lib/errors.ts';

/**
 * The bounds of reading an uploaded xlsx. A zip lets a few kilobytes stand for gigabytes (a 3.6 MB file whose shared
 * strings expanded to 450 MB once took the server to 4.6 GB), so every quantity the file controls is counted as it is
 * read and refused past its bound, whatever the zip's headers declare. The figures leave several times the room a
 * 200,000-row import needs (a 100k-row sheet of Chinese text is about 57 MB of XML and 7 MB of shared strings).
 */
export const IMPORT_LIMITS = {
  /** The upload itself (also the multipart limit of the import routes). */
  fileBytes: 20 * 1024 * 1024,
  /** Any one part of the zip once inflated (counted byte by byte, never taken from the zip's headers). */
  entryBytes: 256 * 1024 * 1024,
  /** Inflated / compressed size of a part, past the first `ratioSlackBytes` (real sheets compress 8-15 times). */
  ratio: 100,
  ratioSlackBytes: 1024 * 1024,
  /** workbook.xml and its relationships: small by nature. */
  metaBytes: 16 * 1024 * 1024,
  /** Parts in the zip (an xlsx has tens). */
  zipEntries: 10_000,
  /** One cell or shared string, in characters (Excel's own limit). */
  cellChars: 32_767,
  /** The shared-strings table: number of strings and their UTF-8 bytes (kept packed, see shared-strings.ts). */
  sharedStrings: 4_000_000,
  sharedStringBytes: 64 * 1024 * 1024,
  /** Text of all the cells an import reads: shared strings referenced row after row cannot multiply it. */
  totalChars: 64_000_000,
  /** Row elements of a sheet, and its columns (Excel's own limits). */
  sheetRows: 1_048_576,
  sheetColumns: 16_384,
  /** XML nesting (sheets nest 7 deep) and the length of one tag with its attributes. */
  xmlDepth: 64,
  xmlTagChars: 64 * 1024,
} as const;

export const MAX_IMPORT_BYTES = IMPORT_LIMITS.fileBytes;

/**
 * How many imports run at once (import-slots.ts), counted in the database so that every process of the platform
 * shares the bound: one per user, `platform` in all. A slot is taken before the upload is copied and held to the
 * answer; one more gets IMPORT_BUSY (HTTP 429, Retry-After). Each running import holds one pooled connection (the
 * slot's, which also runs its queries and its transaction), so `platform` stays well below the pool (10 per process).
 * Three 200,000-row imports of failing rows at once stay well under 1 GB of resident memory (test/process/imports.test.ts).
 */
export const IMPORT_SLOTS = { perUser: 1, platform: 3, retryAfterSeconds: 60 } as const;

/**
 * Failed rows an import keeps for its answer: the first ones by row number (every answer lists at most 5,000 errors,
 * and a row has one at least). Counts cover all of them; a real import stores every one in batches as it goes
 * (failed-row download), so nothing per failed row past these stays in memory.
 */
export const MAX_KEPT_FAILURES = 5_000;

/** A byte bound as the messages say it: 20MB, 256MB. */
export const mb = (n: number) => `${Math.round(n / 1024 / 1024)}MB`;

/** Something in the file is larger than its bound (413: the content, not the request, is too large). */
export function tooLarge(message: string): AppError {
  return new AppError('IMPORT_FILE_TOO_LARGE', message, { httpStatus: 413 });
}

/** The file is built to hurt the reader (a compression bomb, deep nesting, a DTD): refused before any harm. */
export function unsafe(message: string): AppError {
  return new AppError('IMPORT_FILE_UNSAFE', message);
}

export function invalid(): AppError {
  return new AppError('IMPORT_FILE_INVALID');
}
