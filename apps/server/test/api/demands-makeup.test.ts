import { randomBytes } from 'node:crypto';
import { PassThrough, Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAKEUP_IMPORT_COLUMNS, type MakeupRequest } from '@phjr/contract/demands/calls';
import { withCheckChar } from '@phjr/contract/orgs/credit-code';
import { call, createTestApp, type TestApp, type Tokens, signInAs } from '../helpers.ts';
import { makeupSpec } from '../../src/modules/demands/makeup-import.service.ts';
import { bankUnitsByName } from '../../src/modules/demands/demands.repo.ts';
import { runImport } from '../../src/modules/imports/xlsx-import.ts';
import { listRegions } from '../../src/modules/orgs/orgs.repo.ts';
import { get, post, testBank } from './demands-helpers.ts';

let t: TestApp;
let op: Tokens;
let bank: Awaited<ReturnType<typeof testBank>>;
let bankName: string;
const tag = `DM${Math.random().toString(36).slice(2, 7)}`;
const today = () => new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
const sql = async (text: string, values: unknown[] = []) => (await t.database.pool.query(text, values)).rows;
const makeups = async (like: string) =>
  (await sql("SELECT count(*)::int AS n FROM demands WHERE source = 'MAKEUP' AND applicant_name LIKE $1", [like]))[0].n;
const overview = async () =>
  (await get(t.app, null, '/finance/portal/statistics/portal/getHomepageTotalOverviewData.json')).json().data;

async function xlsx(rows: string[][], headers: string[] = MAKEUP_IMPORT_COLUMNS.map((c) => c.header)): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('补录');
  ws.addRow(headers);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** The same with exceljs' streaming writer (strings inline in the sheet, as large exports write them). */
async function streamedXlsx(rows: string[][]): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
  const ws = wb.addWorksheet('补录');
  ws.addRow(MAKEUP_IMPORT_COLUMNS.map((c) => c.header)).commit();
  for (const r of rows) ws.addRow(r).commit();
  ws.commit();
  await wb.commit();
  return Buffer.concat(chunks);
}

async function upload(file: Buffer, dryRun: boolean) {
  const boundary = `----phjr${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="makeup.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const payload = Buffer.concat([head, file, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  return call(t.app, op, {
    method: 'POST',
    url: `/finance/demand/makeup/import/upload.json?dryRun=${dryRun}`,
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
}

beforeAll(async () => {
  t = await createTestApp();
  op = await signInAs(t.app, 'operator');
  bank = await testBank(t.app, t.database.db, tag);
  bankName = `测试银行${tag}城关支行`;
});
afterAll(() => t.close());

function makeup(over: Partial<MakeupRequest> = {}): MakeupRequest {
  return {
    applicantName: `补录企业${tag}有限公司`,
    applicantType: 'ENTERPRISE',
    creditCode: withCheckChar('91999901MA0000777'),
    bankOrgId: bank.ids.branchA,
    regionCode: '999901',
    industry: 'AGRICULTURE',
    guaranteeMethod: 'CREDIT',
    amount: 120,
    rate: 4.2,
    term: 24,
    grantedAt: today(),
    ...over,
  };
}

describe('makeup one by one', () => {
  it('records an offline loan as a granted makeup demand, counted in the overview', async () => {
    const before = await overview();
    const res = await post(t.app, op, '/finance/demand/makeup/save.json', makeup());
    expect(res.statusCode, res.body).toBe(200);
    const { id, code } = res.json().data;
    expect(code).toMatch(/^XQ/);
    const d = (await get(t.app, op, `/finance/demand/detail.json?id=${id}`)).json().data;
    expect(d).toMatchObject({
      status: 'GRANTED',
      source: 'MAKEUP',
      type: 'ORIENTATION',
      ownerOrgId: bank.ids.branchA,
      grantedAmount: 120,
      grantedRate: 4.2,
      grantedTerm: 24,
      grantedAt: today(),
      consent: { agreed: false },
    });
    expect(d.history).toEqual([
      expect.objectContaining({ action: 'makeup', fromStatus: null, toStatus: 'GRANTED', actorName: '王运营' }),
    ]);
    const after = await overview();
    expect(after.demands).toBe(before.demands + 1);
    expect(after.amountGranted).toBeCloseTo(before.amountGranted + 120, 2);
    expect(
      await sql("SELECT 1 FROM audit_log WHERE action = 'demand.makeup' AND target = $1", [`demand:${id}`]),
    ).toHaveLength(1);
    // The bank sees it among its demands, the operator in the makeup view.
    const mine = (await get(t.app, bank.tokens.head, '/finance/demand/bank/page.json?scope=MINE&pageSize=100')).json()
      .data.list;
    expect(mine.map((x: { id: number }) => x.id)).toContain(id);
    const view = (
      await get(
        t.app,
        op,
        `/finance/demand/operate/page.json?view=makeup&keyword=${encodeURIComponent(`补录企业${tag}`)}`,
      )
    ).json().data;
    expect(view.list.map((x: { id: number }) => x.id)).toEqual([id]);
  });

  it('refuses an enterprise without a valid credit code, a loan of tomorrow and a unit that is not a bank', async () => {
    const code = withCheckChar('91999901MA0000777');
    const tomorrow = new Date(Date.now() + 32 * 3_600_000).toISOString().slice(0, 10);
    for (const over of [
      { creditCode: undefined },
      { creditCode: code.slice(0, 17) + (code[17] === '0' ? '1' : '0') },
      { grantedAt: tomorrow },
    ]) {
      expect((await post(t.app, op, '/finance/demand/makeup/save.json', makeup(over))).statusCode).toBe(400);
    }
    const [{ id: gov }] = await sql("SELECT id FROM orgs WHERE classified_type = 'GOVERNMENT' LIMIT 1");
    expect(
      (await post(t.app, op, '/finance/demand/makeup/save.json', makeup({ bankOrgId: gov }))).json().errorCode,
    ).toBe('DEMAND_TARGET_INVALID');
  });
});

describe('makeup import', () => {
  const name = (n: number) => `导入${tag}${n}号合作社`;
  const rows = () => [
    [name(1), '新型农业经营主体', '', bankName, '城关区', '农业种植', '信用', '30', '4.35', '12', '2026-03-02'],
    [name(2), '个人', '', bankName, '999902', 'AGRICULTURE', 'MORTGAGE', '8.5', '5', '36', '2026-03-03'],
    [name(3), '企业', '', bankName, '城关区', '制造业', '信用', '100', '4', '12', '2026-03-04'],
    [name(4), '农户', '', '不存在的银行', '城关区', '农业种植', '信用', '5', '4', '12', '2026-03-04'],
    [name(5), '农户', '', bankName, '火星区', '农业种植', '信用', '5', '4', '12', '2026-03-04'],
    [name(6), '农户', '', bankName, '城关区', '农业种植', '信用', '-5', '4', '12', '2026-03-04'],
    [name(1), '新型农业经营主体', '', bankName, '城关区', '农业种植', '信用', '30', '4.35', '12', '2026-03-02'],
    [name(8), '农户', '', bankName, '城关区', '农业种植', '信用', '5', '4', '12', '2026-02-30'],
    [name(9), '农户', '', bankName, '城关区', '农业种植', '信用', '5', '', '12', '2026-03-05'],
  ];

  it('serves the template with the import columns', async () => {
    const res = await call(t.app, op, { method: 'GET', url: '/finance/demand/makeup/import/template.json' });
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect((wb.worksheets[0].getRow(1).values as string[]).slice(1)).toEqual(
      MAKEUP_IMPORT_COLUMNS.map((c) => c.header),
    );
  });

  it('a dry run checks every row and writes nothing', async () => {
    const jobs = (await sql('SELECT count(*)::int AS n FROM import_jobs'))[0].n;
    const res = await upload(await xlsx(rows()), true);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ jobId: null, dryRun: true, total: 9, succeeded: 2, failed: 7 });
    expect(await makeups(`导入${tag}%`)).toBe(0);
    expect((await sql('SELECT count(*)::int AS n FROM import_jobs'))[0].n).toBe(jobs);
  });

  it('imports the good rows, keeps the bad ones with their reasons, and lists the record', async () => {
    const res = await upload(await xlsx(rows()), false);
    const r = res.json().data;
    expect(r).toMatchObject({ dryRun: false, total: 9, succeeded: 2, failed: 7 });
    const reasons = Object.fromEntries(r.failures.map((f: { rowNo: number; reason: string }) => [f.rowNo, f.reason]));
    expect(reasons).toMatchObject({
      4: expect.stringContaining('统一社会信用代码'),
      5: expect.stringContaining('未找到放款银行'),
      6: expect.stringContaining('未知的区县'),
      7: expect.stringContaining('放款金额'),
      8: expect.stringContaining('与第2行重复'),
      9: expect.stringContaining('放款日期'),
      10: expect.stringContaining('缺少必填项'),
    });
    expect(await makeups(`导入${tag}%`)).toBe(2);
    const rowsIn = await sql(
      'SELECT applicant_type, region_code, bank_org_id, bank_id, status, granted_amount, import_job_id FROM demands WHERE applicant_name = $1',
      [name(2)],
    );
    expect(rowsIn).toEqual([
      {
        applicant_type: 'PERSON',
        region_code: '999902',
        bank_org_id: bank.ids.branchA,
        bank_id: bank.ids.head,
        status: 'GRANTED',
        granted_amount: 8.5,
        import_job_id: r.jobId,
      },
    ]);
    expect(
      await sql(
        "SELECT count(*)::int AS n FROM demand_history h JOIN demands d ON d.id = h.demand_id WHERE d.import_job_id = $1 AND h.action = 'makeup'",
        [r.jobId],
      ),
    ).toEqual([{ n: 2 }]);
    const records = (await get(t.app, op, '/finance/demand/makeup/import/records.json')).json().data;
    expect(records.list[0]).toMatchObject({
      id: r.jobId,
      kind: 'MAKEUP_LOANS',
      fileName: 'makeup.xlsx',
      total: 9,
      succeeded: 2,
      failed: 7,
      userName: '王运营',
    });
    const failures = (await get(t.app, op, `/finance/demand/makeup/import/failures.json?jobId=${r.jobId}`)).json().data;
    expect(failures).toHaveLength(7);
    expect(JSON.parse(failures[0].data)).toMatchObject({ applicantName: name(3) });
    expect(
      await sql("SELECT 1 FROM audit_log WHERE action = 'demand.import' AND target = $1", [`import:${r.jobId}`]),
    ).toHaveLength(1);
    // The same file again: the loans already recorded are refused as such.
    const again = (await upload(await xlsx(rows().slice(0, 2)), true)).json().data;
    expect(again).toMatchObject({ succeeded: 0, failed: 2 });
    expect(again.failures[0].reason).toContain('已补录');
  });

  it('writes the good rows in one transaction: a failure while writing leaves nothing behind', async () => {
    const [regions, banks] = await Promise.all([listRegions(t.database.db), bankUnitsByName(t.database.db)]);
    const [{ id: userId }] = await sql("SELECT id FROM users WHERE username = 'operator'");
    const spec = makeupSpec(regions, banks, {
      userId,
      orgId: null,
      at: new Date(),
      ip: '127.0.0.1',
      fileName: 'boom.xlsx',
    });
    const insert = spec.insert.bind(spec);
    spec.insert = async (tx, rs, jobId, refuse) => {
      await insert(tx, rs, jobId, refuse);
      throw new Error('disk full');
    };
    const file = await xlsx([
      [`原子${tag}`, '农户', '', bankName, '城关区', '农业种植', '信用', '5', '4', '12', '2026-03-04'],
    ]);
    const jobs = (await sql('SELECT count(*)::int AS n FROM import_jobs'))[0].n;
    await expect(
      runImport(t.database.db, spec, { input: Readable.from(file), fileName: 'boom.xlsx', userId, dryRun: false }),
    ).rejects.toThrow('disk full');
    expect(await makeups(`原子${tag}%`)).toBe(0);
    expect((await sql('SELECT count(*)::int AS n FROM import_jobs'))[0].n).toBe(jobs);
  });

  it('reads a day typed as an Excel date, and Chinese text however the file is cut into chunks', async () => {
    const dated = await xlsx([
      [
        `日期${tag}`,
        '农户',
        '',
        bankName,
        '城关区',
        '农业种植',
        '信用',
        '5',
        '4',
        '12',
        new Date(Date.UTC(2026, 2, 4)) as unknown as string,
      ],
    ]);
    expect((await upload(dated, true)).json().data).toMatchObject({ succeeded: 1, failed: 0 });
    // Thousands of rows of Chinese text written as inline strings: the sheet's XML spans hundreds of chunks, some cut
    // inside a character.
    const many = Array.from({ length: 4000 }, (_, i) => [
      `长名称的家庭农场经营主体示范户第${i}号${tag}`,
      '新型农业经营主体',
      '',
      bankName,
      '桃源县',
      '农产品加工',
      '保证人担保',
      '12',
      '4.5',
      '24',
      '2026-02-03',
    ]);
    const r = (await upload(await streamedXlsx(many), true)).json().data;
    expect(r).toMatchObject({ total: 4000, succeeded: 4000, failed: 0 });
  });

  it('refuses a file that is not a workbook', async () => {
    const res = await upload(Buffer.from('not a zip at all'), false);
    expect(res.statusCode).toBe(400);
    expect(res.json().errorCode).toBe('IMPORT_FILE_INVALID');
  });
});
