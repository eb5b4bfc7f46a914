import { describe, expect, it } from 'vitest';
import { craftXlsx, repeated, sheetXml } from '../xlsx-craft.ts';
import {
  bombFiles,
  expectRefused,
  importInChild,
  numbered,
  oneSharedCell,
  sheet,
  type Outcome,
} from './xlsx-bomb-run.ts';

/** Crafted xlsx files built to exhaust the reader (issue 11), the nesting and shared-table bombs, and a fine file of the same shape: xlsx-bomb-run.ts. */
const file = bombFiles();

describe('xlsx bombs are refused with bounded memory: nesting and tables', () => {
  it('(d) a million nested elements: refused at 64 levels', async () => {
    const f = await craftXlsx(
      file('d-deep.xlsx'),
      sheet(function* () {
        yield* repeated('<a>', 1_000_000);
        yield* repeated('</a>', 1_000_000);
      }),
    );
    expectRefused(await importInChild(f), 'IMPORT_FILE_UNSAFE', 'XML嵌套超过64层');
  }, 60_000);

  it('(e) 1.6 million distinct shared strings summing to 90 MB: refused at the table bound', async () => {
    const f = await craftXlsx(file('e-total.xlsx'), oneSharedCell, function* () {
      yield '<sst>';
      yield* numbered(1_600_000, (i) => `<si><t>${i.toString(36)}共享字符串内容填充共享字符串内容填充</t></si>`);
      yield '</sst>';
    });
    expectRefused(await importInChild(f), 'IMPORT_FILE_TOO_LARGE', '共享字符串总量超过64MB');
  }, 60_000);

  it('(e) 4.2 million short shared strings: refused at the count bound', async () => {
    const f = await craftXlsx(file('e-count.xlsx'), oneSharedCell, function* () {
      yield '<sst>';
      yield* numbered(4_200_000, (i) => `<si><t>${i}</t></si>`);
      yield '</sst>';
    });
    expectRefused(await importInChild(f), 'IMPORT_FILE_TOO_LARGE', '共享字符串超过4000000个');
  }, 60_000);

  it('a row of cells all pointing at one long string, repeated: refused at the total text bound, not multiplied in memory', async () => {
    // 30,000 characters × 11 cells × 200,000 rows would be 66 billion characters handed to the import.
    const long = 'x'.repeat(30_000);
    const f = await craftXlsx(
      file('shared-fanout.xlsx'),
      sheet(() =>
        numbered(
          199_000,
          (i) => `<row r="${i + 2}"><c r="A${i + 2}" t="s"><v>0</v></c><c r="B${i + 2}" t="s"><v>0</v></c></row>`,
        ),
      ),
      `<sst><si><t>${long}</t></si></sst>`,
    );
    expectRefused(await importInChild(f), 'IMPORT_FILE_TOO_LARGE', '文字总量超过64000000个字符');
  }, 60_000);

  it('a header row repeating one cell that points at a long string: refused at the total text bound', async () => {
    const f = await craftXlsx(
      file('header-fanout.xlsx'),
      sheetXml(`<row r="1">${'<c r="A1" t="s"><v>0</v></c>'.repeat(3_000)}</row>`),
      `<sst><si><t>${'x'.repeat(30_000)}</t></si></sst>`,
    );
    expectRefused(await importInChild(f), 'IMPORT_FILE_TOO_LARGE', '文字总量超过64000000个字符');
  }, 60_000);

  it('a well-formed file of the same shape is read (the child reports its rows)', async () => {
    const f = await craftXlsx(
      file('fine.xlsx'),
      sheet(() =>
        numbered(
          1_000,
          (i) =>
            `<row r="${i + 2}"><c r="A${i + 2}" t="s"><v>0</v></c><c r="B${i + 2}" t="inlineStr"><is><t>第${i}行</t></is></c></row>`,
        ),
      ),
      '<sst><si><t>名称甲</t></si></sst>',
    );
    const o = (await importInChild(f)) as Outcome & { total: number };
    expect(o).toMatchObject({ code: 'OK', total: 1_000 });
  }, 60_000);
});
