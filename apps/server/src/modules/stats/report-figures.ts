import type { z } from 'zod';
import { REJECT_CODES, REPORT_WD_BUCKETS, type ReportFigures, type ZScorecardRow } from '@phjr/contract/stats/reports';

export type ScorecardRow = z.infer<typeof ZScorecardRow>;

/**
 * The figures of the reports and the dashboard from the sums of `demand_report_figures` rows (docs/statistics.md,
 * "Report figures" and "Bank scorecard"). Pure: the repository sums the rows, these functions turn sums into the
 * figures every page shows, so the reports, their exports and the dashboard agree by construction.
 */

/** The raw sums of rollup rows (the table's columns, camelCased). Arrays are element-wise sums. */
export interface FigureSums {
  countedN: number;
  countedAmount: number;
  postedN: number;
  acceptedN: number;
  acceptWdSum: number;
  acceptWdN: number;
  /** REPORT_WD_BUCKETS entries: demands accepted after 0 … 30, 31+ working days. */
  acceptHist: number[];
  acceptLateN: number;
  grantedN: number;
  grantedAmount: number;
  grantedRateSum: number;
  grantedRateN: number;
  grantedCreditN: number;
  grantedCreditAmount: number;
  firstLoanN: number;
  grantWdSum: number;
  grantWdN: number;
  grantHist: number[];
  makeupN: number;
  makeupAmount: number;
  rejectedN: number;
  /** Per REJECT_CODES, in that order. */
  rejectedCodes: number[];
  decideLateN: number;
  withdrawnN: number;
  withdrawnPreN: number;
  expiredN: number;
  guaranteedN: number;
  guaranteedAmount: number;
}

/** The scalar columns of FigureSums (the arrays are summed element-wise). */
export const SCALAR_SUMS = [
  'countedN',
  'countedAmount',
  'postedN',
  'acceptedN',
  'acceptWdSum',
  'acceptWdN',
  'acceptLateN',
  'grantedN',
  'grantedAmount',
  'grantedRateSum',
  'grantedRateN',
  'grantedCreditN',
  'grantedCreditAmount',
  'firstLoanN',
  'grantWdSum',
  'grantWdN',
  'makeupN',
  'makeupAmount',
  'rejectedN',
  'decideLateN',
  'withdrawnN',
  'withdrawnPreN',
  'expiredN',
  'guaranteedN',
  'guaranteedAmount',
] as const satisfies readonly (keyof FigureSums)[];
export const ARRAY_SUMS = ['acceptHist', 'grantHist', 'rejectedCodes'] as const satisfies readonly (keyof FigureSums)[];

export const ARRAY_LEN: Record<(typeof ARRAY_SUMS)[number], number> = {
  acceptHist: REPORT_WD_BUCKETS,
  grantHist: REPORT_WD_BUCKETS,
  rejectedCodes: REJECT_CODES.length,
};

// Packed arrays of zeros copied by slice (new Array(n).fill(0) makes holey arrays, slower to fill and read: emptySums
// runs for every group of every read).
const ZEROS = Object.fromEntries(ARRAY_SUMS.map((k) => [k, Array.from({ length: ARRAY_LEN[k] }, () => 0)])) as Record<
  (typeof ARRAY_SUMS)[number],
  number[]
>;

/** Zero sums. A literal, one fixed shape (an object grown key by key from {} is slow to build and to read). */
export function emptySums(): FigureSums {
  return {
    countedN: 0,
    countedAmount: 0,
    postedN: 0,
    acceptedN: 0,
    acceptWdSum: 0,
    acceptWdN: 0,
    acceptHist: ZEROS.acceptHist.slice(),
    acceptLateN: 0,
    grantedN: 0,
    grantedAmount: 0,
    grantedRateSum: 0,
    grantedRateN: 0,
    grantedCreditN: 0,
    grantedCreditAmount: 0,
    firstLoanN: 0,
    grantWdSum: 0,
    grantWdN: 0,
    grantHist: ZEROS.grantHist.slice(),
    makeupN: 0,
    makeupAmount: 0,
    rejectedN: 0,
    rejectedCodes: ZEROS.rejectedCodes.slice(),
    decideLateN: 0,
    withdrawnN: 0,
    withdrawnPreN: 0,
    expiredN: 0,
    guaranteedN: 0,
    guaranteedAmount: 0,
  };
}

/** The columns of FigureSums in emptySums' order: sums built in that order share its one shape. */
const SUM_KEYS = Object.keys(emptySums()) as (keyof FigureSums)[];
type ArraySum = (typeof ARRAY_SUMS)[number];
const isArraySum = (k: string): k is ArraySum => (ARRAY_SUMS as readonly string[]).includes(k);

/**
 * A function over some columns of FigureSums written out for those columns (`new Function`), made once per set of
 * columns: its code names each property, where a loop over the column names reads and writes each by a computed key,
 * which V8 cannot specialise (issue 17: such loops cost ~45 µs of a dashboard overview's ~300). The names are checked
 * to be FigureSums' own keys before they become code.
 */
function writtenFor<F>(cols: readonly string[], params: string[], code: string): F {
  for (const k of cols) if (!(SUM_KEYS as string[]).includes(k)) throw new Error(`not a sum: ${k}`);
  return new Function(...params, `'use strict';\n${code}`) as F;
}

/** Adds `b` into `a` (element-wise for the arrays) and returns `a`. Amounts keep their cents exact (see round2). */
export type SumsAdder = (a: FigureSums, b: FigureSums) => FigureSums;

/** The adder of the columns `cols` (of sums read with only those: the others are 0 on both sides), made once per set. */
export function sumsAdder(cols: readonly (keyof FigureSums)[]): SumsAdder {
  const add = (k: string) =>
    isArraySum(k) ? `for (let i = 0; i < a.${k}.length; i++) a.${k}[i] += b.${k}[i] ?? 0;` : `a.${k} += b.${k};`;
  return writtenFor<SumsAdder>(cols, ['a', 'b'], `${cols.map(add).join('\n')}\nreturn a;`);
}

/** Adds every column. */
export const addSums = sumsAdder(SUM_KEYS);

/** The sum of many (a new object). */
export function sumAll(list: Iterable<FigureSums>): FigureSums {
  const s = emptySums();
  for (const x of list) addSums(s, x);
  return s;
}

// The arrays of a row's sums that its read did not sum: zeros shared by every such row, frozen (a row's sums are read,
// never added into; adding into them would throw rather than change every row's).
const FROZEN_ZEROS = Object.fromEntries(ARRAY_SUMS.map((k) => [k, Object.freeze(ZEROS[k].slice())]));

/**
 * The sums of one row of a read that summed the columns `cols`, each in a property named after it (as node-postgres or
 * JSON parsed it); the other columns 0. Made once per set of columns. An array is the row's own (the reads' arrays are
 * int[]: numbers, parsed by node-postgres or JSON, not shared with anything else).
 */
export function sumsReader(cols: readonly (keyof FigureSums)[]): (row: Record<string, unknown>) => FigureSums {
  const value = (k: keyof FigureSums) =>
    isArraySum(k) ? (cols.includes(k) ? `row.${k}` : `zeros.${k}`) : cols.includes(k) ? `Number(row.${k} ?? 0)` : '0';
  const read = writtenFor<(row: Record<string, unknown>, zeros: typeof FROZEN_ZEROS) => FigureSums>(
    cols,
    ['row', 'zeros'],
    `return { ${SUM_KEYS.map((k) => `${k}: ${value(k)}`).join(', ')} };`,
  );
  return (row) => read(row, FROZEN_ZEROS);
}

const round = (x: number, decimals: number) => {
  const f = 10 ** decimals;
  return Math.round((x + Number.EPSILON) * f) / f;
};
/** 万元 to the cent (float sums of numeric cents drift by 1e-12; rounding restores them). */
export const round2 = (x: number) => round(x, 2);

/**
 * Whether sums (and a count of demands overdue now) record anything: a disabled bank unit or guarantee company is
 * listed in a report or on the dashboard only then, active ones always.
 */
export const hasFigures = (s: FigureSums, overdue = 0) =>
  overdue > 0 ||
  s.countedN + s.postedN + s.acceptedN + s.grantedN + s.rejectedN + s.withdrawnN + s.expiredN + s.guaranteedN > 0;
/** The sums hasFigures reads (a read that lists disabled units by it sums at least these). */
export const HAS_FIGURES_COLS = [
  'countedN',
  'postedN',
  'acceptedN',
  'grantedN',
  'rejectedN',
  'withdrawnN',
  'expiredN',
  'guaranteedN',
] as const satisfies readonly (keyof FigureSums)[];
const ratio = (n: number, d: number, decimals: number) => (d > 0 ? round(n / d, decimals) : null);

/**
 * The 90th percentile of a working-day histogram: the smallest d whose cumulative count reaches 0.9 × n (31 means
 * "31 or more"); null when n is 0.
 */
export function p90(hist: readonly number[], n: number): number | null {
  if (n <= 0) return null;
  const need = 0.9 * n;
  let cum = 0;
  for (let d = 0; d < hist.length; d++) {
    cum += hist[d];
    if (cum >= need - 1e-9) return d;
  }
  return hist.length - 1;
}

/** acceptLate + expired + decideLate. */
export const slaBreachesOf = (s: FigureSums) => s.acceptLateN + s.expiredN + s.decideLateN;
export const acceptRateOf = (s: FigureSums) => ratio(s.acceptedN, s.acceptedN + s.expiredN + s.withdrawnPreN, 4);
export const grantRateOf = (s: FigureSums) => ratio(s.grantedN, s.grantedN + s.rejectedN, 4);
export const acceptDaysAvgOf = (s: FigureSums) => ratio(s.acceptWdSum, s.acceptWdN, 1);
export const grantDaysAvgOf = (s: FigureSums) => ratio(s.grantWdSum, s.grantWdN, 1);

/** The refusals per reason, in REJECT_CODES' order (set one by one: Object.fromEntries' pairs cost more, per row). */
function rejectedByCodeOf(s: FigureSums): ReportFigures['rejectedByCode'] {
  const out = {} as ReportFigures['rejectedByCode'];
  for (let i = 0; i < REJECT_CODES.length; i++) out[REJECT_CODES[i]] = s.rejectedCodes[i] ?? 0;
  return out;
}

/** The figures of one report row from its sums and its count of running deadlines passed now. */
export function toReportFigures(s: FigureSums, overdueNow: number): ReportFigures {
  return {
    counted: s.countedN,
    countedAmount: round2(s.countedAmount),
    posted: s.postedN,
    accepted: s.acceptedN,
    acceptRate: acceptRateOf(s),
    acceptDaysAvg: acceptDaysAvgOf(s),
    acceptDaysP90: p90(s.acceptHist, s.acceptWdN),
    acceptLate: s.acceptLateN,
    granted: s.grantedN,
    grantedAmount: round2(s.grantedAmount),
    grantRate: grantRateOf(s),
    grantDaysAvg: grantDaysAvgOf(s),
    grantDaysP90: p90(s.grantHist, s.grantWdN),
    grantedRateAvg: ratio(s.grantedRateSum, s.grantedRateN, 2),
    grantedCredit: s.grantedCreditN,
    grantedCreditAmount: round2(s.grantedCreditAmount),
    creditShare: ratio(s.grantedCreditAmount, s.grantedAmount, 4),
    firstLoan: s.firstLoanN,
    makeup: s.makeupN,
    makeupAmount: round2(s.makeupAmount),
    rejected: s.rejectedN,
    rejectedByCode: rejectedByCodeOf(s),
    decideLate: s.decideLateN,
    withdrawn: s.withdrawnN,
    expired: s.expiredN,
    slaBreaches: slaBreachesOf(s),
    guaranteed: s.guaranteedN,
    guaranteedAmount: round2(s.guaranteedAmount),
    overdueNow,
  };
}

/** One bank head office's sums, for the scorecard. */
export interface ScorecardInput {
  bankId: number;
  name: string;
  sums: FigureSums;
}

/**
 * The scorecard (docs/statistics.md, "Bank scorecard"): per bank head office, its share of all banks' acceptances,
 * breach rate and score, ranked by score desc (null last), then amount granted desc, then name. `slaWorkingDays`: the
 * acceptance SLA of the platform settings.
 */
export function scorecardRows(banks: readonly ScorecardInput[], slaWorkingDays: number): ScorecardRow[] {
  const allAccepted = banks.reduce((n, b) => n + b.sums.acceptedN, 0);
  const rows = banks.map(({ bankId, name, sums: s }) => {
    const acceptRate = acceptRateOf(s);
    const grantRate = grantRateOf(s);
    const acceptDaysAvg = acceptDaysAvgOf(s);
    const slaBreaches = slaBreachesOf(s);
    const answerable = s.acceptedN + s.expiredN;
    const breachRate = ratio(slaBreaches, answerable, 4);
    const speed = acceptDaysAvg === null ? 1 : Math.max(0, 1 - acceptDaysAvg / (2 * slaWorkingDays));
    const score =
      answerable === 0
        ? null
        : round(
            100 * (0.3 * (acceptRate ?? 0) + 0.3 * (grantRate ?? 0) + 0.2 * (1 - (breachRate ?? 0)) + 0.2 * speed),
            1,
          );
    return {
      rank: 0,
      bankId,
      name,
      share: ratio(s.acceptedN, allAccepted, 4),
      accepted: s.acceptedN,
      granted: s.grantedN,
      grantedAmount: round2(s.grantedAmount),
      acceptRate,
      grantRate,
      acceptDaysAvg,
      acceptDaysP90: p90(s.acceptHist, s.acceptWdN),
      grantDaysAvg: grantDaysAvgOf(s),
      grantDaysP90: p90(s.grantHist, s.grantWdN),
      slaBreaches,
      breachRate,
      score,
    };
  });
  rows.sort(
    (a, b) =>
      (b.score ?? -1) - (a.score ?? -1) || b.grantedAmount - a.grantedAmount || a.name.localeCompare(b.name, 'zh-CN'),
  );
  rows.forEach((r, i) => (r.rank = i + 1));
  return rows;
}
