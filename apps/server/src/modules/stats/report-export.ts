import type { Readable } from 'node:stream';
import {
  REJECT_CODES,
  ZReportFigures,
  type BankReport,
  type ReportFigures,
  type RegionReport,
  type Scorecard,
} from '@phjr/contract/stats/reports';
import { exportFileName } from '@phjr/contract/system/export-file-name';
import { enumLabel, streamSheet, type SheetColumn } from '../../lib/excel-export.ts';
import { figureDefinitions } from './definitions.ts';

/**
 * The Excel twins of the reports: exactly the rows and figures of the JSON for the same query (the same service call),
 * Chinese headers (the figure's name in docs/statistics.md), numbers as numbers (amounts in 万元, rates 0..1 as in the
 * JSON, an empty cell where the JSON has null). Written by the product's streaming sheet writer (lib/excel-export.ts).
 */

/** The base names of the files (exportFileName adds the time). */
export const REPORT_EXPORT_NAMES = { region: '区域统计报表', bank: '银行统计报表', scorecard: '银行服务评价' } as const;

/** Fallback headers when the document does not name a figure (it should: a test checks every field is defined). */
const FALLBACK: Record<string, string> = {
  counted: '需求数',
  countedAmount: '需求金额（万元）',
  posted: '发布需求数',
  accepted: '受理数',
  acceptRate: '受理率',
  acceptDaysAvg: '平均受理用时（工作日）',
  acceptDaysP90: '受理用时90分位（工作日）',
  acceptLate: '超时受理数',
  granted: '放款数',
  grantedAmount: '放款金额（万元）',
  grantRate: '放款成功率',
  grantDaysAvg: '平均放款用时（工作日）',
  grantDaysP90: '放款用时90分位（工作日）',
  grantedRateAvg: '平均放款利率（%）',
  grantedCredit: '信用贷款数',
  grantedCreditAmount: '信用贷款金额（万元）',
  creditShare: '信用贷款占比',
  firstLoan: '首贷户数',
  makeup: '补录贷款数',
  makeupAmount: '补录贷款金额（万元）',
  rejected: '拒绝数',
  decideLate: '超时审批数',
  withdrawn: '撤回数',
  expired: '超时未受理数',
  slaBreaches: '超时总数',
  guaranteed: '担保数',
  guaranteedAmount: '担保金额（万元）',
  overdueNow: '当前超时数',
  share: '受理占比',
  breachRate: '超时率',
  score: '综合评分',
};

const headerOf = (key: string) => figureDefinitions().find((d) => d.key === key)?.zh || FALLBACK[key] || key;

type Cell = string | number | null;
interface Column<R> {
  header: string;
  width: number;
  value: (r: R) => Cell;
}

/** The columns of ReportFigures, in the contract's order; the refusals one column per reason. */
function figureColumns<R>(get: (r: R) => ReportFigures): Column<R>[] {
  const cols: Column<R>[] = [];
  for (const k of Object.keys(ZReportFigures.shape) as (keyof ReportFigures)[]) {
    if (k === 'rejectedByCode') {
      for (const code of REJECT_CODES)
        cols.push({
          header: `拒绝：${enumLabel('RejectCode', code)}`,
          width: 14,
          value: (r) => get(r).rejectedByCode[code] ?? 0,
        });
    } else cols.push({ header: headerOf(k), width: 14, value: (r) => get(r)[k] as Cell });
  }
  return cols;
}

function sheet<R>(name: string, columns: Column<R>[], rows: R[]): Readable {
  const cols: SheetColumn[] = columns.map((c) => ({ header: c.header, width: c.width }));
  return streamSheet<R>({
    sheet: name,
    columns: cols,
    cells: (r) => columns.map((c) => c.value(r)),
    first: rows,
    next: async () => [],
    batch: rows.length + 1,
  });
}

export function regionExport(rep: RegionReport): { fileName: string; stream: Readable } {
  type Row = { name: string; figures: ReportFigures };
  const rows: Row[] = [...rep.rows, { name: '合计', figures: rep.total }];
  const columns: Column<Row>[] = [
    { header: '区县', width: 16, value: (r) => r.name },
    ...figureColumns<Row>((r) => r.figures),
  ];
  return { fileName: exportFileName(REPORT_EXPORT_NAMES.region, Date.now()), stream: sheet('区域统计', columns, rows) };
}

/** The tree flattened depth-first (the JSON's order), with a level column and the name indented by its depth. */
export function bankExport(rep: BankReport): { fileName: string; stream: Readable } {
  type Row = { name: string; depth: number | null; figures: ReportFigures };
  const depth = new Map<number, number>();
  const rows: Row[] = rep.rows.map((n) => {
    const d = n.parentId === null ? 0 : (depth.get(n.parentId) ?? 0) + 1;
    depth.set(n.orgId, d);
    return { name: n.name, depth: d, figures: n.figures };
  });
  rows.push({ name: '合计', depth: null, figures: rep.total });
  const LEVEL = ['总行', '分支行', '网点'];
  const columns: Column<Row>[] = [
    { header: '机构', width: 30, value: (r) => `${'　　'.repeat(r.depth ?? 0)}${r.name}` },
    { header: '层级', width: 8, value: (r) => (r.depth === null ? '' : (LEVEL[r.depth] ?? `${r.depth + 1}级`)) },
    ...figureColumns<Row>((r) => r.figures),
  ];
  return { fileName: exportFileName(REPORT_EXPORT_NAMES.bank, Date.now()), stream: sheet('银行统计', columns, rows) };
}

export function scorecardExport(rep: Scorecard): { fileName: string; stream: Readable } {
  type Row = Scorecard['rows'][number];
  const col = (k: keyof Row): Column<Row> => ({ header: headerOf(k), width: 14, value: (r) => r[k] as Cell });
  const columns: Column<Row>[] = [
    { header: '排名', width: 8, value: (r) => r.rank },
    { header: '银行', width: 30, value: (r) => r.name },
    ...(
      [
        'score',
        'share',
        'accepted',
        'granted',
        'grantedAmount',
        'acceptRate',
        'grantRate',
        'acceptDaysAvg',
        'acceptDaysP90',
        'grantDaysAvg',
        'grantDaysP90',
        'slaBreaches',
        'breachRate',
      ] as const
    ).map(col),
  ];
  return {
    fileName: exportFileName(REPORT_EXPORT_NAMES.scorecard, Date.now()),
    stream: sheet('银行服务评价', columns, rep.rows),
  };
}
