import type { Readable } from 'node:stream';
import { AppError } from '../../lib/errors.ts';
import { SharedStrings, SharedStringsReader } from './shared-strings.ts';
import { IMPORT_LIMITS, invalid, mb, tooLarge, unsafe } from './xlsx-limits.ts';
import { attr, XmlScanner, type XmlEvents } from './xml-scanner.ts';
import { entryText, openZip, removeSpool, spool, type ZipEntry, type ZipFile } from './zip-file.ts';

/**
 * Reads the first worksheet of an uploaded xlsx row by row, within IMPORT_LIMITS whatever the file holds (zip-file.ts
 * bounds the inflating, xml-scanner.ts the XML, shared-strings.ts the strings; this file the sheet). The first row
 * names the columns: a column is found by its header text, else taken by its position. Values are read as Excel
 * stores them, without styles: a number is its decimal text, a day typed as a date is its serial number.
 */
export interface ImportColumnRef {
  key: string;
  header: string;
}

export interface SheetRow {
  rowNo: number;
  data: Record<string, string>;
}

/** `strictHeaders`: every column's header must be in the first row (else the file is refused), no fallback to positions. */
export interface RowsOptions {
  strictHeaders?: boolean;
  /** Sees every non-empty cell of the header row (not only the import's headers); may throw to refuse the file. */
  checkHeader?: (text: string) => void;
}

export interface ImportWorkbook {
  rows(columns: readonly ImportColumnRef[], opts?: RowsOptions): AsyncGenerator<SheetRow>;
  close(): Promise<void>;
}

/**
 * Copies the upload aside, finds the first sheet and reads the shared strings. `truncated` says whether the upload
 * was cut at the route's size limit (the multipart parser ends the stream there): that is a file too large, not an
 * unreadable one.
 */
export async function openWorkbook(input: Readable, truncated?: () => boolean): Promise<ImportWorkbook> {
  const { file, size } = await spool(input);
  try {
    if (truncated?.()) throw tooLarge(`导入文件过大（最大${mb(IMPORT_LIMITS.fileBytes)}）`);
    const zip = await openZip(file, size);
    const parts = await locateParts(zip);
    const strings = parts.sharedStrings ? await readSharedStrings(zip, parts.sharedStrings) : new SharedStrings();
    return {
      rows: (columns, opts) => sheetRows(zip, parts.sheet, strings, columns, opts),
      close: () => removeSpool(file),
    };
  } catch (e) {
    await removeSpool(file);
    throw e;
  }
}

async function scan(zip: ZipFile, entry: ZipEntry, label: string, on: XmlEvents, maxBytes?: number) {
  const scanner = new XmlScanner(on);
  for await (const chunk of entryText(zip, entry, label, maxBytes)) scanner.write(chunk);
  scanner.end();
}

/** The first sheet in the workbook's order (workbook.xml and its relationships), and the shared strings part. */
async function locateParts(zip: ZipFile): Promise<{ sheet: ZipEntry; sharedStrings: ZipEntry | undefined }> {
  let firstSheetId: string | undefined;
  const workbook = zip.entries.get('xl/workbook.xml');
  if (workbook) {
    await scan(
      zip,
      workbook,
      '工作簿',
      {
        open: (name, tag) => {
          if (name === 'sheet' && firstSheetId === undefined) firstSheetId = attr(tag, 'id') ?? '';
        },
        close: () => {},
        text: () => {},
      },
      IMPORT_LIMITS.metaBytes,
    );
  }
  const targets = new Map<string, string>();
  let sharedStringsPath: string | undefined;
  const rels = zip.entries.get('xl/_rels/workbook.xml.rels');
  if (rels) {
    await scan(
      zip,
      rels,
      '工作簿关系',
      {
        open: (name, tag) => {
          if (name !== 'Relationship') return;
          const id = attr(tag, 'Id');
          const target = attr(tag, 'Target');
          if (!target) return;
          const at = target.startsWith('/') ? target.slice(1) : `xl/${target}`;
          if (id) targets.set(id, at);
          if (attr(tag, 'Type')?.endsWith('/sharedStrings')) sharedStringsPath = at;
        },
        close: () => {},
        text: () => {},
      },
      IMPORT_LIMITS.metaBytes,
    );
  }
  const sheets = [...zip.entries.keys()].filter((n) => /^xl\/worksheets\/[^/]+\.xml$/.test(n));
  const byNumber = (n: string) => Number(/(\d+)\.xml$/.exec(n)?.[1] ?? Infinity);
  sheets.sort((a, b) => byNumber(a) - byNumber(b));
  const sheetPath = (firstSheetId && targets.get(firstSheetId)) || sheets[0];
  const sheet = sheetPath ? zip.entries.get(sheetPath) : undefined;
  if (!sheet) throw invalid();
  return { sheet, sharedStrings: zip.entries.get(sharedStringsPath ?? 'xl/sharedStrings.xml') };
}

async function readSharedStrings(zip: ZipFile, entry: ZipEntry): Promise<SharedStrings> {
  const reader = new SharedStringsReader();
  await scan(zip, entry, '共享字符串表', reader);
  return reader.table;
}

/** A cell as read: its text, or the index of its shared string (looked up only when its row is handed over). */
type RawValue = string | number;
interface RawRow {
  rowNo: number;
  values: RawValue[];
}

async function* sheetRows(
  zip: ZipFile,
  entry: ZipEntry,
  strings: SharedStrings,
  columns: readonly ImportColumnRef[],
  opts: RowsOptions = {},
): AsyncGenerator<SheetRow> {
  const sheet = new SheetReader(columns, strings, opts.strictHeaders ?? false, opts.checkHeader);
  const scanner = new XmlScanner(sheet);
  let totalChars = 0;
  // Rows are collected per chunk of XML (64 KB) and handed over one by one, their shared strings looked up only then:
  // a chunk of cells that all point at one long string cannot multiply it in memory.
  const handOver = function* () {
    for (const raw of sheet.take()) {
      const data: Record<string, string> = {};
      let empty = true;
      columns.forEach((c, i) => {
        const v = raw.values[i];
        const text = (typeof v === 'number' ? (strings.get(v) ?? '') : (v ?? '')).trim();
        totalChars += text.length;
        if (text) empty = false;
        data[c.key] = text;
      });
      if (totalChars > IMPORT_LIMITS.totalChars)
        throw tooLarge(`导入表格的文字总量超过${IMPORT_LIMITS.totalChars}个字符`);
      // Inline cells are slices of the chunk's string: kept as they are, each row would keep its chunk alive. A JSON
      // round trip makes them strings of their own.
      if (!empty) yield { rowNo: raw.rowNo, data: JSON.parse(JSON.stringify(data)) as Record<string, string> };
    }
  };
  for await (const chunk of entryText(zip, entry, '工作表')) {
    scanner.write(chunk);
    yield* handOver();
  }
  scanner.end();
  yield* handOver();
}

/** Column number of a cell reference such as "AB12" (0 if it has none). */
function columnOf(ref: string): number {
  let col = 0;
  for (let k = 0; k < ref.length; k++) {
    const c = ref.charCodeAt(k);
    if (c < 65 || c > 90) break;
    col = col * 26 + (c - 64);
    if (col > IMPORT_LIMITS.sheetColumns) throw unsafe(`工作表的列数超过${IMPORT_LIMITS.sheetColumns}列`);
  }
  return col;
}

const numberText = (v: string) => {
  if (!v.trim()) return '';
  const n = parseFloat(v);
  return Number.isNaN(n) ? v : String(n);
};

/** The events of one sheet's XML, turned into rows of the wanted columns. */
class SheetReader implements XmlEvents {
  private ready: RawRow[] = [];
  private inData = false;
  private rows = 0;
  private rowNo = 0;
  private values: RawValue[] | null = null;
  /** Null until the header row is read; then column number → indexes of the import's columns. */
  private wanted: Map<number, number[]> | null = null;
  /** Header text → first column bearing it, for the import's headers only. */
  private readonly headerAt = new Map<string, number>();
  private readonly headers: Set<string>;
  /** Text of the header row's cells, looked up as they come (a header row may repeat one cell a million times). */
  private headerChars = 0;
  private col = 0;
  private cell: { type: string; formula: boolean; value: string | null; inline: string | null } | null = null;
  private collecting: 'value' | 'inline' | null = null;
  private inInline = false;
  private phonetic = 0;

  constructor(
    private readonly columns: readonly ImportColumnRef[],
    private readonly strings: SharedStrings,
    private readonly strictHeaders = false,
    private readonly checkHeader?: (text: string) => void,
  ) {
    this.headers = new Set(columns.map((c) => c.header));
  }

  take(): RawRow[] {
    const rows = this.ready;
    this.ready = [];
    return rows;
  }

  open(name: string, tag: string): void {
    switch (name) {
      case 'sheetData':
        this.inData = true;
        return;
      case 'row': {
        if (!this.inData) return;
        this.rows += 1;
        if (this.rows > IMPORT_LIMITS.sheetRows) throw tooLarge(`工作表超过${IMPORT_LIMITS.sheetRows}行`);
        const r = attr(tag, 'r');
        this.rowNo = r === undefined ? this.rowNo + 1 : Number(r);
        if (!Number.isInteger(this.rowNo) || this.rowNo < 1 || this.rowNo > IMPORT_LIMITS.sheetRows) throw invalid();
        this.values = [];
        this.col = 0;
        return;
      }
      case 'c': {
        if (!this.values) return;
        const r = attr(tag, 'r');
        this.col = (r === undefined ? 0 : columnOf(r)) || this.col + 1;
        if (this.col > IMPORT_LIMITS.sheetColumns) throw unsafe(`工作表的列数超过${IMPORT_LIMITS.sheetColumns}列`);
        // Only the header row's cells and the wanted columns' cells are read at all.
        this.cell =
          !this.wanted || this.wanted.has(this.col)
            ? { type: attr(tag, 't') ?? 'n', formula: false, value: null, inline: null }
            : null;
        return;
      }
      default:
        break;
    }
    const cell = this.cell;
    if (!cell) return;
    if (name === 'v') {
      cell.value = '';
      this.collecting = 'value';
    } else if (name === 'f') {
      cell.formula = true;
    } else if (name === 'is') {
      cell.inline = '';
      this.inInline = true;
    } else if (name === 'rPh') {
      this.phonetic += 1;
    } else if (name === 't' && this.inInline && !this.phonetic) {
      this.collecting = 'inline';
    }
  }

  close(name: string): void {
    switch (name) {
      case 'sheetData':
        this.inData = false;
        return;
      case 'row':
        if (this.values) this.endRow(this.values);
        this.values = null;
        return;
      case 'c':
        if (this.cell && this.values) this.endCell(this.cell);
        this.cell = null;
        return;
      case 'v':
      case 't':
        this.collecting = null;
        return;
      case 'is':
        this.inInline = false;
        return;
      case 'rPh':
        if (this.cell) this.phonetic -= 1;
        return;
      default:
        return;
    }
  }

  text(piece: string): void {
    const cell = this.cell;
    if (!this.collecting || !cell) return;
    const now = this.collecting === 'value' ? cell.value! : cell.inline!;
    if (now.length + piece.length > IMPORT_LIMITS.cellChars)
      throw tooLarge(`第${this.rowNo}行的单元格文字超过${IMPORT_LIMITS.cellChars}个字符`);
    if (this.collecting === 'value') cell.value = now + piece;
    else cell.inline = now + piece;
  }

  /** The cell's value as exceljs gave it to the import before (without styles), as text or a shared string index. */
  private endCell(cell: { type: string; formula: boolean; value: string | null; inline: string | null }) {
    const v = cell.value;
    let out: RawValue;
    if (cell.formula) out = cell.type === 'str' ? (v ?? '') : v === null ? '' : numberText(v);
    else if (cell.type === 's') out = v !== null && /^\s*\d+\s*$/.test(v) ? Number(v) : '';
    else if (cell.type === 'inlineStr') out = cell.inline ?? v ?? '';
    else if (cell.type === 'str' || cell.type === 'e') out = v ?? '';
    else if (cell.type === 'b') out = v === null ? '' : parseInt(v, 10) !== 0 ? 'true' : 'false';
    else if (cell.type === 'd') out = v === null ? '' : /^\d{4}-\d{2}-\d{2}/.test(v) ? v.slice(0, 10) : v;
    else out = v === null ? '' : numberText(v);
    if (!this.wanted) {
      const text = (typeof out === 'number' ? (this.strings.get(out) ?? '') : out).trim();
      this.headerChars += text.length;
      if (this.headerChars > IMPORT_LIMITS.totalChars)
        throw tooLarge(`导入表格的文字总量超过${IMPORT_LIMITS.totalChars}个字符`);
      if (text) this.checkHeader?.(text);
      if (this.headers.has(text) && !this.headerAt.has(text)) this.headerAt.set(text, this.col);
      return;
    }
    for (const i of this.wanted.get(this.col) ?? []) this.values![i] = out;
  }

  private endRow(values: RawValue[]) {
    if (!this.wanted) {
      // The header row: each import column at the first cell bearing its header, else at its own position.
      const absent = this.columns.filter((c) => !this.headerAt.has(c.header));
      if (this.strictHeaders && absent.length)
        throw new AppError('IMPORT_FILE_INVALID', `表头与模板不符，缺少列：${absent.map((c) => c.header).join('、')}`);
      const wanted = new Map<number, number[]>();
      this.columns.forEach((c, i) => {
        const col = this.headerAt.get(c.header) ?? i + 1;
        wanted.set(col, [...(wanted.get(col) ?? []), i]);
      });
      this.wanted = wanted;
      this.headerAt.clear();
      return;
    }
    if (values.some((v) => v !== '' && v !== undefined)) this.ready.push({ rowNo: this.rowNo, values });
  }
}
