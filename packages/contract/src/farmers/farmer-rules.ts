import { isValidIdNumber } from '../auth/certification.ts';
import { isValidCreditCode } from '../orgs/credit-code.ts';

/**
 * The pure rules of farmer credit data (PRODUCT.md section 10, docs/farmers.md): what kinds of records there are, how a
 * record's credit rating follows from its hard data, and how an identity number and a phone are masked. Both sides
 * import them; the server stores the rating this function computes and never takes one typed in.
 */

/** 农户, 家庭农场, 农民专业合作社, 种养大户, 农业企业. */
export const FARMER_KINDS = ['HOUSEHOLD', 'FAMILY_FARM', 'COOPERATIVE', 'LARGE_GROWER', 'AGRI_ENTERPRISE'] as const;
export type FarmerKind = (typeof FARMER_KINDS)[number];
/** Kinds identified by a person's resident identity number; the others by a unified social credit code. */
export const PERSON_KINDS: readonly FarmerKind[] = ['HOUSEHOLD', 'LARGE_GROWER'];

/** 自有承包, 流转, 自有+流转. */
export const LAND_TENURES = ['OWN', 'TRANSFERRED_IN', 'MIXED'] as const;
export type LandTenure = (typeof LAND_TENURES)[number];

export const FARMER_RATINGS = ['AAA', 'AA', 'A', 'B', 'C', 'UNRATED'] as const;
export type FarmerRating = (typeof FARMER_RATINGS)[number];
export const RATING_FACTORS = ['INCOME', 'NET_ASSETS', 'DEBT_RATIO', 'OVERDUE', 'YEARS_FARMING', 'LAND_AREA'] as const;
export type RatingFactor = (typeof RATING_FACTORS)[number];

/** The hard data the rating reads (amounts in 万元, land in 亩); null is "not collected". */
export interface RatingInput {
  annualIncome: number | null;
  assets: number | null;
  liabilities: number | null;
  overdueCount: number | null;
  yearsFarming: number | null;
  landArea: number | null;
}

export interface RatingDriver {
  factor: RatingFactor;
  /** The value the points were read from (debt ratio 0..n, others as stored); null when missing. */
  value: number | null;
  points: number;
  max: number;
}

export interface RatingResult {
  rating: FarmerRating;
  /** 0..100; null when UNRATED. */
  score: number | null;
  drivers: RatingDriver[];
}

/** Points by threshold: the first step whose `min` the value reaches (steps best first). */
type Step = readonly [min: number, points: number];
const stepPoints = (v: number, steps: readonly Step[]) => steps.find(([min]) => v >= min)?.[1] ?? 0;

/** Each factor's table (docs/farmers.md "The rating"): maximum points and the steps. Sum of maxima: 100. */
export const RATING_TABLE = {
  INCOME: {
    max: 25,
    steps: [
      [50, 25],
      [20, 20],
      [10, 15],
      [5, 10],
      [2, 5],
    ] as Step[],
  },
  NET_ASSETS: {
    max: 20,
    steps: [
      [100, 20],
      [50, 16],
      [20, 12],
      [5, 8],
      [0, 4],
    ] as Step[],
  },
  /** Lower is better: points for a ratio at most each bound. */
  DEBT_RATIO: {
    max: 20,
    steps: [
      [0.3, 20],
      [0.5, 15],
      [0.7, 8],
      [1, 3],
    ] as Step[],
  },
  /** Overdue repayments in the last 3 years: points for at most each count. */
  OVERDUE: {
    max: 20,
    steps: [
      [0, 20],
      [1, 10],
      [2, 4],
    ] as Step[],
  },
  YEARS_FARMING: {
    max: 10,
    steps: [
      [10, 10],
      [5, 7],
      [2, 4],
      [1, 2],
    ] as Step[],
  },
  LAND_AREA: {
    max: 5,
    steps: [
      [100, 5],
      [30, 4],
      [10, 3],
      [1, 2],
    ] as Step[],
  },
} as const;

/** Minimum score of each grade, best first; below the last: C. */
export const GRADE_MIN: readonly [FarmerRating, number][] = [
  ['AAA', 85],
  ['AA', 70],
  ['A', 55],
  ['B', 40],
];

const round4 = (v: number) => Math.round(v * 10_000) / 10_000;

/**
 * The one rating rule: each factor's points from the record's hard data, their sum the score, the score's grade.
 * A record missing any of income, assets, liabilities, overdue count or years farming is UNRATED (its drivers still
 * list what is there); land area counts 0 when absent.
 */
export function rateFarmer(r: RatingInput): RatingResult {
  const t = RATING_TABLE;
  const netAssets = r.assets !== null && r.liabilities !== null ? round4(r.assets - r.liabilities) : null;
  // No assets and no debt: nothing owed, the best ratio; debt without assets: the worst.
  const debtRatio =
    r.assets === null || r.liabilities === null
      ? null
      : r.assets > 0
        ? round4(r.liabilities / r.assets)
        : r.liabilities > 0
          ? 99
          : 0;
  const atMost = (v: number, steps: readonly Step[]) => steps.find(([bound]) => v <= bound)?.[1] ?? 0;
  const drivers: RatingDriver[] = [
    {
      factor: 'INCOME',
      value: r.annualIncome,
      points: r.annualIncome === null ? 0 : stepPoints(r.annualIncome, t.INCOME.steps),
      max: t.INCOME.max,
    },
    {
      factor: 'NET_ASSETS',
      value: netAssets,
      points: netAssets === null ? 0 : stepPoints(netAssets, t.NET_ASSETS.steps),
      max: t.NET_ASSETS.max,
    },
    {
      factor: 'DEBT_RATIO',
      value: debtRatio,
      points: debtRatio === null ? 0 : atMost(debtRatio, t.DEBT_RATIO.steps),
      max: t.DEBT_RATIO.max,
    },
    {
      factor: 'OVERDUE',
      value: r.overdueCount,
      points: r.overdueCount === null ? 0 : atMost(r.overdueCount, t.OVERDUE.steps),
      max: t.OVERDUE.max,
    },
    {
      factor: 'YEARS_FARMING',
      value: r.yearsFarming,
      points: r.yearsFarming === null ? 0 : stepPoints(r.yearsFarming, t.YEARS_FARMING.steps),
      max: t.YEARS_FARMING.max,
    },
    {
      factor: 'LAND_AREA',
      value: r.landArea,
      points: r.landArea === null ? 0 : stepPoints(r.landArea, t.LAND_AREA.steps),
      max: t.LAND_AREA.max,
    },
  ];
  const missing =
    r.annualIncome === null ||
    r.assets === null ||
    r.liabilities === null ||
    r.overdueCount === null ||
    r.yearsFarming === null;
  if (missing) return { rating: 'UNRATED', score: null, drivers };
  const score = drivers.reduce((n, d) => n + d.points, 0);
  const rating = GRADE_MIN.find(([, min]) => score >= min)?.[0] ?? 'C';
  return { rating, score, drivers };
}

/** How many characters of an ID number (or credit code) a masked one keeps, at its end. */
export const ID_MASK_KEEP = 2;

/**
 * An identity number (or credit code) as every list and answer shows it: the last 2 characters only, the rest stars.
 * Neither the first six digits (the district) nor the birth date leave the server; and since the rows show the
 * district beside the number, keeping 4 (the whole sequence number and the check digit) left only the birth date
 * unknown, about 2,000 candidates; with 2 kept they are about 200,000 (docs/farmers.md "Masking").
 */
export function maskIdNumber(id: string): string {
  if (id.length <= ID_MASK_KEEP) return '*'.repeat(id.length);
  return '*'.repeat(id.length - ID_MASK_KEEP) + id.slice(-ID_MASK_KEEP);
}

/** A mobile number as every list and answer shows it: 138****5678. */
export function maskPhone(phone: string): string {
  if (phone.length < 8) return '*'.repeat(phone.length);
  return `${phone.slice(0, 3)}****${phone.slice(-4)}`;
}

/** Masked forms, as the server sends them (an edit may send one back to keep the stored value). */
export const MASKED_ID_RE = /^\*{16}[0-9A-Z]{2}$/;
export const MASKED_PHONE_RE = /^1[3-9]\d\*{4}\d{4}$/;

/**
 * The exact search on a whole ID number (list and export, docs/farmers.md "The exact search"): only with
 * farmer:sensitive and a reason, audited (`farmer.idSearch`), at most this many per user in any rolling hour.
 */
export const FARMER_ID_SEARCHES_PER_HOUR = 20;

/** Dry runs of the farmer import per user in any rolling hour (each audited `farmer.importDryRun`). */
export const FARMER_DRY_RUNS_PER_HOUR = 20;

/**
 * The reason a row is refused when its ID number is registered in a district the importer does not cover (real
 * import and re-registration only; a dry run accepts it like a new number, so it tells nothing): the city level
 * (which sees every district's failed rows) decides.
 */
export const FARMER_CITY_REVIEW_REASON = '该证件号码需由市级管理部门核实后登记';

/** The identity rule of a kind: an 18-digit resident identity number, or a unified social credit code. */
export function idNumberError(kind: FarmerKind, id: string): string | null {
  if (PERSON_KINDS.includes(kind)) return isValidIdNumber(id) ? null : '身份证号码格式或校验位错误';
  return isValidCreditCode(id) ? null : '统一社会信用代码格式或校验位错误';
}

/** A village code: district (6 digits) + township (3) + village (3). */
export const VILLAGE_CODE_RE = /^\d{12}$/;
export const townshipOf = (villageCode: string) => villageCode.slice(0, 9);
export const districtOf = (code: string) => code.slice(0, 6);

/**
 * Header words of columns the platform must not hold (PIPL sensitive personal information beyond the purpose): a
 * file whose header row names one, by contains, is refused whole.
 */
export const FORBIDDEN_COLUMN_WORDS = [
  '健康',
  '病史',
  '政治面貌',
  '党员',
  '宗教',
  '信仰',
  '民族',
  'health',
  'political',
  'religion',
  'ethnicity',
] as const;

/** The forbidden word a header contains, or null. */
export function forbiddenWordIn(header: string): string | null {
  const h = header.toLowerCase();
  return FORBIDDEN_COLUMN_WORDS.find((w) => h.includes(w)) ?? null;
}
