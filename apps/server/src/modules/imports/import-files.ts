import type { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { enumLabel, streamSheet } from '../../lib/excel-export.ts';
import type { ImportColumn, RowError } from './xlsx-import.ts';

/**
 * The files around an import that every import with a template shares (chain enterprises, farmers, makeup loans):
 * enum labels read as codes, the template workbook (drop-downs and a description sheet), and the download of an
 * import's rows still failed in the template's columns plus 错误原因.
 */

/** Code or Chinese label → code, for an enum of the catalogue. */
export function codeMap(enumName: string, codes: readonly string[]) {
  const m = new Map<string, string>();
  for (const c of codes) {
    m.set(c, c);
    m.set(enumLabel(enumName, c), c);
  }
  return m;
}

export interface TemplateSpec {
  sheet: string;
  columns: readonly ImportColumn[];
  /**
   * The example row, in the columns' order: shown in the description sheet's 示例 column, never in the data sheet
   * (an unedited template imports nothing).
   */
  example: string[];
  /** Drop-downs by column key; `free`: any text is still accepted (no error box), e.g. a list of several values. */
  lists: { key: string; values: string[]; free?: boolean }[];
  /** The description sheet's note per column key. */
  notes: Record<string, string>;
  /** Width of the description sheet's first column. */
  headerWidth: number;
  /** Lines after the columns' notes (an empty line stands before them). */
  footer: string[];
}

/** A template with drop-downs and a description sheet (填写说明); the plain one is xlsx-import.ts' templateWorkbook. */
export async function describedTemplate(t: TemplateSpec): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(t.sheet);
  ws.columns = t.columns.map((c) => ({
    header: c.header,
    key: c.key,
    width: Math.min(40, Math.max(14, c.header.length * 2 + 4)),
  }));
  ws.getRow(1).font = { bold: true };
  const dv = (ws as unknown as { dataValidations: { add(range: string, v: unknown): void } }).dataValidations;
  const letter = (n: number) => String.fromCharCode(64 + n);
  for (const l of t.lists) {
    const col = letter(t.columns.findIndex((c) => c.key === l.key) + 1);
    dv.add(`${col}2:${col}10000`, {
      type: 'list',
      allowBlank: true,
      formulae: [`"${l.values.join(',')}"`],
      showErrorMessage: !l.free,
    });
  }
  const about = wb.addWorksheet('填写说明');
  about.columns = [
    { header: '列', key: 'header', width: t.headerWidth },
    { header: '是否必填', key: 'required', width: 10 },
    { header: '说明', key: 'note', width: 80 },
    { header: '示例', key: 'example', width: 30 },
  ];
  about.getRow(1).font = { bold: true };
  t.columns.forEach((c, i) =>
    about.addRow({
      header: c.header,
      required: c.required ? '是' : '否',
      note: t.notes[c.key] ?? '',
      example: t.example[i] ?? '',
    }),
  );
  about.addRow({});
  for (const line of t.footer) about.addRow({ header: line });
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** A failed row as its import stored it. */
export interface StoredFailedRow {
  rowNo: number;
  cells: Record<string, string>;
  errors: RowError[];
}

const FAILED_BATCH = 1000;

/**
 * An import's rows still failed, in the template's columns plus 错误原因 (each error after its column's header),
 * streamed in batches read after the last row number. `shown` may mask the cells and the reason as answers show them.
 */
export function failedRowsFile<R extends StoredFailedRow>(
  columns: readonly ImportColumn[],
  rowsAfter: (afterRowNo: number, limit: number) => Promise<R[]>,
  shown: {
    cells?: (cells: Record<string, string>) => Record<string, string>;
    reason?: (reason: string) => string;
  } = {},
): Readable {
  const headerOf = new Map<string, string>(columns.map((c) => [c.key, c.header]));
  return streamSheet<R>({
    sheet: '失败记录',
    columns: [
      ...columns.map((c) => ({ header: c.header, key: c.key, width: 20 })),
      { header: '错误原因', key: '__reason', width: 60 },
    ],
    cells: (r) => {
      const cells = shown.cells ? shown.cells(r.cells) : r.cells;
      const reason = r.errors
        .map((e) => (e.column ? `${headerOf.get(e.column) ?? e.column}：${e.reason}` : e.reason))
        .join('；');
      return [...columns.map((c) => cells[c.key] ?? ''), shown.reason ? shown.reason(reason) : reason];
    },
    next: (last) => rowsAfter(last ? last.rowNo : 0, FAILED_BATCH),
    batch: FAILED_BATCH,
    styles: false,
  });
}
