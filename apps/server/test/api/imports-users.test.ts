import { randomBytes } from 'node:crypto';
import ExcelJS from 'exceljs';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_IMPORT_COLUMNS } from '@phjr/contract/orgs/user-import';
import { withCheckChar } from '@phjr/contract/orgs/credit-code';
import { users } from '../../src/db/schema/index.ts';
import { call, createTestApp, login, loginAs, type TestApp, type Tokens } from '../helpers.ts';

let t: TestApp;
let operator: Tokens;

beforeAll(async () => {
  t = await createTestApp();
  operator = await loginAs(t.app, 'operator');
});
afterAll(() => t.close());

async function xlsx(rows: string[][], headers: string[] = USER_IMPORT_COLUMNS.map((c) => c.header)): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('用户导入');
  ws.addRow(headers);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

function multipart(file: Buffer, filename: string) {
  const boundary = `----phjr${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, file, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

async function upload(file: Buffer, dryRun = false, filename = 'users.xlsx') {
  const { payload, headers } = multipart(file, filename);
  return call(t.app, operator, {
    method: 'POST',
    url: `/finance/user/import/upload.json?dryRun=${dryRun}`,
    payload,
    headers,
  });
}

const seq = String(Date.now()).slice(-5);
const ph = (n: number) => `1665${seq}${String(n).padStart(2, '0')}`;

describe('users import', () => {
  it('serves a template whose header row is the import columns', async () => {
    const res = await call(t.app, operator, { method: 'GET', url: '/finance/user/import/template.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const headers = (wb.worksheets[0].getRow(1).values as string[]).slice(1);
    expect(headers).toEqual(USER_IMPORT_COLUMNS.map((c) => c.header));
  });

  it('validates every row, imports the good rows in one transaction and reports each bad row with its reason', async () => {
    const code = withCheckChar(`91999903MC${seq}01`);
    const badCode = code.slice(0, 17) + (code[17] === '0' ? '1' : '0');
    const rows = [
      ['个人', '导入甲', ph(1), '', '', '城关区', ''],
      ['企业', '示范市导入乙有限公司', ph(2), code, '乙法人', '999903', 'Start2026x'],
      ['个人', '导入丙', '12345', '', '', '', ''],
      ['企业', '示范市导入丁有限公司', ph(4), badCode, '', '', ''],
      ['个人', '导入戊', ph(1), '', '', '', ''],
      ['个人', '导入己', '13800000001', '', '', '', ''],
      ['', '导入庚', ph(7), '', '', '', ''],
      ['个人', '导入辛', ph(8), '', '', '火星区', ''],
    ];
    const file = await xlsx(rows);

    // Dry run: the same verdicts, nothing written.
    const dry = (await upload(file, true)).json().data;
    expect(dry).toMatchObject({ dryRun: true, jobId: null, total: 8, succeeded: 2, failed: 6 });
    expect(
      await t.database.db
        .select()
        .from(users)
        .where(inArray(users.phone, [ph(1), ph(2)])),
    ).toEqual([]);

    const res = await upload(file);
    expect(res.json().success, res.body).toBe(true);
    const out = res.json().data;
    expect(out).toMatchObject({ dryRun: false, total: 8, succeeded: 2, failed: 6 });
    const reasons = Object.fromEntries(out.failures.map((f: { rowNo: number; reason: string }) => [f.rowNo, f.reason]));
    expect(reasons[4]).toContain('手机号格式不正确');
    expect(reasons[5]).toContain('统一社会信用代码不正确');
    expect(reasons[6]).toContain('与第2行重复');
    expect(reasons[7]).toContain('手机号已注册');
    expect(reasons[8]).toContain('缺少必填项');
    expect(reasons[9]).toContain('未知的区县');

    // Generated password shown once for row 2, none for the row that gave its own.
    const acc = Object.fromEntries(
      out.accounts.map((a: { rowNo: number; password: string | null }) => [a.rowNo, a.password]),
    );
    expect(acc[2]).toMatch(/^[A-Za-z]{8}\d{4}$/);
    expect(acc[3]).toBeNull();
    await expect(login(t.app, ph(1), acc[2])).resolves.toBeTruthy();
    const [ent] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.phone, ph(2)));
    expect(ent).toMatchObject({
      accountType: 'ENTERPRISE',
      creditCode: code,
      regionCode: '999903',
      legalRep: '乙法人',
      certified: false,
    });
    await expect(login(t.app, ph(2), 'Start2026x')).resolves.toBeTruthy();

    // The record and its failed rows.
    const records = (await call(t.app, operator, { method: 'GET', url: '/finance/user/import/records.json' })).json()
      .data;
    const job = records.list.find((j: { id: number }) => j.id === out.jobId);
    expect(job).toMatchObject({ total: 8, succeeded: 2, failed: 6, fileName: 'users.xlsx', userName: '王运营' });
    const failures = (
      await call(t.app, operator, { method: 'GET', url: `/finance/user/import/failures.json?jobId=${out.jobId}` })
    ).json().data;
    expect(failures.map((f: { rowNo: number }) => f.rowNo)).toEqual([4, 5, 6, 7, 8, 9]);
    expect(JSON.parse(failures[0].data).name).toBe('导入丙');

    // Importing the same file again: every row is refused now, nothing more is written.
    const again = (await upload(file)).json().data;
    expect(again.succeeded).toBe(0);
  });

  it('refuses a file that is not a spreadsheet, and a request without a file', async () => {
    const res = await upload(Buffer.from('not a zip at all'), false, 'x.xlsx');
    expect(res.statusCode).toBe(400);
    expect(res.json().errorCode).toBe('IMPORT_FILE_INVALID');
    const none = await call(t.app, operator, { method: 'POST', url: '/finance/user/import/upload.json', payload: {} });
    expect(none.statusCode).toBe(400);
  });
});
