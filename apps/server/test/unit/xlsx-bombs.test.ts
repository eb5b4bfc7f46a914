import { describe, expect, it } from 'vitest';
import { craftXlsx, repeated } from '../xlsx-craft.ts';
import { bombFiles, expectRefused, importInChild, numbered, oneSharedCell, sheet } from './xlsx-bomb-run.ts';

/** Crafted xlsx files built to exhaust the reader (issue 11), the inflate, string and row bombs: xlsx-bomb-run.ts. */
const file = bombFiles();

describe('xlsx bombs are refused with bounded memory', () => {
  it('(a) a sheet of 500 MB of blanks deflated to half a megabyte: refused by its inflate ratio', async () => {
    const f = await craftXlsx(
      file('a-ratio.xlsx'),
      sheet(() => repeated(' ', 500 * 2 ** 20)),
    );
    expect(f.expandedBytes).toBeGreaterThan(500 * 2 ** 20);
    expectRefused(await importInChild(f), 'IMPORT_FILE_UNSAFE', '压缩比异常');
  }, 60_000);

  it('(a) shared strings repeated to 600 MB in 2 MB (the file that took the server down): refused at the table bound', async () => {
    const f = await craftXlsx(file('a-shared.xlsx'), oneSharedCell, function* () {
      yield '<sst>';
      yield* repeated('<si><t>示范市农村商业银行股份有限公司青石县支行</t></si>', 8_000_000);
      yield '</sst>';
    });
    expectRefused(await importInChild(f), 'IMPORT_FILE_TOO_LARGE', '共享字符串总量超过64MB');
  }, 60_000);

  it('(b) one shared string of 100 MB: refused at 32,767 characters', async () => {
    const f = await craftXlsx(file('b-string.xlsx'), oneSharedCell, function* () {
      yield '<sst><si><t>';
      yield* repeated('汉', (100 * 2 ** 20) / 3);
      yield '</t></si></sst>';
    });
    expectRefused(await importInChild(f), 'IMPORT_FILE_TOO_LARGE', '超过32767个字符');
  }, 60_000);

  it('(c) 250,000 cheap rows: refused past the import maximum', async () => {
    const f = await craftXlsx(
      file('c-rows.xlsx'),
      sheet(() =>
        numbered(250_000, (i) => `<row r="${i + 2}"><c r="A${i + 2}" t="inlineStr"><is><t>x</t></is></c></row>`),
      ),
    );
    expectRefused(await importInChild(f), 'IMPORT_FILE_TOO_LARGE', '单次最多导入200000行');
  }, 60_000);

  it('(c) three million empty row elements: refused past the sheet row bound', async () => {
    const f = await craftXlsx(
      file('c-empty-rows.xlsx'),
      sheet(() => numbered(3_000_000, (i) => `<row r="${(i % 1_000_000) + 2}"/>`)),
    );
    expectRefused(await importInChild(f), 'IMPORT_FILE_TOO_LARGE', '工作表超过1048576行');
  }, 60_000);
});
