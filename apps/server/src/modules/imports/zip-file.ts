import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { StringDecoder } from 'node:string_decoder';
import zlib from 'node:zlib';
import { IMPORT_LIMITS, invalid, mb, tooLarge, unsafe } from './xlsx-limits.ts';

/**
 * The zip container of an uploaded xlsx. The upload is first copied to a private temporary file (at most
 * `fileBytes`): an xlsx keeps its directory at the end and Excel writes the sheets before the shared strings they
 * need, so reading it front to back would mean spooling an inflated sheet somewhere anyway (exceljs wrote it to a
 * temporary file of unbounded size). From the file, the central directory says where each part is; a part is read
 * back as a stream of at most its compressed size, inflated chunk by chunk, and its inflated bytes are COUNTED: past
 * `entryBytes`, or past `ratio` times its compressed size, reading stops and the import is refused. Sizes declared in
 * the zip's headers are never trusted for anything but where to read.
 */
export interface ZipEntry {
  name: string;
  method: number;
  flags: number;
  compressedSize: number;
  localOffset: number;
}

export interface ZipFile {
  file: string;
  size: number;
  entries: Map<string, ZipEntry>;
}

/** The folder of DATA_DIR where uploads are copied. */
export const SPOOL_FOLDER = 'import-spool';
let spoolDir: string | null = null;

/**
 * Makes DATA_DIR/import-spool (mode 0700) the folder uploads are copied to (app.ts); `clear` first removes what a
 * killed process left there (server start: one DATA_DIR is one server, its embedded PostgreSQL included). Without
 * it (unit tests of the reader) uploads go to the system's temporary folder.
 */
export async function useSpoolDir(dataDir: string, opts: { clear?: boolean } = {}) {
  const dir = path.join(dataDir, SPOOL_FOLDER);
  if (opts.clear) await fsp.rm(dir, { recursive: true, force: true });
  await fsp.mkdir(dir, { recursive: true, mode: 0o700 });
  await fsp.chmod(dir, 0o700);
  spoolDir = dir;
}

/** Copies the upload to a file of its own (mode 0600, removed by `removeSpool`), refusing it past `fileBytes`. */
export async function spool(input: Readable): Promise<{ file: string; size: number }> {
  const file = path.join(spoolDir ?? os.tmpdir(), `phjr-import-${randomUUID()}.xlsx`);
  let size = 0;
  try {
    await pipeline(
      input,
      async function* count(chunks: AsyncIterable<Buffer>) {
        for await (const c of chunks) {
          size += c.length;
          if (size > IMPORT_LIMITS.fileBytes) throw tooLarge(`导入文件过大（最大${mb(IMPORT_LIMITS.fileBytes)}）`);
          yield c;
        }
      },
      fs.createWriteStream(file, { flags: 'wx', mode: 0o600 }),
    );
  } catch (e) {
    await removeSpool(file);
    throw e;
  }
  return { file, size };
}

export const removeSpool = (file: string) => fsp.rm(file, { force: true });

const EOCD = 0x06054b50;
const EOCD64_LOCATOR = 0x07064b50;
const EOCD64 = 0x06064b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

/** Reads the central directory (zip64 included): names, methods, compressed sizes and where each part starts. */
export async function openZip(file: string, size: number): Promise<ZipFile> {
  const fh = await fsp.open(file, 'r');
  try {
    const read = async (at: number, length: number) => {
      if (at < 0 || length < 0 || at + length > size) throw invalid();
      const buf = Buffer.alloc(length);
      const { bytesRead } = await fh.read(buf, 0, length, at);
      if (bytesRead !== length) throw invalid();
      return buf;
    };
    const tailLength = Math.min(size, 22 + 0xffff);
    const tail = await read(size - tailLength, tailLength);
    let eocd = -1;
    for (let k = tailLength - 22; k >= 0; k--) {
      if (tail.readUInt32LE(k) === EOCD) {
        eocd = k;
        break;
      }
    }
    if (eocd < 0) throw invalid();
    let count = tail.readUInt16LE(eocd + 10);
    let dirSize = tail.readUInt32LE(eocd + 12);
    let dirOffset = tail.readUInt32LE(eocd + 16);
    if (count === 0xffff || dirSize === 0xffffffff || dirOffset === 0xffffffff) {
      const locatorAt = size - tailLength + eocd - 20;
      const locator = await read(locatorAt, 20);
      if (locator.readUInt32LE(0) !== EOCD64_LOCATOR) throw invalid();
      const record = await read(safeNumber(locator.readBigUInt64LE(8)), 56);
      if (record.readUInt32LE(0) !== EOCD64) throw invalid();
      count = safeNumber(record.readBigUInt64LE(32));
      dirSize = safeNumber(record.readBigUInt64LE(40));
      dirOffset = safeNumber(record.readBigUInt64LE(48));
    }
    if (count > IMPORT_LIMITS.zipEntries) throw unsafe(`压缩包内的文件超过${IMPORT_LIMITS.zipEntries}个`);
    const dir = await read(dirOffset, dirSize);
    const entries = new Map<string, ZipEntry>();
    let p = 0;
    for (let k = 0; k < count; k++) {
      if (p + 46 > dir.length || dir.readUInt32LE(p) !== CENTRAL) throw invalid();
      const nameLength = dir.readUInt16LE(p + 28);
      const extraLength = dir.readUInt16LE(p + 30);
      const commentLength = dir.readUInt16LE(p + 32);
      const next = p + 46 + nameLength + extraLength + commentLength;
      if (next > dir.length) throw invalid();
      const entry: ZipEntry = {
        name: dir.toString('utf8', p + 46, p + 46 + nameLength),
        flags: dir.readUInt16LE(p + 8),
        method: dir.readUInt16LE(p + 10),
        compressedSize: dir.readUInt32LE(p + 20),
        localOffset: dir.readUInt32LE(p + 42),
      };
      if (entry.compressedSize === 0xffffffff || entry.localOffset === 0xffffffff) {
        zip64Sizes(
          entry,
          dir.subarray(p + 46 + nameLength, p + 46 + nameLength + extraLength),
          dir.readUInt32LE(p + 24) === 0xffffffff,
        );
      }
      if (!entries.has(entry.name)) entries.set(entry.name, entry);
      p = next;
    }
    return { file, size, entries };
  } finally {
    await fh.close();
  }
}

/** The zip64 extra field holds, in this order, the sizes and the offset whose 32-bit fields were 0xffffffff. */
function zip64Sizes(entry: ZipEntry, extra: Buffer, hasUncompressed: boolean) {
  for (let q = 0; q + 4 <= extra.length;) {
    const id = extra.readUInt16LE(q);
    const length = extra.readUInt16LE(q + 2);
    if (id === 0x0001) {
      let at = q + 4;
      const next = () => {
        if (at + 8 > q + 4 + length || at + 8 > extra.length) throw invalid();
        const v = safeNumber(extra.readBigUInt64LE(at));
        at += 8;
        return v;
      };
      if (hasUncompressed) next();
      if (entry.compressedSize === 0xffffffff) entry.compressedSize = next();
      if (entry.localOffset === 0xffffffff) entry.localOffset = next();
      return;
    }
    q += 4 + length;
  }
  throw invalid();
}

function safeNumber(v: bigint): number {
  if (v > BigInt(Number.MAX_SAFE_INTEGER)) throw invalid();
  return Number(v);
}

/**
 * The text of one part, decoded from UTF-8 across chunk boundaries, inflated and counted chunk by chunk. `label` names
 * the part in the refusal; `maxBytes` may lower the bound for parts that are small by nature.
 */
export async function* entryText(
  zip: ZipFile,
  entry: ZipEntry,
  label: string,
  maxBytes: number = IMPORT_LIMITS.entryBytes,
): AsyncGenerator<string> {
  if (entry.flags & 0x1 || (entry.method !== 0 && entry.method !== 8)) throw invalid();
  const head = Buffer.alloc(30);
  const fh = await fsp.open(zip.file, 'r');
  try {
    const { bytesRead } = await fh.read(head, 0, 30, entry.localOffset);
    if (bytesRead !== 30 || head.readUInt32LE(0) !== LOCAL) throw invalid();
  } finally {
    await fh.close();
  }
  const start = entry.localOffset + 30 + head.readUInt16LE(26) + head.readUInt16LE(28);
  if (start + entry.compressedSize > zip.size) throw invalid();
  const byRatio = IMPORT_LIMITS.ratio * entry.compressedSize + IMPORT_LIMITS.ratioSlackBytes;
  const limit = Math.min(maxBytes, byRatio);
  if (entry.compressedSize === 0) return;

  const raw = fs.createReadStream(zip.file, { start, end: start + entry.compressedSize - 1, highWaterMark: 64 * 1024 });
  const inflate = entry.method === 8 ? zlib.createInflateRaw({ chunkSize: 64 * 1024 }) : null;
  const out = inflate ?? raw;
  if (inflate) raw.on('error', (e) => inflate.destroy(e)).pipe(inflate);
  const decoder = new StringDecoder('utf8');
  let inflated = 0;
  try {
    for await (const chunk of out as AsyncIterable<Buffer>) {
      inflated += chunk.length;
      if (inflated > limit) {
        throw limit === byRatio
          ? unsafe(`文件中的${label}压缩比异常（解压后超过压缩数据的${IMPORT_LIMITS.ratio}倍），已拒绝读取`)
          : tooLarge(`文件中的${label}解压后超过${mb(maxBytes)}`);
      }
      const text = decoder.write(chunk);
      if (text) yield text;
    }
    const rest = decoder.end();
    if (rest) yield rest;
  } finally {
    raw.destroy();
    inflate?.destroy();
  }
}
