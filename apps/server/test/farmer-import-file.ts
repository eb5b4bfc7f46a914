import { idWithCheck } from '@phjr/contract/auth/certification';
import { FARMER_IMPORT_COLUMNS } from '@phjr/contract/farmers/farmer';
import { craftXlsx, sheetXml, type CraftedFile } from './xlsx-craft.ts';

/**
 * A farmer import file of `rows` rows that all fail, each on several columns (phone, land tenure, annual income and
 * credit drawn), with valid and distinct ID numbers (district 999901): the file issue 29 posted to exhaust the heap.
 * Built as a stream by the crafted-zip writer, no binary fixture.
 */
export function failingFarmerFile(file: string, rows: number): Promise<CraftedFile> {
  const cell = (col: number, r: number, v: string) =>
    `<c r="${String.fromCharCode(65 + col)}${r}" t="inlineStr"><is><t>${v}</t></is></c>`;
  const header = `<row r="1">${FARMER_IMPORT_COLUMNS.map((c, k) => cell(k, 1, c.header)).join('')}</row>`;
  const day0 = Date.UTC(1970, 0, 1);
  function* body(): Generator<string> {
    const [head, tail] = sheetXml('\u0000').split('\u0000');
    yield head + header;
    let chunk = '';
    for (let i = 0; i < rows; i++) {
      const r = i + 2;
      const birth = new Date(day0 + Math.floor(i / 1000) * 86_400_000).toISOString().slice(0, 10).replaceAll('-', '');
      const id = idWithCheck(`999901${birth}${String(i % 1000).padStart(3, '0')}`);
      const cells = [
        '农户',
        `失败农户${i}`,
        id,
        '12345',
        '999901001001',
        '',
        '3',
        '租来的',
        '水稻',
        '很多',
        '10',
        '1',
        '0',
        '5',
        '10',
        '二十',
        '0',
        '',
      ];
      chunk += `<row r="${r}">${cells.map((v, k) => (v === '' ? '' : cell(k, r, v))).join('')}</row>`;
      if (chunk.length > 60_000) {
        yield chunk;
        chunk = '';
      }
    }
    yield chunk + tail;
  }
  return craftXlsx(file, body);
}
