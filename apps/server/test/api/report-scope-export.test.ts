import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REJECT_CODES, ZReportFigures, ZScorecardRow, reportOps } from '@phjr/contract/stats/reports';
import { callOp, must, refused, signInAs } from '../helpers.ts';
import { parseDefinitions } from '../../src/modules/stats/definitions.ts';
import { bankReport, buildFixture, drillTotal, region, scorecard, type Fixture } from './report-helpers.ts';

/**
 * Who reads the reports and how much of them: a district supervisor sees its district only in every report, the
 * drill-down and the exports, whatever district it sends; the exports hold exactly the JSON's rows and numbers
 * (read back with exceljs); every figure has its definition in docs/statistics.md, served by definitions.json.
 */
let f: Fixture;
const tag = `RS${Math.random().toString(36).slice(2, 7)}`;

beforeAll(async () => {
  f = await buildFixture(tag, 2022);
}, 120_000);
afterAll(() => f.t.close());

/** A cell as the JSON has it: empty for null. */
const cell = (v: unknown) => (v === undefined || v === '' ? null : v);

async function sheetOf(
  op: { method: string; path: string },
  who: Parameters<typeof callOp>[1],
  q: Record<string, unknown>,
) {
  const res = await callOp(f.t.app, who, op, q);
  expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
  expect(res.headers['content-type']).toContain('spreadsheetml');
  expect(decodeURIComponent(String(res.headers['content-disposition']))).toMatch(/_\d{14}\.xlsx$/);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const ws = wb.worksheets[0];
  const rows: unknown[][] = [];
  ws.eachRow((r) => rows.push((r.values as unknown[]).slice(1)));
  return rows;
}

describe('district scope', () => {
  it('a district supervisor sees its district only, whatever it sends', async () => {
    for (const q of [f.range, { ...f.range, regionCode: '999901' }, { ...f.range, regionCode: '999902' }]) {
      const rep = await region(f, f.dist, q);
      expect(rep.rows.map((r: { regionCode: string }) => r.regionCode)).toEqual(['999902']);
      expect(rep.total).toEqual(rep.rows[0].figures);
      // 东湖 in the fixture: D4 and D6 counted, D3 withdrawn, D4 accepted late, D6 expired.
      expect([rep.total.counted, rep.total.posted, rep.total.accepted, rep.total.withdrawn, rep.total.expired]).toEqual(
        [2, 3, 1, 1, 1],
      );
      // The bank tree: only the 东湖 branch's demands; the 城关 branch shows zeros.
      const bank = await bankReport(f, f.dist, q);
      const node = (id: number) => bank.rows.find((r: { orgId: number }) => r.orgId === id).figures;
      expect([
        node(f.bank.ids.head).counted,
        node(f.bank.ids.branchB).counted,
        node(f.bank.ids.branchA).counted,
        node(f.bank.ids.branchA).accepted,
      ]).toEqual([2, 2, 0, 0]);
      expect(bank.total.counted).toBe(2);
      // The scorecard from the district's unit rows: the bank accepted D4 there, late, and let D6 expire.
      const card = (await scorecard(f, f.dist, q)).rows.find((r: { bankId: number }) => r.bankId === f.bank.ids.head);
      expect([card.accepted, card.granted, card.slaBreaches, card.share, card.acceptRate]).toEqual([1, 0, 2, 1, 0.5]);
      // Drill-downs list 东湖's demands only, also when 城关 is asked for.
      expect(await drillTotal(f, f.dist, { ...q, measure: 'counted' })).toBe(2);
      expect(await drillTotal(f, f.dist, { ...q, measure: 'granted' })).toBe(0);
      expect(await drillTotal(f, f.dist, { ...q, measure: 'accepted', orgId: f.bank.ids.head })).toBe(1);
    }
    // The city supervisor and the operator see all eight districts, and may narrow to one.
    expect((await region(f, f.gov)).rows).toHaveLength(8);
    const one = await region(f, f.op, { ...f.range, regionCode: '999901' });
    expect(one.rows.map((r: { regionCode: string }) => r.regionCode)).toEqual(['999901']);
    expect(one.total.counted).toBe(3);
    expect(await drillTotal(f, f.op, { ...f.range, measure: 'counted', regionCode: '999901' })).toBe(3);
  });

  it('the district supervisor export holds its district only', async () => {
    const rows = await sheetOf(reportOps.regionExport, f.dist, { ...f.range, regionCode: '999901' });
    expect(rows.map((r) => r[0])).toEqual(['区县', '东湖区', '合计']);
  });

  it('accounts without report:read are refused; the definitions are public', async () => {
    for (const who of ['bank', 'guarantee', 'person', 'enterprise'] as const) {
      const tokens = await signInAs(f.t.app, who);
      expect((await refused(f.t.app, tokens, reportOps.region, f.range)).status, who).toBe(403);
      expect((await refused(f.t.app, tokens, reportOps.drill, { ...f.range, measure: 'counted' })).status, who).toBe(
        403,
      );
    }
    expect((await refused(f.t.app, null, reportOps.scorecard, f.range)).status).toBe(401);
    for (const who of ['jrj', 'rsj'] as const)
      expect((await region(f, await signInAs(f.t.app, who))).rows).toHaveLength(8);
    const defs = await must(f.t.app, null, reportOps.definitions);
    expect(defs.length).toBeGreaterThan(30);
  });

  it('a query outside the rules is refused (range over ten years, from after to)', async () => {
    expect((await refused(f.t.app, f.op, reportOps.region, { from: '2012-01-01', to: '2022-06-01' })).code).toBe(
      'VALIDATION',
    );
    expect(
      (await refused(f.t.app, f.op, reportOps.bank, { from: `${f.year}-05-01`, to: `${f.year}-04-01` })).code,
    ).toBe('VALIDATION');
  });
});

describe('exports: exactly what the page shows', () => {
  it('region: the rows and the total, Chinese headers, numbers as numbers', async () => {
    const rep = await region(f, f.op);
    const rows = await sheetOf(reportOps.regionExport, f.op, f.range);
    const header = rows[0] as string[];
    expect(header[0]).toBe('区县');
    expect(header).toContain('需求笔数');
    expect(header).toContain('放款金额（万元）');
    const col = (name: string) => header.indexOf(name);
    expect(rows.slice(1).map((r) => r[0])).toEqual([...rep.rows.map((r: { name: string }) => r.name), '合计']);
    const all = [...rep.rows.map((r: { figures: unknown }) => r.figures), rep.total];
    for (const [i, fig] of all.entries()) {
      const r = rows[i + 1];
      expect(r[col('需求笔数')]).toBe(fig.counted);
      expect(r[col('需求金额（万元）')]).toBe(fig.countedAmount);
      expect(r[col('放款金额（万元）')]).toBe(fig.grantedAmount);
      expect(cell(r[col('受理率')])).toBe(fig.acceptRate);
      expect(typeof r[col('受理笔数')]).toBe('number');
    }
    // The refusals per reason, one column each.
    const byCode = header.filter((h) => h.startsWith('拒绝：'));
    expect(byCode).toHaveLength(REJECT_CODES.length);
    expect(rows.at(-1)![header.indexOf(byCode[1])]).toBe(rep.total.rejectedByCode.CREDIT_RECORD);
  });

  it('bank: the tree flattened with its level, the total last', async () => {
    const rep = await bankReport(f, f.op);
    const rows = await sheetOf(reportOps.bankExport, f.op, f.range);
    expect(rows[0].slice(0, 3)).toEqual(['机构', '层级', '需求笔数']);
    expect(rows).toHaveLength(rep.rows.length + 2);
    const at = rep.rows.findIndex((r: { orgId: number }) => r.orgId === f.bank.ids.sub);
    expect(String(rows[at + 1][0]).trim()).toBe(`测试银行${tag}城关分理处`);
    expect(rows[at + 1][1]).toBe('网点');
    expect(rows[at + 1][2]).toBe(rep.rows[at].figures.counted);
    expect([rows.at(-1)![0], cell(rows.at(-1)![1]), rows.at(-1)![2]]).toEqual(['合计', null, rep.total.counted]);
  });

  it('scorecard: the ranked rows', async () => {
    const rep = await scorecard(f, f.op);
    const rows = await sheetOf(reportOps.scorecardExport, f.op, f.range);
    expect(rows[0].slice(0, 3)).toEqual(['排名', '银行', '综合得分']);
    expect(rows.slice(1).map((r) => [r[0], r[1], cell(r[2])])).toEqual(
      rep.rows.map((r: { rank: number; name: string; score: number | null }) => [r.rank, r.name, r.score]),
    );
  });
});

describe('definitions (口径) from docs/statistics.md', () => {
  it('every figure of the reports and the scorecard has one, in both languages', async () => {
    const defs = await must(f.t.app, null, reportOps.definitions);
    const keys = new Set(defs.map((d: { key: string }) => d.key));
    const fields = [...Object.keys(ZReportFigures.shape), ...Object.keys(ZScorecardRow.shape)].filter(
      (k) => !['rank', 'name', 'bankId'].includes(k),
    );
    expect(fields.filter((k) => !keys.has(k))).toEqual([]);
    for (const d of defs) {
      expect(d.zh, d.key).not.toBe('');
      expect(d.en, d.key).not.toBe('');
      expect(d.text, d.key).not.toBe('');
      expect(d.textZh, d.key).not.toBe('');
    }
  });

  it('the parser reads the sections tables only, cells with escaped pipes included', () => {
    const md = [
      '## Other',
      '| key | 中文 | English | definition | 中文口径 |',
      '|---|---|---|---|---|',
      '| x | 甲 | X | no | 否 |',
      '## Report figures (issue 16)',
      'text',
      '| key | 中文 | English | definition | 中文口径 |',
      '|---|---|---|---|---|',
      '| `counted` | 需求笔数 | Demands | a \\| b | 统计 |',
      '| counted | 重复 | Dup | dup | 重复 |',
      '',
      '## Bank scorecard',
      '| key | 中文 | English | definition | 中文口径 |',
      '|---|---|---|---|---|',
      '| score | 得分 | Score | s | 分 |',
    ].join('\n');
    expect(parseDefinitions(md)).toEqual([
      { key: 'counted', zh: '需求笔数', en: 'Demands', text: 'a | b', textZh: '统计' },
      { key: 'score', zh: '得分', en: 'Score', text: 's', textZh: '分' },
    ]);
  });
});
