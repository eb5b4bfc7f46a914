import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp, type Tokens, signInAs } from '../helpers.ts';
import { safeCell } from '../../src/lib/excel-export.ts';
import { insertDemandRow } from '../../src/seed/factories.ts';
import { testBank } from './demands-helpers.ts';

let t: TestApp;
let op: Tokens;
let bank: Awaited<ReturnType<typeof testBank>>;
let rival: Awaited<ReturnType<typeof testBank>>;
const tag = `DX${Math.random().toString(36).slice(2, 7)}`;

async function exportOf(tokens: Tokens, url: string) {
  const res = await call(t.app, tokens, { method: 'GET', url });
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const ws = wb.worksheets[0];
  const rows: string[][] = [];
  ws.eachRow((row) =>
    rows.push((row.values as unknown[]).slice(1).map((v) => (v === null || v === undefined ? '' : String(v)))),
  );
  return { res, header: rows[0], rows: rows.slice(1) };
}

beforeAll(async () => {
  t = await createTestApp();
  op = await signInAs(t.app, 'operator');
  bank = await testBank(t.app, t.database.db, tag);
  rival = await testBank(t.app, t.database.db, `${tag}r`);
  const db = t.database.db;
  const at = (day: string) => new Date(`${day}T09:00:00+08:00`);
  const mine = {
    type: 'ORIENTATION',
    bankOrgId: bank.ids.branchA,
    bankId: bank.ids.head,
    targetOrgId: bank.ids.branchA,
  };
  await insertDemandRow(db, {
    ...mine,
    applicantName: `=HYPERLINK("http://evil.example","点我")${tag}`,
    regionCode: '999901',
    purpose: '+cmd|/c calc',
    status: 'PENDING',
    createdAt: at('2026-05-06'),
  });
  await insertDemandRow(db, {
    ...mine,
    applicantName: `@SUM(A1)${tag}`,
    regionCode: '999901',
    purpose: '-2+3 采购原料',
    status: 'GRANTED',
    grantedAmount: 40,
    grantedAt: '2026-05-20',
    ownerOrgId: bank.ids.branchA,
    createdAt: at('2026-05-07'),
  });
  await insertDemandRow(db, {
    ...mine,
    applicantName: `正常企业${tag}`,
    regionCode: '999902',
    purpose: '\t隐藏的制表符',
    status: 'REJECTED',
    ownerOrgId: bank.ids.branchA,
    createdAt: at('2026-06-01'),
  });
  await insertDemandRow(db, {
    type: 'ORIENTATION',
    bankOrgId: rival.ids.head,
    bankId: rival.ids.head,
    targetOrgId: rival.ids.head,
    applicantName: `他行企业${tag}`,
    regionCode: '999901',
    createdAt: at('2026-05-08'),
  });
});
afterAll(() => t.close());

describe('Excel exports', () => {
  it('write the list’s rows with a header, as an attachment named name_yyyyMMddHHmmss.xlsx, and are audited', async () => {
    const { res, header, rows } = await exportOf(
      op,
      `/finance/demand/operate/export.json?view=assigned&keyword=${encodeURIComponent(tag)}`,
    );
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(decodeURIComponent(String(res.headers['content-disposition']))).toMatch(
      /attachment;.*融资需求_\d{14}\.xlsx/,
    );
    expect(header.slice(0, 3)).toEqual(['需求编号', '需求类型', '状态']);
    expect(rows).toHaveLength(4);
    // Newest first, labels in Chinese.
    expect(rows[0][4]).toBe(`正常企业${tag}`);
    expect(rows[0].slice(1, 3)).toEqual(['定向需求', '已拒绝']);
    const audit = (
      await t.database.pool.query(
        "SELECT detail FROM audit_log WHERE action = 'export' AND target = 'demands:operate' ORDER BY id DESC LIMIT 1",
      )
    ).rows[0];
    expect(audit.detail).toMatchObject({ list: 'operate', view: 'assigned', filters: { keyword: tag } });
  });

  it('neutralise formula injection: text starting with = + - @ or a tab is written with a leading apostrophe', async () => {
    const { rows } = await exportOf(
      op,
      `/finance/demand/operate/export.json?view=assigned&keyword=${encodeURIComponent(tag)}`,
    );
    const byName = (prefix: string) => rows.find((r) => r[4].includes(prefix))!;
    expect(byName('HYPERLINK')[4]).toBe(`'=HYPERLINK("http://evil.example","点我")${tag}`);
    expect(byName('HYPERLINK')[15]).toBe("'+cmd|/c calc");
    expect(byName('SUM')[4]).toBe(`'@SUM(A1)${tag}`);
    expect(byName('SUM')[15]).toBe("'-2+3 采购原料");
    expect(byName('正常')[15]).toBe("'\t隐藏的制表符");
    // Numbers stay numbers.
    expect(byName('SUM')[19]).toBe('40');
    expect(safeCell('\rx')).toBe("'\rx");
    expect(safeCell(-5)).toBe(-5);
    expect(safeCell('普通文本')).toBe('普通文本');
  });

  it('honour the filters and the viewer’s scope', async () => {
    const granted = await exportOf(
      op,
      `/finance/demand/operate/export.json?view=assigned&status=GRANTED&keyword=${encodeURIComponent(tag)}`,
    );
    expect(granted.rows.map((r) => r[2])).toEqual(['已放款']);
    const dated = await exportOf(
      op,
      `/finance/demand/operate/export.json?view=assigned&from=2026-05-07&to=2026-05-08&keyword=${encodeURIComponent(tag)}`,
    );
    expect(dated.rows).toHaveLength(2);
    const region = await exportOf(
      op,
      `/finance/demand/operate/export.json?view=assigned&regionCode=999902&keyword=${encodeURIComponent(tag)}`,
    );
    expect(region.rows.map((r) => r[6])).toEqual(['东湖区']);
    // A bank exports its own demands only.
    const own = await exportOf(
      bank.tokens.head,
      `/finance/demand/bank/export.json?scope=MINE&keyword=${encodeURIComponent(tag)}`,
    );
    expect(own.rows).toHaveLength(3);
    expect(own.rows.some((r) => r[4].includes('他行'))).toBe(false);
    expect(decodeURIComponent(String(own.res.headers['content-disposition']))).toContain('银行融资需求_');
    const theirs = await exportOf(
      rival.tokens.head,
      `/finance/demand/bank/export.json?scope=MINE&keyword=${encodeURIComponent(tag)}`,
    );
    expect(theirs.rows.map((r) => r[4])).toEqual([`他行企业${tag}`]);
  });

  it('an empty list exports the header alone', async () => {
    const { header, rows } = await exportOf(
      op,
      '/finance/demand/operate/export.json?view=makeup&keyword=nobody-at-all',
    );
    expect(header).toHaveLength(21);
    expect(rows).toEqual([]);
  });
});
