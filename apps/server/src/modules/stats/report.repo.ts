import { sql, type SQL } from 'drizzle-orm';
import { REJECT_CODES, type ReportMeasure } from '@phjr/contract/stats/reports';
import type { DbOrTx } from '../../db/client.ts';
import { dayAfter, dayStart, sqlList } from '../../db/sql.ts';
import { DEMAND_SUMMARY_SQL as SUMMARY, type DemandSummaryRow as SummaryRow } from '../demands/demand-summary.ts';
import { ARRAY_LEN, ARRAY_SUMS, emptySums, SCALAR_SUMS, type FigureSums } from './report-figures.ts';

/**
 * Reads of the reports' rollup `demand_report_figures` (migration 0020, docs/statistics.md "Report figures") and the
 * drill-down over `demands`. A report is one statement over the rollup: whole months from grain 'M' rows, the edge
 * days from grain 'D' rows, so a one-year district report sums a few hundred rows whatever the number of demands.
 */

/** R: a district (org 0); O: an organisation unit in a district; H: a bank head office or guarantee company, city-wide. */
export type FigureScope = 'R' | 'O' | 'H';

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

function periodWhere(range: FigureRead['range']): SQL {
  if (range === 'all') return sql`f.grain = 'T'`;
  const { months, days } = splitRange(range.from, range.to);
  const parts: SQL[] = [];
  if (months) parts.push(sql`(f.grain = 'M' AND f.period BETWEEN ${months[0]}::date AND ${months[1]}::date)`);
  for (const [a, b] of days) parts.push(sql`(f.grain = 'D' AND f.period BETWEEN ${a}::date AND ${b}::date)`);
  return sql`(${sql.join(parts, sql` OR `)})`;
}

const snake = (k: string) => k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
const KEY_SQL: Record<FigureKey, string> = { regionCode: 'f.region_code', orgId: 'f.org_id', type: 'f.type', month: `to_char(f.period, 'YYYY-MM')` };
// Everything summed in SQL (exact numeric sums, then float), the arrays element by element: one flat array per group
// comes back, not every row's (parsing rows × 32 numbers cost more than the query).
const SUMS_SQL = sql.raw(
  [
    ...SCALAR_SUMS.map((k) => `sum(f.${snake(k)})::float8 AS "${k}"`),
    ...ARRAY_SUMS.map((k) => `ARRAY[${Array.from({ length: ARRAY_LEN[k] }, (_, i) => `coalesce(sum(f.${snake(k)}[${i + 1}]), 0)`).join(', ')}]::int[] AS "${k}"`),
  ].join(', '),
);

/** The rollup rows of `read`, summed per `by` (no key: one group, the total). */
export async function readFigures(db: DbOrTx, read: FigureRead, by: readonly FigureKey[] = []): Promise<FigureGroup[]> {
  const w: SQL[] = [sql`f.scope = ${read.scope}`, periodWhere(read.range)];
  if (read.type) w.push(sql`f.type = ${read.type}`);
  if (read.regionCodes) w.push(sql`f.region_code = ANY(${sqlList(read.regionCodes)})`);
  if (read.orgIds) w.push(sql`f.org_id = ANY(${sqlList(read.orgIds)})`);
  const keys = sql.raw(by.map((k) => `${KEY_SQL[k]} AS "${k}"`).join(', '));
  const r = await db.execute<Record<string, unknown>>(sql`
    SELECT ${by.length ? sql`${keys}, ` : sql``}${SUMS_SQL}
    FROM demand_report_figures f WHERE ${sql.join(w, sql` AND `)}
    ${by.length ? sql.raw(`GROUP BY ${by.map((_, i) => i + 1).join(', ')}`) : sql``}`);
  const out: FigureGroup[] = [];
  for (const row of r.rows) {
    // An aggregate without GROUP BY answers one row of NULLs when nothing matched.
    if (row[SCALAR_SUMS[0]] === null) continue;
    const sums = emptySums();
    for (const k of SCALAR_SUMS) sums[k] = Number(row[k] ?? 0);
    // node-postgres parses int[] into an array of numbers.
    for (const k of ARRAY_SUMS) sums[k] = (row[k] as number[]).map(Number);
    out.push({
      regionCode: by.includes('regionCode') ? String(row.regionCode) : '',
      orgId: by.includes('orgId') ? Number(row.orgId) : 0,
      type: by.includes('type') ? String(row.type) : '',
      month: by.includes('month') ? String(row.month) : '',
      sums,
    });
  }
  return out;
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
  if (f.regionCodes) w.push(f.regionCodes.length === 1 ? sql`d.region_code = ${f.regionCodes[0]}` : sql`d.region_code = ANY(${sqlList(f.regionCodes)})`);
  return w;
}

/**
 * Demands whose running deadline has passed now, per `by`: the district, the unit handling it (bank unit, else
 * guarantee company) or the bank head office. Reads the running-deadline indexes (due_at IS NOT NULL), a small part of
 * the table; the only read of `demands` a report makes.
 */
export async function overdueNow(db: DbOrTx, f: DemandWhere, by: 'region' | 'org' | 'bank', now: Date): Promise<Map<string, number>> {
  const key = by === 'region' ? sql`d.region_code` : by === 'org' ? sql`coalesce(d.bank_org_id, d.guarantee_org_id)` : sql`d.bank_id`;
  const w = [sql`d.due_at IS NOT NULL`, sql`d.due_at < ${now}`, ...demandWhere(f)];
  const r = await db.execute<{ k: string | null; n: number }>(sql`SELECT ${key}::text AS k, count(*)::int AS n FROM demands d WHERE ${sql.join(w, sql` AND `)} GROUP BY 1`);
  return new Map(r.rows.filter((x) => x.k !== null).map((x) => [String(x.k), Number(x.n)]));
}

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

const ts = (col: string, from: string, to: string) => sql`${sql.raw(col)} >= ${dayStart(from)} AND ${sql.raw(col)} < ${dayAfter(to)}`;
const dt = (col: string, from: string, to: string) => sql`${sql.raw(col)} BETWEEN ${from}::date AND ${to}::date`;
const GRANTED = sql`d.status = 'GRANTED'`;

/** A refusal reason: a code outside REJECT_CODES (or none) counts as OTHER, as the rollup's rejected_codes. */
function rejectedAs(code: string): SQL {
  const known = REJECT_CODES.filter((c) => c !== 'OTHER');
  return code === 'OTHER' ? sql` AND (d.reject_code IS NULL OR NOT (d.reject_code = ANY(${sqlList(known)})))` : sql` AND d.reject_code = ${code}`;
}

/** The demands a measure counts in [from, to] (docs/statistics.md "Report figures": its condition and its day). */
function measureWhere(m: ReportMeasure, from: string, to: string, now: Date, rejectCode?: string): SQL {
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
      return sql`d.due_at IS NOT NULL AND d.due_at < ${now}`;
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

function drillWhere(f: DrillWhere, now: Date): SQL {
  const w = [measureWhere(f.measure, f.from, f.to, now, f.rejectCode), ...demandWhere(f)];
  const o = orgWhere(f.measure, f.org);
  if (o) w.push(o);
  return sql.join(w, sql` AND `);
}

/** One page of a figure's demands, newest first, and their exact count, in one statement. */
export async function drillPage(db: DbOrTx, f: DrillWhere, now: Date, current: number, pageSize: number): Promise<{ list: SummaryRow[]; total: number }> {
  const r = await db.execute<SummaryRow & { total: number }>(sql`
    SELECT t.total, p.* FROM (SELECT count(*)::int AS total FROM demands d WHERE ${drillWhere(f, now)}) t
    LEFT JOIN LATERAL (
      SELECT ${SUMMARY} FROM (SELECT * FROM demands d WHERE ${drillWhere(f, now)} ORDER BY d.created_at DESC, d.id DESC
        LIMIT ${pageSize} OFFSET ${(current - 1) * pageSize}) d
    ) p ON true
    ORDER BY p."createdAtMs" DESC, p.id DESC`);
  const total = r.rows[0]?.total ?? 0;
  return { list: r.rows.filter((x) => x.id !== null).map(({ total: _t, ...row }) => row as SummaryRow), total };
}

// ---------- the rows' names

/** The districts (children of the city), in their order. */
export async function districts(db: DbOrTx): Promise<{ code: string; name: string }[]> {
  const r = await db.execute<{ code: string; name: string }>(
    sql`SELECT code, name FROM regions WHERE parent_code IS NOT NULL AND parent_code IN (SELECT code FROM regions WHERE parent_code IS NULL) ORDER BY sort, code`,
  );
  return r.rows;
}

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
  const r = await db.execute<OrgUnit>(sql`
    SELECT id, parent_id AS "parentId", name, level, region_code AS "regionCode", status FROM orgs
    WHERE classified_type = ${classifiedType} ORDER BY id`);
  return r.rows.map((o) => ({ ...o, id: Number(o.id), parentId: o.parentId === null ? null : Number(o.parentId) }));
}

/** Every bank unit, any status (a disabled unit's past figures still roll up into its bank). */
export const bankUnits = (db: DbOrTx) => orgUnits(db, 'BANK');
