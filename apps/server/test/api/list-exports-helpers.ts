import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { call, type Tokens } from '../helpers.ts';

/** Sorting and exports of the lists (issue 30; docs/lists.md): what the API tests of each list share. */

/** GETs an export and reads its first sheet: the header row and the data rows, each cell as text. */
export async function sheetOf(
  app: FastifyInstance,
  tokens: Tokens,
  path: string,
  query: Record<string, string | number> = {},
) {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)])).toString();
  const res = await call(app, tokens, { method: 'GET', url: qs ? `${path}?${qs}` : path });
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  expect(res.headers['content-type']).toContain('spreadsheetml');
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const rows: string[][] = [];
  wb.worksheets[0].eachRow((row) =>
    rows.push((row.values as unknown[]).slice(1).map((v) => (v === null || v === undefined ? '' : String(v)))),
  );
  return { header: rows[0], rows: rows.slice(1) };
}

/** The column of `header` in each row. */
export const column = (s: { header: string[]; rows: string[][] }, header: string) => {
  const i = s.header.indexOf(header);
  expect(i, `column ${header} in ${s.header.join(',')}`).toBeGreaterThan(-1);
  return s.rows.map((r) => r[i]);
};

/** The newest `export` audit rows of a user on a target, newest first. */
export async function exportAudits(
  pool: { query: (text: string, values: unknown[]) => Promise<{ rows: { target: string; detail: unknown }[] }> },
  userId: number,
  target: string,
) {
  return (
    await pool.query(
      `SELECT target, detail FROM audit_log WHERE user_id = $1 AND action = 'export' AND target = $2 ORDER BY id DESC`,
      [userId, target],
    )
  ).rows;
}
