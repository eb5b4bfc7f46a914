import type { Readable } from 'node:stream';
import type { z } from 'zod';
import { MAKEUP_IMPORT_COLUMNS, type ZMakeupRequest } from '@phjr/contract/demands/calls';
import { isValidCreditCode, withCheckChar } from '@phjr/contract/orgs/credit-code';
import type { ImportResult } from '@phjr/contract/orgs/user-import';
import { CUSTOMER_TYPES, GUARANTEE_METHODS, INDUSTRIES } from '@phjr/contract/products/product';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { plainText } from '../content/sanitize.ts';
import { codeMap } from '../imports/import-files.ts';
import { runImport, templateWorkbook, type ImportSpec, type RowCheck } from '../imports/xlsx-import.ts';
import { listRegions } from '../orgs/orgs.ts';
import { incrementApplications, incrementGrants } from '../products/products.ts';
import { writeAudit } from '../audit/audit.ts';
import { shanghaiDay } from '../system/working-days.ts';
import { demandCode } from './demand-messages.ts';
import type { Actor } from './demands.service.ts';
import * as repo from './demands.repo.ts';

/**
 * Makeup (补录, PRODUCT.md section 6): the operator records loans banks made offline, one by one or by an Excel
 * import, as GRANTED demands of source MAKEUP (type ORIENTATION: addressed to and owned by the lending bank unit).
 * They count in the platform's figures like any granted demand. The import checks every row first (a dry run stops
 * there and writes nothing), then writes the good rows, the import record and its failed rows with their reasons in
 * one transaction.
 */
export const MAKEUP_IMPORT_KIND = 'MAKEUP_LOANS';

type SaveInput = z.output<typeof ZMakeupRequest>;

const APPLICANT_TYPES = codeMap('CustomerType', CUSTOMER_TYPES);
const INDUSTRY_CODES = codeMap('Industry', INDUSTRIES);
const GUARANTEE_CODES = codeMap('GuaranteeMethod', GUARANTEE_METHODS);

const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;
const isDay = (s: string) =>
  DAY_RE.test(s) &&
  !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) &&
  new Date(`${s}T00:00:00Z`).toISOString().startsWith(s);

/**
 * A day typed into Excel as a date arrives as its serial number (days since 1899-12-30; the import reads no styles):
 * give it back as YYYY-MM-DD. Text is left as it is.
 */
export function excelDay(s: string): string {
  if (!/^\d{5}(\.\d+)?$/.test(s)) return s;
  const n = Math.floor(Number(s));
  return n > 20_000 && n < 80_000 ? new Date(Date.UTC(1899, 11, 30) + n * 86_400_000).toISOString().slice(0, 10) : s;
}

/**
 * A name as plain text. Names almost never hold markup: only those with `<` or `&` go through the HTML stripper (a
 * parser per call, the import's main cost at 100k rows); the others only lose control characters and extra spaces.
 */
function plainName(s: string): string {
  return /[<&]/.test(s) ? plainText(s) : s.replace(CONTROL_CHARS, '').replace(/\s+/g, ' ').trim();
}
// eslint-disable-next-line no-control-regex -- control characters are what is removed
const CONTROL_CHARS = /[\u0000-\u001f\u007f]/g;

/** A number cell within bounds (with at most `decimals` decimals), or null. */
function numberIn(s: string, min: number, max: number, decimals: number): number | null {
  if (!/^\d+(\.\d+)?$/.test(s)) return null;
  const n = Number(s);
  if (n < min || n > max) return null;
  return Math.round(n * 10 ** decimals) / 10 ** decimals;
}

/** The rules of one makeup loan, shared by the form and the import. Returns the row to write or the first problem. */
export function checkMakeup(
  v: {
    applicantName: string;
    applicantType: string;
    creditCode: string;
    regionCode: string;
    industry: string;
    guaranteeMethod: string;
    amount: number | null;
    rate: number | null;
    term: number | null;
    grantedAt: string;
  },
  today: string,
): string | null {
  if (v.applicantName.length < 2 || v.applicantName.length > 60) return '借款主体名称须为2-60个字';
  if (v.applicantType === 'ENTERPRISE' && !v.creditCode) return '企业须填写统一社会信用代码';
  if (v.creditCode && !isValidCreditCode(v.creditCode)) return `统一社会信用代码不正确（校验位不符）：${v.creditCode}`;
  if (v.amount === null) return '放款金额须为0.1-100000（万元）';
  if (v.rate === null) return '年利率须为0-36（%）';
  if (v.term === null) return '期限须为1-360的整数（月）';
  if (!isDay(v.grantedAt)) return `放款日期格式须为YYYY-MM-DD：${v.grantedAt}`;
  if (v.grantedAt > today) return '放款日期不能晚于今天';
  return null;
}

export function makeupSpec(
  regions: { code: string; name: string; parentCode: string | null }[],
  banks: Map<string, { id: number; headId: number; active: boolean }>,
  by: { userId: number; orgId: number | null; at: Date; ip: string; fileName: string },
): ImportSpec<repo.MakeupRow, number> {
  const today = shanghaiDay(by.at);
  const districts = regions.filter((r) => r.parentCode !== null);
  const regionOf = (s: string) => districts.find((r) => r.code === s || r.name === s)?.code ?? null;
  return {
    kind: MAKEUP_IMPORT_KIND,
    columns: MAKEUP_IMPORT_COLUMNS,
    validate(row): RowCheck<repo.MakeupRow> {
      const applicantType =
        APPLICANT_TYPES.get(row.applicantType) ?? APPLICANT_TYPES.get(row.applicantType.toUpperCase());
      if (!applicantType) return { error: `主体类型须为个人、企业、农户或新型农业经营主体：${row.applicantType}` };
      const bank = banks.get(row.bankName);
      if (!bank) return { error: `未找到放款银行（请填写机构全称）：${row.bankName}` };
      if (!bank.active) return { error: `放款银行已停用：${row.bankName}` };
      const regionCode = regionOf(row.region);
      if (!regionCode) return { error: `未知的区县：${row.region}` };
      const industry = INDUSTRY_CODES.get(row.industry) ?? INDUSTRY_CODES.get(row.industry.toUpperCase());
      if (!industry) return { error: `未知的行业：${row.industry}` };
      const guaranteeMethod =
        GUARANTEE_CODES.get(row.guaranteeMethod) ?? GUARANTEE_CODES.get(row.guaranteeMethod.toUpperCase());
      if (!guaranteeMethod) return { error: `未知的担保方式：${row.guaranteeMethod}` };
      const value = {
        applicantName: plainName(row.applicantName),
        applicantType,
        creditCode: row.creditCode.toUpperCase(),
        regionCode,
        industry,
        guaranteeMethod,
        amount: numberIn(row.amount, 0.1, 100_000, 2),
        rate: numberIn(row.rate, 0, 36, 3),
        term: /^\d+$/.test(row.term) ? numberIn(row.term, 1, 360, 0) : null,
        grantedAt: excelDay(row.grantedAt),
      };
      const problem = checkMakeup(value, today);
      if (problem) return { error: problem };
      const r: repo.MakeupRow = {
        ...value,
        creditCode: value.creditCode || null,
        amount: value.amount!,
        rate: value.rate!,
        term: value.term!,
        bankOrgId: bank.id,
        bankId: bank.headId,
      };
      return { value: r, keys: [`放款记录:${r.applicantName}|${row.bankName}|${r.grantedAt}|${r.amount}`] };
    },
    async checkExisting(db, rows) {
      const found = await repo.existingMakeupKeys(
        db,
        rows.map((r) => r.value),
      );
      const refused = new Map<number, string>();
      for (const r of rows) {
        if (found.has(`${r.value.applicantName}|${r.value.bankOrgId}|${r.value.grantedAt}|${r.value.amount}`))
          refused.set(r.rowNo, '该笔放款已补录（借款主体、银行、放款日期和金额相同）');
      }
      return refused;
    },
    async insert(tx, rows, jobId) {
      await repo.insertMakeups(
        tx,
        rows.map((r) => r.value),
        { userId: by.userId, orgId: by.orgId, jobId, at: by.at },
      );
      return rows.length;
    },
    async recorded(tx, jobId, counts) {
      await writeAudit(tx, {
        userId: by.userId,
        action: 'demand.import',
        target: `import:${jobId}`,
        detail: { fileName: by.fileName, ...counts },
        ip: by.ip,
      });
    },
  };
}

export function createMakeupService(db: Db) {
  /** One offline loan, recorded by the operator as a GRANTED makeup demand with its history row. */
  async function save(actor: Actor, req: SaveInput) {
    const s = actor.session;
    const now = new Date();
    const today = shanghaiDay(now);
    const creditCode = req.creditCode?.toUpperCase() ?? '';
    const applicantName = plainText(req.applicantName);
    const problem = checkMakeup(
      { ...req, applicantName, creditCode, amount: req.amount, rate: req.rate, term: req.term },
      today,
    );
    if (problem) throw new AppError('VALIDATION', problem);
    const region = await repo.findRegion(db, req.regionCode);
    if (!region || region.parentCode === null) throw new AppError('VALIDATION', '请选择所在区县');
    const bank = await repo.findOrgNode(db, req.bankOrgId);
    if (!bank || bank.classifiedType !== 'BANK' || bank.status !== 'ACTIVE')
      throw new AppError('DEMAND_TARGET_INVALID', '请选择放款银行');
    if (req.productId) {
      const p = await repo.findProductBrief(db, req.productId);
      if (!p || p.kind !== 'LOAN' || p.bankId !== bank.headId) throw new AppError('VALIDATION', '产品不属于放款银行');
    }
    return db.transaction(async (tx) => {
      const d = await repo.insertDemand(tx, {
        type: 'ORIENTATION',
        status: 'GRANTED',
        source: 'MAKEUP',
        applicantName,
        applicantType: req.applicantType,
        creditCode: creditCode || null,
        createdBy: s.userId,
        productId: req.productId ?? null,
        targetOrgId: bank.id,
        ownerOrgId: bank.id,
        bankOrgId: bank.id,
        bankId: bank.headId,
        amount: req.amount,
        term: req.term,
        purpose: '补录线下放款',
        guaranteeMethod: req.guaranteeMethod,
        regionCode: req.regionCode,
        industry: req.industry,
        contactName: applicantName,
        contactPhone: '',
        acceptedAt: now,
        decidedAt: now,
        grantedAmount: req.amount,
        grantedRate: req.rate,
        grantedTerm: req.term,
        grantedAt: req.grantedAt,
        createdAt: now,
        updatedAt: now,
      });
      await repo.insertHistory(tx, {
        demandId: d.id,
        action: 'makeup',
        fromStatus: null,
        toStatus: 'GRANTED',
        userId: s.userId,
        orgId: s.orgId,
        at: now,
      });
      if (req.productId) {
        await incrementApplications(tx, req.productId);
        await incrementGrants(tx, req.productId);
      }
      const code = demandCode(d.id, now);
      await writeAudit(tx, {
        userId: s.userId,
        action: 'demand.makeup',
        target: `demand:${d.id}`,
        detail: { code, applicantName, bankOrgId: bank.id, amount: req.amount, grantedAt: req.grantedAt },
        ip: actor.ip,
      });
      return { id: d.id, code, status: 'GRANTED' as const };
    });
  }

  /** The import of an Excel file of offline loans (MAKEUP_IMPORT_COLUMNS); a dry run writes nothing. */
  async function run(
    actor: Actor,
    input: Readable,
    fileName: string,
    dryRun: boolean,
    truncated?: () => boolean,
  ): Promise<ImportResult> {
    const s = actor.session;
    const now = new Date();
    const [regions, banks] = await Promise.all([listRegions(db), repo.bankUnitsByName(db)]);
    const spec = makeupSpec(regions, banks, { userId: s.userId, orgId: s.orgId, at: now, ip: actor.ip, fileName });
    const out = await runImport(db, spec, { input, fileName, userId: s.userId, dryRun, truncated });
    return {
      jobId: out.jobId,
      dryRun: out.dryRun,
      total: out.total,
      succeeded: out.succeeded,
      failed: out.failed,
      failures: out.failures.slice(0, 500),
      accounts: [],
    };
  }

  const template = () =>
    templateWorkbook('补录放款导入', MAKEUP_IMPORT_COLUMNS, [
      '示范市绿源茶业有限公司',
      '企业',
      withCheckChar('91999906MA0000001'),
      '示范市农村商业银行股份有限公司青石县支行',
      '青石县',
      '农业种植',
      '信用',
      '50',
      '4.35',
      '12',
      shanghaiDay(new Date()),
    ]);

  return { save, run, template };
}
