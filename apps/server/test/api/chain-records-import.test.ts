import { randomBytes } from 'node:crypto';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAIN_ENTERPRISE_IMPORT_COLUMNS } from '@phjr/contract/chains/chain';
import { chainOps } from '@phjr/contract/chains/chain-ops';
import { call, createTestApp, type TestApp, type Tokens } from '../helpers.ts';
import { addMember, chainCast, nextCreditCode, ok, op, type ChainCast } from './chain-records-helpers.ts';

let t: TestApp;
let c: ChainCast;
const tag = `CI${Math.random().toString(36).slice(2, 6)}`;
const sql = async (text: string, values: unknown[] = []) => (await t.database.pool.query(text, values)).rows;
const HEADERS = CHAIN_ENTERPRISE_IMPORT_COLUMNS.map((col) => col.header);

async function xlsx(rows: string[][], headers: string[] = HEADERS): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('企业导入');
  ws.addRow(headers);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function upload(tokens: Tokens, chainId: number, file: Buffer, dryRun: boolean, fileName = 'members.xlsx') {
  const boundary = `----phjr${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const payload = Buffer.concat([head, file, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  return call(t.app, tokens, {
    method: 'POST',
    url: `${chainOps.importEnterprises.path}?industrialChainId=${chainId}&dryRun=${dryRun}`,
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
}

/** What an import leaves in the tables of a chain. */
const written = async (chainId: number) =>
  (
    await sql(
      `SELECT (SELECT count(*) FROM chain_enterprises WHERE chain_id = $1)::int AS members, (SELECT enterprises FROM industrial_chains WHERE id = $1) AS counter,
              (SELECT count(*) FROM chain_imports WHERE chain_id = $1)::int AS imports, (SELECT count(*) FROM chain_fail_records WHERE chain_id = $1)::int AS failed`,
      [chainId],
    )
  )[0];

let existing: { creditCode: string };
let good: string[];
let rows: string[][];

beforeAll(async () => {
  t = await createTestApp();
  c = await chainCast(t.app, t.database, tag);
  existing = await addMember(t.app, c.operator, c.x);
  good = [nextCreditCode(), nextCreditCode()];
  const twice = nextCreditCode();
  rows = [
    /* 2 */ [
      good[0],
      '导入甲有限公司',
      '上游',
      '张三',
      '李四',
      '13800000001',
      '小型',
      '茶叶种植',
      '120',
      '白名单、龙头企业',
    ],
    /* 3 */ [good[1], '导入乙有限公司', 'MIDSTREAM', '', '', '', '', '', '', ''],
    /* 4 */ ['91999901MA00000010', '校验位错误有限公司', '下游', '', '', '', '', '', '', ''],
    /* 5 */ [twice, '文件内重复一有限公司', '下游', '', '', '', '', '', '', ''],
    /* 6 */ [twice, '文件内重复二有限公司', '下游', '', '', '', '', '', '', ''],
    /* 7 */ [existing.creditCode, '链内已有有限公司', '上游', '', '', '', '', '', '', ''],
    /* 8 */ [nextCreditCode(), '多处错误有限公司', '侧游', '', '', '12345', '超大型', '', '很多', '金牌'],
    /* 9 */ [nextCreditCode(), '', '上游', '', '', '', '', '', '', ''],
  ];
});
afterAll(() => t.close());

describe('the template', () => {
  it('has the columns, drop-downs and a description sheet, for the importers only', async () => {
    const res = await op(t.app, c.bank.tokens.head, chainOps.importTemplate);
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const [sheet, about] = wb.worksheets;
    expect((sheet.getRow(1).values as string[]).slice(1)).toEqual(HEADERS);
    expect(sheet.getCell('C2').dataValidation).toMatchObject({ type: 'list', formulae: ['"上游,中游,下游"'] });
    expect(about.name).toBe('填写说明');
    expect((await op(t.app, c.gov, chainOps.importTemplate)).statusCode).toBe(403);
  });
});

describe('the member import', () => {
  it('checks every row on a dry run, by row and column, and writes nothing', async () => {
    const before = await written(c.x);
    const jobsBefore = (await sql(`SELECT count(*)::int AS n FROM import_jobs WHERE kind = 'CHAIN_ENTERPRISES'`))[0].n;
    const res = await upload(c.operator, c.x, await xlsx(rows), true);
    expect(res.statusCode, res.body).toBe(200);
    const out = res.json().data;
    expect(out).toMatchObject({ importRecordId: null, dryRun: true, total: 8, valid: 3, invalid: 5, duplicates: 2 });
    const at = (rowNo: number) =>
      out.errors.filter((e: { rowNo: number }) => e.rowNo === rowNo).map((e: { column: string | null }) => e.column);
    expect(at(2)).toEqual([]);
    expect(at(4)).toEqual(['creditCode']);
    expect(at(5)).toEqual([]);
    expect(at(6)).toEqual(['creditCode']);
    expect(at(7)).toEqual(['creditCode']);
    expect(at(8).sort()).toEqual(['contactPhone', 'financingNeed', 'scale', 'tags', 'tier']);
    expect(at(9)).toEqual(['name']);
    expect(out.errors.find((e: { rowNo: number }) => e.rowNo === 6).reason).toContain('与第5行重复');
    expect(await written(c.x)).toEqual(before);
    expect((await sql(`SELECT count(*)::int AS n FROM import_jobs WHERE kind = 'CHAIN_ENTERPRISES'`))[0].n).toBe(
      jobsBefore,
    );
  });

  it('names every bad cell of a row, and counts a duplicate credit code even on a row with other errors', async () => {
    const first = nextCreditCode();
    const badFirst = nextCreditCode();
    const res = await upload(
      c.operator,
      c.x,
      await xlsx([
        /* 2 */ [first, '首行有限公司', '上游', '', '', '', '', '', '', ''],
        /* 3 */ ['91999901MA00000010', '', '侧游', '', '', '12345', '', '', '', ''],
        /* 4 */ [existing.creditCode, '', '上游', '', '', '', '', '', '', ''],
        /* 5 */ [first, '文件内重复有限公司', '侧游', '', '', '', '', '', '', ''],
        /* 6 */ [nextCreditCode(), '', '', '', '', '', '', '', '', ''],
        /* 7 */ [badFirst, '先错有限公司', '侧游', '', '', '', '', '', '', ''],
        /* 8 */ [badFirst, '后对有限公司', '上游', '', '', '', '', '', '', ''],
      ]),
      true,
    );
    expect(res.statusCode, res.body).toBe(200);
    const out = res.json().data;
    expect(out).toMatchObject({ total: 7, valid: 1, invalid: 6, duplicates: 3 });
    const at = (rowNo: number) => out.errors.filter((e: { rowNo: number }) => e.rowNo === rowNo);
    const columns = (rowNo: number) =>
      at(rowNo)
        .map((e: { column: string | null }) => e.column)
        .sort();
    expect(columns(3)).toEqual(['contactPhone', 'creditCode', 'name', 'tier']);
    expect(at(3).find((e: { column: string }) => e.column === 'name').reason).toBe('缺少必填项：企业名称');
    expect(columns(4)).toEqual(['creditCode', 'name']);
    expect(at(4).find((e: { column: string }) => e.column === 'creditCode').reason).toContain('该企业已在本产业链中');
    expect(columns(5)).toEqual(['creditCode', 'tier']);
    expect(at(5).find((e: { column: string }) => e.column === 'creditCode').reason).toContain('与第2行重复');
    expect(columns(6)).toEqual(['name', 'tier']);
    // A refused row's credit code still counts in the file: the later row with it is the duplicate.
    expect(columns(8)).toEqual(['creditCode']);
  });

  it('writes the good rows, the failed rows with their cells and errors, and the counters in one go', async () => {
    const before = await written(c.x);
    const out = (await upload(c.bank.tokens.head, c.x, await xlsx(rows), false)).json().data;
    expect(out).toMatchObject({ dryRun: false, total: 8, valid: 3, invalid: 5, duplicates: 2 });
    const after = await written(c.x);
    expect(after).toEqual({
      members: before.members + 3,
      counter: before.counter + 3,
      imports: before.imports + 1,
      failed: before.failed + 5,
    });
    const imported = await ok(t.app, c.operator, chainOps.enterprisePage, { industrialChainId: c.x, keyword: good[0] });
    expect(imported.list[0]).toMatchObject({
      source: 'IMPORT',
      tier: 'UPSTREAM',
      scale: 'SMALL',
      tags: ['WHITELIST', 'LEADING'],
      financingNeed: 120,
    });

    const records = await ok(t.app, c.gov, chainOps.importRecords, { industrialChainId: c.x });
    expect(records.list[0]).toMatchObject({
      id: out.importRecordId,
      total: 8,
      succeeded: 3,
      failed: 5,
      pending: 5,
      orgName: `测试银行${tag}a`,
    });
    // The page's total counts the imports, not the rows of the newest one's file.
    expect(records.total).toBe(
      (await sql(`SELECT count(*)::int AS n FROM chain_imports WHERE chain_id = $1`, [c.x]))[0].n,
    );
    expect(records.total).not.toBe(8);
    const fails = await ok(t.app, c.gov, chainOps.failRecords, { importRecordId: out.importRecordId });
    expect(fails.total).toBe(5);
    const bad = fails.list.find((f: { rowNo: number }) => f.rowNo === 4);
    expect(bad).toMatchObject({
      status: 'FAILED',
      values: { creditCode: '91999901MA00000010', name: '校验位错误有限公司' },
      errors: [{ column: 'creditCode' }],
    });
    // Readers outside the chain, and a member bank that does not lead it, see none of it.
    expect(
      (await ok(t.app, c.bank2.tokens.head, chainOps.failRecords, { importRecordId: out.importRecordId })).total,
    ).toBe(0);
    expect((await ok(t.app, c.gov2, chainOps.importRecords, { industrialChainId: c.x })).total).toBe(0);
    expect(
      (await op(t.app, c.bank2.tokens.head, chainOps.failRecordsFile, { importRecordId: out.importRecordId }))
        .statusCode,
    ).toBe(404);

    // The download: the template's columns plus 错误原因, one row per failed row.
    const file = await op(t.app, c.operator, chainOps.failRecordsFile, { importRecordId: out.importRecordId });
    expect(file.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    expect((ws.getRow(1).values as string[]).slice(1)).toEqual([...HEADERS, '错误原因']);
    expect(ws.actualRowCount).toBe(6);
    expect(String(ws.getRow(2).getCell(11).value)).toContain('统一社会信用代码');

    // Registered again: checked like a new member; the member REREGISTERED, the record REGISTERED, pending down, once.
    const dupAgain = await op(t.app, c.bank.tokens.head, chainOps.registerAgain, {
      failRecordId: bad.id,
      creditCode: existing.creditCode,
      name: '校验位错误有限公司',
      tier: 'DOWNSTREAM',
    });
    expect(dupAgain.json().errorCode).toBe('CHAIN_ENTERPRISE_DUPLICATE');
    expect(
      (
        await op(t.app, c.bank.tokens.branchA, chainOps.registerAgain, {
          failRecordId: bad.id,
          creditCode: nextCreditCode(),
          name: 'x有限公司',
          tier: 'DOWNSTREAM',
        })
      ).statusCode,
    ).toBe(200);
    const again = await op(t.app, c.bank.tokens.head, chainOps.registerAgain, {
      failRecordId: bad.id,
      creditCode: nextCreditCode(),
      name: '校验位错误有限公司',
      tier: 'DOWNSTREAM',
    });
    expect(again.json().errorCode).toBe('CHAIN_FAIL_RECORD_DONE');
    const done = (
      await ok(t.app, c.operator, chainOps.failRecords, { importRecordId: out.importRecordId, status: 'REGISTERED' })
    ).list[0];
    expect(done).toMatchObject({ id: bad.id, status: 'REGISTERED' });
    expect((await ok(t.app, c.operator, chainOps.enterpriseDetail, { id: done.enterpriseId })).source).toBe(
      'REREGISTERED',
    );
    expect((await ok(t.app, c.operator, chainOps.importRecords, { industrialChainId: c.x })).list[0].pending).toBe(4);
    expect((await written(c.x)).counter).toBe(after.counter + 1);
    // Government readers only read.
    expect(
      (
        await op(t.app, c.gov, chainOps.registerAgain, {
          failRecordId: bad.id,
          creditCode: nextCreditCode(),
          name: 'x有限公司',
          tier: 'DOWNSTREAM',
        })
      ).statusCode,
    ).toBe(403);
  });

  it('refuses a file that is not xlsx, has other columns, or comes from someone who may not import, writing nothing', async () => {
    const before = await written(c.y);
    const valid = await xlsx([[nextCreditCode(), '导入丙有限公司', '上游', '', '', '', '', '', '', '']]);
    expect((await upload(c.bank2.tokens.head, c.y, valid, false, 'members.csv')).json().errorCode).toBe(
      'IMPORT_FILE_INVALID',
    );
    expect((await upload(c.bank2.tokens.head, c.y, Buffer.from('not a zip at all'), false)).json().errorCode).toBe(
      'IMPORT_FILE_INVALID',
    );
    const wrong = await upload(
      c.bank2.tokens.head,
      c.y,
      await xlsx([[nextCreditCode(), '导入丁有限公司']], ['信用代码', '名称', '环节']),
      false,
    );
    expect(wrong.json().errorCode).toBe('IMPORT_FILE_INVALID');
    expect(wrong.json().errorMessage).toContain('缺少列');
    expect((await upload(c.bank.tokens.branchA, c.y, valid, false)).json().errorCode).toBe('FORBIDDEN');
    expect((await upload(c.bank2.tokens.head, c.x, valid, false)).json().errorCode).toBe('NOT_FOUND');
    expect((await upload(c.gov2, c.y, valid, false)).statusCode).toBe(403);
    const huge = await upload(c.bank2.tokens.head, c.y, Buffer.concat([valid, Buffer.alloc(21 * 1024 * 1024)]), false);
    expect(huge.statusCode).toBe(413);
    expect(huge.json().errorCode).toBe('IMPORT_FILE_TOO_LARGE');
    expect(await written(c.y)).toEqual(before);
    expect((await upload(c.bank2.tokens.head, c.y, valid, false)).json().data).toMatchObject({ valid: 1, invalid: 0 });
  });
});

describe('phones of failed records (issue 29 finding 5)', () => {
  const PHONE = '13800000077';
  const SHORT = '1380000777'; // ten digits: refused, yet masked it reads like a phone (138****0777)

  /** A failed import of chain `chainId` by `by`: a bad tier with a good phone, a row without a phone, a bad phone. */
  async function failedImport(by: Tokens, chainId: number) {
    const file = await xlsx([
      [nextCreditCode(), '电话甲有限公司', '侧游', '', '王五', PHONE, '', '', '', ''],
      [nextCreditCode(), '电话乙有限公司', '上游', '', '', '', '', '', '', '金牌'],
      [nextCreditCode(), '电话丙有限公司', '上游', '', '', SHORT, '', '', '', ''],
    ]);
    const out = (await upload(by, chainId, file, false)).json().data;
    expect(out).toMatchObject({ total: 3, valid: 0, invalid: 3 });
    return out.importRecordId as number;
  }

  async function page(reader: Tokens, jobId: number) {
    const res = await op(t.app, reader, chainOps.failRecords, { importRecordId: jobId });
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json().data.list as { id: number; rowNo: number; values: Record<string, string> }[];
    expect(list).toHaveLength(3);
    return { body: res.body, byRow: (rowNo: number) => list.find((r) => r.rowNo === rowNo)! };
  }

  async function file(reader: Tokens, jobId: number) {
    const res = await op(t.app, reader, chainOps.failRecordsFile, { importRecordId: jobId });
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const cells: string[] = [];
    wb.worksheets[0].eachRow((row) => row.eachCell((cell) => cells.push(String(cell.value))));
    return cells.join('\n');
  }

  /** The reader sees every phone masked, in the page and in the file. */
  async function seesMasked(reader: Tokens, jobId: number) {
    const p = await page(reader, jobId);
    expect(p.byRow(2).values.contactPhone).toBe('138****0077');
    expect(p.byRow(4).values.contactPhone).toBe('138****0777');
    expect(p.byRow(3).values.contactPhone ?? '').toBe('');
    for (const phone of [PHONE, SHORT]) expect(p.body).not.toContain(phone);
    const f = await file(reader, jobId);
    expect(f).toContain('138****0077');
    for (const phone of [PHONE, SHORT]) expect(f).not.toContain(phone);
  }

  /** The reader sees every phone whole, in the page and in the file. */
  async function seesWhole(reader: Tokens, jobId: number) {
    const p = await page(reader, jobId);
    expect(p.byRow(2).values.contactPhone).toBe(PHONE);
    expect(p.byRow(4).values.contactPhone).toBe(SHORT);
    const f = await file(reader, jobId);
    for (const phone of [PHONE, SHORT]) expect(f).toContain(phone);
  }

  it('are masked for readers who do not manage the chain (a department, the finance bureau, the lead bank, its branch) and whole for the operator and its managers', async () => {
    // A user of the lead bank's 东湖 branch is named a manager of X as well: a bank manager sees them whole.
    const branchB = (await sql('SELECT id FROM users WHERE username = $1', [`tb${tag}abranchB`.toLowerCase()]))[0]
      .id as number;
    await sql(`INSERT INTO chain_managers (chain_id, user_id, kind) VALUES ($1, $2, 'BANK')`, [c.x, branchB]);
    const x = await failedImport(c.bank.tokens.head, c.x);
    for (const reader of [c.gov, c.bank.tokens.head, c.bank.tokens.branchA]) await seesMasked(reader, x);
    for (const reader of [c.operator, c.govManager, c.bank.tokens.branchB]) await seesWhole(reader, x);
    // Chain Y: its chief department is a finance bureau (JINRONGJU) and its lead bank another bank; neither manages it.
    const y = await failedImport(c.bank2.tokens.head, c.y);
    for (const reader of [c.gov2, c.bank2.tokens.head, c.bank2.tokens.branchA]) await seesMasked(reader, y);
    await seesWhole(c.operator, y);
  });

  it('a phone sent back masked as shown registers the row’s own phone; another masked one, or one of a bad phone cell, is refused', async () => {
    const jobId = await failedImport(c.bank.tokens.head, c.x);
    const p = await page(c.bank.tokens.head, jobId);
    const good = p.byRow(2);
    const short = p.byRow(4);
    const again = (rec: typeof good, contactPhone: string) =>
      op(t.app, c.bank.tokens.head, chainOps.registerAgain, {
        failRecordId: rec.id,
        creditCode: rec.values.creditCode,
        name: rec.values.name,
        tier: 'UPSTREAM',
        contactPhone,
      });
    const still = async (id: number) =>
      (await sql('SELECT status FROM chain_fail_records WHERE id = $1', [id]))[0].status;

    for (const [rec, shown] of [
      [good, '138****9999'],
      [short, short.values.contactPhone],
    ] as const) {
      const res = await again(rec, shown);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errorCode).toBe('VALIDATION');
      expect(res.json().data.fields[0].field).toBe('contactPhone');
      expect(await still(rec.id)).toBe('FAILED');
    }
    const res = await again(good, good.values.contactPhone);
    expect(res.statusCode, res.body).toBe(200);
    // The answer shows the record as the caller reads it: still masked.
    expect(res.body).not.toContain(PHONE);
    const enterpriseId = res.json().data.enterpriseId as number;
    expect(
      (await sql('SELECT contact_phone FROM chain_enterprises WHERE id = $1', [enterpriseId]))[0].contact_phone,
    ).toBe(PHONE);
    expect((await ok(t.app, c.operator, chainOps.enterpriseDetail, { id: enterpriseId })).contactPhone).toBe(PHONE);
  });
});
