import type { Readable } from 'node:stream';
import type { z } from 'zod';
import {
  CHAIN_ENTERPRISE_IMPORT_COLUMNS,
  CHAIN_ENTERPRISE_TAGS,
  CHAIN_TIERS,
  ENTERPRISE_SCALES,
  MASKED_PHONE_RE,
  ZChainEnterpriseFields,
  type ChainFailRecord,
  type ChainImportResult,
  type ChainTier,
  type ZChainFailRecordFilter,
  type ZChainFailRecordPageQuery,
  type ZChainImportRecordPageQuery,
  type ZRegisterAgainRequest,
} from '@phjr/contract/chains/chain';
import { PHONE_RE } from '@phjr/contract/auth/sms';
import type { Page } from '@phjr/contract/envelope';
import { withCheckChar } from '@phjr/contract/orgs/credit-code';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { enumLabel, streamSheet } from '../../lib/excel-export.ts';
import { exportFileName } from '@phjr/contract/system/export-file-name';
import { CHAIN_EXPORT_BATCH, CHAIN_EXPORT_MAX_ROWS, FAIL_SHEET, cellsOf } from './chain-sheets.ts';
import { writeAudit } from '../audit/audit.ts';
import { codeMap, describedTemplate, failedRowsFile } from '../imports/import-files.ts';
import { runImport, type ImportSpec, type RowError } from '../imports/xlsx-import.ts';
import { chainScope, mayRead, readableChainIds, requireChain, type Actor, type ChainScope } from './chain-access.ts';
import {
  clashOf,
  duplicateError,
  lockActiveChain,
  maskPhone,
  memberValues,
  seesPhones,
  type MemberFields,
} from './chain-enterprises.service.ts';
import * as members from './chain-enterprises.repo.ts';
import * as figures from './chain-figures.repo.ts';
import * as repo from './chain-import.repo.ts';

/**
 * The member import (docs/chains.md "The member import"): a template with drop-downs and a description sheet; a dry
 * run that checks every row (the form's own schema, ZChainEnterpriseFields, after the labels are read as codes) and
 * against the chain and the file, writing nothing; the real import in one transaction (xlsx-import.ts): the import
 * record and its chain_imports row, the good rows as members (source IMPORT), the refused rows as failed records with
 * their cells and their errors by column, the counters. A failed record is corrected and registered again in one
 * transaction; an import's failed rows download in the template's columns plus 错误原因.
 */
export const CHAIN_IMPORT_KIND = 'CHAIN_ENTERPRISES';
/** The errors an import answers with (every row's errors stay in its failed records). */
export const MAX_ANSWERED_ERRORS = 5_000;

type ImportQuery = { industrialChainId: number; dryRun: boolean };
type RecordQuery = z.output<typeof ZChainImportRecordPageQuery>;
type FailQuery = z.output<typeof ZChainFailRecordPageQuery>;
type FailFilterQuery = z.output<typeof ZChainFailRecordFilter>;
type AgainInput = z.output<typeof ZRegisterAgainRequest>;

const COLUMNS = CHAIN_ENTERPRISE_IMPORT_COLUMNS;
const TIERS = codeMap('ChainTier', CHAIN_TIERS);
const SCALES = codeMap('EnterpriseScale', ENTERPRISE_SCALES);
const TAGS = codeMap('ChainEnterpriseTag', CHAIN_ENTERPRISE_TAGS);

/** The row's cells as the form's fields (labels read as codes), checked by the form's schema; errors by column. */
export function checkCells(cells: Record<string, string>): { value: MemberFields } | { errors: RowError[] } {
  const errors: RowError[] = [];
  const text = (k: string) => (cells[k] ?? '').trim();
  const optional = (k: string) => text(k) || null;
  const tier = TIERS.get(text('tier').toUpperCase()) ?? TIERS.get(text('tier'));
  if (!tier) errors.push({ column: 'tier', reason: `所处环节须为上游、中游或下游：${text('tier')}` });
  const scaleText = text('scale');
  const scale = scaleText ? (SCALES.get(scaleText.toUpperCase()) ?? SCALES.get(scaleText) ?? null) : null;
  if (scaleText && !scale) errors.push({ column: 'scale', reason: `企业规模须为微型、小型、中型或大型：${scaleText}` });
  const tags: string[] = [];
  for (const t of text('tags')
    .split(/[、,，;；\s]+/)
    .filter(Boolean)) {
    const code = TAGS.get(t.toUpperCase()) ?? TAGS.get(t);
    if (code) tags.push(code);
    else errors.push({ column: 'tags', reason: `未知的标签：${t}` });
  }
  const needText = text('financingNeed');
  const financingNeed = needText
    ? /^\d+(\.\d+)?$/.test(needText)
      ? Math.round(Number(needText) * 100) / 100
      : NaN
    : null;
  const parsed = ZChainEnterpriseFields.safeParse({
    creditCode: text('creditCode'),
    name: text('name'),
    legalPerson: optional('legalPerson'),
    contactName: optional('contactName'),
    contactPhone: optional('contactPhone'),
    scale,
    tier: tier ?? 'UPSTREAM',
    mainBusiness: optional('mainBusiness'),
    financingNeed: Number.isNaN(financingNeed) ? -1 : financingNeed,
    tags: [...new Set(tags)],
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const column = String(issue.path[0] ?? '') || null;
      if (column === 'financingNeed')
        errors.push({ column, reason: `融资需求须为0.1-1000000的数字（万元）：${needText}` });
      else if (!errors.some((e) => e.column === column))
        errors.push({
          column,
          reason: column === 'creditCode' ? `${issue.message}：${text('creditCode')}` : issue.message,
        });
    }
  }
  if (errors.length || !parsed.success) return { errors };
  return { value: parsed.data };
}

/** A row's key in the file: its credit code (the duplicate's reason quotes what follows the colon). */
const CODE_KEY = '统一社会信用代码:';

const byTier = (tiers: ChainTier[]) => {
  const out: Partial<Record<ChainTier, number>> = {};
  for (const t of tiers) out[t] = (out[t] ?? 0) + 1;
  return out;
};

export function chainImportSpec(
  chainId: number,
  by: { userId: number; orgId: number | null; ip: string; fileName: string },
): ImportSpec<MemberFields, number> {
  return {
    kind: CHAIN_IMPORT_KIND,
    columns: COLUMNS,
    strictHeaders: true,
    keyColumn: 'creditCode',
    // docs/chains.md promises every error by row and column: a bad row still names each bad cell, and its credit
    // code (when valid) is still checked against the file and the chain.
    allErrors: true,
    validate(row) {
      const r = checkCells(row);
      if ('errors' in r) {
        const code = (row.creditCode ?? '').trim().toUpperCase();
        const keys = r.errors.some((e) => e.column === 'creditCode') ? [] : [`${CODE_KEY}${code}`];
        return { error: r.errors.map((e) => e.reason).join('；'), errors: r.errors, keys };
      }
      return { value: r.value, keys: [`${CODE_KEY}${r.value.creditCode}`] };
    },
    async existingKeys(db, keys) {
      const found = await members.existingCodes(
        db,
        chainId,
        keys.map((k) => k.slice(CODE_KEY.length)),
      );
      return new Map([...found].map((code) => [`${CODE_KEY}${code}`, `该企业已在本产业链中：${code}`]));
    },
    async begin(tx) {
      // Held to the end: the rows are checked against the chain as it stays until they are in.
      await lockActiveChain(tx, chainId);
    },
    async insert(tx, rows, jobId) {
      const values = rows.map((r) => ({
        ...memberValues(r.value),
        chainId,
        source: 'IMPORT',
        importJobId: jobId,
        createdBy: by.userId,
      }));
      await members.insertMembers(tx, values);
      await figures.membersAdded(tx, chainId, byTier(values.map((v) => v.tier)));
      return rows.length;
    },
    async storeFailures(tx, jobId, rows) {
      await repo.insertFailRecords(
        tx,
        rows.map((r) => ({ jobId, chainId, rowNo: r.rowNo, cells: r.data, errors: r.errors })),
      );
    },
    async recorded(tx, jobId, counts) {
      await repo.insertChainImport(tx, { jobId, chainId, orgId: by.orgId, pending: counts.failed });
      await writeAudit(tx, {
        userId: by.userId,
        action: 'chain.enterprise.import',
        target: `import:${jobId}`,
        detail: { chainId, fileName: by.fileName, ...counts },
        ip: by.ip,
      });
    },
  };
}

/** Whether the scope reads a chain's imports and failed rows: the operator, its government readers, its lead bank. */
const readsImports = (scope: ChainScope, chainId: number) =>
  mayRead(scope, chainId) && (scope.kind !== 'BANK' || scope.leadChainIds.includes(chainId));
const importChains = (scope: ChainScope) => (scope.kind === 'BANK' ? scope.leadChainIds : readableChainIds(scope));

/**
 * A failed row's cells as a reader who may not see phones gets them (docs/chains.md "Phones"): the phone cell masked
 * as the member list masks it (a refused phone too). No error quotes the phone cell (its errors say what is wrong).
 */
const maskedCells = (cells: Record<string, string>): Record<string, string> =>
  cells.contactPhone ? { ...cells, contactPhone: maskPhone(cells.contactPhone.trim())! } : cells;
const phoneField = (message: string) => ({ fields: [{ field: 'contactPhone', message }] });

export function createChainImportService(db: Db) {
  async function run(
    actor: Actor,
    q: ImportQuery,
    input: Readable,
    fileName: string,
    truncated?: () => boolean,
  ): Promise<ChainImportResult> {
    const scope = await chainScope(db, actor);
    await requireChain(db, scope, q.industrialChainId, 'import');
    const s = actor.session;
    const spec = chainImportSpec(q.industrialChainId, { userId: s.userId, orgId: s.orgId, ip: actor.ip, fileName });
    const out = await runImport(db, spec, { input, fileName, userId: s.userId, dryRun: q.dryRun, truncated });
    const errors = out.failures
      .flatMap((f) => f.errors.map((e) => ({ rowNo: f.rowNo, column: e.column, reason: e.reason })))
      .slice(0, MAX_ANSWERED_ERRORS);
    return {
      importRecordId: out.jobId,
      dryRun: out.dryRun,
      total: out.total,
      valid: out.succeeded,
      invalid: out.failed,
      duplicates: out.duplicates,
      errors,
    };
  }

  /** The template: the columns with drop-downs for tier, scale and tags, and a description sheet holding the example (the data sheet keeps only its header). */
  async function template(): Promise<Buffer> {
    return describedTemplate({
      sheet: '企业导入',
      columns: COLUMNS,
      example: [
        withCheckChar('91999901MA0000001'),
        '示范市绿源茶业有限公司',
        '上游',
        '张三',
        '李四',
        '13800000000',
        '小型',
        '茶叶种植与加工',
        '200',
        '白名单、龙头企业',
      ],
      lists: [
        { key: 'tier', values: CHAIN_TIERS.map((c) => enumLabel('ChainTier', c)) },
        { key: 'scale', values: ENTERPRISE_SCALES.map((c) => enumLabel('EnterpriseScale', c)) },
        // A cell may hold several tags: the list offers one, any list of them separated by 、 is accepted (no error box).
        { key: 'tags', values: CHAIN_ENTERPRISE_TAGS.map((c) => enumLabel('ChainEnterpriseTag', c)), free: true },
      ],
      headerWidth: 44,
      notes: {
        creditCode: '18位统一社会信用代码，含校验位；同一产业链内不可重复',
        name: '企业全称，不超过60个字',
        tier: '下拉选择：上游、中游、下游',
        legalPerson: '不超过20个字',
        contactName: '不超过20个字',
        contactPhone: '11位手机号',
        scale: '下拉选择：微型、小型、中型、大型',
        mainBusiness: '不超过200个字',
        financingNeed: '数字，单位万元，0.1-1000000',
        tags: '白名单、龙头企业、新型农业经营主体、首贷需求，多个用、分隔',
      },
      footer: ['请在第一个工作表“企业导入”中填写，保留表头；建议先“校验”再正式导入。'],
    });
  }

  async function records(actor: Actor, q: RecordQuery) {
    const scope = await chainScope(db, actor);
    const { rows, total } = await repo.pageImportRecords(
      db,
      { chainIds: importChains(scope), chainId: q.industrialChainId },
      q.current,
      q.pageSize,
    );
    return {
      list: rows.map((r) => ({
        id: r.id,
        industrialChainId: r.chainId,
        chainName: r.chainName,
        fileName: r.fileName,
        total: r.total,
        succeeded: r.succeeded,
        failed: r.failed,
        pending: r.pending,
        userName: r.userName,
        orgName: r.orgName,
        createdAt: new Date(r.createdAtMs).toISOString(),
      })),
      total,
      current: q.current,
      pageSize: q.pageSize,
    };
  }

  /** The chains among `chainIds` whose phones the caller sees whole (all for the operator). */
  async function phonesShown(actor: Actor, scope: ChainScope, chainIds: number[]): Promise<Set<number>> {
    if (scope.kind === 'ALL') return new Set(chainIds);
    return members.managedAmong(db, actor.session.userId, [...new Set(chainIds)]);
  }

  const toFailRecord = (r: repo.FailRecordRow, scope: ChainScope, managed: Set<number>): ChainFailRecord => {
    const whole = seesPhones(scope, managed, r.chainId);
    return {
      id: r.id,
      importRecordId: r.jobId,
      industrialChainId: r.chainId,
      chainName: r.chainName,
      rowNo: r.rowNo,
      values: whole ? r.cells : maskedCells(r.cells),
      errors: r.errors,
      status: r.status as ChainFailRecord['status'],
      enterpriseId: r.enterpriseId,
      createdAt: new Date(r.createdAtMs).toISOString(),
    };
  };

  async function failRecords(actor: Actor, q: FailQuery): Promise<Page<ChainFailRecord>> {
    const scope = await chainScope(db, actor);
    const f = {
      chainIds: importChains(scope),
      chainId: q.industrialChainId,
      jobId: q.importRecordId,
      status: q.status,
    };
    const { rows, total } = await repo.pageFailRecords(db, f, q.current, q.pageSize);
    const managed = await phonesShown(
      actor,
      scope,
      rows.map((r) => r.chainId),
    );
    return { list: rows.map((r) => toFailRecord(r, scope, managed)), total, current: q.current, pageSize: q.pageSize };
  }

  /**
   * The failed rows' list as Excel (issue 30; docs/lists.md): its scope and filters, in its order, each row masked as
   * the list shows it (toFailRecord), up to CHAIN_EXPORT_MAX_ROWS in keyset batches; audited (`export`).
   */
  async function failRecordsExport(actor: Actor, q: FailFilterQuery): Promise<{ stream: Readable; fileName: string }> {
    const scope = await chainScope(db, actor);
    const f = {
      chainIds: importChains(scope),
      chainId: q.industrialChainId,
      jobId: q.importRecordId,
      status: q.status,
    };
    const batch = async (after: { jobId: number; rowNo: number } | null) => {
      const rows = await repo.failRecordBatch(db, f, after, CHAIN_EXPORT_BATCH);
      const managed = await phonesShown(actor, scope, [...new Set(rows.map((r) => r.chainId))]);
      return rows.map((r) => toFailRecord(r, scope, managed));
    };
    const first = await batch(null);
    await writeAudit(db, {
      userId: actor.session.userId,
      action: 'export',
      target: 'chain:failRecords',
      detail: { list: 'chainFailRecords', filters: q },
      ip: actor.ip,
    });
    const stream = streamSheet({
      sheet: FAIL_SHEET.sheet,
      columns: FAIL_SHEET.columns,
      cells: cellsOf(FAIL_SHEET),
      first,
      next: (last) => batch(last && { jobId: last.importRecordId, rowNo: last.rowNo }),
      batch: CHAIN_EXPORT_BATCH,
      maxRows: CHAIN_EXPORT_MAX_ROWS,
    });
    return { stream, fileName: exportFileName('导入失败记录', Date.now()) };
  }

  /** An import's rows still failed, in the template's columns plus 错误原因 (phones as on screen), streamed in batches. */
  async function failRecordsFile(actor: Actor, jobId: number): Promise<{ stream: Readable; fileName: string }> {
    const scope = await chainScope(db, actor);
    const imp = await repo.findImport(db, jobId);
    if (!imp || !readsImports(scope, imp.chainId)) throw new AppError('NOT_FOUND', '导入记录不存在');
    const whole = seesPhones(scope, await phonesShown(actor, scope, [imp.chainId]), imp.chainId);
    const stream = failedRowsFile(
      COLUMNS,
      (after, limit) => repo.failedRowsAfter(db, jobId, after, limit),
      whole ? {} : { cells: maskedCells },
    );
    return { stream, fileName: `导入失败记录_${jobId}.xlsx` };
  }

  /**
   * A failed record corrected and registered again: the member (REREGISTERED), the record REGISTERED, pending down. A
   * phone sent back masked as the record showed it stands for the row's own phone cell, when that is a valid phone.
   */
  async function registerAgain(actor: Actor, req: AgainInput): Promise<ChainFailRecord> {
    const scope = await chainScope(db, actor);
    const rec = await repo.findFailRecord(db, req.failRecordId);
    if (!rec || !readsImports(scope, rec.chainId)) throw new AppError('NOT_FOUND', '失败记录不存在');
    await requireChain(db, scope, rec.chainId, 'import');
    const { failRecordId, ...fields } = req;
    let contactPhone = fields.contactPhone;
    if (contactPhone !== null && MASKED_PHONE_RE.test(contactPhone)) {
      const cell = (rec.cells.contactPhone ?? '').trim();
      if (!PHONE_RE.test(cell) || maskPhone(cell) !== contactPhone)
        throw new AppError('VALIDATION', '请填写完整的手机号码', { data: phoneField('请填写完整的手机号码') });
      contactPhone = cell;
    }
    const values = memberValues({ ...fields, contactPhone });
    try {
      await db.transaction(async (tx) => {
        await lockActiveChain(tx, rec.chainId);
        const locked = await repo.findFailRecord(tx, failRecordId, true);
        if (!locked || locked.status !== 'FAILED')
          throw new AppError('CHAIN_FAIL_RECORD_DONE', undefined, { httpStatus: 409 });
        const enterpriseId = await members.insertMember(tx, {
          ...values,
          chainId: rec.chainId,
          source: 'REREGISTERED',
          importJobId: rec.jobId,
          createdBy: actor.session.userId,
        });
        await figures.membersAdded(tx, rec.chainId, { [values.tier]: 1 });
        await repo.markRegistered(tx, failRecordId, rec.jobId, enterpriseId);
        await writeAudit(tx, {
          userId: actor.session.userId,
          action: 'chain.enterprise.registerAgain',
          target: `chainEnterprise:${enterpriseId}`,
          detail: { chainId: rec.chainId, failRecordId, creditCode: values.creditCode },
          ip: actor.ip,
        });
      });
    } catch (e) {
      if (clashOf(e) === 'chain_enterprises_code_idx') throw duplicateError();
      throw e;
    }
    return toFailRecord(
      (await repo.findFailRecord(db, failRecordId))!,
      scope,
      await phonesShown(actor, scope, [rec.chainId]),
    );
  }

  return { run, template, records, failRecords, failRecordsFile, failRecordsExport, registerAgain };
}

export type ChainImportService = ReturnType<typeof createChainImportService>;
