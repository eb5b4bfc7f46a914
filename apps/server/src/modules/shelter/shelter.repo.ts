import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { SHELTER_SORT, ShelterHistoryDetail, ShelterState } from '@phjr/contract/shelter/shelter';
import type { ListSort } from '@phjr/contract/list-sort';
import { GENERIC_PLAN, type DbOrTx } from '../../db/client.ts';
import {
  files,
  orgs,
  regions,
  shelterAttachments,
  shelterBanks,
  shelterCases,
  shelterHelpAsked,
  shelterHistory,
  shelterLoans,
  shelterMeasures,
  users,
} from '../../db/schema/index.ts';
import { andSql, cond, shapedSql, type Cond, type Piece } from '../../db/shaped-sql.ts';
import { dayAfter, dayStart, likeText, sqlList } from '../../db/sql.ts';
import {
  resolveSortOr,
  sortAfter,
  sortKeyColumn,
  sortOrderBy,
  type ResolvedSort,
  type SortColumn,
  type SortColumns,
  type SortCursor,
} from '../../db/sort.ts';
import type { Scope } from './shelter-access.ts';

/** Tables of the shelter: cases, their loans, help asked, banks, measures, timeline and attachments (figures: shelter-figures.repo.ts). */

export type CaseRow = typeof shelterCases.$inferSelect;
export type CaseValues = typeof shelterCases.$inferInsert;
export type CaseSet = Partial<Omit<CaseValues, 'id' | 'createdAt'>>;

// ---------- one case

export async function findCase(db: DbOrTx, id: number): Promise<CaseRow | null> {
  const [row] = await db.select().from(shelterCases).where(eq(shelterCases.id, id));
  return row ?? null;
}

/** The case's row locked until the transaction ends (a measure reads its state and first help under it). */
export async function lockCase(tx: DbOrTx, id: number): Promise<CaseRow | null> {
  const [row] = await tx.select().from(shelterCases).where(eq(shelterCases.id, id)).for('update');
  return row ?? null;
}

export async function bankIdsOf(db: DbOrTx, caseId: number): Promise<number[]> {
  const rows = await db.select({ orgId: shelterBanks.orgId }).from(shelterBanks).where(eq(shelterBanks.caseId, caseId));
  return rows.map((r) => r.orgId);
}

export async function insertCase(db: DbOrTx, values: CaseValues): Promise<CaseRow> {
  const [row] = await db.insert(shelterCases).values(values).returning();
  return row;
}

export async function insertParts(
  db: DbOrTx,
  caseId: number,
  p: {
    loans: { bankOrgId: number | null; bankName: string; amount: number; dueDate: string }[];
    help: { type: string; amount: number | null }[];
    attachments: { fileId: string; name: string }[];
  },
) {
  if (p.loans.length) await db.insert(shelterLoans).values(p.loans.map((l) => ({ caseId, ...l })));
  if (p.help.length) await db.insert(shelterHelpAsked).values(p.help.map((h) => ({ caseId, ...h })));
  if (p.attachments.length) await db.insert(shelterAttachments).values(p.attachments.map((a) => ({ caseId, ...a })));
}

/** Writes `set` only if the case is still in one of `from`, in one statement; null when nothing changed. */
export async function updateCase(
  db: DbOrTx,
  id: number,
  from: readonly ShelterState[],
  set: CaseSet,
): Promise<CaseRow | null> {
  const [row] = await db
    .update(shelterCases)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(shelterCases.id, id), inArray(shelterCases.state, [...from])))
    .returning();
  return row ?? null;
}

export async function insertBanks(db: DbOrTx, caseId: number, banks: { orgId: number; role: 'LEAD' | 'HELPER' }[]) {
  if (banks.length) await db.insert(shelterBanks).values(banks.map((b) => ({ caseId, ...b })));
}

export async function insertHistory(
  db: DbOrTx,
  h: {
    caseId: number;
    action: string;
    fromState: string | null;
    toState: string | null;
    userId: number | null;
    orgId: number | null;
    reason?: string | null;
    detail?: ShelterHistoryDetail | null;
    at?: Date;
  },
) {
  await db
    .insert(shelterHistory)
    .values({ ...h, reason: h.reason ?? null, detail: h.detail ?? null, createdAt: h.at ?? new Date() });
}

export type MeasureValues = typeof shelterMeasures.$inferInsert;
export async function insertMeasure(db: DbOrTx, m: MeasureValues) {
  const [row] = await db.insert(shelterMeasures).values(m).returning();
  return row;
}

// ---------- what the detail shows

export async function namesOf(db: DbOrTx, c: CaseRow) {
  const r = await db.execute<{ regionName: string | null; leadBankName: string | null }>(sql`
    SELECT (SELECT name FROM regions WHERE code = ${c.regionCode}) AS "regionName", (SELECT name FROM orgs WHERE id = ${c.leadBankOrgId}) AS "leadBankName"`);
  return r.rows[0];
}

export function listLoans(db: DbOrTx, caseId: number) {
  return db
    .select({
      bankOrgId: shelterLoans.bankOrgId,
      bankName: shelterLoans.bankName,
      amount: shelterLoans.amount,
      dueDate: shelterLoans.dueDate,
    })
    .from(shelterLoans)
    .where(eq(shelterLoans.caseId, caseId))
    .orderBy(asc(shelterLoans.id));
}

export function listHelpAsked(db: DbOrTx, caseId: number) {
  return db
    .select({ type: shelterHelpAsked.type, amount: shelterHelpAsked.amount })
    .from(shelterHelpAsked)
    .where(eq(shelterHelpAsked.caseId, caseId));
}

export function listBanks(db: DbOrTx, caseId: number) {
  return db
    .select({ orgId: shelterBanks.orgId, name: orgs.name, role: shelterBanks.role })
    .from(shelterBanks)
    .innerJoin(orgs, eq(orgs.id, shelterBanks.orgId))
    .where(eq(shelterBanks.caseId, caseId))
    .orderBy(sql`${shelterBanks.role} = 'HELPER'`, asc(orgs.id));
}

export type MeasureRow = {
  id: number;
  type: string;
  orgId: number;
  orgName: string;
  amount: number | null;
  rateChangeBp: number | null;
  newDueDate: string | null;
  penaltyWaived: number | null;
  givenOn: string;
  note: string | null;
  recordedByName: string | null;
  createdAtMs: number;
};

/** The measures of a case (or the one of `id`), oldest first, with the bank they count for. */
export async function listMeasures(db: DbOrTx, caseId: number, id?: number): Promise<MeasureRow[]> {
  const r = await db.execute<MeasureRow>(sql`
    SELECT m.id, m.type, m.bank_org_id AS "orgId", o.name AS "orgName", m.amount, m.rate_change_bp AS "rateChangeBp", m.new_due_date::text AS "newDueDate",
           m.penalty_waived AS "penaltyWaived", m.given_on::text AS "givenOn", m.note, u.name AS "recordedByName",
           (extract(epoch FROM m.created_at) * 1000)::float8 AS "createdAtMs"
    FROM shelter_measures m JOIN orgs o ON o.id = m.bank_org_id LEFT JOIN users u ON u.id = m.user_id
    WHERE m.case_id = ${caseId} ${id === undefined ? sql`` : sql`AND m.id = ${id}`} ORDER BY m.given_on, m.id`);
  return r.rows;
}

export async function listHistory(db: DbOrTx, caseId: number) {
  const r = await db.execute<{
    id: number;
    atMs: number;
    action: string;
    fromState: string | null;
    toState: string | null;
    actorName: string | null;
    actorOrgName: string | null;
    reason: string | null;
    detail: ShelterHistoryDetail | null;
  }>(sql`
    SELECT h.id, (extract(epoch FROM h.created_at) * 1000)::float8 AS "atMs", h.action, h.from_state AS "fromState", h.to_state AS "toState",
           u.name AS "actorName", o.name AS "actorOrgName", h.reason, h.detail
    FROM shelter_history h LEFT JOIN users u ON u.id = h.user_id LEFT JOIN orgs o ON o.id = h.org_id
    WHERE h.case_id = ${caseId} ORDER BY h.created_at, h.id`);
  return r.rows;
}

export function listAttachments(db: DbOrTx, caseId: number) {
  return db
    .select({ fileId: shelterAttachments.fileId, name: shelterAttachments.name })
    .from(shelterAttachments)
    .where(eq(shelterAttachments.caseId, caseId))
    .orderBy(asc(shelterAttachments.name));
}

/** An attached file with its content, only if it is attached to the case. */
export async function findAttachedFile(db: DbOrTx, caseId: number, fileId: string) {
  const [row] = await db
    .select({ id: files.id, name: files.name, contentType: files.contentType, size: files.size, data: files.data })
    .from(shelterAttachments)
    .innerJoin(files, eq(files.id, shelterAttachments.fileId))
    .where(and(eq(shelterAttachments.caseId, caseId), eq(shelterAttachments.fileId, fileId)));
  return row ?? null;
}

// ---------- who and where

export async function findAccount(db: DbOrTx, id: number) {
  const [row] = await db
    .select({
      id: users.id,
      name: users.name,
      accountType: users.accountType,
      creditCode: users.creditCode,
      regionCode: users.regionCode,
      status: users.status,
    })
    .from(users)
    .where(eq(users.id, id));
  return row ?? null;
}

export async function findRegion(db: DbOrTx, code: string) {
  const [row] = await db
    .select({ code: regions.code, parentCode: regions.parentCode })
    .from(regions)
    .where(eq(regions.code, code));
  return row ?? null;
}

/** Active bank organisations among `ids`. */
export async function activeBanks(db: DbOrTx, ids: number[]) {
  if (!ids.length) return [];
  return db
    .select({ id: orgs.id, name: orgs.name })
    .from(orgs)
    .where(and(inArray(orgs.id, ids), eq(orgs.classifiedType, 'BANK'), eq(orgs.status, 'ACTIVE')));
}

/** Every active bank organisation (the pickers). */
export function bankOptions(db: DbOrTx) {
  return db
    .select({ id: orgs.id, name: orgs.name, parentId: orgs.parentId, regionCode: orgs.regionCode })
    .from(orgs)
    .where(and(eq(orgs.classifiedType, 'BANK'), eq(orgs.status, 'ACTIVE')))
    .orderBy(asc(orgs.id));
}

/** The active users of organisations (the banks' people to tell). */
export function orgUsers(db: DbOrTx, orgIds: number[]) {
  if (!orgIds.length) return Promise.resolve([] as { id: number; phone: string | null }[]);
  return db
    .select({ id: users.id, phone: users.phone })
    .from(users)
    .where(and(inArray(users.orgId, orgIds), eq(users.status, 'ACTIVE')))
    .orderBy(asc(users.id));
}

// ---------- lists

export interface Filter {
  states?: readonly string[];
  state?: string;
  regionCode?: string;
  industry?: string;
  bankOrgId?: number;
  from?: string;
  to?: string;
  keyword?: string;
  /** The list's sort (issue 30): a field of SHELTER_SORT; newest first without. */
  sort?: ListSort<ShelterSortField>;
}

export type ShelterSortField = (typeof SHELTER_SORT)[number];

/**
 * Each sortable field's column on `c` (NOT NULL, or coalesced: a case not admitted sorts below every admitted one), the
 * same value on the page statement's outer row `p`, and its type (the export's cursor); the order ends with the id.
 * Each is indexed with the id (the city's whole list; migration 0040 for the loans and the day admitted).
 */
const SORT_TEXT: Record<ShelterSortField, { inner: string; outer: string; cast: SortColumn['cast'] }> = {
  appliedAt: { inner: 'c.created_at', outer: 'p."createdAtMs"', cast: 'timestamptz' },
  loanTotal: { inner: 'c.loan_total', outer: 'p."loanTotal"', cast: 'numeric' },
  admittedAt: {
    inner: "coalesce(c.admitted_at, '-infinity'::timestamptz)",
    outer: `coalesce(p."admittedAtMs", '-Infinity')`,
    cast: 'timestamptz',
  },
};
const sortColumn = (t: (typeof SORT_TEXT)[ShelterSortField]): SortColumn => ({
  expr: sql.raw(t.inner),
  outer: sql.raw(t.outer),
  cast: t.cast,
});
const SORT: SortColumns<ShelterSortField> = {
  appliedAt: sortColumn(SORT_TEXT.appliedAt),
  loanTotal: sortColumn(SORT_TEXT.loanTotal),
  admittedAt: sortColumn(SORT_TEXT.admittedAt),
};

/** The cap of a count that the kept figures cannot answer (a filter on industry, bank, dates or keyword). */
const SHELTER_COUNT_CAP = 10_000;

/** A display number (FC + day + id): the id it names, if it is one. */
export function idOfCode(s: string): number | null {
  const m = /^FC\d{8}(\d{6,})$/i.exec(s.trim());
  return m ? Number(m[1]) : null;
}

function where(scope: Scope, f: Filter): Cond[] {
  const w: Cond[] = [];
  if (scope.none) w.push(cond`false`);
  if (scope.enterpriseUserId !== undefined) w.push(cond`c.enterprise_user_id = ${scope.enterpriseUserId}`);
  if (scope.regionCodes)
    w.push(
      scope.regionCodes.length === 1
        ? cond`c.region_code = ${scope.regionCodes[0]}`
        : cond`c.region_code = ANY(${sqlList(scope.regionCodes)})`,
    );
  if (scope.bankOrgIds)
    w.push(cond`c.id IN (SELECT case_id FROM shelter_banks WHERE org_id = ANY(${sqlList(scope.bankOrgIds)}))`);
  if (f.states)
    w.push(f.states.length === 1 ? cond`c.state = ${f.states[0]}` : cond`c.state = ANY(${sqlList(f.states)})`);
  if (f.state) w.push(cond`c.state = ${f.state}`);
  if (f.regionCode) w.push(cond`c.region_code = ${f.regionCode}`);
  if (f.industry) w.push(cond`c.industry = ${f.industry}`);
  if (f.bankOrgId !== undefined)
    w.push(cond`c.id IN (SELECT case_id FROM shelter_banks WHERE org_id = ${f.bankOrgId})`);
  if (f.from) w.push(cond`c.created_at >= ${dayStart(f.from)}`);
  if (f.to) w.push(cond`c.created_at < ${dayAfter(f.to)}`);
  if (f.keyword) {
    const id = idOfCode(f.keyword);
    w.push(id !== null ? cond`c.id = ${id}` : cond`c.enterprise_name ILIKE ${likeText(f.keyword)}`);
  }
  return w;
}

/** The kept figures count the cases of a state per district: they answer a list's total without per-row filters. */
const keptCountAnswers = (scope: Scope, f: Filter) =>
  scope.enterpriseUserId === undefined &&
  !scope.bankOrgIds &&
  !f.industry &&
  f.bankOrgId === undefined &&
  !f.from &&
  !f.to &&
  !f.keyword;

const STATE_SUM: Record<string, string> = {
  APPLIED: 'applied',
  UNDER_REVIEW: 'under_review',
  IN_SHELTER: 'in_shelter',
  NOT_ADMITTED: 'not_admitted',
  WITHDRAWN: 'withdrawn',
  EXITED: 'exited_recovered + exited_other',
};

/** The total of a list as an SQL expression: from the kept figures when they answer, else counted up to the cap. */
function countOf(scope: Scope, f: Filter): Piece[] {
  if (!keptCountAnswers(scope, f))
    return [
      '(SELECT count(*)::int FROM (SELECT 1 FROM shelter_cases c WHERE ',
      where(scope, f),
      cond` LIMIT ${SHELTER_COUNT_CAP}) x)`,
    ];
  let states = Object.keys(STATE_SUM);
  if (f.states) states = states.filter((s) => f.states!.includes(s));
  if (f.state) states = states.filter((s) => s === f.state);
  const w: Cond[] = [];
  if (scope.none) w.push(cond`false`);
  if (scope.regionCodes) w.push(cond`g.region_code = ANY(${sqlList(scope.regionCodes)})`);
  if (f.regionCode) w.push(cond`g.region_code = ${f.regionCode}`);
  const expr = states.length ? states.map((s) => STATE_SUM[s]).join(' + ') : '0';
  return [`(SELECT coalesce(sum(${expr}), 0)::int FROM shelter_figures g WHERE `, w, ')'];
}

/** The columns of a list row, read from `c`; names by primary key for the page's rows only; times in ms. */
const SUMMARY_TEXT = `c.id, c.state, c.enterprise_name AS "enterpriseName", c.credit_code AS "creditCode", c.region_code AS "regionCode",
  (SELECT name FROM regions WHERE code = c.region_code) AS "regionName", c.industry, c.help_types AS "helpTypes", c.loan_total AS "loanTotal",
  c.lead_bank_org_id AS "leadBankOrgId", (SELECT name FROM orgs WHERE id = c.lead_bank_org_id) AS "leadBankName",
  c.enterprise_user_id AS "enterpriseUserId", c.measure_count AS "measureCount",
  coalesce((SELECT array_agg(b.org_id::int) FROM shelter_banks b WHERE b.case_id = c.id), '{}'::int[]) AS "bankOrgIds",
  (extract(epoch FROM c.created_at) * 1000)::float8 AS "createdAtMs", (extract(epoch FROM c.admitted_at) * 1000)::float8 AS "admittedAtMs",
  (extract(epoch FROM c.closed_at) * 1000)::float8 AS "closedAtMs"`;
const SUMMARY = sql.raw(SUMMARY_TEXT);

export type SummaryRow = {
  id: number;
  state: string;
  enterpriseName: string;
  creditCode: string;
  regionCode: string;
  regionName: string | null;
  industry: string;
  helpTypes: string[];
  loanTotal: number;
  leadBankOrgId: number | null;
  leadBankName: string | null;
  enterpriseUserId: number;
  measureCount: number;
  bankOrgIds: number[];
  createdAtMs: number;
  admittedAtMs: number | null;
  closedAtMs: number | null;
};

const NEWEST_TEXT = 'ORDER BY c.created_at DESC, c.id DESC';

// The fixed text of a page statement (pageCases), made once per shape (db/shaped-sql.ts).
const PAGE_ROWS = ` AS total) t
    LEFT JOIN LATERAL (
      SELECT ${SUMMARY_TEXT} FROM (SELECT * FROM shelter_cases c WHERE `;
const PAGE_TAIL = `) c
    ) p ON true
    ORDER BY p."createdAtMs" DESC, p.id DESC ${GENERIC_PLAN}`;

/**
 * One page, newest first, and its total, in one statement: the rows are chosen on the cases alone (an index walk). Its
 * text is made once per shape of scope and filter (db/shaped-sql.ts), not composed with drizzle on every call.
 */
export async function pageCases(db: DbOrTx, scope: Scope, f: Filter, current: number, pageSize: number) {
  const [order, tail] = f.sort?.sortField
    ? sortedPage(f.sort.sortField, (f.sort.sortOrder ?? 'desc') === 'desc')
    : [` ${NEWEST_TEXT}`, PAGE_TAIL];
  const r = await db.execute<SummaryRow & { total: number }>(
    shapedSql([
      '\n    SELECT t.total, p.* FROM (SELECT ',
      ...countOf(scope, f),
      PAGE_ROWS,
      where(scope, f),
      order,
      cond` LIMIT ${pageSize} OFFSET ${(current - 1) * pageSize}`,
      tail,
    ]),
  );
  const rows = r.rows;
  // The rows as they come (the total beside each is read once), or none past the end (a row of NULLs).
  return { list: rows[0]?.id === null ? [] : (rows as SummaryRow[]), total: rows[0]?.total ?? 0 };
}

/**
 * The inner ORDER BY and the tail of a sorted page: (column, id) in one direction, the outer rows in the same order,
 * planned for its values (no GENERIC_PLAN mark: the plan for the values picks the index that walks the order).
 */
function sortedPage(field: ShelterSortField, desc: boolean): [string, string] {
  const t = SORT_TEXT[field];
  const dir = desc ? 'DESC' : 'ASC';
  return [
    ` ORDER BY ${t.inner} ${dir}, c.id ${dir}`,
    `) c\n    ) p ON true\n    ORDER BY ${t.outer} ${dir}, p.id ${dir}`,
  ];
}

export async function countCases(db: DbOrTx, scope: Scope, f: Filter): Promise<number> {
  const r = await db.execute<{ n: number }>(shapedSql(['SELECT ', ...countOf(scope, f), ' AS n']));
  return r.rows[0].n;
}

/**
 * The export reads the list in batches after the last row read, in the list's order (its sort, else newest first):
 * keyset on (sort value, id), the cursor being the value as PostgreSQL wrote it.
 */
export async function caseBatch(db: DbOrTx, scope: Scope, f: Filter, after: SortCursor | null, limit: number) {
  const sort: ResolvedSort = resolveSortOr(f.sort ?? {}, SORT, 'appliedAt');
  const w = andSql(where(scope, f));
  const filter = after ? sql`${w} AND ${sortAfter(sort, sql.raw('c.id'), after)}` : w;
  const order = sql.join(sortOrderBy(sort, sql.raw('c.id'), []), sql`, `);
  const r = await db.execute<SummaryRow & { cause: string; contactName: string; sortKey: string }>(sql`
    SELECT ${SUMMARY}, c.cause, c.contact_name AS "contactName", ${sortKeyColumn(sort)} AS "sortKey"
    FROM (SELECT * FROM shelter_cases c WHERE ${filter} ORDER BY ${order} LIMIT ${limit}) c ORDER BY ${order}`);
  return r.rows;
}

// ---------- what the credit record reads (docs/credit.md; passed to the credit service by the composition root)

const beijingDay = (column: SQL | AnyPgColumn) =>
  sql<string | null>`to_char(${column} AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD')`;

/** Cases closed as recovered whose enterprise made that public (publicOnRecovery), the latest per credit code. */
export async function publicRecoveries(
  db: DbOrTx,
  creditCodes: string[],
): Promise<Map<string, { exitedOn: string | null }>> {
  if (!creditCodes.length) return new Map();
  const rows = await db
    .select({ creditCode: shelterCases.creditCode, exitedOn: beijingDay(shelterCases.closedAt) })
    .from(shelterCases)
    .where(
      and(
        inArray(shelterCases.creditCode, creditCodes),
        eq(shelterCases.state, 'EXITED'),
        eq(shelterCases.exitOutcome, 'RECOVERED'),
        eq(shelterCases.publicOnRecovery, true),
      ),
    )
    .orderBy(asc(shelterCases.closedAt));
  return new Map(rows.map((r) => [r.creditCode, { exitedOn: r.exitedOn }]));
}

/** Every case of an enterprise, oldest first (the full credit record). */
export function casesOfCreditCode(db: DbOrTx, creditCode: string) {
  return db
    .select({
      id: shelterCases.id,
      status: shelterCases.state,
      appliedOn: beijingDay(shelterCases.createdAt),
      exitedOn: sql<
        string | null
      >`CASE WHEN ${shelterCases.state} = 'EXITED' THEN ${beijingDay(shelterCases.closedAt)} END`,
    })
    .from(shelterCases)
    .where(eq(shelterCases.creditCode, creditCode))
    .orderBy(asc(shelterCases.createdAt), asc(shelterCases.id));
}
