import { z } from 'zod';
import { MAX_AMOUNT, ZId, ZIdText } from '../bounds.ts';
import { ZPageQuery, page } from '../envelope.ts';
import { sortShape } from '../list-sort.ts';
import { PHONE_MESSAGE, PHONE_RE } from '../auth/sms.ts';
import {
  FARMER_KINDS,
  FARMER_RATINGS,
  LAND_TENURES,
  MASKED_ID_RE,
  MASKED_PHONE_RE,
  RATING_FACTORS,
  VILLAGE_CODE_RE,
  idNumberError,
  type FarmerKind,
} from './farmer-rules.ts';

/**
 * Farmer credit data (PRODUCT.md section 10, docs/farmers.md): villages, the records of households and new
 * agricultural entities with their computed rating, the import with its failed rows, the funnel per village and the
 * public aggregates. Amounts in 万元 (2 decimals), land in 亩. ID numbers and phones leave the server masked, except in
 * the answer of `sensitive` (one record, audited).
 */

export const ZFarmerKind = z.enum(FARMER_KINDS);
export const ZLandTenure = z.enum(LAND_TENURES);
export const ZFarmerRating = z.enum(FARMER_RATINGS);
export const ZRatingFactor = z.enum(RATING_FACTORS);

const ZDistrictCode = z.string().regex(/^\d{6}$/, '请选择区县');
const ZTownshipCode = z.string().regex(/^\d{9}$/, '请选择乡镇');
export const ZVillageCode = z.string().trim().regex(VILLAGE_CODE_RE, '请选择行政村（12位村代码）');

const twoDecimals = (v: number) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6;
/** 万元, 0 allowed (no credit, no need), at most 2 decimals. */
const ZMoney = (what: string) =>
  z
    .number({ error: `请填写${what}（万元）` })
    .min(0, `${what}不能为负数`)
    .max(MAX_AMOUNT, `${what}不超过100000万元`)
    .refine(twoDecimals, `${what}最多保留两位小数`);
const ZOptionalText = (max: number, what: string) =>
  z.string().trim().max(max, `${what}不超过${max}个字`).nullable().default(null);

/** The fields of a record: one import row, one re-registration (the same rules; docs/farmers.md "Fields"). */
export const FARMER_FIELDS_SHAPE = {
  kind: ZFarmerKind,
  name: z.string().trim().min(1, '请填写姓名或主体名称').max(60, '名称不超过60个字'),
  /** Resident identity number (HOUSEHOLD, LARGE_GROWER) or unified social credit code (the other kinds). */
  idNumber: z.string().trim().toUpperCase().min(1, '请填写证件号码').max(18, '证件号码为18位'),
  phone: z.string().trim().regex(PHONE_RE, PHONE_MESSAGE).nullable().default(null),
  villageCode: ZVillageCode,
  grid: ZOptionalText(40, '网格'),
  landArea: z
    .number({ error: '请填写土地面积（亩）' })
    .min(0, '土地面积不能为负数')
    .max(1_000_000, '土地面积不超过100万亩')
    .refine(twoDecimals, '土地面积最多保留两位小数'),
  landTenure: ZLandTenure.nullable().default(null),
  mainProducts: ZOptionalText(100, '主要产品'),
  annualIncome: ZMoney('年收入').nullable().default(null),
  assets: ZMoney('资产').nullable().default(null),
  liabilities: ZMoney('负债').nullable().default(null),
  overdueCount: z
    .number()
    .int('逾期次数须为整数')
    .min(0, '逾期次数不能为负数')
    .max(99, '逾期次数不超过99')
    .nullable()
    .default(null),
  yearsFarming: z
    .number()
    .int('从业年限须为整数')
    .min(0, '从业年限不能为负数')
    .max(80, '从业年限不超过80年')
    .nullable()
    .default(null),
  creditGranted: ZMoney('授信额度').default(0),
  creditDrawn: ZMoney('已用信金额').default(0),
  financingNeed: ZMoney('融资需求').default(0),
  needPurpose: ZOptionalText(100, '融资用途'),
};

type FieldsOut = {
  kind: FarmerKind;
  idNumber: string;
  landArea: number;
  landTenure: string | null;
  creditGranted: number;
  creditDrawn: number;
  financingNeed: number;
  needPurpose: string | null;
};

/** The rules across fields, each on its field (one function for the form, the import and re-registration). */
export function farmerFieldIssues(
  v: FieldsOut,
  opts: { maskedIdAllowed?: boolean } = {},
): { path: string; message: string }[] {
  const out: { path: string; message: string }[] = [];
  if (!(opts.maskedIdAllowed && MASKED_ID_RE.test(v.idNumber))) {
    const e = idNumberError(v.kind, v.idNumber);
    if (e) out.push({ path: 'idNumber', message: e });
  }
  if (v.creditDrawn > v.creditGranted) out.push({ path: 'creditDrawn', message: '已用信金额不能大于授信额度' });
  if (v.financingNeed > 0 && !v.needPurpose) out.push({ path: 'needPurpose', message: '有融资需求时请填写融资用途' });
  if (v.landArea > 0 && !v.landTenure) out.push({ path: 'landTenure', message: '有土地面积时请选择土地来源' });
  return out;
}

export const ZFarmerFields = z.strictObject(FARMER_FIELDS_SHAPE).superRefine((v, ctx) => {
  for (const i of farmerFieldIssues(v)) ctx.addIssue({ code: 'custom', path: [i.path], message: i.message });
});
export type FarmerFields = z.output<typeof ZFarmerFields>;
export type FarmerFieldsInput = z.input<typeof ZFarmerFields>;

/** What a caller may do on a record (the server's answer; the web shows exactly these). */
export const FARMER_ACTIONS = ['sensitive'] as const;
export const ZFarmerAction = z.enum(FARMER_ACTIONS);

/** A record as lists, exports and details show it: ID number and phone MASKED (maskIdNumber, maskPhone). */
export const ZFarmer = z.object({
  id: z.number().int(),
  kind: ZFarmerKind,
  name: z.string(),
  idNumber: z.string(),
  phone: z.string().nullable(),
  districtCode: z.string(),
  districtName: z.string().nullable(),
  townshipCode: z.string(),
  townshipName: z.string().nullable(),
  villageCode: z.string(),
  villageName: z.string().nullable(),
  grid: z.string().nullable(),
  landArea: z.number(),
  landTenure: ZLandTenure.nullable(),
  mainProducts: z.string().nullable(),
  annualIncome: z.number().nullable(),
  assets: z.number().nullable(),
  liabilities: z.number().nullable(),
  overdueCount: z.number().int().nullable(),
  yearsFarming: z.number().int().nullable(),
  creditGranted: z.number(),
  creditDrawn: z.number(),
  financingNeed: z.number(),
  needPurpose: z.string().nullable(),
  rating: ZFarmerRating,
  ratingScore: z.number().int().nullable(),
  source: z.enum(['IMPORT', 'REREGISTERED']),
  createdAt: z.string(),
  updatedAt: z.string(),
  actions: z.array(ZFarmerAction),
});
export type Farmer = z.infer<typeof ZFarmer>;

export const ZRatingDriver = z.object({
  factor: ZRatingFactor,
  value: z.number().nullable(),
  points: z.number().int(),
  max: z.number().int(),
});
/** GET …/detail.json: the record (masked) with what drove its rating. */
export const ZFarmerDetail = ZFarmer.extend({ drivers: z.array(ZRatingDriver) });
export type FarmerDetail = z.infer<typeof ZFarmerDetail>;

/** POST …/sensitive.json: one record unmasked, with why (5–200 characters); written to the audit log. */
export const ZFarmerSensitiveRequest = z.strictObject({
  id: ZId,
  reason: z.string().trim().min(5, '请填写查看原因（至少5个字）').max(200, '查看原因不超过200个字'),
});
/** The same record with its ID number and phone in full (only this answer carries them). */
export const ZFarmerSensitive = ZFarmerDetail;

const ZBool = z.enum(['true', 'false']);

/**
 * The fields the farmer list sorts by (issue 30, list-sort.ts; docs/lists.md): land area (亩) and financing need (万元),
 * each on an index city-wide and per district (migration 0040). Not the credit columns nor the score: on 500,000
 * records each sorted the city's records (~1 s) and would need two more indexes (the rating filter picks the grades).
 * Newest record first without.
 */
export const FARMER_SORT = ['landArea', 'financingNeed'] as const;

/** The list's filters (operator and supervisors alike; the server scopes to the caller's district), with its sort. */
const FARMER_FILTER_SHAPE = {
  districtCode: ZDistrictCode.optional(),
  townshipCode: ZTownshipCode.optional(),
  villageCode: z.string().regex(VILLAGE_CODE_RE, '请选择行政村').optional(),
  kind: ZFarmerKind.optional(),
  rating: ZFarmerRating.optional(),
  hasNeed: ZBool.optional(),
  /** Part of the name. */
  keyword: z.string().trim().max(40).optional(),
  /**
   * The whole ID number (or credit code): matched exactly, never as a prefix. Only with farmer:sensitive and a
   * `reason` (audited `farmer.idSearch`, at most FARMER_ID_SEARCHES_PER_HOUR a user; docs/farmers.md).
   */
  idNumber: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[0-9A-Z]{18}$/, '请输入完整的18位证件号码')
    .optional(),
  /** Why the exact search is made (5–200 characters), required with `idNumber`; written to the audit log. */
  reason: z.string().trim().min(5, '请填写查询原因（至少5个字）').max(200, '查询原因不超过200个字').optional(),
  ...sortShape(FARMER_SORT),
};

/** The rule across the filters: an exact ID search names its reason. */
export function idSearchIssue(f: { idNumber?: string; reason?: string }): { path: string; message: string } | null {
  return f.idNumber !== undefined && !f.reason
    ? { path: 'reason', message: '按证件号码查询须填写查询原因（至少5个字）' }
    : null;
}
const withIdSearchRule = (f: { idNumber?: string; reason?: string }, ctx: z.RefinementCtx) => {
  const i = idSearchIssue(f);
  if (i) ctx.addIssue({ code: 'custom', path: [i.path], message: i.message });
};
export const ZFarmerFilter = z.object(FARMER_FILTER_SHAPE).superRefine(withIdSearchRule);
export const ZFarmerPageQuery = ZPageQuery.extend(FARMER_FILTER_SHAPE).superRefine(withIdSearchRule);
export const ZFarmerPage = page(ZFarmer);
export const ZFarmerIdQuery = z.object({ id: ZIdText });

// ---------------------------------------------------------------------------------------------------------------------
// Villages and figures

/** A village (行政村) with its township and district: the cascaders' options (public, names only). */
export const ZVillage = z.object({
  code: z.string(),
  name: z.string(),
  townshipCode: z.string(),
  townshipName: z.string(),
  districtCode: z.string(),
  districtName: z.string().nullable(),
});
export type Village = z.infer<typeof ZVillage>;
export const ZVillagesQuery = z.object({ districtCode: ZDistrictCode.optional() });

const counts = <T extends readonly string[]>(keys: T) =>
  z.object(Object.fromEntries(keys.map((k) => [k, z.number().int()])) as { [K in T[number]]: z.ZodNumber });

/** The figures of a village, a township, a district or the city (definitions in docs/statistics.md, "Farmer credit data"). */
export const ZFarmerFigures = z.object({
  collected: z.number().int(),
  households: z.number().int(),
  entities: z.number().int(),
  rated: z.number().int(),
  granted: z.number().int(),
  /** 万元 */
  grantedAmount: z.number(),
  drawn: z.number().int(),
  drawnAmount: z.number(),
  withNeed: z.number().int(),
  needAmount: z.number(),
  /** rated / collected, granted / rated, drawn / granted: 0..1, null when the base is 0. */
  ratedRate: z.number().nullable(),
  grantedRate: z.number().nullable(),
  drawnRate: z.number().nullable(),
  kinds: counts(FARMER_KINDS),
  ratings: counts(FARMER_RATINGS),
});
export type FarmerFigures = z.infer<typeof ZFarmerFigures>;

export const FUNNEL_LEVELS = ['DISTRICT', 'TOWNSHIP', 'VILLAGE'] as const;
export const ZFunnelLevel = z.enum(FUNNEL_LEVELS);

/** GET …/funnel.json: the funnel per district, township or village, within the caller's scope and the filters. */
export const ZFarmerFunnelQuery = z.object({
  level: ZFunnelLevel.default('DISTRICT'),
  districtCode: ZDistrictCode.optional(),
  townshipCode: ZTownshipCode.optional(),
});
export const ZFunnelRow = z.object({
  code: z.string(),
  name: z.string(),
  /** The township's and the district's names of a village row, the district's of a township row. */
  townshipName: z.string().nullable(),
  districtName: z.string().nullable(),
  figures: ZFarmerFigures,
});
export const ZFarmerFunnel = z.object({ level: ZFunnelLevel, total: ZFarmerFigures, rows: z.array(ZFunnelRow) });
export type FarmerFunnel = z.infer<typeof ZFarmerFunnel>;

/**
 * GET …/portal/figures.json: aggregates only (no personal row): the city, each district, each village of
 * `districtCode`. A cell of fewer than SMALL_CELL_MIN records (and the cells withheld with it so that it cannot be
 * read off its parent's total; every village of a withheld district) answers `figures: null` (docs/statistics.md
 * "Small cells").
 */
export const ZPortalFiguresQuery = z.object({ districtCode: ZDistrictCode.optional() });
export const ZPortalFigures = z.object({
  total: ZFarmerFigures.nullable(),
  districts: z.array(z.object({ code: z.string(), name: z.string(), figures: ZFarmerFigures.nullable() })),
  /** The villages of the district asked for (empty without `districtCode`). */
  villages: z.array(
    z.object({ code: z.string(), name: z.string(), townshipName: z.string(), figures: ZFarmerFigures.nullable() }),
  ),
});
export type PortalFigures = z.infer<typeof ZPortalFigures>;

// ---------------------------------------------------------------------------------------------------------------------
// The import

/** The columns of the import template, in order. */
export const FARMER_IMPORT_COLUMNS = [
  { key: 'kind', header: '主体类型（农户/家庭农场/农民专业合作社/种养大户/农业企业）', required: true },
  { key: 'name', header: '姓名或主体名称', required: true },
  { key: 'idNumber', header: '身份证号码或统一社会信用代码', required: true },
  { key: 'phone', header: '手机号码', required: false },
  { key: 'villageCode', header: '行政村代码（12位）', required: true },
  { key: 'grid', header: '网格', required: false },
  { key: 'landArea', header: '土地面积（亩）', required: true },
  { key: 'landTenure', header: '土地来源（自有承包/流转/自有+流转）', required: false },
  { key: 'mainProducts', header: '主要产品', required: false },
  { key: 'annualIncome', header: '年收入（万元）', required: false },
  { key: 'assets', header: '资产（万元）', required: false },
  { key: 'liabilities', header: '负债（万元）', required: false },
  { key: 'overdueCount', header: '近三年逾期次数', required: false },
  { key: 'yearsFarming', header: '从业年限（年）', required: false },
  { key: 'creditGranted', header: '授信额度（万元）', required: false },
  { key: 'creditDrawn', header: '已用信金额（万元）', required: false },
  { key: 'financingNeed', header: '融资需求（万元，0为无）', required: false },
  { key: 'needPurpose', header: '融资用途', required: false },
] as const;

/** POST …/import.json?dryRun= (multipart `file`). */
export const ZFarmerImportQuery = z.object({ dryRun: ZBool.default('false') });
export const ZFarmerImportResult = z.object({
  importRecordId: z.number().int().nullable(),
  dryRun: z.boolean(),
  total: z.number().int(),
  /** Rows accepted: new records plus `updated` ones (an ID number already on the platform updates its record). */
  valid: z.number().int(),
  updated: z.number().int(),
  invalid: z.number().int(),
  duplicates: z.number().int(),
  /** Every refused row: its sheet row, the column at fault (null: the row as a whole) and why (at most 5,000). */
  errors: z.array(z.object({ rowNo: z.number().int(), column: z.string().nullable(), reason: z.string() })),
});
export type FarmerImportResult = z.infer<typeof ZFarmerImportResult>;

export const ZFarmerImportRecord = z.object({
  id: z.number().int(),
  fileName: z.string(),
  total: z.number().int(),
  succeeded: z.number().int(),
  failed: z.number().int(),
  /** Failed rows not yet registered again. */
  pending: z.number().int(),
  districtCode: z.string().nullable(),
  userName: z.string().nullable(),
  orgName: z.string().nullable(),
  createdAt: z.string(),
});
export const ZFarmerImportRecordPage = page(ZFarmerImportRecord);

/** A failed row: its cells as read (ID number and phone masked), each error with its column, whether it was fixed. */
export const ZFarmerFailRecord = z.object({
  id: z.number().int(),
  importRecordId: z.number().int(),
  rowNo: z.number().int(),
  values: z.record(z.string(), z.string()),
  errors: z.array(z.object({ column: z.string().nullable(), reason: z.string() })),
  status: z.enum(['FAILED', 'REGISTERED']),
  farmerId: z.number().int().nullable(),
  createdAt: z.string(),
});
export type FarmerFailRecord = z.infer<typeof ZFarmerFailRecord>;
export const ZFarmerFailRecordPageQuery = ZPageQuery.extend({
  importRecordId: ZIdText.optional(),
  status: z.enum(['FAILED', 'REGISTERED']).optional(),
});
export const ZFarmerFailRecordPage = page(ZFarmerFailRecord);
export const ZFarmerImportRecordIdQuery = z.object({ importRecordId: ZIdText });

/**
 * POST …/import/failRecord/registerAgain.json: the corrected fields of one failed row. The ID number and the phone
 * may be sent back masked as the failed row showed them: the row's own cell is then used.
 */
export const ZFarmerRegisterAgainRequest = z
  .strictObject({
    ...FARMER_FIELDS_SHAPE,
    failRecordId: ZId,
    idNumber: z.string().trim().toUpperCase().min(1, '请填写证件号码').max(18, '证件号码为18位'),
    phone: z
      .string()
      .trim()
      .refine((s) => PHONE_RE.test(s) || MASKED_PHONE_RE.test(s), PHONE_MESSAGE)
      .nullable()
      .default(null),
  })
  .superRefine((v, ctx) => {
    for (const i of farmerFieldIssues(v, { maskedIdAllowed: true }))
      ctx.addIssue({ code: 'custom', path: [i.path], message: i.message });
  });
