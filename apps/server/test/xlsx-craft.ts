import fs from 'node:fs';
import { once } from 'node:events';
import zlib from 'node:zlib';

/**
 * Writes crafted xlsx files for the import tests: a minimal zip writer (deflate, data descriptors, as exceljs writes
 * them) whose parts are produced and deflated as streams, so a part that inflates to hundreds of megabytes is built
 * with a few megabytes of memory and no binary fixture is committed.
 */
export type PartBody = string | (() => Iterable<string>);

export interface CraftedFile {
  file: string;
  /** Size of the file on disk. */
  compressedBytes: number;
  /** What its parts inflate to. */
  expandedBytes: number;
}

/** `zip64` writes the directory as zip64 writers do (sizes and offsets in extra fields and a zip64 end record). */
export async function craftZip(
  file: string,
  parts: Record<string, PartBody>,
  opts: { zip64?: boolean } = {},
): Promise<CraftedFile> {
  const out = fs.createWriteStream(file);
  let offset = 0;
  let expanded = 0;
  const write = async (b: Buffer) => {
    offset += b.length;
    if (!out.write(b)) await once(out, 'drain');
  };
  const central: Buffer[] = [];
  for (const [name, body] of Object.entries(parts)) {
    const nameBytes = Buffer.from(name);
    const at = offset;
    const head = Buffer.alloc(30);
    head.writeUInt32LE(0x04034b50, 0);
    head.writeUInt16LE(20, 4);
    head.writeUInt16LE(0x0808, 6); // sizes in a data descriptor; UTF-8 name
    head.writeUInt16LE(8, 8);
    head.writeUInt16LE(nameBytes.length, 26);
    await write(head);
    await write(nameBytes);
    let crc = 0;
    let size = 0;
    let csize = 0;
    const deflate = zlib.createDeflateRaw();
    const pump = (async () => {
      for await (const c of deflate as AsyncIterable<Buffer>) {
        csize += c.length;
        await write(c);
      }
    })();
    for (const s of typeof body === 'string' ? [body] : body()) {
      const b = Buffer.from(s);
      crc = zlib.crc32(b, crc);
      size += b.length;
      if (!deflate.write(b)) await once(deflate, 'drain');
    }
    deflate.end();
    await pump;
    expanded += size;
    const descriptor = Buffer.alloc(16);
    descriptor.writeUInt32LE(0x08074b50, 0);
    descriptor.writeUInt32LE(crc, 4);
    descriptor.writeUInt32LE(csize, 8);
    descriptor.writeUInt32LE(size % 2 ** 32, 12);
    await write(descriptor);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(45, 4);
    entry.writeUInt16LE(opts.zip64 ? 45 : 20, 6);
    entry.writeUInt16LE(0x0808, 8);
    entry.writeUInt16LE(8, 10);
    entry.writeUInt32LE(crc, 16);
    entry.writeUInt32LE(opts.zip64 ? 0xffffffff : csize, 20);
    entry.writeUInt32LE(opts.zip64 ? 0xffffffff : size % 2 ** 32, 24);
    entry.writeUInt16LE(nameBytes.length, 28);
    entry.writeUInt32LE(opts.zip64 ? 0xffffffff : at, 42);
    const extra = Buffer.alloc(opts.zip64 ? 28 : 0);
    if (opts.zip64) {
      extra.writeUInt16LE(0x0001, 0);
      extra.writeUInt16LE(24, 2);
      extra.writeBigUInt64LE(BigInt(size), 4);
      extra.writeBigUInt64LE(BigInt(csize), 12);
      extra.writeBigUInt64LE(BigInt(at), 20);
      entry.writeUInt16LE(extra.length, 30);
    }
    central.push(entry, nameBytes, extra);
  }
  const count = Object.keys(parts).length;
  const dirOffset = offset;
  const dir = Buffer.concat(central);
  await write(dir);
  if (opts.zip64) {
    const record = Buffer.alloc(56);
    record.writeUInt32LE(0x06064b50, 0);
    record.writeBigUInt64LE(44n, 4);
    record.writeUInt16LE(45, 12);
    record.writeUInt16LE(45, 14);
    record.writeBigUInt64LE(BigInt(count), 24);
    record.writeBigUInt64LE(BigInt(count), 32);
    record.writeBigUInt64LE(BigInt(dir.length), 40);
    record.writeBigUInt64LE(BigInt(dirOffset), 48);
    const recordAt = offset;
    await write(record);
    const locator = Buffer.alloc(20);
    locator.writeUInt32LE(0x07064b50, 0);
    locator.writeBigUInt64LE(BigInt(recordAt), 8);
    locator.writeUInt32LE(1, 16);
    await write(locator);
  }
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(opts.zip64 ? 0xffff : count, 8);
  end.writeUInt16LE(opts.zip64 ? 0xffff : count, 10);
  end.writeUInt32LE(opts.zip64 ? 0xffffffff : dir.length, 12);
  end.writeUInt32LE(opts.zip64 ? 0xffffffff : dirOffset, 16);
  await write(end);
  out.end();
  await once(out, 'finish');
  return { file, compressedBytes: offset, expandedBytes: expanded };
}

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

/** An xlsx of one sheet (and shared strings if given), its parts in Excel's order: the sheet before its strings. */
export function craftXlsx(
  file: string,
  sheet: PartBody,
  sharedStrings?: PartBody,
  opts: { zip64?: boolean } = {},
): Promise<CraftedFile> {
  const ct = 'application/vnd.openxmlformats-officedocument.spreadsheetml';
  return craftZip(
    file,
    {
      '[Content_Types].xml': `${HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="${ct}.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="${ct}.worksheet+xml"/>${sharedStrings ? `<Override PartName="/xl/sharedStrings.xml" ContentType="${ct}.sharedStrings+xml"/>` : ''}</Types>`,
      '_rels/.rels': `${HEAD}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
      'xl/workbook.xml': `${HEAD}<workbook xmlns="${MAIN}" xmlns:r="${REL}"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>`,
      'xl/_rels/workbook.xml.rels': `${HEAD}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/>${sharedStrings ? `<Relationship Id="rId2" Type="${REL}/sharedStrings" Target="sharedStrings.xml"/>` : ''}</Relationships>`,
      'xl/worksheets/sheet1.xml': sheet,
      ...(sharedStrings ? { 'xl/sharedStrings.xml': sharedStrings } : {}),
    },
    opts,
  );
}

export const sheetXml = (rows: string) =>
  `${HEAD}<worksheet xmlns="${MAIN}"><sheetData>${rows}</sheetData></worksheet>`;

/** `<row>` elements of inline-string cells, the first column A. */
export function inlineRows(rows: string[][], firstRowNo = 1): string {
  return rows
    .map((cells, i) => {
      const r = firstRowNo + i;
      const cs = cells
        .map((v, k) => `<c r="${String.fromCharCode(65 + k)}${r}" t="inlineStr"><is><t>${v}</t></is></c>`)
        .join('');
      return `<row r="${r}">${cs}</row>`;
    })
    .join('');
}

/** `count` pieces of `piece` joined into chunks of about 64 KB, for a part built as a stream. */
export function* repeated(piece: string, count: number): Generator<string> {
  const per = Math.max(1, Math.floor(65_536 / piece.length));
  const block = piece.repeat(per);
  let left = count;
  while (left >= per) {
    yield block;
    left -= per;
  }
  if (left > 0) yield piece.repeat(left);
}
