import type { Readable } from 'node:stream';
import type { z } from 'zod';
import type { Page } from '@phjr/contract/envelope';
import type { CreditFigures, CreditQueryLog, ZCreditLogFilter } from '@phjr/contract/credit/credit';
import { exportFileName } from '@phjr/contract/system/export-file-name';
import { shanghaiWallClock } from '@phjr/contract/system/shanghai-time';
import type { Db } from '../../db/client.ts';
import { enumLabel, streamSheet } from '../../lib/excel-export.ts';
import { writeAudit } from '../audit/audit.ts';
import { institutionOf, logRegions, subjectCodes, subjectView, type Actor } from './credit-access.ts';
import * as repo from './credit.repo.ts';

type LogFilter = z.output<typeof ZCreditLogFilter>;
type LogPageQuery = LogFilter & { current: number; pageSize: number };

/** At most this many rows in one export, written in batches by the streaming writer (memory stays flat). */
const CREDIT_EXPORT_MAX_ROWS = 50_000;
const BATCH = 1_000;

const dateTime = (ms: number) => shanghaiWallClock(ms).slice(0, 19).replace('T', ' ');

function toLog(r: repo.LogRow): CreditQueryLog {
  return {
    id: r.id,
    at: new Date(r.atMs).toISOString(),
    userName: r.userName,
    orgId: r.orgId,
    orgName: r.orgName,
    subjectCreditCode: r.subjectCreditCode,
    subjectName: r.subjectName,
    subjectRegionName: r.subjectRegionName,
    purpose: r.purpose as CreditQueryLog['purpose'],
    consentId: r.consentId,
    outcome: r.outcome as CreditQueryLog['outcome'],
    fieldGroups: r.fieldGroups as CreditQueryLog['fieldGroups'],
  };
}

const COLUMNS: { header: string; width: number; value: (r: repo.LogRow) => string | number | null }[] = [
  { header: '查询时间', width: 20, value: (r) => dateTime(r.atMs) },
  { header: '查询机构', width: 34, value: (r) => r.orgName },
  { header: '查询人', width: 14, value: (r) => r.userName },
  { header: '被查询企业', width: 30, value: (r) => r.subjectName },
  { header: '统一社会信用代码', width: 22, value: (r) => r.subjectCreditCode },
  { header: '所在区县', width: 10, value: (r) => r.subjectRegionName },
  { header: '查询用途', width: 12, value: (r) => enumLabel('CreditPurpose', r.purpose) },
  { header: '授权编号', width: 10, value: (r) => r.consentId },
  { header: '结果', width: 8, value: (r) => enumLabel('CreditQueryOutcome', r.outcome) },
  {
    header: '查询内容',
    width: 40,
    value: (r) => r.fieldGroups.map((g) => enumLabel('CreditFieldGroup', g)).join('、'),
  },
];

/** The query log as each reader sees it (docs/credit.md): the subject its own, an institution its own, supervisors theirs. */
export function createCreditLogService(db: Db) {
  const empty = (q: LogPageQuery): Page<CreditQueryLog> => ({
    list: [],
    total: 0,
    current: q.current,
    pageSize: q.pageSize,
  });
  const toPage = async (f: repo.LogFilter, q: LogPageQuery): Promise<Page<CreditQueryLog>> => {
    const { rows, total } = await repo.pageQueries(db, f, q.current, q.pageSize);
    return { list: rows.map(toLog), total, current: q.current, pageSize: q.pageSize };
  };

  /** Who queried the session's enterprises. */
  async function myQueries(actor: Actor, q: LogPageQuery & { creditCode?: string }) {
    const codes = subjectCodes(await subjectView(db, actor.session), q.creditCode);
    if (!codes.length) return empty(q);
    const { creditCode: _c, current: _p, pageSize: _s, ...f } = q;
    return toPage({ ...f, subjectCodes: codes }, q);
  }

  /** An institution's queries: its organisation's and those of the units below it. */
  async function institutionQueries(actor: Actor, q: LogPageQuery) {
    const inst = institutionOf(actor.session);
    if (!inst) return empty(q);
    const { current: _p, pageSize: _s, ...f } = q;
    return toPage({ ...f, orgIds: await repo.orgSubtree(db, inst.orgId) }, q);
  }

  /** Supervisors and the operator: every query whose subject is in their districts. */
  async function logPage(actor: Actor, q: LogPageQuery) {
    const regions = logRegions(actor.session);
    if (regions !== null && !regions.length) return empty(q);
    const { current: _p, pageSize: _s, ...f } = q;
    return toPage({ ...f, regionCodes: regions }, q);
  }

  async function figures(actor: Actor, q: { from?: string; to?: string }): Promise<CreditFigures> {
    const regions = logRegions(actor.session);
    if (regions !== null && !regions.length)
      return { total: 0, shown: 0, refused: 0, byOrg: [], byPurpose: [], byDay: [] };
    const f = await repo.figures(db, { regionCodes: regions, from: q.from, to: q.to });
    const total = f.byPurpose.reduce((a, x) => a + x.total, 0);
    const refused = f.byPurpose.reduce((a, x) => a + x.refused, 0);
    return {
      total,
      shown: total - refused,
      refused,
      byOrg: f.byOrg,
      byPurpose: f.byPurpose as CreditFigures['byPurpose'],
      byDay: f.byDay,
    };
  }

  /** The Excel twin of logPage: same scope and filters, newest first, audited (`export`). */
  async function exportLog(actor: Actor, q: LogFilter): Promise<{ fileName: string; stream: Readable }> {
    const regions = logRegions(actor.session);
    const f: repo.LogFilter = { ...q, regionCodes: regions };
    const none = regions !== null && !regions.length;
    const first = none ? [] : await repo.queryBatch(db, f, null, BATCH);
    await writeAudit(db, {
      userId: actor.session.userId,
      action: 'export',
      target: 'credit:log',
      detail: { list: 'creditLog', filters: q },
      ip: actor.ip,
    });
    const now = Date.now();
    const stream = streamSheet({
      sheet: '信用查询记录',
      columns: COLUMNS,
      cells: (r) => COLUMNS.map((c) => c.value(r)),
      first,
      next: (last) => repo.queryBatch(db, f, last && { key: last.sortKey, id: last.id }, BATCH),
      batch: BATCH,
      maxRows: CREDIT_EXPORT_MAX_ROWS,
    });
    return { fileName: exportFileName('信用查询记录', now), stream };
  }

  /**
   * The institution's list as Excel (issue 30; docs/lists.md): its own organisation's queries and those of the units
   * below it, with the list's filters and sort, audited (`export`, target `credit:institutionLog`).
   */
  async function exportInstitutionLog(actor: Actor, q: LogFilter): Promise<{ fileName: string; stream: Readable }> {
    const inst = institutionOf(actor.session);
    const f: repo.LogFilter = { ...q, orgIds: inst ? await repo.orgSubtree(db, inst.orgId) : [] };
    const first = inst ? await repo.queryBatch(db, f, null, BATCH) : [];
    await writeAudit(db, {
      userId: actor.session.userId,
      action: 'export',
      target: 'credit:institutionLog',
      detail: { list: 'creditInstitutionLog', filters: q },
      ip: actor.ip,
    });
    const now = Date.now();
    const stream = streamSheet({
      sheet: '信用查询记录',
      columns: COLUMNS,
      cells: (r) => COLUMNS.map((c) => c.value(r)),
      first,
      next: (last) =>
        inst ? repo.queryBatch(db, f, last && { key: last.sortKey, id: last.id }, BATCH) : Promise.resolve([]),
      batch: BATCH,
      maxRows: CREDIT_EXPORT_MAX_ROWS,
    });
    return { fileName: exportFileName('信用查询记录', now), stream };
  }

  return { myQueries, institutionQueries, logPage, figures, exportLog, exportInstitutionLog };
}

export type CreditLogService = ReturnType<typeof createCreditLogService>;
