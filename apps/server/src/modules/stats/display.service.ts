import type { HomepageOverview } from '@phjr/contract/stats/homepage-overview';
import { DEMAND_TYPES } from '@phjr/contract/demands/demand';
import type {
  DisplayDistricts,
  DisplayOrganizations,
  DisplayOverview,
  DisplaySecured,
} from '@phjr/contract/stats/reports';
import { shanghaiDay } from '@phjr/contract/system/shanghai-time';
import type { Db } from '../../db/client.ts';
import type { ReadPart } from '../../db/sql.ts';
import * as displayRepo from './display.repo.ts';
import {
  acceptDaysAvgOf,
  emptySums,
  grantDaysAvgOf,
  grantRateOf,
  HAS_FIGURES_COLS,
  hasFigures,
  round2,
  sumAll,
  sumsAdder,
  type FigureSums,
} from './report-figures.ts';
import * as repo from './report.repo.ts';

/** The trends' window: the last 12 Beijing months, the current one included (fixed length, zeros where nothing). */
export const DISPLAY_MONTHS = 12;
/** The overview's bank ranking and latest grants: fixed-length windows. */
export const DISPLAY_TOP_BANKS = 10;
export const DISPLAY_LATEST_GRANTS = 10;

/** Applicant types whose name is a natural person's: masked on the public dashboard. */
const PERSON_TYPES = new Set(['PERSON', 'FARMER']);

/** A person's name as the public dashboard shows it: the first character, the rest starred (张三 → 张*, 欧阳娜娜 → 欧***). */
export function maskPersonName(name: string): string {
  const chars = [...name.trim()];
  if (chars.length === 0) return '';
  return chars[0] + '*'.repeat(Math.max(1, chars.length - 1));
}

/** The applicant's name on the dashboard: persons and farmers masked, enterprises and organisations as they are. */
export const displayApplicantName = (name: string, applicantType: string) =>
  PERSON_TYPES.has(applicantType) ? maskPersonName(name) : name;

/** The last `n` Beijing months (YYYY-MM), oldest first, ending with the month of `now`. */
export function lastMonths(now: Date, n = DISPLAY_MONTHS): string[] {
  const today = shanghaiDay(now.getTime());
  const y = Number(today.slice(0, 4));
  const m = Number(today.slice(5, 7)) - 1;
  const out: string[] = [];
  for (let i = n - 1; i >= 0; i--) {
    const d = new Date(Date.UTC(y, m - i, 1));
    out.push(d.toISOString().slice(0, 7));
  }
  return out;
}

/** The day range of a window of months: the first day of the first, the last day of the last. */
function monthsRange(months: string[]): { from: string; to: string } {
  const last = months[months.length - 1];
  const end = new Date(Date.UTC(Number(last.slice(0, 4)), Number(last.slice(5, 7)), 0));
  return { from: `${months[0]}-01`, to: end.toISOString().slice(0, 10) };
}

const monthFigures = (month: string, s: FigureSums) => ({
  month,
  counted: s.countedN,
  countedAmount: round2(s.countedAmount),
  granted: s.grantedN,
  grantedAmount: round2(s.grantedAmount),
});

const districtFigures = (d: { code: string; name: string }, s: FigureSums) => ({
  regionCode: d.code,
  name: d.name,
  counted: s.countedN,
  countedAmount: round2(s.countedAmount),
  granted: s.grantedN,
  grantedAmount: round2(s.grantedAmount),
  grantRate: grantRateOf(s),
  acceptDaysAvg: acceptDaysAvgOf(s),
  firstLoan: s.firstLoanN,
});

const bankFigures = (bankId: number, name: string, s: FigureSums) => ({
  bankId,
  name,
  accepted: s.acceptedN,
  granted: s.grantedN,
  grantedAmount: round2(s.grantedAmount),
  acceptDaysAvg: acceptDaysAvgOf(s),
  grantDaysAvg: grantDaysAvgOf(s),
  grantRate: grantRateOf(s),
});

/**
 * The sums each part of the dashboard shows (monthFigures, districtFigures and the headline, bankFigures and
 * hasFigures): a read sums only those, not every column of the rollup (a sum costs per row read: the 12-month trend
 * reads ~300 rows).
 */
const TREND_COLS = [
  'countedN',
  'countedAmount',
  'grantedN',
  'grantedAmount',
] as const satisfies readonly repo.FigureCol[];
const DISTRICT_COLS = [
  ...TREND_COLS,
  'rejectedN',
  'acceptWdSum',
  'acceptWdN',
  'firstLoanN',
  'grantWdSum',
  'grantWdN',
] as const satisfies readonly repo.FigureCol[];
const BANK_COLS = [
  ...HAS_FIGURES_COLS,
  'grantedAmount',
  'acceptWdSum',
  'acceptWdN',
  'grantWdSum',
  'grantWdN',
] as const satisfies readonly repo.FigureCol[];
const addDistrictSums = sumsAdder(DISTRICT_COLS);

/** Ranked by amount granted, then count granted, then name (a stable order for equal figures). */
const byGranted = <T extends { grantedAmount: number; granted: number; name: string }>(a: T, b: T) =>
  b.grantedAmount - a.grantedAmount || b.granted - a.granted || a.name.localeCompare(b.name, 'zh-CN');

/** The other modules' reads of the headline, folded into the overview's one statement (db/sql.ts ReadPart). */
export interface DisplayDeps {
  /** The homepage overview (stats.service.ts): the headline's shared figures are its numbers. */
  homepageOverview: ReadPart<HomepageOverview>;
  /** Chain member enterprises with a loan, summed over the active chains (the chains' kept counters). */
  chainsFinanced: ReadPart<number>;
  /** Shelter cases exited recovered (the shelter's kept figures, all districts). */
  shelterRecovered: ReadPart<number>;
}

/**
 * The achievement display (数据大屏, docs/statistics.md "Achievement display"): public aggregates, every figure the
 * same pure function (report-figures.ts) over the same rollup rows (report.repo.ts readFigures) as the report pages,
 * so a district here equals its row of region.json over all time and a bank its scorecard row. "All time" reads the
 * all-time rows (grain T, one per key, migration 0021). A call sums a few hundred rollup rows at most and never scans demands:
 * the latest grants walk demands_granted_idx for 10 rows.
 */
export function createDisplayService(db: Db, deps: DisplayDeps) {
  /** The city's trend (scope R, every type): one entry per month of the window, zeros where nothing. */
  const trendQuery = (
    months: string[],
    type?: string,
    cols: readonly repo.FigureCol[] = TREND_COLS,
  ): repo.FigureQuery => ({
    read: { scope: 'R', range: monthsRange(months), type },
    by: ['month'],
    cols,
  });
  const trendOf = (months: string[], groups: repo.FigureGroup[]) => {
    const byMonth = new Map(groups.map((g) => [g.month, g.sums]));
    return months.map((m) => ({ month: m, sums: byMonth.get(m) ?? emptySums() }));
  };

  /**
   * Every head office's all-time sums (scope H: the bank head offices' and the guarantee companies'); bankRows keeps
   * the bank heads', read in the same statement. Restricting the rows to the heads' ids in SQL cost PostgreSQL more
   * (~35 µs of an overview: the heads found a second time, probed one by one) than the few companies' rows.
   */
  const BANKS: repo.FigureQuery = { read: { scope: 'H', range: 'all' }, by: ['orgId'], cols: BANK_COLS };

  /** The head offices' figures ranked, active ones and disabled ones with figures (heads by id: the sort is stable). */
  function bankRows(heads: readonly Record<string, unknown>[], groups: repo.FigureGroup[]) {
    const byId = new Map(groups.map((g) => [g.orgId, g.sums]));
    const rows: ReturnType<typeof bankFigures>[] = [];
    for (const h of heads) {
      const id = Number(h.id);
      const sums = byId.get(id) ?? emptySums();
      if (h.status === 'ACTIVE' || hasFigures(sums)) rows.push(bankFigures(id, String(h.name), sums));
    }
    return rows.sort(byGranted);
  }

  /**
   * The dashboard's overview: its own reads in one statement (districts, the district × type all-time sums, the
   * 12-month trend, the bank head offices and their sums, the latest grants), beside the homepage's figures and the
   * chains' and the shelter's kept counters.
   */
  const perDistrictTypeQ: repo.FigureQuery = {
    read: { scope: 'R', range: 'all' },
    by: ['regionCode', 'type'],
    cols: DISTRICT_COLS,
  };
  /**
   * The overview's statement, the same for a whole Beijing month: built when the month changes, not per request
   * (building its ~60 templates cost ~30 µs of each request, issue 17).
   */
  let kept: {
    month: string;
    months: string[];
    trendQ: repo.FigureQuery;
    statement: ReturnType<typeof overviewSql>;
  } | null = null;
  function overviewSql(trendQ: repo.FigureQuery) {
    return repo.manySql({
      districts: repo.DISTRICTS_SQL,
      perDistrictType: repo.figuresSql(perDistrictTypeQ),
      trend: repo.figuresSql(trendQ),
      heads: repo.BANK_HEADS_SQL,
      banks: repo.figuresSql(BANKS),
      latest: displayRepo.latestGrantsSql(DISPLAY_LATEST_GRANTS),
      home: deps.homepageOverview.sql,
      chainsFinanced: deps.chainsFinanced.sql,
      shelterRecovered: deps.shelterRecovered.sql,
    });
  }

  async function overview(): Promise<DisplayOverview> {
    const now = new Date();
    const month = shanghaiDay(now.getTime()).slice(0, 7);
    if (kept?.month !== month) {
      const months = lastMonths(now);
      const trendQ = trendQuery(months);
      kept = { month, months, trendQ, statement: overviewSql(trendQ) };
    }
    const { months, trendQ, statement } = kept;
    const r = await repo.readManyOf(db, statement);
    const [home, chainsFinanced, shelterRecovered] = [
      deps.homepageOverview.of(r.home),
      deps.chainsFinanced.of(r.chainsFinanced),
      deps.shelterRecovered.of(r.shelterRecovered),
    ];
    const districts = r.districts as { code: string; name: string }[];
    const perDistrictType = repo.figureGroups(r.perDistrictType, perDistrictTypeQ);
    const trend = trendOf(months, repo.figureGroups(r.trend, trendQ));
    const banks = bankRows(r.heads, repo.figureGroups(r.banks, BANKS));
    const latest = displayRepo.latestGrantRows(r.latest);
    // The city, each district and each type in one pass (the groups added in the same order as a sum of each).
    const all = emptySums();
    const byDistrict = new Map<string, FigureSums>();
    const byType = new Map<string, FigureSums>();
    const into = (m: Map<string, FigureSums>, k: string) => m.get(k) ?? m.set(k, emptySums()).get(k)!;
    for (const g of perDistrictType) {
      addDistrictSums(all, g.sums);
      addDistrictSums(into(byDistrict, g.regionCode), g.sums);
      addDistrictSums(into(byType, g.type), g.sums);
    }
    const ofDistrict = (code: string) => byDistrict.get(code) ?? emptySums();
    const ofType = (type: string) => byType.get(type) ?? emptySums();
    return {
      asOf: new Date().toISOString(),
      headline: {
        enterprises: home.enterprises,
        banks: home.banks,
        products: home.products,
        demands: home.demands,
        amountDemanded: home.amountDemanded,
        amountGranted: home.amountGranted,
        successRate: home.successRate,
        grantDaysAvg: grantDaysAvgOf(all),
        firstLoan: all.firstLoanN,
        chainsFinanced,
        shelterRecovered,
      },
      months: trend.map((m) => monthFigures(m.month, m.sums)),
      districts: districts.map((d) => districtFigures(d, ofDistrict(d.code))),
      mix: DEMAND_TYPES.map((type) => {
        const s = ofType(type);
        return { type, counted: s.countedN, countedAmount: round2(s.countedAmount) };
      }),
      banks: banks.slice(0, DISPLAY_TOP_BANKS),
      latestGrants: latest.map((g) => ({
        day: g.day,
        applicantName: displayApplicantName(g.applicantName, g.applicantType),
        bankName: g.bankName ?? '',
        regionName: g.regionName ?? '',
        amount: round2(g.amount),
      })),
    };
  }

  async function districts(): Promise<DisplayDistricts> {
    const months = lastMonths(new Date());
    const allTimeQ: repo.FigureQuery = { read: { scope: 'R', range: 'all' }, by: ['regionCode'], cols: DISTRICT_COLS };
    const trendQ: repo.FigureQuery = {
      read: { scope: 'R', range: monthsRange(months) },
      by: ['regionCode', 'month'],
      cols: TREND_COLS,
    };
    const r = await repo.readMany(db, {
      list: repo.DISTRICTS_SQL,
      allTime: repo.figuresSql(allTimeQ),
      trend: repo.figuresSql(trendQ),
    });
    const list = r.list as { code: string; name: string }[];
    const byCode = new Map(repo.figureGroups(r.allTime, allTimeQ).map((g) => [g.regionCode, g.sums]));
    const byCodeMonth = new Map(repo.figureGroups(r.trend, trendQ).map((g) => [`${g.regionCode}|${g.month}`, g.sums]));
    const rows = list
      .map((d) => ({
        ...districtFigures(d, byCode.get(d.code) ?? emptySums()),
        months: months.map((m) => monthFigures(m, byCodeMonth.get(`${d.code}|${m}`) ?? emptySums())),
      }))
      .sort(byGranted)
      .map((r, i) => ({ ...r, rank: i + 1 }));
    return { asOf: new Date().toISOString(), rows };
  }

  async function organizations(): Promise<DisplayOrganizations> {
    const months = lastMonths(new Date());
    const trendQ = trendQuery(months);
    const r = await repo.readMany(db, {
      heads: repo.BANK_HEADS_SQL,
      banks: repo.figuresSql(BANKS),
      trend: repo.figuresSql(trendQ),
    });
    const banks = bankRows(r.heads, repo.figureGroups(r.banks, BANKS));
    return {
      asOf: new Date().toISOString(),
      rows: banks.map((b, i) => ({ ...b, rank: i + 1 })),
      months: trendOf(months, repo.figureGroups(r.trend, trendQ)).map((m) => monthFigures(m.month, m.sums)),
    };
  }

  async function secured(): Promise<DisplaySecured> {
    const months = lastMonths(new Date());
    const type = 'GUARANTEE';
    const companies = await repo.orgUnits(db, 'GUARANTEE');
    // 创业担保贷: the rollup's scope C, the CYDBD demands of every type (docs/statistics.md "创业担保贷"); the
    // guarantee companies: their GUARANTEE demands (scope H). Sums of kept rows, never a scan of demands.
    const [list, perDistrict, trend, guaranteeTrend, perCompany] = await Promise.all([
      repo.districts(db),
      repo.readFigures(db, { scope: 'C', range: 'all' }, ['regionCode']),
      repo.readFigures(db, { scope: 'C', range: monthsRange(months) }, ['month']).then((g) => trendOf(months, g)),
      repo.readFigures(db, trendQuery(months, type).read, ['month']).then((g) => trendOf(months, g)),
      companies.length
        ? repo.readFigures(db, { scope: 'H', range: 'all', type, orgIds: companies.map((c) => c.id) }, ['orgId'])
        : Promise.resolve([]),
    ]);
    const byCode = new Map(perDistrict.map((g) => [g.regionCode, g.sums]));
    const all = sumAll(perDistrict.map((g) => g.sums));
    const byCompany = new Map(perCompany.map((g) => [g.orgId, g.sums]));
    return {
      asOf: new Date().toISOString(),
      cydbd: {
        // Applications: the applicants' postings; their amount is the amount asked of the demands counted (a demand
        // withdrawn before acceptance is not counted: docs/statistics.md "Report figures").
        applied: all.postedN,
        appliedAmount: round2(all.countedAmount),
        accepted: all.acceptedN,
        granted: all.grantedN,
        grantedAmount: round2(all.grantedAmount),
        grantRate: grantRateOf(all),
        rejected: all.rejectedN,
        firstLoan: all.firstLoanN,
        districts: list.map((d) => {
          const s = byCode.get(d.code) ?? emptySums();
          return {
            regionCode: d.code,
            name: d.name,
            applied: s.postedN,
            accepted: s.acceptedN,
            granted: s.grantedN,
            grantedAmount: round2(s.grantedAmount),
          };
        }),
        months: trend.map(({ month, sums: s }) => ({
          month,
          applied: s.postedN,
          accepted: s.acceptedN,
          granted: s.grantedN,
          grantedAmount: round2(s.grantedAmount),
        })),
      },
      guaranteeMonths: guaranteeTrend.map(({ month, sums: s }) => ({
        month,
        guaranteed: s.guaranteedN,
        guaranteedAmount: round2(s.guaranteedAmount),
      })),
      companies: companies
        .map((c) => ({ c, s: byCompany.get(c.id) ?? emptySums() }))
        .filter(({ c, s }) => c.status === 'ACTIVE' || hasFigures(s))
        .map(({ c, s }) => ({
          orgId: c.id,
          name: c.name,
          applied: s.postedN,
          accepted: s.acceptedN,
          guaranteed: s.guaranteedN,
          guaranteedAmount: round2(s.guaranteedAmount),
          granted: s.grantedN,
          grantedAmount: round2(s.grantedAmount),
          rejected: s.rejectedN,
          acceptDaysAvg: acceptDaysAvgOf(s),
        }))
        .sort(
          (a, b) =>
            b.guaranteedAmount - a.guaranteedAmount ||
            b.guaranteed - a.guaranteed ||
            a.name.localeCompare(b.name, 'zh-CN'),
        ),
    };
  }

  return { overview, districts, organizations, secured };
}

export type DisplayService = ReturnType<typeof createDisplayService>;
