import type { Readable } from 'node:stream';
import { AUDIT_ACTIONS, isAuditAction } from '@phjr/contract/audit/audit-actions';
import { AUDIT_EXPORT_MAX_ROWS, type AuditFilter } from '@phjr/contract/audit/audit-page';
import { exportFileName } from '@phjr/contract/system/export-file-name';
import { shanghaiWallClock } from '@phjr/contract/system/shanghai-time';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { streamSheet } from '../../lib/excel-export.ts';
import type { SessionContext } from '../auth/auth.service.ts';
import { auditBatch, insertAudit, searchAudit, type AuditCursor } from './audit.repo.ts';

interface Actor {
  session: SessionContext;
  ip: string;
}

/** Rows read per batch by the export's streaming writer (memory stays flat whatever the size). */
const BATCH = 1_000;
/** Excel keeps at most 32,767 characters in a cell: a longer detail is cut there. */
const CELL_MAX = 32_000;

type ExportRow = Awaited<ReturnType<typeof auditBatch>>[number];

/** An action's Chinese name (the code itself for a code no longer named, e.g. one written before a rename). */
export const actionName = (code: string) => (isAuditAction(code) ? AUDIT_ACTIONS[code][0] : code);

const COLUMNS: { header: string; width: number; value: (r: ExportRow) => string | number | null }[] = [
  { header: '时间', width: 20, value: (r) => shanghaiWallClock(r.at.getTime()).slice(0, 19).replace('T', ' ') },
  { header: '账号', width: 18, value: (r) => r.username ?? '' },
  { header: '操作人', width: 16, value: (r) => (r.userId === null ? '系统' : (r.name ?? '')) },
  { header: '操作', width: 22, value: (r) => actionName(r.action) },
  { header: '操作代码', width: 26, value: (r) => r.action },
  { header: '对象', width: 30, value: (r) => r.target ?? '' },
  { header: 'IP 地址', width: 18, value: (r) => r.ip ?? '' },
  { header: '详情', width: 60, value: (r) => (r.detail == null ? '' : JSON.stringify(r.detail).slice(0, CELL_MAX)) },
];

function assertRange(f: AuditFilter) {
  if (f.from && f.to && f.from > f.to) throw new AppError('VALIDATION', '开始日期不能晚于结束日期');
}

/** The operator's audit log (audit:read): the search page and its Excel twin, which applies the same filters. */
export function createAuditService(db: Db) {
  async function page(q: AuditFilter & { current: number; pageSize: number }) {
    const { current, pageSize, ...filter } = q;
    assertRange(filter);
    const { list, total } = await searchAudit(db, filter, current, pageSize);
    return {
      list: list.map((e) => ({ ...e, at: e.at.toISOString(), detail: e.detail ?? null })),
      total,
      current,
      pageSize,
    };
  }

  /**
   * Every row of the filter in the page's order (its sort, newest first by default), up to AUDIT_EXPORT_MAX_ROWS, streamed in batches. The export is itself
   * audited (`export`, target `audit:log`, with its filters), written before the file starts.
   */
  async function exportLog(actor: Actor, f: AuditFilter): Promise<{ fileName: string; stream: Readable }> {
    assertRange(f);
    const first = await auditBatch(db, f, null, BATCH);
    await insertAudit(db, {
      userId: actor.session.userId,
      action: 'export',
      target: 'audit:log',
      detail: { list: 'auditLog', filters: f },
      ip: actor.ip,
    });
    const now = Date.now();
    const cursor = (r: ExportRow): AuditCursor => ({ key: r.sortKey, id: r.id });
    const stream = streamSheet({
      sheet: '审计日志',
      columns: COLUMNS,
      cells: (r) => COLUMNS.map((c) => c.value(r)),
      first,
      next: (last) => auditBatch(db, f, last && cursor(last), BATCH),
      batch: BATCH,
      maxRows: AUDIT_EXPORT_MAX_ROWS,
    });
    return { fileName: exportFileName('审计日志', now), stream };
  }

  return { page, exportLog };
}
