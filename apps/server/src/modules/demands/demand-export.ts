import type { Readable } from 'node:stream';
import type { DemandStatus } from '@phjr/contract/demands/demand';
import type { Db } from '../../db/client.ts';
import type { ReadCache } from '../../db/read-cache.ts';
import { cellDateTime, enumLabel, streamSheet } from '../../lib/excel-export.ts';
import { writeAudit } from '../audit/audit.ts';
import { listOf, type ListKind, type OperateView } from './demand-access.ts';
import { demandCode, statusName } from './demand-messages.ts';
import type { Actor, FilterInput } from './demands.service.ts';
import * as repo from './demands.repo.ts';
import { exportFileName } from '@phjr/contract/system/export-file-name';

/**
 * The Excel twin of every demand list (`.../export.json`): the same scope, filters and sort as the page (newest first
 * without a sort), at most EXPORT_MAX_ROWS rows, written by exceljs' streaming writer while the rows are read in
 * keyset batches on (sort value, id) (memory stays flat whatever the size). Every text cell that a spreadsheet would read as a formula (starting with = + - @, a tab
 * or a carriage return) gets a leading apostrophe. Each export is audited (`export`) with its list and filters.
 */
export const EXPORT_MAX_ROWS = 50_000;
const BATCH = 1_000;

/** The base of the file name of each list (exportFileName: `name_yyyyMMddHHmmss.xlsx`, as the web saves it). */
export const EXPORT_NAMES = {
  my: '我的融资需求',
  bank: '银行融资需求',
  guarantee: '担保需求',
  supervise: '融资需求监管',
  operate: '融资需求',
} as const;

const COLUMNS: {
  header: string;
  width: number;
  value: (r: repo.SummaryRow & { purpose: string }, now: number) => string | number | null;
}[] = [
  { header: '需求编号', width: 20, value: (r) => demandCode(r.id, r.createdAtMs) },
  { header: '需求类型', width: 10, value: (r) => enumLabel('DemandType', r.type) },
  { header: '状态', width: 10, value: (r) => statusName(r.status as DemandStatus) },
  { header: '来源', width: 10, value: (r) => enumLabel('DemandSource', r.source) },
  { header: '申请主体', width: 30, value: (r) => r.applicantName },
  { header: '主体类型', width: 12, value: (r) => enumLabel('CustomerType', r.applicantType) },
  { header: '所在区县', width: 10, value: (r) => r.regionName ?? r.regionCode },
  { header: '需求金额（万元）', width: 14, value: (r) => r.amount },
  { header: '期限（月）', width: 10, value: (r) => r.term },
  { header: '担保方式', width: 12, value: (r) => enumLabel('GuaranteeMethod', r.guaranteeMethod) },
  { header: '行业', width: 12, value: (r) => enumLabel('Industry', r.industry) },
  { header: '申请产品', width: 20, value: (r) => r.productName },
  { header: '指向机构', width: 30, value: (r) => r.targetOrgName },
  { header: '受理机构', width: 30, value: (r) => r.ownerOrgName },
  { header: '担保机构', width: 30, value: (r) => r.guaranteeOrgName },
  { header: '资金用途', width: 40, value: (r) => r.purpose },
  { header: '提交时间', width: 18, value: (r) => cellDateTime(r.createdAtMs) },
  { header: '办理时限', width: 18, value: (r) => cellDateTime(r.dueAtMs) },
  { header: '是否超时', width: 10, value: (r, now) => (r.dueAtMs !== null && r.dueAtMs < now ? '是' : '否') },
  { header: '放款金额（万元）', width: 14, value: (r) => r.grantedAmount },
  { header: '放款日期', width: 12, value: (r) => r.grantedAt },
];

export type ExportQuery = FilterInput & { scope?: 'POOL' | 'MINE'; view?: OperateView; list: string };

/** Starts the export of one list for the caller: the file name and a stream of the xlsx being written. */
export async function exportDemands(
  db: Db,
  actor: Actor,
  kind: ListKind,
  q: ExportQuery,
  cache?: ReadCache,
): Promise<{ fileName: string; stream: Readable }> {
  const { scope: _s, view, list, ...f } = q;
  const { scope, filter } = await listOf(db, actor.session, kind, view, f, cache);
  const at = new Date();
  const first = await repo.demandBatch(db, scope, filter, at, null, BATCH);
  await writeAudit(db, {
    userId: actor.session.userId,
    action: 'export',
    target: `demands:${kind}`,
    detail: { list, view: view ?? null, filters: f },
    ip: actor.ip,
  });

  const now = at.getTime();
  const stream = streamSheet({
    sheet: '融资需求',
    columns: COLUMNS,
    cells: (r) => COLUMNS.map((c) => c.value(r, now)),
    first,
    next: (last) => repo.demandBatch(db, scope, filter, at, last && { key: last.sortKey, id: last.id }, BATCH),
    batch: BATCH,
    maxRows: EXPORT_MAX_ROWS,
  });
  return { fileName: exportFileName(EXPORT_NAMES[list as keyof typeof EXPORT_NAMES] ?? list, now), stream };
}
