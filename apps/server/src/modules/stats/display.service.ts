import type { HomepageOverview } from '@phjr/contract/stats/homepage-overview';
import { DEMAND_TYPES } from '@phjr/contract/demands/demand';
import type { DisplayDistricts, DisplayOrganizations, DisplayOverview, DisplaySecured } from '@phjr/contract/stats/reports';
import { shanghaiDay } from '@phjr/contract/system/shanghai-time';
import type { Db } from '../../db/client.ts';
import * as displayRepo from './display.repo.ts';
import { acceptDaysAvgOf, emptySums, grantDaysAvgOf, grantRateOf, hasFigures, round2, sumAll, type FigureSums } from './report-figures.ts';
import * as repo from './report.repo.ts';
import type { TreeNode } from './report.service.ts';

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
export const displayApplicantName = (name: string, applicantType: string) => (PERSON_TYPES.has(applicantType) ? maskPersonName(name) : name);

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


/** Ranked by amount granted, then count granted, then name (a stable order for equal figures). */
const byGranted = <T extends { grantedAmount: number; granted: number; name: string }>(a: T, b: T) =>
  b.grantedAmount - a.grantedAmount || b.granted - a.granted || a.name.localeCompare(b.name, 'zh-CN');

export interface DisplayDeps {
  /** The homepage overview (stats.service.ts): the headline's shared figures are its numbers. */
  homepageOverview: () => Promise<HomepageOverview>;
  /** The bank units as a tree (report.service.ts): its roots are the bank head offices the scorecard ranks. */
  bankTree: () => Promise<TreeNode[]>;
  /** Chain member enterprises with a loan, summed over the active chains (the chains' kept counters). */
  chainsFinanced: () => Promise<number>;
  /** Shelter cases exited recovered (the shelter's kept figures, all districts). */
  shelterRecovered: () => Promise<number>;
}

/**
 * The achievement display (数据大屏, docs/statistics.md "Achievement display"): public aggregates, every figure the
 * same pure function (report-figures.ts) over the same rollup rows (report.repo.ts readFigures) as the report pages,
 * so a district here equals its row of region.json over all time and a bank its scorecard row. "All time" reads the
 * all-time rows (grain T, one per key, migration 0021). A call sums a few hundred rollup rows at most and never scans demands:
 * the latest grants walk demands_granted_idx for 10 rows.
 */
export function createDisplayService(db: Db, deps: DisplayDeps) {
  const bankHeads = async () => (await deps.bankTree()).filter((n) => n.depth === 0);

  /** The city's trend (scope R, every type): one entry per month of the window, zeros where nothing. */
  async function cityMonths(months: string[], type?: string) {
    const groups = await repo.readFigures(db, { scope: 'R', range: monthsRange(months), type }, ['month']);
    const byMonth = new Map(groups.map((g) => [g.month, g.sums]));
    return months.map((m) => ({ month: m, sums: byMonth.get(m) ?? emptySums() }));
  }

  /** Every bank head office's all-time sums (scope H), active ones and disabled ones with figures. */
  async function bankSums() {
    const heads = await bankHeads();
    const groups = heads.length ? await repo.readFigures(db, { scope: 'H', range: 'all', orgIds: heads.map((h) => h.id) }, ['orgId']) : [];
    const byId = new Map(groups.map((g) => [g.orgId, g.sums]));
    return heads
      .map((h) => ({ head: h, sums: byId.get(h.id) ?? emptySums() }))
      .filter((x) => x.head.status === 'ACTIVE' || hasFigures(x.sums))
      .map((x) => bankFigures(x.head.id, x.head.name, x.sums))
      .sort(byGranted);
  }

  async function overview(): Promise<DisplayOverview> {
    const months = lastMonths(new Date());
    const [home, districts, perDistrictType, trend, banks, latest, chainsFinanced, shelterRecovered] = await Promise.all([
      deps.homepageOverview(),
      repo.districts(db),
      repo.readFigures(db, { scope: 'R', range: 'all' }, ['regionCode', 'type']),
      cityMonths(months),
      bankSums(),
      displayRepo.latestGrants(db, DISPLAY_LATEST_GRANTS),
      deps.chainsFinanced(),
      deps.shelterRecovered(),
    ]);
    const all = sumAll(perDistrictType.map((g) => g.sums));
    const ofDistrict = (code: string) => sumAll(perDistrictType.filter((g) => g.regionCode === code).map((g) => g.sums));
    const ofType = (type: string) => sumAll(perDistrictType.filter((g) => g.type === type).map((g) => g.sums));
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
    const [list, allTime, trend] = await Promise.all([
      repo.districts(db),
      repo.readFigures(db, { scope: 'R', range: 'all' }, ['regionCode']),
      repo.readFigures(db, { scope: 'R', range: monthsRange(months) }, ['regionCode', 'month']),
    ]);
    const byCode = new Map(allTime.map((g) => [g.regionCode, g.sums]));
    const byCodeMonth = new Map(trend.map((g) => [`${g.regionCode}|${g.month}`, g.sums]));
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
    const [banks, trend] = await Promise.all([bankSums(), cityMonths(lastMonths(new Date()))]);
    return {
      asOf: new Date().toISOString(),
      rows: banks.map((b, i) => ({ ...b, rank: i + 1 })),
      months: trend.map((m) => monthFigures(m.month, m.sums)),
    };
  }

  async function secured(): Promise<DisplaySecured> {
    const months = lastMonths(new Date());
    const type = 'GUARANTEE';
    const companies = await repo.orgUnits(db, 'GUARANTEE');
    const [list, perDistrict, trend, perCompany] = await Promise.all([
      repo.districts(db),
      repo.readFigures(db, { scope: 'R', range: 'all', type }, ['regionCode']),
      cityMonths(months, type),
      companies.length ? repo.readFigures(db, { scope: 'H', range: 'all', type, orgIds: companies.map((c) => c.id) }, ['orgId']) : Promise.resolve([]),
    ]);
    const byCode = new Map(perDistrict.map((g) => [g.regionCode, g.sums]));
    const all = sumAll(perDistrict.map((g) => g.sums));
    const byCompany = new Map(perCompany.map((g) => [g.orgId, g.sums]));
    return {
      asOf: new Date().toISOString(),
      cydbd: {
        // Applications: the applicants' postings; their amount is the amount asked of the demands counted (a guarantee
        // demand withdrawn before acceptance is not counted: docs/statistics.md "Achievement display").
        applied: all.postedN,
        appliedAmount: round2(all.countedAmount),
        guaranteed: all.guaranteedN,
        guaranteedAmount: round2(all.guaranteedAmount),
        granted: all.grantedN,
        grantedAmount: round2(all.grantedAmount),
        rejected: all.rejectedN,
        firstLoan: all.firstLoanN,
        districts: list.map((d) => {
          const s = byCode.get(d.code) ?? emptySums();
          return { regionCode: d.code, name: d.name, applied: s.postedN, guaranteed: s.guaranteedN, guaranteedAmount: round2(s.guaranteedAmount), grantedAmount: round2(s.grantedAmount) };
        }),
        months: trend.map(({ month, sums: s }) => ({ month, applied: s.postedN, guaranteed: s.guaranteedN, guaranteedAmount: round2(s.guaranteedAmount), grantedAmount: round2(s.grantedAmount) })),
      },
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
        .sort((a, b) => b.guaranteedAmount - a.guaranteedAmount || b.guaranteed - a.guaranteed || a.name.localeCompare(b.name, 'zh-CN')),
    };
  }

  return { overview, districts, organizations, secured };
}

export type DisplayService = ReturnType<typeof createDisplayService>;
