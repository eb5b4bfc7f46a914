import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_IMPORT_COLUMNS } from '@phjr/contract/orgs/user-import';
import { call, createTestApp, type TestApp, type Tokens, signInAs } from '../helpers.ts';
import { craftXlsx, inlineRows, repeated, sheetXml } from '../xlsx-craft.ts';

/**
 * The import routes refuse files built to exhaust the server (issue 11) with a business error the client shows, write
 * nothing, and keep answering; an upload past the 20 MB limit is refused as too large, naming the limit. The reader's
 * bounds one by one, with their memory, are in test/unit/xlsx-bombs.test.ts.
 */
let t: TestApp;
let operator: Tokens;
let dir: string;

beforeAll(async () => {
  t = await createTestApp();
  operator = await signInAs(t.app, 'operator');
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'phjr-bombs-api-'));
});
afterAll(async () => {
  fs.rmSync(dir, { recursive: true, force: true });
  await t.close();
});

function multipart(file: Buffer, filename: string) {
  const boundary = `----phjr${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  return {
    payload: Buffer.concat([head, file, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

function upload(route: 'user' | 'makeup', file: Buffer, dryRun = false) {
  const url = route === 'user' ? '/finance/user/import/upload.json' : '/finance/demand/makeup/import/upload.json';
  return call(t.app, operator, { method: 'POST', url: `${url}?dryRun=${dryRun}`, ...multipart(file, 'bomb.xlsx') });
}

const jobs = async () =>
  (await t.database.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM import_jobs')).rows[0].n;
const header = inlineRows([USER_IMPORT_COLUMNS.map((c) => c.header)]);

describe('import routes against hostile files', () => {
  it('refuses an inflate bomb and a 100 MB shared string as business errors, writes nothing, and keeps answering', async () => {
    const before = await jobs();
    const ratio = await craftXlsx(path.join(dir, 'ratio.xlsx'), function* () {
      yield `<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${header}`;
      yield* repeated(' ', 500 * 2 ** 20);
      yield '</sheetData></worksheet>';
    });
    const res = await upload('user', fs.readFileSync(ratio.file));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      success: false,
      errorCode: 'IMPORT_FILE_UNSAFE',
      errorMessage: expect.stringContaining('压缩比异常'),
    });

    const huge = await craftXlsx(
      path.join(dir, 'string.xlsx'),
      sheetXml(`${header}<row r="2"><c r="A2" t="s"><v>0</v></c></row>`),
      function* () {
        yield '<sst><si><t>';
        yield* repeated('汉', (100 * 2 ** 20) / 3);
        yield '</t></si></sst>';
      },
    );
    const res2 = await upload('makeup', fs.readFileSync(huge.file));
    expect(res2.statusCode).toBe(413);
    expect(res2.json()).toMatchObject({
      success: false,
      errorCode: 'IMPORT_FILE_TOO_LARGE',
      errorMessage: expect.stringContaining('32767'),
    });
    expect(await jobs()).toBe(before);

    // Still answering, and a real file still imports.
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('用户导入');
    ws.addRow(USER_IMPORT_COLUMNS.map((c) => c.header));
    ws.addRow(['个人', '炸弹后', `1665${String(Date.now()).slice(-7)}`, '', '', '', '']);
    const fine = await upload('user', Buffer.from(await wb.xlsx.writeBuffer()), true);
    expect(fine.json()).toMatchObject({ success: true, data: { total: 1, succeeded: 1 } });
  }, 60_000);

  it('refuses the rows past the maximum of a real import in its one transaction: nothing written', async () => {
    const before = await jobs();
    const rows = await craftXlsx(path.join(dir, 'rows.xlsx'), function* () {
      yield `<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${header}`;
      let s = '';
      for (let r = 2; r <= 200_002; r++) {
        s += `<row r="${r}"><c r="A${r}" t="inlineStr"><is><t>个人</t></is></c></row>`;
        if (s.length > 65_536) {
          yield s;
          s = '';
        }
      }
      yield `${s}</sheetData></worksheet>`;
    });
    const res = await upload('user', fs.readFileSync(rows.file));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ errorCode: 'IMPORT_FILE_TOO_LARGE', errorMessage: '单次最多导入200000行' });
    expect(await jobs()).toBe(before);
  }, 60_000);

  it('refuses an upload past 20 MB as too large, naming the limit, on both import routes', async () => {
    const big = randomBytes(30 * 1024 * 1024);
    for (const route of ['user', 'makeup'] as const) {
      const res = await upload(route, big);
      expect(res.statusCode, route).toBe(413);
      expect(res.json(), route).toMatchObject({
        success: false,
        errorCode: 'IMPORT_FILE_TOO_LARGE',
        errorMessage: '导入文件过大（最大20MB）',
      });
    }
    expect((await call(t.app, operator, { method: 'GET', url: '/finance/user/import/records.json' })).statusCode).toBe(
      200,
    );
  }, 60_000);
});
