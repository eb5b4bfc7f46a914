import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openWorkbook, type SheetRow } from '../../src/modules/imports/xlsx-reader.ts';
import { XmlScanner } from '../../src/modules/imports/xml-scanner.ts';
import { craftXlsx, craftZip, inlineRows, sheetXml } from '../xlsx-craft.ts';

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'phjr-reader-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** The scanner's events for `xml` fed in chunks of `size` characters. */
function events(xml: string, size = xml.length): string[] {
  const out: string[] = [];
  let text = '';
  const flush = () => {
    if (text) out.push(`"${text}"`);
    text = '';
  };
  const scanner = new XmlScanner({
    open: (name, tag) => {
      flush();
      out.push(
        `<${name}${
          tag.includes('=')
            ? ` ${tag
                .slice(tag.indexOf(' ') + 1)
                .replace(/\/$/, '')
                .trim()}`
            : ''
        }>`,
      );
    },
    close: (name) => {
      flush();
      out.push(`</${name}>`);
    },
    text: (t) => (text += t),
  });
  for (let i = 0; i < xml.length; i += size) scanner.write(xml.slice(i, i + size));
  scanner.end();
  flush();
  return out;
}

const errorOf = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    return { code: (e as { code?: string }).code, message: (e as Error).message };
  }
  return null;
};

describe('XmlScanner', () => {
  const xml =
    '<?xml version="1.0"?>\n<x:root xmlns:x="u"><!-- a comment with <tags> and > --><a b="1 > 2" c=\'&lt;&amp;\'>A&amp;B &#x6C49;&#23383; &lt;tag&gt;</a><![CDATA[raw <b> & ]] text]]><e/><?pi skip > this?></x:root>';
  const expected = [
    '"\n"',
    '<root xmlns:x="u">',
    '<a b="1 > 2" c=\'&lt;&amp;\'>',
    '"A&B 汉字 <tag>"',
    '</a>',
    '"raw <b> & ]] text"',
    '<e>',
    '</e>',
    '</root>',
  ];

  it('gives the same events however the text is cut into chunks', () => {
    expect(events(xml)).toEqual(expected);
    for (const size of [1, 2, 3, 5, 7, 13]) expect(events(xml, size)).toEqual(expected);
  });

  it('refuses a DOCTYPE (no entity may expand), nesting past 64 levels and a tag longer than 64K characters', () => {
    expect(errorOf(() => events('<!DOCTYPE x [<!ENTITY a "aaaa">]><x>&a;</x>'))).toMatchObject({
      code: 'IMPORT_FILE_UNSAFE',
      message: expect.stringContaining('DOCTYPE'),
    });
    expect(errorOf(() => events(`${'<a>'.repeat(64)}${'</a>'.repeat(64)}`))).toBeNull();
    expect(errorOf(() => events(`${'<a>'.repeat(65)}${'</a>'.repeat(65)}`))).toMatchObject({
      code: 'IMPORT_FILE_UNSAFE',
      message: expect.stringContaining('64层'),
    });
    expect(errorOf(() => events(`<a b="${'x'.repeat(70_000)}"/>`, 4096))).toMatchObject({
      code: 'IMPORT_FILE_UNSAFE',
      message: expect.stringContaining('XML标记'),
    });
  });

  it('refuses XML cut short or badly nested as unreadable', () => {
    for (const bad of ['<a><b></a>', '<a>', '<a b="1"', '<a>&am', '<a>&bogus;</a>', '<a><!-- never closed</a>']) {
      expect(
        errorOf(() => events(bad)),
        bad,
      ).toMatchObject({ code: 'IMPORT_FILE_INVALID' });
    }
  });
});

async function readAll(
  file: string | Buffer,
  columns: { key: string; header: string }[],
  truncated?: () => boolean,
): Promise<SheetRow[]> {
  const input = typeof file === 'string' ? fs.createReadStream(file) : Readable.from([file]);
  const book = await openWorkbook(input, truncated);
  const rows: SheetRow[] = [];
  try {
    for await (const r of book.rows(columns)) rows.push(r);
  } finally {
    await book.close();
  }
  return rows;
}

const cols = [
  { key: 'name', header: '名称' },
  { key: 'note', header: '备注' },
  { key: 'n', header: '数值' },
];

describe('xlsx reader', () => {
  it('reads cells as exceljs gave them to the imports: shared and inline strings, numbers, booleans, formulas, dates as serials', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('数据');
    ws.addRow(['数值', '名称', '其他', '备注']);
    ws.addRow([1.5, { richText: [{ text: '富', font: { bold: true } }, { text: '文本 ' }] }, 'x', true]);
    ws.addRow([12345678901, '  带空格  ', 'y', { formula: 'A1&"x"', result: 'abc' }]);
    ws.addRow([]);
    ws.addRow([new Date(Date.UTC(2026, 2, 4)), 'a&b<c>"d\'', 'z', { formula: '1+1', result: 2 }]);
    const rows = await readAll(Buffer.from(await wb.xlsx.writeBuffer()), cols);
    expect(rows).toEqual([
      { rowNo: 2, data: { name: '富文本', note: 'true', n: '1.5' } },
      { rowNo: 3, data: { name: '带空格', note: 'abc', n: '12345678901' } },
      { rowNo: 5, data: { name: 'a&b<c>"d\'', note: '2', n: '46085' } },
    ]);
  });

  it('takes the first sheet in the workbook order, leaves out phonetic guides, and places unknown headers by position', async () => {
    const main = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
    const rel = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
    const f = await craftZip(path.join(dir, 'order.xlsx'), {
      'xl/workbook.xml': `<workbook xmlns="${main}" xmlns:r="${rel}"><sheets><sheet name="数据" sheetId="2" r:id="rId9"/><sheet name="说明" sheetId="1" r:id="rId1"/></sheets></workbook>`,
      'xl/_rels/workbook.xml.rels': `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${rel}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId9" Type="${rel}/worksheet" Target="/xl/worksheets/sheet2.xml"/><Relationship Id="rId3" Type="${rel}/sharedStrings" Target="strings.xml"/></Relationships>`,
      'xl/worksheets/sheet1.xml': sheetXml(inlineRows([['说明'], ['这一页不是数据']])),
      'xl/worksheets/sheet2.xml': sheetXml(
        '<row r="1"><c r="B1" t="s"><v>0</v></c><c r="C1" t="inlineStr"><is><t>名称</t></is></c></row>' +
          '<row r="3"><c r="A3" t="s"><v>1</v></c><c r="B3"><v>7</v></c><c r="C3" t="inlineStr"><is><r><t>甲</t></r><r><t>乙</t></r></is></c></row>',
      ),
      'xl/strings.xml':
        '<sst><si><t>备注</t></si><si><r><t>东京</t></r><rPh sb="0" eb="2"><t>トウキョウ</t></rPh></si></sst>',
    });
    // 名称 is in C, 备注 in B; 数值 has no header and takes its own position, the first column.
    const byPosition = [cols[2], cols[0], cols[1]];
    expect(await readAll(f.file, byPosition)).toEqual([{ rowNo: 3, data: { name: '甲乙', note: '7', n: '东京' } }]);
  });

  it('reads a zip64 directory', async () => {
    const f = await craftXlsx(
      path.join(dir, 'zip64.xlsx'),
      sheetXml(
        inlineRows([
          ['名称', '备注'],
          ['甲', '乙'],
        ]),
      ),
      undefined,
      { zip64: true },
    );
    expect(await readAll(f.file, cols)).toEqual([{ rowNo: 2, data: { name: '甲', note: '乙', n: '' } }]);
  });

  it('refuses an upload past 20 MB, or cut at the route limit, as too large; anything not a zip as unreadable', async () => {
    const big = Buffer.alloc(20 * 1024 * 1024 + 1);
    await expect(readAll(big, cols)).rejects.toMatchObject({
      code: 'IMPORT_FILE_TOO_LARGE',
      message: '导入文件过大（最大20MB）',
    });
    await expect(readAll(Buffer.from('PK\x03\x04 cut'), cols, () => true)).rejects.toMatchObject({
      code: 'IMPORT_FILE_TOO_LARGE',
      message: '导入文件过大（最大20MB）',
    });
    await expect(readAll(Buffer.from('not a zip at all'), cols)).rejects.toMatchObject({ code: 'IMPORT_FILE_INVALID' });
  });
});
