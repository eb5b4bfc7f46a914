/** A template column as the contract describes it (CHAIN_ENTERPRISE_IMPORT_COLUMNS, FARMER_IMPORT_COLUMNS...). */
export interface TemplateColumn {
  key: string;
  header: string;
}

/** The column key of a template column (key or header), or null: which form field a failed row's error belongs to. */
export function templateColumnKey(columns: readonly TemplateColumn[], column: string | null): string | null {
  if (column === null) return null;
  return columns.find((c) => c.key === column || c.header === column)?.key ?? null;
}

export interface ImportErrorRow {
  key: string;
  rowNo: number;
  column: string | null;
  columnKey: string | null;
  reason: string;
}

/**
 * A dry run's errors in sheet order (row, then the template's column order; whole-row errors first), each with its
 * column's key and its column as `shownColumn` gives it (default: as the server named it).
 */
export function sortImportErrors(
  columns: readonly TemplateColumn[],
  errors: readonly { rowNo: number; column: string | null; reason: string }[],
  shownColumn: (column: string | null) => string | null = (c) => c,
): ImportErrorRow[] {
  const order = (c: string | null) => {
    const i = columns.findIndex((x) => x.key === c || x.header === c);
    return c === null ? -1 : i === -1 ? 99 : i;
  };
  return [...errors]
    .sort((a, b) => a.rowNo - b.rowNo || order(a.column) - order(b.column))
    .map((e, i) => ({
      key: `${e.rowNo}-${i}`,
      rowNo: e.rowNo,
      column: shownColumn(e.column),
      columnKey: templateColumnKey(columns, e.column),
      reason: e.reason,
    }));
}
