import type { Readable } from 'node:stream';
import type { z } from 'zod';
import {
  FARMER_IMPORT_COLUMNS,
  ZFarmerFields,
  type FarmerFailRecord,
  type FarmerFields,
  type FarmerImportResult,
  type ZFarmerFailRecordPageQuery,
  type ZFarmerRegisterAgainRequest,
} from '@phjr/contract/farmers/farmer';
import {
  FARMER_KINDS,
  LAND_TENURES,
  MASKED_ID_RE,
  MASKED_PHONE_RE,
  districtOf,
  forbiddenWordIn,
  idNumberError,
  maskIdNumber,
  maskPhone,
  rateFarmer,
  townshipOf,
  FARMER_CITY_REVIEW_REASON,
  FARMER_DRY_RUNS_PER_HOUR,
} from '@phjr/contract/farmers/farmer-rules';
import type { Page } from '@phjr/contract/envelope';
import { idWithCheck } from '@phjr/contract/auth/certification';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { enumLabel } from '../../lib/excel-export.ts';
import { auditLimitReached, withAuditLimit, writeAudit } from '../audit/audit.ts';
import { codeMap, describedTemplate, failedRowsFile } from '../imports/import-files.ts';
import { runImport, type ImportSpec, type Refusal, type RowError } from '../imports/xlsx-import.ts';
import { farmerScope, inScope, scopeDistrict, type Actor, type FarmerScope } from './farmer-access.ts';
import * as repo from './farmer-import.repo.ts';
import * as farmers from './farmers.repo.ts';

/**
 * The farmer import (docs/farmers.md "Import"): a template with drop-downs and a description sheet; a dry run that
 * checks every row (the contract's ZFarmerFields after labels are read as codes), against the file, the villages, the
 * importer's district and the records already there, writing nothing; the real import in one transaction
 * (xlsx-import.ts): the import record, the good rows (new ID numbers inserted, known ones in scope updated), the
 * refused rows as failed records with their cells and errors by column. A header naming a column the platform must
 * not hold refuses the whole file before any row is read. Failed rows are corrected and registered again one by one.
 */
const FARMER_IMPORT_KIND = 'FARMERS';
export const MAX_ANSWERED_ERRORS = 5_000;

type FailQuery = z.output<typeof ZFarmerFailRecordPageQuery>;
type AgainInput = z.output<typeof ZFarmerRegisterAgainRequest>;

const COLUMNS = FARMER_IMPORT_COLUMNS;
const KINDS = codeMap('FarmerKind', FARMER_KINDS);
const TENURES = codeMap('LandTenure', LAND_TENURES);

const NUMBER_RE = /^-?\d+(\.\d+)?$/;
/** A cell as a number: null when empty, NaN when not a number (the schema then names the column). */
const numberCell = (t: string) => (t === '' ? null : NUMBER_RE.test(t) ? Number(t) : NaN);

/** The row's cells as the record's fields (labels read as codes), checked by the contract's schema; errors by column. */
export function checkCells(cells: Record<string, string>): { value: FarmerFields } | { errors: RowError[] } {
  const errors: RowError[] = [];
  const text = (k: string) => (cells[k] ?? '').trim();
  const kind = KINDS.get(text('kind').toUpperCase()) ?? KINDS.get(text('kind'));
  if (!kind)
    errors.push({
      column: 'kind',
      reason: `主体类型须为农户、家庭农场、农民专业合作社、种养大户或农业企业：${text('kind')}`,
    });
  const tenureText = text('landTenure');
  const landTenure = tenureText ? (TENURES.get(tenureText.toUpperCase()) ?? TENURES.get(tenureText) ?? null) : null;
  if (tenureText && !landTenure)
    errors.push({ column: 'landTenure', reason: `土地来源须为自有承包、流转或自有+流转：${tenureText}` });
  // One local per number (an object with keys added in a loop is slow to build for 100,000 rows).
  const num = (k: string) => {
    const v = numberCell(text(k));
    if (Number.isNaN(v)) {
      errors.push({ column: k, reason: `须为数字：${text(k).slice(0, 40)}` });
      return null;
    }
    return v;
  };
  const landArea = num('landArea');
  const annualIncome = num('annualIncome');
  const assets = num('assets');
  const liabilities = num('liabilities');
  const overdueCount = num('overdueCount');
  const yearsFarming = num('yearsFarming');
  const creditGranted = num('creditGranted');
  const creditDrawn = num('creditDrawn');
  const financingNeed = num('financingNeed');
  const parsed = ZFarmerFields.safeParse({
    kind: kind ?? 'HOUSEHOLD',
    name: text('name'),
    idNumber: text('idNumber'),
    phone: text('phone') || null,
    villageCode: text('villageCode'),
    grid: text('grid') || null,
    landArea: landArea ?? 0,
    landTenure,
    mainProducts: text('mainProducts') || null,
    annualIncome,
    assets,
    liabilities,
    overdueCount,
    yearsFarming,
    creditGranted: creditGranted ?? 0,
    creditDrawn: creditDrawn ?? 0,
    financingNeed: financingNeed ?? 0,
    needPurpose: text('needPurpose') || null,
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const column = String(issue.path[0] ?? '') || null;
      // An unknown kind already names its column; the identity rule then says nothing more.
      if (!kind && column === 'idNumber') continue;
      if (!errors.some((e) => e.column === column)) errors.push({ column, reason: issue.message });
    }
  }
  if (errors.length || !parsed.success) return { errors };
  return { value: parsed.data };
}

/** The stored columns of a record: the region from its village code, the rating computed. */
function farmerValues(
  f: FarmerFields,
  by: { source: string; importJobId: number | null; createdBy: number | null },
): farmers.FarmerValues {
  const r = rateFarmer(f);
  // Written out, not spread: a spread of this many keys builds a slow dictionary object (seconds over 100,000 rows).
  return {
    kind: f.kind,
    name: f.name,
    idNumber: f.idNumber,
    phone: f.phone,
    districtCode: districtOf(f.villageCode),
    townshipCode: townshipOf(f.villageCode),
    villageCode: f.villageCode,
    grid: f.grid,
    landArea: f.landArea,
    landTenure: f.landTenure,
    mainProducts: f.mainProducts,
    annualIncome: f.annualIncome,
    assets: f.assets,
    liabilities: f.liabilities,
    overdueCount: f.overdueCount,
    yearsFarming: f.yearsFarming,
    creditGranted: f.creditGranted,
    creditDrawn: f.creditDrawn,
    financingNeed: f.financingNeed,
    needPurpose: f.needPurpose,
    rating: r.rating,
    ratingScore: r.score,
    source: by.source,
    importJobId: by.importJobId,
    createdBy: by.createdBy,
  };
}

const ID_KEY = '证件号码:';

/**
 * Refusals of rows against the villages, the scope and the records there; counts the rows that update a record. A
 * number registered in a district the importer does not cover tells nothing in a dry run (the row is answered as a
 * new number would be); the real import and re-registration refuse it with FARMER_CITY_REVIEW_REASON, a failed row
 * the city level decides (docs/farmers.md "Import").
 */
async function checkAgainstDb(
  db: DbOrTx,
  scope: FarmerScope,
  rows: { rowNo: number; value: FarmerFields }[],
  dryRun = false,
) {
  const [villages, existing] = await Promise.all([
    farmers.existingVillages(db, [...new Set(rows.map((r) => r.value.villageCode))]),
    farmers.existingIdNumbers(
      db,
      rows.map((r) => r.value.idNumber),
    ),
  ]);
  const refused = new Map<number, Refusal>();
  let updates = 0;
  for (const { rowNo, value } of rows) {
    const errors: RowError[] = [];
    if (!villages.has(value.villageCode))
      errors.push({ column: 'villageCode', reason: `行政村代码不存在：${value.villageCode}` });
    else if (!inScope(scope, districtOf(value.villageCode)))
      errors.push({ column: 'villageCode', reason: `该行政村不在您的管辖区县内：${value.villageCode}` });
    const found = existing.get(value.idNumber);
    const elsewhere = found !== undefined && !inScope(scope, found);
    if (elsewhere && !dryRun) errors.push({ column: 'idNumber', reason: FARMER_CITY_REVIEW_REASON });
    if (errors.length) refused.set(rowNo, { errors });
    else if (found !== undefined && !elsewhere) updates += 1;
  }
  return { refused, updates };
}

function farmerImportSpec(
  scope: FarmerScope,
  by: { userId: number; orgId: number | null; ip: string; fileName: string; dryRun: boolean },
  counter: { updated: number },
): ImportSpec<FarmerFields, number> {
  return {
    kind: FARMER_IMPORT_KIND,
    columns: COLUMNS,
    strictHeaders: true,
    keyColumn: 'idNumber',
    allErrors: true,
    checkHeader(text) {
      const word = forbiddenWordIn(text);
      if (word)
        throw new AppError(
          'FARMER_FORBIDDEN_COLUMN',
          `导入文件含有平台不得收集的敏感信息列“${text.slice(0, 40)}”，已整体拒绝，未保存任何数据`,
          { httpStatus: 400 },
        );
    },
    validate(row) {
      const r = checkCells(row);
      if ('errors' in r) {
        const id = (row.idNumber ?? '').trim().toUpperCase();
        const keys = r.errors.some((e) => e.column === 'idNumber') || !id ? [] : [`${ID_KEY}${id}`];
        return { error: r.errors.map((e) => e.reason).join('；'), errors: r.errors, keys };
      }
      // The duplicate's reason quotes the number: every answer masks it (maskedReason).
      return { value: r.value, keys: [`${ID_KEY}${r.value.idNumber}`] };
    },
    async checkExisting(db, rows) {
      const { refused, updates } = await checkAgainstDb(db, scope, rows, by.dryRun);
      // A dry run writes nothing: its updates are the records there now. A real import counts what its statement did.
      if (by.dryRun) counter.updated += updates;
      return refused;
    },
    async insert(tx, rows, jobId, refuse) {
      const values = rows.map((r) =>
        farmerValues(r.value, { source: 'IMPORT', importJobId: jobId, createdBy: by.userId }),
      );
      // Guarded by the scope: a record another district wrote since the check (a concurrent import) is not taken over.
      const out = await farmers.upsertFarmers(tx, values, scope);
      const written = new Map(out.map((r) => [r.idNumber, r.inserted]));
      for (const r of rows) {
        const inserted = written.get(r.value.idNumber);
        if (inserted === undefined)
          refuse(r.rowNo, { errors: [{ column: 'idNumber', reason: FARMER_CITY_REVIEW_REASON }] });
        else if (!inserted) counter.updated += 1;
      }
      return out.length;
    },
    async storeFailures(tx, jobId, rows) {
      await repo.insertFailRecords(
        tx,
        rows.map((r) => ({
          jobId,
          districtCode: scopeDistrict(scope),
          rowNo: r.rowNo,
          cells: r.data,
          errors: r.errors,
        })),
      );
    },
    async recorded(tx, jobId, counts) {
      await repo.insertFarmerImport(tx, {
        jobId,
        orgId: by.orgId,
        districtCode: scopeDistrict(scope),
        updated: counter.updated,
        pending: counts.failed,
      });
      await writeAudit(tx, {
        userId: by.userId,
        action: 'farmer.import',
        target: `import:${jobId}`,
        detail: { fileName: by.fileName, updated: counter.updated, ...counts },
        ip: by.ip,
      });
    },
  };
}

/** A failed row's cells as answers show them: ID number and phone masked like every other answer. */
const maskedCells = (cells: Record<string, string>): Record<string, string> => ({
  ...cells,
  ...(cells.idNumber ? { idNumber: maskIdNumber(cells.idNumber) } : {}),
  ...(cells.phone ? { phone: maskPhone(cells.phone) } : {}),
});
/** Errors quote what the row held: a quoted ID number or phone is masked as well. */
const maskedReason = (reason: string) =>
  reason.replace(/[0-9A-Z]{18}/g, (m) => maskIdNumber(m)).replace(/1[3-9]\d{9}/g, (m) => maskPhone(m));

/** Whether an error is the refusal of a number registered in a district the caller does not cover. */
const refusedForCityReview = (err: unknown) =>
  err instanceof AppError &&
  ((err.data as { fields?: { message: string }[] } | undefined)?.fields ?? []).some(
    (f) => f.message === FARMER_CITY_REVIEW_REASON,
  );

const dryRunLimit = {
  perHour: FARMER_DRY_RUNS_PER_HOUR,
  message: `导入预检每小时最多${FARMER_DRY_RUNS_PER_HOUR}次，请稍后再试`,
};

export function createFarmerImportService(db: Db) {
  async function run(
    actor: Actor,
    dryRun: boolean,
    input: Readable,
    fileName: string,
    truncated?: () => boolean,
  ): Promise<FarmerImportResult> {
    const scope = farmerScope(actor.session);
    const s = actor.session;
    const counter = { updated: 0 };
    const spec = farmerImportSpec(scope, { userId: s.userId, orgId: s.orgId, ip: actor.ip, fileName, dryRun }, counter);
    const out = await runImport(db, spec, { input, fileName, userId: s.userId, dryRun, truncated });
    const errors = out.failures
      .flatMap((f) => f.errors.map((e) => ({ rowNo: f.rowNo, column: e.column, reason: maskedReason(e.reason) })))
      .slice(0, MAX_ANSWERED_ERRORS);
    return {
      importRecordId: out.jobId,
      dryRun: out.dryRun,
      total: out.total,
      valid: out.succeeded,
      updated: counter.updated,
      invalid: out.failed,
      duplicates: out.duplicates,
      errors,
    };
  }

  /** The template: the columns with drop-downs for kind and tenure, and a description sheet holding the example (the data sheet keeps only its header). */
  async function template(): Promise<Buffer> {
    return describedTemplate({
      sheet: '农户导入',
      columns: COLUMNS,
      example: [
        '农户',
        '张三',
        idWithCheck('99990119800101001'),
        '13800000000',
        '999901001001',
        '一网格',
        '12.5',
        '自有承包',
        '水稻、蔬菜',
        '8',
        '30',
        '5',
        '0',
        '12',
        '10',
        '5',
        '20',
        '购买农机',
      ],
      lists: [
        { key: 'kind', values: FARMER_KINDS.map((c) => enumLabel('FarmerKind', c)) },
        { key: 'landTenure', values: LAND_TENURES.map((c) => enumLabel('LandTenure', c)) },
      ],
      headerWidth: 50,
      notes: {
        kind: '下拉选择：农户、家庭农场、农民专业合作社、种养大户、农业企业',
        idNumber:
          '农户、种养大户填18位身份证号码；家庭农场、合作社、农业企业填统一社会信用代码；含校验位。平台已登记的号码将更新原记录',
        phone: '11位手机号',
        villageCode: '12位行政村代码（区县6位+乡镇3位+村3位），见行政村列表',
        landArea: '数字，单位亩，无土地填0',
        landTenure: '有土地时必填：自有承包、流转、自有+流转',
        annualIncome: '数字，单位万元；年收入、资产、负债、逾期次数、从业年限缺一则为“未评级”',
        overdueCount: '近三年逾期还款次数，整数',
        creditDrawn: '不得大于授信额度',
        financingNeed: '数字，单位万元，0为无需求；有需求时须填写融资用途',
      },
      footer: [
        '信用评级由平台按硬数据自动计算，不可填写。',
        '请勿增加健康、病史、政治面貌、宗教信仰、民族等列：含此类列的文件将被整体拒绝。',
      ],
    });
  }

  async function records(actor: Actor, current: number, pageSize: number) {
    const scope = farmerScope(actor.session);
    const { rows, total } = await repo.pageImportRecords(db, scope, current, pageSize);
    return {
      list: rows.map(({ createdAtMs, ...r }) => ({ ...r, createdAt: new Date(createdAtMs).toISOString() })),
      total,
      current,
      pageSize,
    };
  }

  const toFailRecord = (r: repo.FailRecordRow): FarmerFailRecord => ({
    id: r.id,
    importRecordId: r.jobId,
    rowNo: r.rowNo,
    values: maskedCells(r.cells),
    errors: r.errors.map((e) => ({ column: e.column, reason: maskedReason(e.reason) })),
    status: r.status as FarmerFailRecord['status'],
    farmerId: r.farmerId,
    createdAt: new Date(r.createdAtMs).toISOString(),
  });

  const failInScope = (scope: FarmerScope, district: string | null) =>
    scope === null || (district !== null && scope.includes(district));

  async function failRecords(actor: Actor, q: FailQuery): Promise<Page<FarmerFailRecord>> {
    const scope = farmerScope(actor.session);
    const { rows, total } = await repo.pageFailRecords(
      db,
      scope,
      { jobId: q.importRecordId, status: q.status },
      q.current,
      q.pageSize,
    );
    return { list: rows.map(toFailRecord), total, current: q.current, pageSize: q.pageSize };
  }

  /** An import's rows still failed, in the template's columns plus 错误原因 (masked as on screen), streamed in batches. */
  async function failRecordsFile(actor: Actor, jobId: number): Promise<{ stream: Readable; fileName: string }> {
    const scope = farmerScope(actor.session);
    const imp = await repo.findImport(db, jobId);
    if (!imp || !failInScope(scope, imp.districtCode)) throw new AppError('NOT_FOUND', '导入记录不存在');
    const stream = failedRowsFile(COLUMNS, (after, limit) => repo.failedRowsAfter(db, jobId, after, limit), {
      cells: maskedCells,
      reason: maskedReason,
    });
    await writeAudit(db, {
      userId: actor.session.userId,
      action: 'export',
      target: `farmerImport:${jobId}`,
      detail: { failedRows: true },
      ip: actor.ip,
    });
    return { stream, fileName: `农户导入失败记录_${jobId}.xlsx` };
  }

  /**
   * A failed row corrected and registered again, in one transaction: the record (REREGISTERED; an ID number already
   * there in scope updates it, as the import does), the failed row REGISTERED, its import's pending count down. The ID
   * number and phone sent back masked stand for the row's own cells.
   */
  async function registerAgain(actor: Actor, req: AgainInput): Promise<FarmerFailRecord> {
    const scope = farmerScope(actor.session);
    const rec = await repo.findFailRecord(db, req.failRecordId);
    if (!rec || !failInScope(scope, rec.districtCode)) throw new AppError('NOT_FOUND', '失败记录不存在');
    const { failRecordId, ...fields } = req;
    const field = (f: string, message: string) =>
      new AppError('VALIDATION', `${f}: ${message}`, { data: { fields: [{ field: f, message }] } });
    let idNumber = fields.idNumber;
    if (MASKED_ID_RE.test(idNumber)) {
      const cell = (rec.cells.idNumber ?? '').trim().toUpperCase();
      if (!cell || maskIdNumber(cell) !== idNumber) throw field('idNumber', '请填写完整的证件号码');
      idNumber = cell;
    }
    const idError = idNumberError(fields.kind, idNumber);
    if (idError) throw field('idNumber', idError);
    let phone = fields.phone;
    if (phone !== null && MASKED_PHONE_RE.test(phone)) {
      const cell = (rec.cells.phone ?? '').trim();
      if (!cell || maskPhone(cell) !== phone || !/^1[3-9]\d{9}$/.test(cell))
        throw field('phone', '请填写完整的手机号码');
      phone = cell;
    }
    const value: FarmerFields = { ...fields, idNumber, phone };
    if (!inScope(scope, districtOf(value.villageCode))) {
      throw new AppError('FARMER_OUT_OF_SCOPE', undefined, {
        httpStatus: 400,
        data: { fields: [{ field: 'villageCode', message: '该行政村不在您的管辖区县内' }] },
      });
    }
    await db
      .transaction(async (tx) => {
        const locked = await repo.findFailRecord(tx, failRecordId, true);
        if (!locked || locked.status !== 'FAILED')
          throw new AppError('FARMER_FAIL_RECORD_DONE', undefined, { httpStatus: 409 });
        const { refused } = await checkAgainstDb(tx, scope, [{ rowNo: 0, value }]);
        const refusal = refused.get(0);
        if (refusal && typeof refusal !== 'string') {
          const e = refusal.errors[0];
          if (refusal.duplicate)
            throw new AppError('FARMER_DUPLICATE', undefined, {
              httpStatus: 409,
              data: { fields: [{ field: 'idNumber', message: e.reason }] },
            });
          throw field(e.column ?? 'villageCode', e.reason);
        }
        const [row] = await farmers.upsertFarmers(
          tx,
          [farmerValues(value, { source: 'REREGISTERED', importJobId: rec.jobId, createdBy: actor.session.userId })],
          scope,
        );
        // Registered in another district since the check (the upsert's scope guard wrote nothing).
        if (!row) throw field('idNumber', FARMER_CITY_REVIEW_REASON);
        await repo.markRegistered(tx, failRecordId, rec.jobId, row.id);
        await writeAudit(tx, {
          userId: actor.session.userId,
          action: 'farmer.registerAgain',
          target: `farmer:${row.id}`,
          detail: { failRecordId, updated: !row.inserted },
          ip: actor.ip,
        });
      })
      .catch(async (err: unknown) => {
        // A refusal that tells the number is registered in another district (found by the check, or by the upsert's
        // guard after a concurrent import): audited, and limited as dry runs are.
        if (refusedForCityReview(err)) {
          await withAuditLimit(
            db,
            { userId: actor.session.userId, action: 'farmer.cityReview' },
            dryRunLimit,
            async () => ({
              result: null,
              audit: {
                target: `farmerFailRecord:${failRecordId}`,
                detail: { idNumber: maskIdNumber(idNumber) },
                ip: actor.ip,
              },
            }),
          );
        }
        throw err;
      });
    return toFailRecord((await repo.findFailRecord(db, failRecordId))!);
  }

  /**
   * The import as callers reach it: a dry run answers only within the user's hourly limit, with its audit row
   * (`farmer.importDryRun`: the file's name and the counts), written under the user's lock before the answer leaves
   * (docs/farmers.md "Import"); at the limit 429, before the file is read when the limit is already reached.
   */
  async function limitedRun(
    actor: Actor,
    dryRun: boolean,
    input: Readable,
    fileName: string,
    truncated?: () => boolean,
  ): Promise<FarmerImportResult> {
    if (!dryRun) return run(actor, dryRun, input, fileName, truncated);
    const who = { userId: actor.session.userId, action: 'farmer.importDryRun' as const };
    if (await auditLimitReached(db, who.userId, who.action, dryRunLimit)) {
      input.resume();
      throw new AppError('RATE_LIMITED', dryRunLimit.message);
    }
    const out = await run(actor, dryRun, input, fileName, truncated);
    const { errors: _errors, importRecordId: _none, dryRun: _dry, ...counts } = out;
    return withAuditLimit(db, who, dryRunLimit, async () => ({
      result: out,
      audit: { target: 'farmers', detail: { fileName, ...counts }, ip: actor.ip },
    }));
  }

  return { run: limitedRun, template, records, failRecords, failRecordsFile, registerAgain };
}

export type FarmerImportService = ReturnType<typeof createFarmerImportService>;
