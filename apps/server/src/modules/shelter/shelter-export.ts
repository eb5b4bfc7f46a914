import type { Readable } from 'node:stream';
import { exportFileName } from '@phjr/contract/system/export-file-name';
import type { Db } from '../../db/client.ts';
import { writeAudit } from '../audit/audit.ts';
import { cellDateTime, enumLabel, streamSheet } from '../../lib/excel-export.ts';
import { scopeOf } from './shelter-access.ts';
import { caseCode, helpName, stateName } from './shelter-messages.ts';
import { filterOf, viewerOf, type FilterInput } from './shelter-read.service.ts';
import type { Actor } from './shelter.service.ts';
import * as repo from './shelter.repo.ts';

/**
 * The Excel twin of the supervisor's list (`supervise/export.json`): the same scope, filters and sort (newest first
 * without one), at most EXPORT_MAX_ROWS rows, streamed while the rows are read in keyset batches on (sort value, id); formula-like text is neutralised (lib/excel-export.ts);
 * every export is audited (`export`) with its filters.
 */
export const EXPORT_MAX_ROWS = 50_000;
const BATCH = 1_000;

type Row = repo.SummaryRow & { cause: string; contactName: string };
const COLUMNS: { header: string; width: number; value: (r: Row) => string | number | null }[] = [
  { header: '申请编号', width: 20, value: (r) => caseCode(r.id, r.createdAtMs) },
  { header: '状态', width: 10, value: (r) => stateName(r.state) },
  { header: '企业名称', width: 30, value: (r) => r.enterpriseName },
  { header: '统一社会信用代码', width: 22, value: (r) => r.creditCode },
  { header: '所在区县', width: 10, value: (r) => r.regionName ?? r.regionCode },
  { header: '行业', width: 14, value: (r) => enumLabel('Industry', r.industry) },
  { header: '帮扶需求', width: 30, value: (r) => r.helpTypes.map(helpName).join('、') },
  { header: '存量贷款（万元）', width: 14, value: (r) => r.loanTotal },
  { header: '主办银行', width: 30, value: (r) => r.leadBankName },
  { header: '帮扶措施数', width: 10, value: (r) => r.measureCount },
  { header: '困难原因', width: 40, value: (r) => r.cause },
  { header: '联系人', width: 10, value: (r) => r.contactName },
  { header: '申请时间', width: 18, value: (r) => cellDateTime(r.createdAtMs) },
  { header: '入舱时间', width: 18, value: (r) => cellDateTime(r.admittedAtMs) },
  { header: '办结时间', width: 18, value: (r) => cellDateTime(r.closedAtMs) },
];

/** Starts the export for the caller: the file name and a stream of the xlsx being written. */
/**
 * `kind`: the supervisors' list (its districts, its view and filters) or the bank's (issue 30: the cases its bank
 * helps, its state and keyword), each in the list's scope and order, audited with the list's target.
 */
export async function exportCases(
  db: Db,
  actor: Actor,
  f: Partial<FilterInput>,
  kind: 'supervise' | 'bank' = 'supervise',
): Promise<{ fileName: string; stream: Readable }> {
  const v = viewerOf(actor.session);
  const scope = scopeOf(v, kind);
  const filter = filterOf(kind, f);
  const first = await repo.caseBatch(db, scope, filter, null, BATCH);
  await writeAudit(db, {
    userId: actor.session.userId,
    action: 'export',
    target: `shelter:${kind}`,
    detail: { filters: f },
    ip: actor.ip,
  });

  const stream = streamSheet({
    sheet: '金融方舱',
    columns: COLUMNS,
    cells: (r) => COLUMNS.map((c) => c.value(r)),
    first,
    next: (last) => repo.caseBatch(db, scope, filter, last && { key: last.sortKey, id: last.id }, BATCH),
    batch: BATCH,
    maxRows: EXPORT_MAX_ROWS,
  });
  return { fileName: exportFileName('金融方舱', Date.now()), stream };
}
