import {
  TREND_MEASURES,
  type BankReport,
  type REPORT_DRILL_SORT,
  type RegionReport,
  type ReportMeasure,
  type ReportTrend,
  type Scorecard,
} from '@phjr/contract/stats/reports';
import { sortOf, type SortOrder } from '@phjr/contract/list-sort';
import type { DemandSummary } from '@phjr/contract/demands/demand';
import type { Db } from '../../db/client.ts';
import { NO_READ_CACHE, type ReadCache } from '../../db/read-cache.ts';
import type { SessionContext } from '../auth/auth.service.ts';
import { toSummary, viewerFrom } from '../demands/demand-summary.ts';
import type { SettingsService } from '../system/settings.service.ts';
import {
  addSums,
  emptySums,
  HAS_FIGURES_COLS,
  hasFigures,
  scorecardRows,
  sumAll,
  sumsAdder,
  toReportFigures,
  type FigureSums,
} from './report-figures.ts';
import * as repo from './report.repo.ts';

/** The filters of a report (contract ZReportQuery, parsed). */
export interface ReportFilter {
  from: string;
  to: string;
  type?: string;
  regionCode?: string;
}

export interface DrillFilter extends ReportFilter {
  measure: ReportMeasure;
  orgId?: number;
  rejectCode?: string;
  current: number;
  pageSize: number;
  sortField?: (typeof REPORT_DRILL_SORT)[number];
  sortOrder?: SortOrder;
}

/** A bank unit with its place in the tree (depth 0 = head office). */
export interface TreeNode extends repo.OrgUnit {
  depth: number;
  headId: number;
}

/** The bank units depth-first from the heads (a unit whose parent is not a bank unit is a head). */
export function treeOf(units: readonly repo.OrgUnit[]): TreeNode[] {
  const ids = new Set(units.map((u) => u.id));
  const children = new Map<number | null, repo.OrgUnit[]>();
  for (const u of units) {
    const p = u.parentId !== null && ids.has(u.parentId) ? u.parentId : null;
    const siblings = children.get(p);
    if (siblings) siblings.push(u);
    else children.set(p, [u]);
  }
  const out: TreeNode[] = [];
  const walk = (u: repo.OrgUnit, depth: number, headId: number) => {
    // Each field named (a spread of the unit cost ~50 µs of a scorecard's 32 units, issue 17).
    out.push({
      id: u.id,
      parentId: u.parentId,
      name: u.name,
      level: u.level,
      regionCode: u.regionCode,
      status: u.status,
      depth,
      headId,
    });
    for (const c of children.get(u.id) ?? []) walk(c, depth + 1, headId);
  };
  for (const h of children.get(null) ?? []) walk(h, 0, h.id);
  return out;
}

/** The sums the scorecard reads (scorecardRows and hasFigures). */
const SCORECARD_COLS = [
  ...HAS_FIGURES_COLS,
  'grantedAmount',
  'withdrawnPreN',
  'acceptWdSum',
  'acceptWdN',
  'acceptHist',
  'grantWdSum',
  'grantWdN',
  'grantHist',
  'acceptLateN',
  'decideLateN',
] as const satisfies readonly repo.FigureCol[];
const addScorecardSums = sumsAdder(SCORECARD_COLS);

/** The most report statements kept (createReportService statementOf). */
const MAX_STATEMENTS = 200;

/**
 * The supervision reports (docs/statistics.md "Report figures" and "Bank scorecard"): sums of the rollup rows turned
 * into figures by report-figures.ts; the only read of `demands` is the count of running deadlines passed now. Scope:
 * the operator and a city-level supervisor see every district; a district supervisor (its unit's region is a district,
 * the rule of the demand supervise list, demand-access.ts) its own, whatever district it asks for.
 */
export function createReportService(db: Db, settings: SettingsService, cache: ReadCache = NO_READ_CACHE) {
  /** The districts the viewer may read: null for all, else a list (empty: none). */
  function districtsOf(s: SessionContext): string[] | null {
    const v = viewerFrom(s);
    if (v.operator || v.supervised === null) return null;
    return v.supervised ?? [];
  }

  /** The districts a query reads: the viewer's scope narrowed by the regionCode filter (ignored outside the scope). */
  function regionsOf(s: SessionContext, q: ReportFilter): string[] | undefined {
    const scope = districtsOf(s);
    if (scope === null) return q.regionCode ? [q.regionCode] : undefined;
    return q.regionCode && scope.includes(q.regionCode) ? [q.regionCode] : scope;
  }

  /** Every bank unit (disabled ones too: their past figures still roll up into their bank), depth-first from the heads. */
  const bankTree = () => cache.get('stats:bank-tree', async () => treeOf(await repo.bankUnits(db)));

  const head = (q: ReportFilter, regionCodes: string[] | undefined) => ({
    asOf: new Date().toISOString(),
    from: q.from,
    to: q.to,
    range: { from: q.from, to: q.to },
    demandWhere: { type: q.type, regionCodes },
  });

  /**
   * What a report reads: the districts the viewer's scope resolved to, never the viewer, so a district supervisor and
   * the operator never share a report unless they read the same districts; the range and the type.
   */
  const readKey = (kind: string, q: ReportFilter, regionCodes: string[] | undefined) =>
    `${kind}:${JSON.stringify([regionCodes ?? null, q.from, q.to, q.type ?? null])}`;

  /**
   * A report kept in the read cache until the next committed change (or the cache's TTL: "overdue now" moves with the
   * clock), by what it reads.
   */
  const cached = <T>(key: string, load: () => Promise<T>) => cache.get(`stats:report:${key}`, load);

  /**
   * A report's statement (and what reads its rows) by what it reads: building its sql templates was ~30 µs of a
   * district report (issue 17), the same for every call that reads the same. Kept whatever the read cache does; past
   * MAX_STATEMENTS all are forgotten at once (a few ranges are read over and over: this year, last year, a month).
   */
  const statements = new Map<string, unknown>();
  function statementOf<T>(key: string, build: () => T): T {
    let kept = statements.get(key) as T | undefined;
    if (kept === undefined) {
      if (statements.size >= MAX_STATEMENTS) statements.clear();
      statements.set(key, (kept = build()));
    }
    return kept;
  }

  async function region(s: SessionContext, q: ReportFilter): Promise<RegionReport> {
    const regionCodes = regionsOf(s, q);
    const key = readKey('region', q, regionCodes);
    return cached(key, () => regionOf(q, regionCodes, key));
  }

  async function regionOf(q: ReportFilter, regionCodes: string[] | undefined, key: string): Promise<RegionReport> {
    const h = head(q, regionCodes);
    // One statement: the districts, their sums and their deadlines passed now.
    const { figuresQ, statement } = statementOf(key, () => {
      const figuresQ: repo.FigureQuery = {
        read: { scope: 'R', range: h.range, type: q.type, regionCodes },
        by: ['regionCode'],
      };
      const statement = repo.manySql({
        districts: repo.DISTRICTS_SQL,
        figures: repo.figuresSql(figuresQ),
        overdue: repo.overdueSql(h.demandWhere, 'region'),
      });
      return { figuresQ, statement };
    });
    const r = await repo.readManyOf(db, statement);
    const all = r.districts as { code: string; name: string }[];
    const overdue = repo.overdueMap(r.overdue);
    const byCode = new Map(repo.figureGroups(r.figures, figuresQ).map((g) => [g.regionCode, g.sums]));
    const shown = regionCodes ? all.filter((d) => regionCodes.includes(d.code)) : all;
    const rows = shown.map((d) => ({
      regionCode: d.code,
      name: d.name,
      sums: byCode.get(d.code) ?? emptySums(),
      overdue: overdue.get(d.code) ?? 0,
    }));
    return {
      asOf: h.asOf,
      from: h.from,
      to: h.to,
      total: toReportFigures(
        sumAll(rows.map((r) => r.sums)),
        rows.reduce((n, r) => n + r.overdue, 0),
      ),
      rows: rows.map((r) => ({ regionCode: r.regionCode, name: r.name, figures: toReportFigures(r.sums, r.overdue) })),
    };
  }

  /** Each bank unit's own sums and overdue count (scope O), in the query's districts. */
  async function unitSums(q: ReportFilter, regionCodes: string[] | undefined, range: { from: string; to: string }) {
    const [groups, overdue] = await Promise.all([
      repo.readFigures(db, { scope: 'O', range, type: q.type, regionCodes }, ['orgId']),
      repo.overdueNow(db, { type: q.type, regionCodes }, 'org'),
    ]);
    return { sums: new Map(groups.map((g) => [g.orgId, g.sums])), overdue };
  }

  async function bank(s: SessionContext, q: ReportFilter): Promise<BankReport> {
    const regionCodes = regionsOf(s, q);
    return cached(readKey('bank', q, regionCodes), () => bankOf(q, regionCodes));
  }

  async function bankOf(q: ReportFilter, regionCodes: string[] | undefined): Promise<BankReport> {
    const h = head(q, regionCodes);
    const [tree, own] = await Promise.all([bankTree(), unitSums(q, regionCodes, h.range)]);
    // Each node's subtree: its own sums plus its children's, children coming after their parent in the walk.
    const sub = new Map<number, { sums: FigureSums; overdue: number }>();
    for (const n of tree)
      sub.set(n.id, {
        sums: addSums(emptySums(), own.sums.get(n.id) ?? emptySums()),
        overdue: own.overdue.get(String(n.id)) ?? 0,
      });
    for (let i = tree.length - 1; i >= 0; i--) {
      const n = tree[i];
      if (n.depth === 0) continue;
      const parent = sub.get(n.parentId!)!;
      const mine = sub.get(n.id)!;
      addSums(parent.sums, mine.sums);
      parent.overdue += mine.overdue;
    }
    const heads = tree.filter((n) => n.depth === 0).map((n) => sub.get(n.id)!);
    return {
      asOf: h.asOf,
      from: h.from,
      to: h.to,
      total: toReportFigures(
        sumAll(heads.map((x) => x.sums)),
        heads.reduce((n, x) => n + x.overdue, 0),
      ),
      // Active units, and a disabled one only while it has figures in the range.
      rows: tree
        .filter((n) => n.status === 'ACTIVE' || hasFigures(sub.get(n.id)!.sums, sub.get(n.id)!.overdue))
        .map((n) => ({
          orgId: n.id,
          parentId: n.depth === 0 ? null : n.parentId,
          name: n.name,
          figures: toReportFigures(sub.get(n.id)!.sums, sub.get(n.id)!.overdue),
        })),
    };
  }

  async function scorecard(s: SessionContext, q: ReportFilter): Promise<Scorecard> {
    const regionCodes = regionsOf(s, q);
    const key = readKey('scorecard', q, regionCodes);
    return cached(key, () => scorecardOf(q, regionCodes, key));
  }

  async function scorecardOf(q: ReportFilter, regionCodes: string[] | undefined, key: string): Promise<Scorecard> {
    const h = head(q, regionCodes);
    // One statement: the bank units and the sums (city-wide: one H row per bank head office and period; else the units'
    // O rows in the districts, added up to their head office).
    const { figuresQ, statement } = statementOf(key, () => {
      const figuresQ: repo.FigureQuery =
        regionCodes === undefined
          ? {
              read: { scope: 'H', range: h.range, type: q.type },
              by: ['orgId'],
              cols: SCORECARD_COLS,
              orgIdsIn: repo.BANK_HEAD_IDS_SQL,
            }
          : { read: { scope: 'O', range: h.range, type: q.type, regionCodes }, by: ['orgId'], cols: SCORECARD_COLS };
      return {
        figuresQ,
        statement: repo.manySql({ units: repo.orgUnitsSql('BANK'), figures: repo.figuresSql(figuresQ) }),
      };
    });
    const r = await repo.readManyOf(db, statement);
    const tree = treeOf(repo.orgUnitRows(r.units));
    const groups = repo.figureGroups(r.figures, figuresQ);
    const heads = tree.filter((n) => n.depth === 0);
    // City-wide, a head office's one group is its sums; in districts, its units' groups are added up.
    const perHead = new Map<number, FigureSums>();
    if (regionCodes === undefined) {
      for (const g of groups) perHead.set(g.orgId, g.sums);
    } else {
      const headOf = new Map(tree.map((n) => [n.id, n.headId]));
      for (const g of groups) {
        const hid = headOf.get(g.orgId);
        if (hid !== undefined) addScorecardSums(perHead.get(hid) ?? perHead.set(hid, emptySums()).get(hid)!, g.sums);
      }
    }
    for (const n of heads) if (!perHead.has(n.id)) perHead.set(n.id, emptySums());
    const { slaAcceptDays } = await settings.get();
    const shown = heads.filter((n) => n.status === 'ACTIVE' || hasFigures(perHead.get(n.id)!));
    return {
      asOf: h.asOf,
      from: h.from,
      to: h.to,
      rows: scorecardRows(
        shown.map((n) => ({ bankId: n.id, name: n.name, sums: perHead.get(n.id)! })),
        slaAcceptDays,
      ),
    };
  }

  /** The drill-down's organisation: a bank head office, a bank unit's subtree, or any other unit (a guarantee company). */
  async function drillOrg(orgId: number | undefined): Promise<repo.DrillOrg> {
    if (orgId === undefined) return null;
    const tree = await bankTree();
    const node = tree.find((n) => n.id === orgId);
    if (!node) return { units: [orgId] };
    if (node.depth === 0) return { bankId: orgId };
    const units = [orgId];
    for (const n of tree)
      if (n.parentId !== null && units.includes(n.parentId) && !units.includes(n.id)) units.push(n.id);
    return { units };
  }

  async function drill(
    s: SessionContext,
    q: DrillFilter,
  ): Promise<{ list: DemandSummary[]; total: number; current: number; pageSize: number }> {
    const viewer = viewerFrom(s);
    const regionCodes = regionsOf(s, q);
    const org = await drillOrg(q.orgId);
    const now = new Date();
    const { list, total } = await repo.drillPage(
      db,
      { measure: q.measure, from: q.from, to: q.to, type: q.type, regionCodes, rejectCode: q.rejectCode, org },
      q.current,
      q.pageSize,
      sortOf(q),
    );
    return { list: list.map((r) => toSummary(r, viewer, now)), total, current: q.current, pageSize: q.pageSize };
  }

  /**
   * The report pages' months and their period comparison (docs/statistics.md "Period comparison"): one read of the
   * rollup's rows from the month a year before the last one (or the range's first month, if earlier) to the last
   * month, grouped by month: at most 132 months whatever the number of demands.
   */
  async function trend(s: SessionContext, q: ReportFilter): Promise<ReportTrend> {
    const regionCodes = regionsOf(s, q);
    return cached(readKey('trend', q, regionCodes), async () => {
      const first = q.from.slice(0, 7);
      const last = q.to.slice(0, 7);
      const previousMonth = addMonths(last, -1);
      const lastYearMonth = addMonths(last, -12);
      const start = first < lastYearMonth ? first : lastYearMonth;
      const groups = await repo.readFigures(
        db,
        { scope: 'R', range: { from: `${start}-01`, to: monthEnd(last) }, type: q.type, regionCodes },
        ['month'],
        TREND_COLS,
      );
      const byMonth = new Map(groups.map((g) => [g.month, trendFigures(g.sums)]));
      const of = (m: string) => byMonth.get(m) ?? trendFigures(emptySums());
      const months: string[] = [];
      for (let m = first; m <= last; m = addMonths(m, 1)) months.push(m);
      const change = (v: number, base: number) =>
        base === 0 ? null : Math.round(((v - base) / base) * 10_000) / 10_000;
      const [now, prev, year] = [of(last), of(previousMonth), of(lastYearMonth)];
      return {
        asOf: new Date().toISOString(),
        months: months.map((month) => ({ month, ...of(month) })),
        comparison: {
          month: last,
          previousMonth,
          lastYearMonth,
          measures: TREND_MEASURES.map((key) => ({
            key,
            value: now[key],
            previous: prev[key],
            lastYear: year[key],
            mom: change(now[key], prev[key]),
            yoy: change(now[key], year[key]),
          })),
        },
      };
    });
  }

  return { region, bank, scorecard, drill, trend, bankTree, regionsOf };
}

/** The sums the trend reads (a sum costs per row read). */
const TREND_COLS = [
  'countedN',
  'countedAmount',
  'grantedN',
  'grantedAmount',
] as const satisfies readonly repo.FigureCol[];
const round2 = (n: number) => Math.round(n * 100) / 100;
const trendFigures = (s: FigureSums) => ({
  counted: s.countedN,
  countedAmount: round2(s.countedAmount),
  granted: s.grantedN,
  grantedAmount: round2(s.grantedAmount),
});

/** A month (YYYY-MM) `n` months after `ym` (before, when negative). */
export function addMonths(ym: string, n: number): string {
  const d = new Date(Date.UTC(Number(ym.slice(0, 4)), Number(ym.slice(5, 7)) - 1 + n, 1));
  return d.toISOString().slice(0, 7);
}

/** The last day (YYYY-MM-DD) of a month. */
function monthEnd(ym: string): string {
  return new Date(Date.UTC(Number(ym.slice(0, 4)), Number(ym.slice(5, 7)), 0)).toISOString().slice(0, 10);
}

export type ReportService = ReturnType<typeof createReportService>;
