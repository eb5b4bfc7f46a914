import { z } from 'zod';
import { ZDay, ZIdText } from '../bounds.ts';
import { ZPageQuery, page } from '../envelope.ts';
import { sortShape } from '../list-sort.ts';
import { ZDemandSummary, ZDemandType, REJECT_CODES, ZRejectCode } from '../demands/demand.ts';
import { defineOperation, type OperationAuth } from '../operation.ts';

/**
 * Statistics and supervision reports (issue 16, PRODUCT.md section 11). Every figure is defined once in
 * docs/statistics.md ("Report figures"), served by `definitions` and shown one hover away on every page. Figures are
 * sums over `demand_report_figures`, which triggers on `demands` keep in the statement that changes a demand (migration
 * 0020), so a report costs the same at 1M demands as at 100. Each count is counted on the Beijing day of its event
 * (REPORT_MEASURES says which), and `drill` lists exactly the demands it counts.
 *
 * Amounts in 万元; rates 0..1 (4 decimals) or null when their base is 0; days are working days of the operator's
 * calendar (1 decimal for averages).
 */

/** Buckets of the working-day histograms: 0 … 30, and 31 for "31 or more". */
export const REPORT_WD_BUCKETS = 32;

/**
 * The counted events, each on the Beijing day of its own date (docs/statistics.md, "Report figures"):
 * - `counted`: demands as the homepage overview counts them (every demand but one withdrawn before acceptance;
 *   makeup loans included), on the day posted (recorded, for a makeup loan); `posted`: applicants' postings;
 * - `accepted` on the acceptance day; `acceptLate`: accepted after the acceptance deadline;
 * - `granted` (makeup loans included) on the grant date; `grantedCredit`: granted with guarantee method CREDIT
 *   (unsecured); `firstLoan`: the borrower's first grant on the platform (首贷户); `makeup`: makeup loans;
 * - `rejected` and `decideLate` (decided after the decision deadline) on the decision day;
 * - `withdrawn` on the withdrawal day; `expired`: the acceptance deadline passed (the expiry day);
 * - `guaranteed`: a guarantee company issued its guarantee (the signing day).
 * `overdueNow` is not a period figure: demands whose running deadline has passed now.
 */
export const REPORT_MEASURES = [
  'counted',
  'posted',
  'accepted',
  'acceptLate',
  'granted',
  'grantedCredit',
  'firstLoan',
  'makeup',
  'rejected',
  'decideLate',
  'withdrawn',
  'expired',
  'guaranteed',
  'overdueNow',
] as const;
export const ZReportMeasure = z.enum(REPORT_MEASURES);
export type ReportMeasure = z.infer<typeof ZReportMeasure>;

/** The most days one report covers (ten years: a range reads whole months, so a long one stays a few thousand rows). */
export const REPORT_MAX_DAYS = 3653;

const ZRegionCode = z.string().regex(/^\d{6}$/, '请选择地区');

/** The filters of every report, its export and its drill-down: a Beijing date range (inclusive), a type, a district. */
export const ZReportQuery = z
  .object({
    from: ZDay,
    to: ZDay,
    type: ZDemandType.optional(),
    /** A district: only its demands (a district supervisor is held to its own whatever it sends). */
    regionCode: ZRegionCode.optional(),
  })
  .refine((q) => q.from <= q.to, { message: '开始日期不能晚于结束日期', path: ['from'] })
  .refine((q) => (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 < REPORT_MAX_DAYS, {
    message: '统计区间最长十年',
    path: ['to'],
  });
export type ReportQuery = z.input<typeof ZReportQuery>;

/** The figures of one row of a report (a district, a bank unit's subtree, the total). */
export const ZReportFigures = z.object({
  /** As the homepage overview counts demands, posted in the period; with the amounts asked. */
  counted: z.number().int(),
  countedAmount: z.number(),
  posted: z.number().int(),
  accepted: z.number().int(),
  /** accepted ÷ (accepted + expired + withdrawn before acceptance), in the period. */
  acceptRate: z.number().nullable(),
  acceptDaysAvg: z.number().nullable(),
  acceptDaysP90: z.number().int().nullable(),
  acceptLate: z.number().int(),
  granted: z.number().int(),
  grantedAmount: z.number(),
  /** granted ÷ (granted + rejected), as the overview's success rate (0..1 here). */
  grantRate: z.number().nullable(),
  /** Working days from acceptance to the grant date, over the granted demands that were accepted on the platform. */
  grantDaysAvg: z.number().nullable(),
  grantDaysP90: z.number().int().nullable(),
  /** Mean annual rate granted, %, 2 decimals. */
  grantedRateAvg: z.number().nullable(),
  grantedCredit: z.number().int(),
  grantedCreditAmount: z.number(),
  /** grantedCreditAmount ÷ grantedAmount. */
  creditShare: z.number().nullable(),
  firstLoan: z.number().int(),
  makeup: z.number().int(),
  makeupAmount: z.number(),
  rejected: z.number().int(),
  rejectedByCode: z.record(ZRejectCode, z.number().int()),
  decideLate: z.number().int(),
  withdrawn: z.number().int(),
  expired: z.number().int(),
  /** acceptLate + expired + decideLate. */
  slaBreaches: z.number().int(),
  guaranteed: z.number().int(),
  guaranteedAmount: z.number(),
  /** Now, whatever the period: running deadlines passed. */
  overdueNow: z.number().int(),
});
export type ReportFigures = z.infer<typeof ZReportFigures>;
export { REJECT_CODES };

const reportHead = {
  /** When the figures were read (ISO). */
  asOf: z.string(),
  from: ZDay,
  to: ZDay,
  total: ZReportFigures,
};

/** GET /finance/stats/report/region.json: one row per district in the viewer's scope, and their total. */
export const ZRegionReport = z.object({
  ...reportHead,
  rows: z.array(z.object({ regionCode: z.string(), name: z.string(), figures: ZReportFigures })),
});
export type RegionReport = z.infer<typeof ZRegionReport>;

/**
 * GET /finance/stats/report/bank.json: the banks as a tree (head office → branches → sub-branches), each node's
 * figures its whole subtree's (a branch rolls up into its bank); `parentId` null for a head office. Guarantee
 * companies are not in it.
 */
export const ZBankReportNode = z.object({
  orgId: z.number().int(),
  parentId: z.number().int().nullable(),
  name: z.string(),
  figures: ZReportFigures,
});
export const ZBankReport = z.object({ ...reportHead, rows: z.array(ZBankReportNode) });
export type BankReport = z.infer<typeof ZBankReport>;

/**
 * GET /finance/stats/report/scorecard.json: each bank (head office, its branches included) side by side, ranked by
 * `score` (docs/statistics.md, "Bank scorecard"): response times, acceptance and grant rates and SLA breaches,
 * with its share of the scope's accepted demands so a small bank is read against its size.
 */
export const ZScorecardRow = z.object({
  rank: z.number().int(),
  bankId: z.number().int(),
  name: z.string(),
  /** Accepted by this bank ÷ accepted by every bank in the scope and period. */
  share: z.number().nullable(),
  accepted: z.number().int(),
  granted: z.number().int(),
  grantedAmount: z.number(),
  acceptRate: z.number().nullable(),
  grantRate: z.number().nullable(),
  acceptDaysAvg: z.number().nullable(),
  acceptDaysP90: z.number().int().nullable(),
  grantDaysAvg: z.number().nullable(),
  grantDaysP90: z.number().int().nullable(),
  slaBreaches: z.number().int(),
  /** slaBreaches ÷ (accepted + expired): breaches per demand it had to answer. */
  breachRate: z.number().nullable(),
  /** 0..100, 1 decimal; null for a bank with nothing to judge in the period. */
  score: z.number().nullable(),
});
export const ZScorecard = z.object({ asOf: z.string(), from: ZDay, to: ZDay, rows: z.array(ZScorecardRow) });
export type Scorecard = z.infer<typeof ZScorecard>;

/**
 * GET /finance/stats/report/drill.json: the demands one figure counts, newest first: `measure` with the report's
 * filters, the row's organisation (`orgId`: a bank unit with its subtree, or a bank head office) and, for
 * `rejected`, one reason. `total` is exact and equals the figure.
 */
/**
 * The drill-down's sortable fields (list-sort.ts; issue 30): the amount it shows (the granted amount, else the amount
 * asked), the term, the day it was posted and the day it was granted (none sorts below every day). Without a sort:
 * newest first.
 */
export const REPORT_DRILL_SORT = ['amount', 'term', 'createdAt', 'grantedAt'] as const;

export const ZReportDrillQuery = ZPageQuery.extend({
  ...sortShape(REPORT_DRILL_SORT),
  measure: ZReportMeasure,
  from: ZDay,
  to: ZDay,
  type: ZDemandType.optional(),
  regionCode: ZRegionCode.optional(),
  orgId: ZIdText.optional(),
  rejectCode: ZRejectCode.optional(),
});
export type ReportDrillQuery = z.input<typeof ZReportDrillQuery>;
export const ZReportDrillPage = page(ZDemandSummary);

/**
 * GET /finance/stats/definitions.json (public): every figure's definition (口径), read from docs/statistics.md
 * ("Report figures" and "Bank scorecard" tables), keyed by the field names of ZReportFigures / ZScorecardRow /
 * the dashboard; `zh` the name, `en` the English name, `text` the definition (English, as written in the doc) and
 * `textZh` its Chinese summary.
 */
export const ZFigureDefinition = z.object({
  key: z.string(),
  zh: z.string(),
  en: z.string(),
  text: z.string(),
  textZh: z.string(),
});
export const ZFigureDefinitions = z.array(ZFigureDefinition);
export type FigureDefinition = z.infer<typeof ZFigureDefinition>;

// ---------------------------------------------------------------------------------------------------------------
// The achievement display (数据大屏): public aggregates only, persons' names masked.

/** The dashboard reloads its figures at this fixed interval (chart instances are reused, data windows fixed). */
export const DISPLAY_REFRESH_SECONDS = 60;
/** The dashboard's design size: it scales to any window keeping this aspect ratio. */
export const DISPLAY_DESIGN = { width: 1920, height: 1080 } as const;

/** One month of the trends (YYYY-MM, Beijing). */
export const ZDisplayMonth = z.object({
  month: z.string(),
  counted: z.number().int(),
  countedAmount: z.number(),
  granted: z.number().int(),
  grantedAmount: z.number(),
});
export const ZDisplayDistrict = z.object({
  regionCode: z.string(),
  name: z.string(),
  counted: z.number().int(),
  countedAmount: z.number(),
  granted: z.number().int(),
  grantedAmount: z.number(),
  grantRate: z.number().nullable(),
  acceptDaysAvg: z.number().nullable(),
  firstLoan: z.number().int(),
});
export const ZDisplayBank = z.object({
  bankId: z.number().int(),
  name: z.string(),
  accepted: z.number().int(),
  granted: z.number().int(),
  grantedAmount: z.number(),
  acceptDaysAvg: z.number().nullable(),
  grantDaysAvg: z.number().nullable(),
  grantRate: z.number().nullable(),
});

/**
 * GET /finance/stats/display/overview.json (public): the city overview. `headline` totals since the platform started
 * (the homepage overview's figures, the same numbers, plus the rest); `months` the last 12 months (oldest first);
 * `districts` all-time per district; `mix` counted demands per type; `banks` the top 10 by amount granted;
 * `latestGrants` the 10 latest grants (persons' and farmers' names masked).
 */
export const ZDisplayOverview = z.object({
  asOf: z.string(),
  headline: z.object({
    enterprises: z.number().int(),
    banks: z.number().int(),
    products: z.number().int(),
    demands: z.number().int(),
    amountDemanded: z.number(),
    amountGranted: z.number(),
    /** Percentage 0-100, as the homepage overview. */
    successRate: z.number(),
    grantDaysAvg: z.number().nullable(),
    firstLoan: z.number().int(),
    /** Chain member enterprises with at least one loan (all active chains). */
    chainsFinanced: z.number().int(),
    /** Shelter cases exited recovered. */
    shelterRecovered: z.number().int(),
  }),
  months: z.array(ZDisplayMonth),
  districts: z.array(ZDisplayDistrict),
  mix: z.array(z.object({ type: ZDemandType, counted: z.number().int(), countedAmount: z.number() })),
  banks: z.array(ZDisplayBank),
  latestGrants: z.array(
    z.object({
      day: ZDay,
      applicantName: z.string(),
      bankName: z.string(),
      regionName: z.string(),
      amount: z.number(),
    }),
  ),
});
export type DisplayOverview = z.infer<typeof ZDisplayOverview>;

/** GET /finance/stats/display/districts.json (public): every district all-time, ranked by amount granted, with 12 months each. */
export const ZDisplayDistricts = z.object({
  asOf: z.string(),
  rows: z.array(ZDisplayDistrict.extend({ rank: z.number().int(), months: z.array(ZDisplayMonth) })),
});
export type DisplayDistricts = z.infer<typeof ZDisplayDistricts>;

/** GET /finance/stats/display/organizations.json (public): every bank all-time, ranked by amount granted. */
export const ZDisplayOrganizations = z.object({
  asOf: z.string(),
  rows: z.array(ZDisplayBank.extend({ rank: z.number().int() })),
  months: z.array(ZDisplayMonth),
});
export type DisplayOrganizations = z.infer<typeof ZDisplayOrganizations>;

/**
 * GET /finance/stats/display/secured.json (public): secured financing. `cydbd`: entrepreneurship guarantee loans
 * (创业担保贷: the demands posted through a product of the CYDBD policy, PRODUCT_POLICIES; docs/statistics.md
 * "创业担保贷"), all-time, per district and per month; `companies`: each guarantee company's GUARANTEE demands
 * (applications, guarantees issued and their amount, loans granted after its guarantee, refusals).
 */
export const ZDisplaySecured = z.object({
  asOf: z.string(),
  cydbd: z.object({
    applied: z.number().int(),
    appliedAmount: z.number(),
    accepted: z.number().int(),
    granted: z.number().int(),
    grantedAmount: z.number(),
    /** granted ÷ (granted + rejected), 0..1 as the districts' grantRate; null while nothing is decided. */
    grantRate: z.number().nullable(),
    rejected: z.number().int(),
    firstLoan: z.number().int(),
    districts: z.array(
      z.object({
        regionCode: z.string(),
        name: z.string(),
        applied: z.number().int(),
        accepted: z.number().int(),
        granted: z.number().int(),
        grantedAmount: z.number(),
      }),
    ),
    months: z.array(
      z.object({
        month: z.string(),
        applied: z.number().int(),
        accepted: z.number().int(),
        granted: z.number().int(),
        grantedAmount: z.number(),
      }),
    ),
  }),
  /** The GUARANTEE demands' last 12 months (the guarantee companies' trend): guarantees issued and their amount. */
  guaranteeMonths: z.array(z.object({ month: z.string(), guaranteed: z.number().int(), guaranteedAmount: z.number() })),
  companies: z.array(
    z.object({
      orgId: z.number().int(),
      name: z.string(),
      applied: z.number().int(),
      accepted: z.number().int(),
      guaranteed: z.number().int(),
      guaranteedAmount: z.number(),
      granted: z.number().int(),
      grantedAmount: z.number(),
      rejected: z.number().int(),
      acceptDaysAvg: z.number().nullable(),
    }),
  ),
});
export type DisplaySecured = z.infer<typeof ZDisplaySecured>;

/** The figures the report pages chart by month and compare period on period (issue 30, "report charts"). */
export const TREND_MEASURES = ['counted', 'countedAmount', 'granted', 'grantedAmount'] as const;
export const ZTrendMeasure = z.enum(TREND_MEASURES);
const ZTrendMonth = z.object({
  month: z.string(),
  counted: z.number().int(),
  countedAmount: z.number(),
  granted: z.number().int(),
  grantedAmount: z.number(),
});

/**
 * GET /finance/stats/report/trend.json (the report pages' charts, docs/statistics.md "Period comparison"): the whole
 * Beijing months the range touches (the month of `from` to the month of `to`, oldest first), in the viewer's scope and
 * the type asked, from the rollup's month rows; and the month of `to` against the month before (环比, month on month)
 * and the same month a year before (同比, year on year): `mom` = (value − previous) ÷ previous, `yoy` = (value −
 * lastYear) ÷ lastYear, 4 decimals, null when the base is 0.
 */
export const ZReportTrend = z.object({
  asOf: z.string(),
  months: z.array(ZTrendMonth),
  comparison: z.object({
    month: z.string(),
    previousMonth: z.string(),
    lastYearMonth: z.string(),
    measures: z.array(
      z.object({
        key: ZTrendMeasure,
        value: z.number(),
        previous: z.number(),
        lastYear: z.number(),
        mom: z.number().nullable(),
        yoy: z.number().nullable(),
      }),
    ),
  }),
});
export type ReportTrend = z.infer<typeof ZReportTrend>;

/** The operator and the supervisors (a district supervisor sees its district only). */
const reportRead: OperationAuth = { permission: 'report:read' };
const P = '/finance/stats';

export const reportOps = {
  definitions: defineOperation({
    method: 'GET',
    path: `${P}/definitions.json`,
    auth: 'public',
    response: ZFigureDefinitions,
  }),
  region: defineOperation({
    method: 'GET',
    path: `${P}/report/region.json`,
    auth: reportRead,
    query: ZReportQuery,
    response: ZRegionReport,
  }),
  regionExport: defineOperation({
    method: 'GET',
    path: `${P}/report/region/export.json`,
    auth: reportRead,
    query: ZReportQuery,
    response: z.null(),
    answers: 'file',
  }),
  bank: defineOperation({
    method: 'GET',
    path: `${P}/report/bank.json`,
    auth: reportRead,
    query: ZReportQuery,
    response: ZBankReport,
  }),
  bankExport: defineOperation({
    method: 'GET',
    path: `${P}/report/bank/export.json`,
    auth: reportRead,
    query: ZReportQuery,
    response: z.null(),
    answers: 'file',
  }),
  scorecard: defineOperation({
    method: 'GET',
    path: `${P}/report/scorecard.json`,
    auth: reportRead,
    query: ZReportQuery,
    response: ZScorecard,
  }),
  trend: defineOperation({
    method: 'GET',
    path: `${P}/report/trend.json`,
    auth: reportRead,
    query: ZReportQuery,
    response: ZReportTrend,
  }),
  scorecardExport: defineOperation({
    method: 'GET',
    path: `${P}/report/scorecard/export.json`,
    auth: reportRead,
    query: ZReportQuery,
    response: z.null(),
    answers: 'file',
  }),
  drill: defineOperation({
    method: 'GET',
    path: `${P}/report/drill.json`,
    auth: reportRead,
    query: ZReportDrillQuery,
    response: ZReportDrillPage,
  }),
};

export const displayOps = {
  overview: defineOperation({
    method: 'GET',
    path: `${P}/display/overview.json`,
    auth: 'public',
    response: ZDisplayOverview,
  }),
  districts: defineOperation({
    method: 'GET',
    path: `${P}/display/districts.json`,
    auth: 'public',
    response: ZDisplayDistricts,
  }),
  organizations: defineOperation({
    method: 'GET',
    path: `${P}/display/organizations.json`,
    auth: 'public',
    response: ZDisplayOrganizations,
  }),
  secured: defineOperation({
    method: 'GET',
    path: `${P}/display/secured.json`,
    auth: 'public',
    response: ZDisplaySecured,
  }),
};
