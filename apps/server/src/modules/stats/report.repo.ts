import { sql, type SQL } from 'drizzle-orm';
import { REJECT_CODES, type REPORT_DRILL_SORT, type ReportMeasure } from '@phjr/contract/stats/reports';
import type { ListSort } from '@phjr/contract/list-sort';
import type { DbOrTx } from '../../db/client.ts';
import { outerOrderBy, resolveSort, sortOrderBy, type SortColumns } from '../../db/sort.ts';
import { dayAfter, dayStart, planOnce, renderOnce, sqlList } from '../../db/sql.ts';
import { DEMAND_SUMMARY_SQL as SUMMARY, type DemandSummaryRow as SummaryRow } from '../demands/demand-summary.ts';
import { ARRAY_LEN, ARRAY_SUMS, SCALAR_SUMS, sumsReader, type FigureSums } from './report-figures.ts';

/**
 * Reads of the reports' rollup `demand_report_figures` (migration 0020, docs/statistics.md "Report figures") and the
 * drill-down over `demands`. A report is one statement over the rollup: whole years from grain 'Y' rows (migration
 * 0023), whole months from grain 'M' rows, the edge days from grain 'D' rows, so a one-year district report sums a few
 * dozen rows whatever the number of demands.
 */

/**
 * R: a district (org 0); O: an organisation unit in a district; H: a bank head office or guarantee company, city-wide;
 * C: a district's 创业担保贷 demands (policy CYDBD, org 0: migration 0035, docs/statistics.md "创业担保贷").
 */
export type FigureScope = 'R' | 'O' | 'H' | 'C';

/** Which rollup rows to sum. */
export interface FigureRead {
  scope: FigureScope;
  /** A Beijing day range, both ends included; 'all': since the platform started (grain 'T', one row per key). */
  range: { from: string; to: string } | 'all';
  type?: string;
  /** Districts (scopes R and O; the H rows have region ''). */
  regionCodes?: readonly string[];
  orgIds?: readonly number[];
}

/** What rows are grouped by: the district, the organisation, the demand type, the month (YYYY-MM). */
export type FigureKey = 'regionCode' | 'orgId' | 'type' | 'month';

export interface FigureGroup {
  /** Only the keys asked for are set; the others are '' / 0. */
  regionCode: string;
  orgId: number;
  type: string;
  month: string;
  sums: FigureSums;
}

const day = (d: Date) => d.toISOString().slice(0, 10);
const addDays = (s: string, n: number) => day(new Date(Date.parse(`${s}T00:00:00Z`) + n * 86_400_000));
const monthStart = (s: string) => `${s.slice(0, 7)}-01`;
const nextMonth = (s: string) => {
  const d = new Date(Date.parse(`${monthStart(s)}T00:00:00Z`));
  d.setUTCMonth(d.getUTCMonth() + 1);
  return day(d);
};

/**
 * A range as the rollup reads it: the whole months inside [from, to] (first days of the first and last such month)
 * and the remaining edge days (at most two runs), so no day is read twice.
 */
export function splitRange(from: string, to: string): { months: [string, string] | null; days: [string, string][] } {
  const firstWhole = from.endsWith('-01') ? from : nextMonth(from);
  const afterTo = addDays(to, 1);
  // The first day after the last whole month.
  const lastWholeEnd = afterTo.endsWith('-01') ? afterTo : monthStart(to);
  if (firstWhole >= lastWholeEnd) return { months: null, days: [[from, to]] };
  const days: [string, string][] = [];
  if (from < firstWhole) days.push([from, addDays(firstWhole, -1)]);
  if (lastWholeEnd <= to) days.push([lastWholeEnd, to]);
  return { months: [firstWhole, monthStart(addDays(lastWholeEnd, -1))], days };
}

/** Rollup rows of one grain whose period lies in [from, to] (both the first day of a row's period). */
export interface PeriodPart {
  grain: 'Y' | 'M' | 'D';
  from: string;
  to: string;
}

const yearStart = (s: string) => `${s.slice(0, 4)}-01-01`;
const nextYear = (s: string) => `${String(Number(s.slice(0, 4)) + 1).padStart(4, '0')}-01-01`;

function monthsAndDays(from: string, to: string): PeriodPart[] {
  const { months, days } = splitRange(from, to);
  return [
    ...(months ? [{ grain: 'M' as const, from: months[0], to: months[1] }] : []),
    ...days.map(([a, b]) => ({ grain: 'D' as const, from: a, to: b })),
  ];
}

/**
 * A range as the rollup reads it with year rows: the whole calendar years inside [from, to] (grain Y), then whole
 * months and edge days of what is left on either side (splitRange). No day is read twice. `years: false` (a read per
 * month) reads months and days only.
 */
export function splitPeriods(from: string, to: string, years = true): PeriodPart[] {
  if (!years) return monthsAndDays(from, to);
  const firstWhole = from.endsWith('-01-01') ? from : nextYear(from);
  const afterTo = addDays(to, 1);
  // The first day after the last whole year.
  const lastWholeEnd = afterTo.endsWith('-01-01') ? afterTo : yearStart(to);
  if (firstWhole >= lastWholeEnd) return monthsAndDays(from, to);
  const out: PeriodPart[] = [];
  if (from < firstWhole) out.push(...monthsAndDays(from, addDays(firstWhole, -1)));
  out.push({ grain: 'Y', from: firstWhole, to: yearStart(addDays(lastWholeEnd, -1)) });
  if (lastWholeEnd <= to) out.push(...monthsAndDays(lastWholeEnd, to));
  return out;
}

function periodWhere(parts: PeriodPart[] | 'all'): SQL {
  if (parts === 'all') return sql`f.grain = 'T'`;
  const w = parts.map(
    (p) => sql`(f.grain = ${sql.raw(`'${p.grain}'`)} AND f.period BETWEEN ${p.from}::date AND ${p.to}::date)`,
  );
  return w.length === 1 ? w[0] : sql`(${sql.join(w, sql` OR `)})`;
}

const snake = (k: string) => k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
const KEY_SQL: Record<FigureKey, string> = {
  regionCode: 'f.region_code',
  orgId: 'f.org_id',
  type: 'f.type',
  month: `to_char(f.period, 'YYYY-MM')`,
};

/** A column of FigureSums. A read sums only the columns its page shows (each sum costs per row read); the others stay 0. */
export type FigureCol = keyof FigureSums;
const ALL_COLS: readonly FigureCol[] = [...SCALAR_SUMS, ...ARRAY_SUMS];
const isArrayCol = (k: FigureCol): k is (typeof ARRAY_SUMS)[number] => (ARRAY_SUMS as readonly string[]).includes(k);

// Everything summed in SQL (exact numeric sums, then float), the arrays element by element: one flat array per group
// comes back, not every row's (parsing rows × 32 numbers cost more than the query). Built once per set of columns.
const sumsSqlMemo = new Map<string, SQL>();
function sumsSql(cols: readonly FigureCol[]): SQL {
  const key = cols.join(',');
  let out = sumsSqlMemo.get(key);
  if (!out) {
    out = sql.raw(
      cols
        .map((k) =>
          isArrayCol(k)
            ? `ARRAY[${Array.from({ length: ARRAY_LEN[k] }, (_, i) => `coalesce(sum(f.${snake(k)}[${i + 1}]), 0)`).join(', ')}]::int[] AS "${k}"`
            : `sum(f.${snake(k)})::float8 AS "${k}"`,
        )
        .join(', '),
    );
    sumsSqlMemo.set(key, out);
  }
  return out;
}

// A row's own columns, for a read whose every group is one row (figuresSql): the same values as their sums.
const colsSqlMemo = new Map<string, SQL>();
function colsSql(cols: readonly FigureCol[]): SQL {
  const key = cols.join(',');
  let out = colsSqlMemo.get(key);
  if (!out) colsSqlMemo.set(key, (out = sql.raw(cols.map((k) => `f.${snake(k)} AS "${k}"`).join(', '))));
  return out;
}

/** The key of a scope's rows besides their period (R rows have org 0, H rows region ''). */
const ROW_KEY: Record<FigureScope, readonly FigureKey[]> = {
  R: ['regionCode', 'type'],
  O: ['regionCode', 'orgId', 'type'],
  H: ['orgId', 'type'],
  C: ['regionCode', 'type'],
};

/** One read of the rollup: which rows, grouped by what, summing which columns (all by default). */
export interface FigureQuery {
  read: FigureRead;
  by?: readonly FigureKey[];
  cols?: readonly FigureCol[];
  /** Restricts org_id to a subquery's ids (one statement instead of a look-up then the read). */
  orgIdsIn?: SQL;
}

/** The statement of a figure query: one row per group, the keys then the sums named as FigureSums. */
export function figuresSql({ read, by = [], cols = ALL_COLS, orgIdsIn }: FigureQuery): SQL {
  // The scope a literal (one of four letters, never user input): a prepared statement's generic plan then knows it.
  if (!['R', 'O', 'H', 'C'].includes(read.scope)) throw new Error(`scope ${read.scope}`);
  const parts = read.range === 'all' ? 'all' : splitPeriods(read.range.from, read.range.to, !by.includes('month'));
  const w: SQL[] = [sql.raw(`f.scope = '${read.scope}'`), periodWhere(parts)];
  if (read.type) w.push(sql`f.type = ${read.type}`);
  if (read.regionCodes) w.push(sql`f.region_code = ANY(${sqlList(read.regionCodes)})`);
  if (read.orgIds) w.push(sql`f.org_id = ANY(${sqlList(read.orgIds)})`);
  // ANY(ARRAY(subquery)): the ids are computed once (an InitPlan) and probed in the index scan, whatever the planner
  // guesses of the rows (a semi join re-read the subquery for each rollup row when it guessed one row).
  if (orgIdsIn) w.push(sql`f.org_id = ANY(ARRAY(${orgIdsIn}))`);
  const keys = sql.raw(by.map((k) => `${KEY_SQL[k]} AS "${k}"`).join(', '));
  // Month rows only (a whole-month range, as the dashboard's trends): each row's period is its month's first day, so
  // the months are grouped by the period itself. The rollup's index gives the rows in that order: no sort, and the
  // month's text is made once per group instead of once per row (the 12-month trend: 288 rows, 0.33 -> 0.13 ms).
  const monthRows = parts !== 'all' && parts.every((p) => p.grain === 'M');
  const groups = by.map((k) => (k === 'month' && monthRows ? 'f.period' : KEY_SQL[k]));
  // All-time rows grouped by their whole key: grain T holds one row per key (migration 0021), so each group is one
  // row, read as it is, without a sort and sums (the dashboard's district × type figures: ~45 µs of PostgreSQL's
  // ~650 per overview, issue 17).
  const oneRowEach = parts === 'all' && ROW_KEY[read.scope].every((k) => by.includes(k));
  return sql`SELECT ${by.length ? sql`${keys}, ` : sql``}${oneRowEach ? colsSql(cols) : sumsSql(cols)}
    FROM demand_report_figures f WHERE ${sql.join(w, sql` AND `)}
    ${by.length && !oneRowEach ? sql.raw(`GROUP BY ${groups.join(', ')}`) : sql``}`;
}

// Per set of columns: the first scalar one (a row's null there: no rows matched) and the reader of a row's sums. Found
// by the columns' array first (the reads' are constants), else by their names (a new array with the same columns).
type RowReader = { first: FigureCol | undefined; sums: (row: Record<string, unknown>) => FigureSums };
const rowReaders = new WeakMap<readonly FigureCol[], RowReader>();
const rowReadersByNames = new Map<string, RowReader>();
function rowReader(cols: readonly FigureCol[]): RowReader {
  let r = rowReaders.get(cols);
  if (!r) {
    const key = cols.join(',');
    r = rowReadersByNames.get(key) ?? { first: cols.find((k) => !isArrayCol(k)), sums: sumsReader(cols) };
    rowReadersByNames.set(key, r);
    rowReaders.set(cols, r);
  }
  return r;
}

/** The groups of a figure query from its rows (as node-postgres or JSON parsed them). */
export function figureGroups(
  rows: readonly Record<string, unknown>[],
  { by = [], cols = ALL_COLS }: FigureQuery,
): FigureGroup[] {
  const { first, sums } = rowReader(cols);
  const [byRegion, byOrg, byType, byMonth] = [
    by.includes('regionCode'),
    by.includes('orgId'),
    by.includes('type'),
    by.includes('month'),
  ];
  const out: FigureGroup[] = [];
  for (const row of rows) {
    // An aggregate without GROUP BY answers one row of NULLs when nothing matched.
    if (first !== undefined && row[first] === null) continue;
    out.push({
      regionCode: byRegion ? String(row.regionCode) : '',
      orgId: byOrg ? Number(row.orgId) : 0,
      type: byType ? String(row.type) : '',
      month: byMonth ? String(row.month) : '',
      sums: sums(row),
    });
  }
  return out;
}

/** The rollup rows of `read`, summed per `by` (no key: one group, the total), the columns `cols` (default: all). */
export async function readFigures(
  db: DbOrTx,
  read: FigureRead,
  by: readonly FigureKey[] = [],
  cols?: readonly FigureCol[],
): Promise<FigureGroup[]> {
  const q: FigureQuery = { read, by, cols };
  const r = await db.execute<Record<string, unknown>>(figuresSql(q));
  return figureGroups(r.rows, q);
}

/**
 * Several reads in one statement (one round trip: on this machine a statement's round trip costs more than a small
 * read): each part's rows come back as one JSON array, in a column named after the part.
 *
 * Planned once per connection (db/sql.ts planOnce): its generic plan is as good as a custom one for every value it is
 * bound to. The rollup's scope and grains are literals and each period part is a bounded range of the rollup's key
 * (scope, grain, period, ...), so the one plan walks that index whatever the dates; the deadlines passed read now()
 * (overdueSql); the rest are small tables. Planned on every call, the planning cost about as much as running it
 * (issue 17, at the bench's data: the dashboard overview 2.5 -> 1.5 ms a call, the scorecard 1.8 -> 1.0, a district
 * report 1.9 -> 0.7).
 */
export async function readMany<K extends string>(
  db: DbOrTx,
  parts: Record<K, SQL>,
): Promise<Record<K, Record<string, unknown>[]>> {
  return readManyOf(db, manySql(parts));
}

/** The statement of readMany, for a caller that builds it once and reads it many times (readManyOf): rendered once. */
export function manySql<K extends string>(parts: Record<K, SQL>): SQL<Record<K, Record<string, unknown>[]>> {
  const names = Object.keys(parts) as K[];
  const cols = names.map(
    (n) => sql`(SELECT coalesce(json_agg(t), '[]'::json) FROM (${parts[n]}) t) AS ${sql.raw(`"${n}"`)}`,
  );
  return renderOnce(sql`SELECT ${sql.join(cols, sql`, `)}${planOnce()}`);
}

/** Runs a statement built by manySql. */
export async function readManyOf<T>(db: DbOrTx, statement: SQL<T>): Promise<T> {
  const r = await db.execute(statement);
  return r.rows[0] as T;
}

// ---------- demands read directly: running deadlines passed, and the drill-down

/** Which demands (filters of a report on `demands d`). */
export interface DemandWhere {
  type?: string;
  regionCodes?: readonly string[];
}

function demandWhere(f: DemandWhere): SQL[] {
  const w: SQL[] = [];
  if (f.type) w.push(sql`d.type = ${f.type}`);
  if (f.regionCodes)
    w.push(
      f.regionCodes.length === 1
        ? sql`d.region_code = ${f.regionCodes[0]}`
        : sql`d.region_code = ANY(${sqlList(f.regionCodes)})`,
    );
  return w;
}

/**
 * Demands whose running deadline has passed now, per `by`: the district, the unit handling it (bank unit, else
 * guarantee company) or the bank head office. Reads the running-deadline indexes (due_at IS NOT NULL), a small part of
 * the table; the only read of `demands` a report makes.
 */
export async function overdueNow(
  db: DbOrTx,
  f: DemandWhere,
  by: 'region' | 'org' | 'bank',
): Promise<Map<string, number>> {
  return overdueMap((await db.execute<Record<string, unknown>>(overdueSql(f, by))).rows);
}

/**
 * "Now" in the statements that count running deadlines passed: the database's now(), not a parameter. The planner
 * estimates `due_at < now()` from the value of now() (a handful of rows: the index), also in the generic plan of a
 * prepared statement; `due_at < $1` it guesses at a third of the running demands, so a generic plan scanned them and
 * each execution was planned again instead (~1 ms of the report's statement).
 */
const NOW = sql`now()`;

/** The statement of overdueNow (rows k, n), to read with others (readMany). */
export function overdueSql(f: DemandWhere, by: 'region' | 'org' | 'bank'): SQL {
  const key =
    by === 'region'
      ? sql`d.region_code`
      : by === 'org'
        ? sql`coalesce(d.bank_org_id, d.guarantee_org_id)`
        : sql`d.bank_id`;
  const w = [sql`d.due_at IS NOT NULL`, sql`d.due_at < ${NOW}`, ...demandWhere(f)];
  return sql`SELECT ${key}::text AS k, count(*)::int AS n FROM demands d WHERE ${sql.join(w, sql` AND `)} GROUP BY 1`;
}

export const overdueMap = (rows: readonly Record<string, unknown>[]) =>
  new Map(rows.filter((x) => x.k !== null && x.k !== undefined).map((x) => [String(x.k), Number(x.n)]));

/** The organisations a drill-down row stands for: units (a subtree, a guarantee company) or a bank head office. */
export type DrillOrg = { units: readonly number[] } | { bankId: number } | null;

/** A figure's drill-down: the measure, its period, the report's filters and the row's organisation. */
export interface DrillWhere extends DemandWhere {
  measure: ReportMeasure;
  from: string;
  to: string;
  rejectCode?: string;
  org: DrillOrg;
}

const ts = (col: string, from: string, to: string) =>
  sql`${sql.raw(col)} >= ${dayStart(from)} AND ${sql.raw(col)} < ${dayAfter(to)}`;
const dt = (col: string, from: string, to: string) => sql`${sql.raw(col)} BETWEEN ${from}::date AND ${to}::date`;
const GRANTED = sql`d.status = 'GRANTED'`;

/** A refusal reason: a code outside REJECT_CODES (or none) counts as OTHER, as the rollup's rejected_codes. */
function rejectedAs(code: string): SQL {
  const known = REJECT_CODES.filter((c) => c !== 'OTHER');
  return code === 'OTHER'
    ? sql` AND (d.reject_code IS NULL OR NOT (d.reject_code = ANY(${sqlList(known)})))`
    : sql` AND d.reject_code = ${code}`;
}

/** The demands a measure counts in [from, to] (docs/statistics.md "Report figures": its condition and its day). */
function measureWhere(m: ReportMeasure, from: string, to: string, rejectCode?: string): SQL {
  switch (m) {
    case 'counted':
      return sql`NOT (d.status = 'WITHDRAWN' AND d.accepted_at IS NULL) AND ${ts('d.created_at', from, to)}`;
    case 'posted':
      return sql`d.source = 'APPLICANT' AND ${ts('d.created_at', from, to)}`;
    // A makeup loan was never accepted on the platform: it is not an acceptance (nor a late one).
    case 'accepted':
      return sql`d.accepted_at IS NOT NULL AND d.source = 'APPLICANT' AND ${ts('d.accepted_at', from, to)}`;
    case 'acceptLate':
      return sql`d.accepted_at > d.accept_deadline AND d.source = 'APPLICANT' AND ${ts('d.accepted_at', from, to)}`;
    case 'granted':
      return sql`${GRANTED} AND ${dt('d.granted_at', from, to)}`;
    case 'grantedCredit':
      return sql`${GRANTED} AND d.guarantee_method = 'CREDIT' AND ${dt('d.granted_at', from, to)}`;
    case 'firstLoan':
      return sql`${GRANTED} AND d.first_loan AND ${dt('d.granted_at', from, to)}`;
    case 'makeup':
      return sql`${GRANTED} AND d.source = 'MAKEUP' AND ${dt('d.granted_at', from, to)}`;
    case 'rejected':
      return sql`d.status = 'REJECTED' AND ${ts('d.decided_at', from, to)}${rejectCode ? rejectedAs(rejectCode) : sql``}`;
    case 'decideLate':
      return sql`d.status IN ('GRANTED', 'REJECTED') AND d.decided_at > d.decide_deadline AND ${ts('d.decided_at', from, to)}`;
    case 'withdrawn':
      return sql`d.status = 'WITHDRAWN' AND ${ts('d.withdrawn_at', from, to)}`;
    case 'expired':
      return sql`d.expired_at IS NOT NULL AND ${ts('d.expired_at', from, to)}`;
    // Issued guarantees without a signing day (written before it was recorded) count on the day of their last change.
    case 'guaranteed':
      return sql`d.guaranteed_amount IS NOT NULL AND coalesce(d.guarantee_signed_at, (d.updated_at AT TIME ZONE 'Asia/Shanghai')::date) BETWEEN ${from}::date AND ${to}::date`;
    case 'overdueNow':
      return sql`d.due_at IS NOT NULL AND d.due_at < ${NOW}`;
  }
}

/** The organisation column(s) a measure counts on, restricted to `org`. */
function orgWhere(m: ReportMeasure, org: DrillOrg): SQL | null {
  if (!org) return null;
  if ('bankId' in org) {
    // A head office: every unit of its tree (bank_id is the head office of bank_org_id).
    // The head office of the unit that let it expire, as the rollup's H rows (migration 0020, report_org_head).
    if (m === 'expired') return sql`report_org_head(d.expired_org_id) = ${org.bankId}`;
    if (m === 'guaranteed') return sql`false`;
    if (m === 'accepted' || m === 'acceptLate') return sql`d.type <> 'GUARANTEE' AND d.bank_id = ${org.bankId}`;
    return sql`d.bank_id = ${org.bankId}`;
  }
  const u = sqlList(org.units);
  switch (m) {
    case 'accepted':
    case 'acceptLate':
      return sql`(CASE WHEN d.type = 'GUARANTEE' THEN d.guarantee_org_id ELSE d.bank_org_id END) = ANY(${u})`;
    case 'expired':
      return sql`d.expired_org_id = ANY(${u})`;
    case 'guaranteed':
      return sql`d.guarantee_org_id = ANY(${u})`;
    case 'overdueNow':
      return sql`coalesce(d.bank_org_id, d.guarantee_org_id) = ANY(${u})`;
    default:
      return sql`(d.bank_org_id = ANY(${u}) OR d.guarantee_org_id = ANY(${u}))`;
  }
}

function drillWhere(f: DrillWhere): SQL {
  const w = [measureWhere(f.measure, f.from, f.to, f.rejectCode), ...demandWhere(f)];
  const o = orgWhere(f.measure, f.org);
  if (o) w.push(o);
  return sql.join(w, sql` AND `);
}

/**
 * The drill-down's sortable fields (issue 30): inner (the demand's column) and outer (the page row's, same order). The
 * amount is the one the row shows (granted, else asked); no grant sorts below every grant day. The figure's demands
 * are those of one measure, period and organisation: a top-N sort of them, as the default order's.
 */
const DRILL_SORT: SortColumns<(typeof REPORT_DRILL_SORT)[number]> = {
  amount: {
    expr: sql.raw('coalesce(d.granted_amount, d.amount)'),
    outer: sql.raw('coalesce(p."grantedAmount", p.amount)'),
    cast: 'numeric',
  },
  term: { expr: sql.raw('d.term'), outer: sql.raw('p.term'), cast: 'int' },
  createdAt: { expr: sql.raw('d.created_at'), outer: sql.raw('p."createdAtMs"'), cast: 'timestamptz' },
  grantedAt: {
    expr: sql.raw(`coalesce(d.granted_at, '-infinity'::date)`),
    outer: sql.raw(`coalesce(p."grantedAt"::date, '-infinity'::date)`),
    cast: 'date',
  },
};

/** One page of a figure's demands, in the sort asked (newest first without), and their exact count, in one statement. */
export async function drillPage(
  db: DbOrTx,
  f: DrillWhere,
  current: number,
  pageSize: number,
  s: ListSort<(typeof REPORT_DRILL_SORT)[number]> = {},
): Promise<{ list: SummaryRow[]; total: number }> {
  const sort = resolveSort(s, DRILL_SORT);
  const inner = sort ? sql.join(sortOrderBy(sort, sql`d.id`, []), sql`, `) : sql`d.created_at DESC, d.id DESC`;
  const outer = sort ? sql.join(outerOrderBy(sort, sql`p.id`), sql`, `) : sql`p."createdAtMs" DESC, p.id DESC`;
  const r = await db.execute<SummaryRow & { total: number }>(sql`
    SELECT t.total, p.* FROM (SELECT count(*)::int AS total FROM demands d WHERE ${drillWhere(f)}) t
    LEFT JOIN LATERAL (
      SELECT ${SUMMARY} FROM (SELECT * FROM demands d WHERE ${drillWhere(f)} ORDER BY ${inner}
        LIMIT ${pageSize} OFFSET ${(current - 1) * pageSize}) d
    ) p ON true
    ORDER BY ${outer}`);
  const total = r.rows[0]?.total ?? 0;
  return { list: r.rows.filter((x) => x.id !== null).map(({ total: _t, ...row }) => row as SummaryRow), total };
}

// ---------- the rows' names

/** The districts (children of the city), in their order. */
export async function districts(db: DbOrTx): Promise<{ code: string; name: string }[]> {
  const r = await db.execute<{ code: string; name: string }>(DISTRICTS_SQL);
  return r.rows;
}

/** The statement of districts(), to read with others (readMany: json_agg keeps the subquery's order). */
export const DISTRICTS_SQL = sql`SELECT code, name FROM regions WHERE parent_code IS NOT NULL AND parent_code IN (SELECT code FROM regions WHERE parent_code IS NULL) ORDER BY sort, code`;

/** The bank head offices (the roots of the bank tree: no parent among the bank units), any status, by id. */
export const BANK_HEADS_SQL = sql`SELECT o.id, o.name, o.status FROM orgs o WHERE o.classified_type = 'BANK'
  AND NOT EXISTS (SELECT 1 FROM orgs p WHERE p.id = o.parent_id AND p.classified_type = 'BANK') ORDER BY o.id`;
/** Their ids (FigureQuery orgIdsIn). */
export const BANK_HEAD_IDS_SQL = sql`SELECT o.id FROM orgs o WHERE o.classified_type = 'BANK'
  AND NOT EXISTS (SELECT 1 FROM orgs p WHERE p.id = o.parent_id AND p.classified_type = 'BANK')`;

export type OrgUnit = {
  id: number;
  parentId: number | null;
  name: string;
  level: string;
  regionCode: string;
  status: string;
};

/** Every unit of an organisation kind (BANK: head offices, branches, sub-branches; GUARANTEE: companies), any status. */
export async function orgUnits(db: DbOrTx, classifiedType: 'BANK' | 'GUARANTEE'): Promise<OrgUnit[]> {
  return orgUnitRows((await db.execute<Record<string, unknown>>(orgUnitsSql(classifiedType))).rows);
}

/** The statement of orgUnits(), to read with others (readMany). */
export const orgUnitsSql = (classifiedType: 'BANK' | 'GUARANTEE') => sql`
    SELECT id, parent_id AS "parentId", name, level, region_code AS "regionCode", status FROM orgs
    WHERE classified_type = ${classifiedType} ORDER BY id`;

export const orgUnitRows = (rows: readonly Record<string, unknown>[]): OrgUnit[] =>
  rows.map((o) => ({
    id: Number(o.id),
    parentId: o.parentId === null ? null : Number(o.parentId),
    name: o.name as string,
    level: o.level as string,
    regionCode: o.regionCode as string,
    status: o.status as string,
  }));

/** Every bank unit, any status (a disabled unit's past figures still roll up into its bank). */
export const bankUnits = (db: DbOrTx) => orgUnits(db, 'BANK');
