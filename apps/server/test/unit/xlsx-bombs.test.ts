import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { craftXlsx, inlineRows, repeated, sheetXml, type CraftedFile, type PartBody } from '../xlsx-craft.ts';

/**
 * Crafted xlsx files built to exhaust the reader (issue 11): each is imported (dry run) in a process of its own with a
 * 300 MB heap, and must be refused with the import's clear error, within seconds, with the process's peak resident
 * memory well under the import budget (300 MB; a bare `node --import tsx` process is about 90 MB of it). Before the
 * bounded reader, the first two killed the process and the others took it to 300-420 MB or were accepted.
 * BOMB_FIGURES=1 prints each file's sizes and the figures measured.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const child = path.join(here, 'xlsx-bomb-child.ts');
const run = promisify(execFile);
const MAX_RSS_MB = 280;

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'phjr-bombs-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

interface Outcome {
  code: string;
  message: string;
  seconds: number;
  peakRssMb: number;
}

async function importInChild(crafted: CraftedFile, maxRows?: number): Promise<Outcome> {
  const args = [
    '--max-old-space-size=300',
    '--import',
    'tsx',
    child,
    crafted.file,
    ...(maxRows ? [String(maxRows)] : []),
  ];
  const { stdout } = await run(process.execPath, args, { maxBuffer: 1 << 20, timeout: 60_000 });
  const outcome = JSON.parse(stdout.trim().split('\n').pop()!) as Outcome;
  if (process.env.BOMB_FIGURES) {
    const mb = (n: number) => (n / 2 ** 20).toFixed(2);
    process.stdout.write(
      `[bomb] ${path.basename(crafted.file)}: ${mb(crafted.compressedBytes)} MB → ${mb(crafted.expandedBytes)} MB; ${outcome.code} "${outcome.message}" in ${outcome.seconds.toFixed(2)} s, peak RSS ${outcome.peakRssMb.toFixed(0)} MB\n`,
    );
  }
  return outcome;
}

const header = inlineRows([['名称', '备注']]);
/** A sheet whose first row is the header, then whatever `rows` yields, as a stream. */
const sheet = (rows: () => Iterable<string>): PartBody =>
  function* () {
    yield '<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>';
    yield header;
    yield* rows();
    yield '</sheetData></worksheet>';
  };
/** Pieces built by `make(i)` for i < count, in chunks of about 64 KB. */
function* numbered(count: number, make: (i: number) => string): Generator<string> {
  let s = '';
  for (let i = 0; i < count; i++) {
    s += make(i);
    if (s.length > 65_536) {
      yield s;
      s = '';
    }
  }
  if (s) yield s;
}
const oneSharedCell = sheetXml(`${header}<row r="2"><c r="A2" t="s"><v>0</v></c></row>`);

function expectRefused(o: Outcome, code: string, message: string) {
  expect(o.code).toBe(code);
  expect(o.message).toContain(message);
  expect(o.seconds).toBeLessThan(15);
  expect(o.peakRssMb).toBeLessThan(MAX_RSS_MB);
}

describe('xlsx bombs are refused with bounded memory', () => {
  it('(a) a sheet of 500 MB of blanks deflated to half a megabyte: refused by its inflate ratio', async () => {
    const f = await craftXlsx(
      path.join(dir, 'a-ratio.xlsx'),
      sheet(() => repeated(' ', 500 * 2 ** 20)),
    );
    expect(f.expandedBytes).toBeGreaterThan(500 * 2 ** 20);
    expectRefused(await importInChild(f), 'IMPORT_FILE_UNSAFE', '压缩比异常');
  }, 60_000);

  it('(a) shared strings repeated to 600 MB in 2 MB (the file that took the server down): refused at the table bound', async () => {
    const f = await craftXlsx(path.join(dir, 'a-shared.xlsx'), oneSharedCell, function* () {
      yield '<sst>';
      yield* repeated('<si><t>示范市农村商业银行股份有限公司青石县支行</t></si>', 8_000_000);
      yield '</sst>';
    });
    expectRefused(await importInChild(f), 'IMPORT_FILE_TOO_LARGE', '共享字符串总量超过64MB');
  }, 60_000);

  it('(b) one shared string of 100 MB: refused at 32,767 characters', async () => {
    const f = await craftXlsx(path.join(dir, 'b-string.xlsx'), oneSharedCell, function* () {
      yield '<sst><si><t>';
      yield* repeated('汉', (100 * 2 ** 20) / 3);
      yield '</t></si></sst>';
    });
    expectRefused(await importInChild(f), 'IMPORT_FILE_TOO_LARGE', '超过32767个字符');
  }, 60_000);

  it('(c) 250,000 cheap rows: refused past the import maximum', async () => {
    const f = await craftXlsx(
      path.join(dir, 'c-rows.xlsx'),
      sheet(() =>
        numbered(250_000, (i) => `<row r="${i + 2}"><c r="A${i + 2}" t="inlineStr"><is><t>x</t></is></c></row>`),
      ),
    );
    expectRefused(await importInChild(f), 'IMPORT_FILE_TOO_LARGE', '单次最多导入200000行');
  }, 60_000);

  it('(c) three million empty row elements: refused past the sheet row bound', async () => {
    const f = await craftXlsx(
      path.join(dir, 'c-empty-rows.xlsx'),
      sheet(() => numbered(3_000_000, (i) => `<row r="${(i % 1_000_000) + 2}"/>`)),
    );
    expectRefused(await importInChild(f), 'IMPORT_FILE_TOO_LARGE', '工作表超过1048576行');
  }, 60_000);

  it('(d) a million nested elements: refused at 64 levels', async () => {
    const f = await craftXlsx(
      path.join(dir, 'd-deep.xlsx'),
      sheet(function* () {
        yield* repeated('<a>', 1_000_000);
        yield* repeated('</a>', 1_000_000);
      }),
    );
    expectRefused(await importInChild(f), 'IMPORT_FILE_UNSAFE', 'XML嵌套超过64层');
  }, 60_000);

  it('(e) 1.6 million distinct shared strings summing to 90 MB: refused at the table bound', async () => {
    const f = await craftXlsx(path.join(dir, 'e-total.xlsx'), oneSharedCell, function* () {
      yield '<sst>';
      yield* numbered(1_600_000, (i) => `<si><t>${i.toString(36)}共享字符串内容填充共享字符串内容填充</t></si>`);
      yield '</sst>';
    });
    expectRefused(await importInChild(f), 'IMPORT_FILE_TOO_LARGE', '共享字符串总量超过64MB');
  }, 60_000);

  it('(e) 4.2 million short shared strings: refused at the count bound', async () => {
    const f = await craftXlsx(path.join(dir, 'e-count.xlsx'), oneSharedCell, function* () {
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
      path.join(dir, 'shared-fanout.xlsx'),
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
      path.join(dir, 'header-fanout.xlsx'),
      sheetXml(`<row r="1">${'<c r="A1" t="s"><v>0</v></c>'.repeat(3_000)}</row>`),
      `<sst><si><t>${'x'.repeat(30_000)}</t></si></sst>`,
    );
    expectRefused(await importInChild(f), 'IMPORT_FILE_TOO_LARGE', '文字总量超过64000000个字符');
  }, 60_000);

  it('a well-formed file of the same shape is read (the child reports its rows)', async () => {
    const f = await craftXlsx(
      path.join(dir, 'fine.xlsx'),
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
