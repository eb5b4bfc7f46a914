import { randomBytes } from 'node:crypto';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { idWithCheck } from '@phjr/contract/auth/certification';
import { FARMER_IMPORT_COLUMNS } from '@phjr/contract/farmers/farmer';
import { farmerOps } from '@phjr/contract/farmers/farmer-ops';
import { call, type Tokens } from '../helpers.ts';

export const HEADERS = FARMER_IMPORT_COLUMNS.map((c) => c.header);
export const KEYS = FARMER_IMPORT_COLUMNS.map((c) => c.key);

export { callOp, must } from '../helpers.ts';

let seq = Math.floor(Math.random() * 400);
/** A fresh valid resident identity number (a birth day of its own per call in this run). */
export function nextIdNumber(district = '999903') {
  seq += 1;
  const day = new Date(Date.UTC(1960, 0, 1) + (seq * 11 + (process.pid % 97)) * 86_400_000)
    .toISOString()
    .slice(0, 10)
    .replaceAll('-', '');
  return idWithCheck(`${district}${day}${String(100 + ((seq * 7 + Number(randomBytes(1)[0])) % 900))}`);
}

/** One import row by column key (missing keys empty). */
export function row(v: Record<string, string>): string[] {
  return KEYS.map((k) => v[k] ?? '');
}

/** A valid household row in `villageCode`. */
export function household(over: Record<string, string> = {}): Record<string, string> {
  return {
    kind: '农户',
    name: '测试农户',
    idNumber: nextIdNumber(),
    phone: '13912345678',
    villageCode: '999903001001',
    grid: '一网格',
    landArea: '12',
    landTenure: '自有承包',
    mainProducts: '水稻',
    annualIncome: '12',
    assets: '40',
    liabilities: '8',
    overdueCount: '0',
    yearsFarming: '12',
    creditGranted: '10',
    creditDrawn: '4',
    financingNeed: '0',
    needPurpose: '',
    ...over,
  };
}

export async function xlsx(rows: string[][], headers: string[] = HEADERS): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('农户导入');
  ws.addRow(headers);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

export async function upload(app: FastifyInstance, tokens: Tokens, file: Buffer, dryRun: boolean) {
  const boundary = `----phjr${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="farmers.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const payload = Buffer.concat([head, file, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  return call(app, tokens, {
    method: 'POST',
    url: `${farmerOps.importFarmers.path}?dryRun=${dryRun}`,
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
}

/** Imports rows for real and answers the result (must succeed). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function importRows(app: FastifyInstance, tokens: Tokens, rows: Record<string, string>[]): Promise<any> {
  const res = await upload(app, tokens, await xlsx(rows.map(row)), false);
  if (res.statusCode !== 200) throw new Error(`import failed: ${res.statusCode} ${res.body}`);
  return res.json().data;
}

/** The text of every cell of an xlsx answer. */
export async function xlsxText(body: Buffer): Promise<string> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(body as unknown as ArrayBuffer);
  const out: string[] = [];
  wb.eachSheet((ws) => ws.eachRow((r) => r.eachCell((c) => out.push(String(c.value ?? '')))));
  return out.join('\n');
}
