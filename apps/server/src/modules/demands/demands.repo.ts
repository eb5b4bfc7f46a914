import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { DEMAND_COUNT_CAP, type DEMAND_SORT } from '@phjr/contract/demands/calls';
import type { ListSort } from '@phjr/contract/list-sort';
import type { DemandStatus } from '@phjr/contract/demands/demand';
import {
  demandAttachments,
  demandHistory,
  demands,
  files,
  orgs,
  products,
  regions,
  users,
} from '../../db/schema/index.ts';
import { GENERIC_PLAN, type DbOrTx } from '../../db/client.ts';
import { likeText, sqlList } from '../../db/sql.ts';
import { shanghaiDayAfter, shanghaiDayStart } from '../../lib/instant-text.ts';
import { andSql, cond, shapedSql, type Cond, type Piece } from '../../db/shaped-sql.ts';
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

/** Tables of the demands: demands, their history and attachments, the kept counts (job runs: jobs/job-lock.repo.ts). */

export type DemandRow = typeof demands.$inferSelect;
export type DemandValues = typeof demands.$inferInsert;

// ---------- one demand

export async function findDemand(db: DbOrTx, id: number): Promise<DemandRow | null> {
  const [row] = await db.select().from(demands).where(eq(demands.id, id));
  return row ?? null;
}

/** Names shown with one demand (its region, product and organisations). */
export async function namesOf(db: DbOrTx, d: DemandRow) {
  const r = await db.execute<{
    regionName: string | null;
    productName: string | null;
    targetOrgName: string | null;
    ownerOrgName: string | null;
    guaranteeOrgName: string | null;
  }>(sql`
    SELECT (SELECT name FROM regions WHERE code = ${d.regionCode}) AS "regionName",
           (SELECT name FROM products WHERE id = ${d.productId}) AS "productName",
           (SELECT name FROM orgs WHERE id = ${d.targetOrgId}) AS "targetOrgName",
           (SELECT name FROM orgs WHERE id = ${d.ownerOrgId}) AS "ownerOrgName",
           (SELECT name FROM orgs WHERE id = ${d.guaranteeOrgId}) AS "guaranteeOrgName"`);
  return r.rows[0];
}

export async function insertDemand(db: DbOrTx, values: DemandValues): Promise<DemandRow> {
  const [row] = await db.insert(demands).values(values).returning();
  return row;
}

/** Namespace of the per-applicant advisory lock taken while posting (pg_advisory_xact_lock(namespace, applicant)). */
const POSTING_LOCK = 4_171_005;

/**
 * Makes the postings of one applicant take turns until the transaction ends, so the duplicate check that follows
 * sees every demand committed before it (READ COMMITTED: each statement reads what is committed when it starts).
 */
export async function lockApplicantPosting(tx: DbOrTx, applicantUserId: number) {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${POSTING_LOCK}, (${applicantUserId}::bigint % 2147483647)::int)`);
}

/** What makes a posting a duplicate of an earlier demand of the same applicant (demands.service.ts create). */
export interface PostingMatch {
  applicantUserId: number;
  idempotencyKey: string | null;
  type: string;
  productId: number | null;
  targetOrgId: number | null;
  amount: number;
  term: number;
  purpose: string;
  /** Content matches only demands created after this instant and not finished. */
  since: Date;
  finished: readonly DemandStatus[];
}

/** The first demand a posting duplicates: the one with its idempotency key, else the oldest with its content. */
export async function findDuplicate(db: DbOrTx, m: PostingMatch) {
  const r = await db.execute<{ id: number | string; status: string; createdAt: Date | string }>(sql`
    SELECT id, status, created_at AS "createdAt" FROM demands
    WHERE applicant_user_id = ${m.applicantUserId}
      AND ((${m.idempotencyKey}::varchar IS NOT NULL AND idempotency_key = ${m.idempotencyKey})
        OR (type = ${m.type} AND product_id IS NOT DISTINCT FROM ${m.productId}::bigint AND target_org_id IS NOT DISTINCT FROM ${m.targetOrgId}::bigint
            AND amount = ${m.amount}::numeric(12, 2) AND term = ${m.term} AND purpose = ${m.purpose}
            AND created_at > ${m.since} AND status <> ALL (${sql.param([...m.finished])}::varchar[])))
    ORDER BY (idempotency_key IS NOT DISTINCT FROM ${m.idempotencyKey}) DESC, id
    LIMIT 1`);
  const row = r.rows[0];
  return row ? { id: Number(row.id), status: row.status as DemandStatus, createdAt: new Date(row.createdAt) } : null;
}

/** What a transition writes besides the status. */
export type DemandSet = Partial<Omit<DemandValues, 'id' | 'createdAt'>>;

/**
 * Writes `set` only if the demand is still in one of `from` (and meets `also`), in one statement: of two
 * concurrent actions on one demand only one can find its source state. Null when nothing changed.
 */
export async function updateDemand(
  db: DbOrTx,
  id: number,
  from: readonly DemandStatus[],
  set: DemandSet,
  also?: SQL,
): Promise<DemandRow | null> {
  const [row] = await db
    .update(demands)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(demands.id, id), inArray(demands.status, [...from]), also))
    .returning();
  return row ?? null;
}

// What an action's UPDATE re-checks besides the state: who has the demand, and its deadline.
/** The same bank unit is still in charge. */
export const stillAt = (bankOrgId: number) => sql`${demands.bankOrgId} = ${bankOrgId}`;
/** Still in the public pool (no bank in charge). */
export const stillPooled = () => sql`${demands.bankOrgId} IS NULL AND ${demands.type} <> 'GUARANTEE'`;
/** No bank in charge yet (an expired public demand, a guarantee demand not yet handed over). */
export const stillUnassigned = () => sql`${demands.bankOrgId} IS NULL`;
/** The acceptance deadline has not passed at `now`. */
export const acceptableAt = (now: Date) => sql`(${demands.dueAt} IS NULL OR ${demands.dueAt} > ${now})`;
export const both = (a: SQL | undefined, b: SQL) => (a ? and(a, b)! : b);
/** The running deadline has passed at `now` (the sweep's expiry). */
export const overdueAt = (now: Date) => sql`${demands.dueAt} <= ${now}`;

/** Marks the warning of the running deadline sent, only if it is due and not sent yet: each warning goes once. */
export async function markWarned(db: DbOrTx, id: number, now: Date): Promise<DemandRow | null> {
  const [row] = await db
    .update(demands)
    .set({ warnedAt: now })
    .where(
      and(
        eq(demands.id, id),
        sql`${demands.warnedAt} IS NULL AND ${demands.warnAt} <= ${now} AND ${demands.dueAt} > ${now}`,
      ),
    )
    .returning();
  return row ?? null;
}

export async function insertHistory(
  db: DbOrTx,
  h: {
    demandId: number;
    action: string;
    fromStatus: DemandStatus | null;
    toStatus: DemandStatus | null;
    userId: number | null;
    orgId: number | null;
    reason?: string | null;
    at?: Date;
  },
) {
  await db.insert(demandHistory).values({ ...h, reason: h.reason ?? null, createdAt: h.at ?? new Date() });
}

export async function listHistory(db: DbOrTx, demandId: number) {
  const r = await db.execute<{
    id: number;
    atMs: number;
    action: string;
    fromStatus: string | null;
    toStatus: string | null;
    actorName: string | null;
    actorOrgName: string | null;
    reason: string | null;
  }>(sql`
    SELECT h.id, (extract(epoch FROM h.created_at) * 1000)::float8 AS "atMs", h.action, h.from_status AS "fromStatus", h.to_status AS "toStatus",
           u.name AS "actorName", o.name AS "actorOrgName", h.reason
    FROM demand_history h LEFT JOIN users u ON u.id = h.user_id LEFT JOIN orgs o ON o.id = h.org_id
    WHERE h.demand_id = ${demandId} ORDER BY h.id`);
  return r.rows;
}

export async function insertAttachments(db: DbOrTx, demandId: number, list: { fileId: string; name: string }[]) {
  if (list.length) await db.insert(demandAttachments).values(list.map((a) => ({ demandId, ...a })));
}

export function listAttachments(db: DbOrTx, demandId: number) {
  return db
    .select({ fileId: demandAttachments.fileId, name: demandAttachments.name })
    .from(demandAttachments)
    .where(eq(demandAttachments.demandId, demandId))
    .orderBy(asc(demandAttachments.name));
}

/** An attached file with its content, only if it is attached to the demand. */
export async function findAttachedFile(db: DbOrTx, demandId: number, fileId: string) {
  const [row] = await db
    .select({ id: files.id, name: files.name, contentType: files.contentType, size: files.size, data: files.data })
    .from(demandAttachments)
    .innerJoin(files, eq(files.id, demandAttachments.fileId))
    .where(and(eq(demandAttachments.demandId, demandId), eq(demandAttachments.fileId, fileId)));
  return row ?? null;
}

// ---------- who and where

export type OrgNode = {
  id: number;
  name: string;
  classifiedType: string;
  level: string;
  status: string;
  regionCode: string;
  parentId: number | null;
  /** The head office at the root of its tree (itself for a head office or a guarantee company). */
  headId: number;
};

export async function findOrgNode(db: DbOrTx, id: number): Promise<OrgNode | null> {
  const r = await db.execute<OrgNode>(sql`
    WITH RECURSIVE up AS (
      SELECT id, parent_id, 0 AS depth FROM orgs WHERE id = ${id}
      UNION ALL SELECT o.id, o.parent_id, up.depth + 1 FROM orgs o JOIN up ON o.id = up.parent_id WHERE up.depth < 10
    )
    SELECT o.id, o.name, o.classified_type AS "classifiedType", o.level, o.status, o.region_code AS "regionCode", o.parent_id AS "parentId",
           (SELECT up.id FROM up WHERE up.parent_id IS NULL ORDER BY depth DESC LIMIT 1) AS "headId"
    FROM orgs o WHERE o.id = ${id}`);
  const row = r.rows[0];
  return row ? { ...row, headId: Number(row.headId ?? row.id) } : null;
}

/** The active branch of a head office that serves a district (its region), if there is one. */
export async function branchServing(db: DbOrTx, headId: number, regionCode: string): Promise<number | null> {
  const [row] = await db
    .select({ id: orgs.id })
    .from(orgs)
    .where(
      and(
        eq(orgs.parentId, headId),
        eq(orgs.classifiedType, 'BANK'),
        eq(orgs.regionCode, regionCode),
        eq(orgs.status, 'ACTIVE'),
      ),
    )
    .orderBy(asc(orgs.id))
    .limit(1);
  return row?.id ?? null;
}

export async function findRegion(db: DbOrTx, code: string) {
  const [row] = await db.select().from(regions).where(eq(regions.code, code));
  return row ?? null;
}

/** Active accounts of an organisation, with their phones: who hears about its demands. */
export function orgUsers(db: DbOrTx, orgId: number) {
  return db
    .select({ id: users.id, phone: users.phone })
    .from(users)
    .where(and(eq(users.orgId, orgId), eq(users.status, 'ACTIVE')))
    .orderBy(asc(users.id));
}

export async function findAccount(db: DbOrTx, id: number) {
  const [row] = await db
    .select({
      id: users.id,
      name: users.name,
      accountType: users.accountType,
      creditCode: users.creditCode,
      phone: users.phone,
      parentUserId: users.parentUserId,
    })
    .from(users)
    .where(eq(users.id, id));
  return row ?? null;
}

/** A product as a demand needs it: who provides it, its state, and its ranges (an application must lie within them). */
export async function findProductBrief(db: DbOrTx, id: number) {
  const [row] = await db
    .select({
      id: products.id,
      name: products.name,
      kind: products.kind,
      status: products.status,
      orgId: products.orgId,
      bankId: products.bankId,
      amountMin: products.amountMin,
      amountMax: products.amountMax,
      termMin: products.termMin,
      termMax: products.termMax,
      rateMin: products.rateMin,
      rateMax: products.rateMax,
    })
    .from(products)
    .where(eq(products.id, id));
  return row ?? null;
}

/**
 * The active bank units a demand of `regionCode` may be given to (the rule of the service's bankUnitFor): units at the
 * city level, and units in the region; every region's units without one.
 */
export async function bankUnitsServing(db: DbOrTx, regionCode: string | undefined) {
  const r = await db.execute<{
    id: number | string;
    name: string;
    parentId: number | string | null;
    regionCode: string;
  }>(sql`
    SELECT o.id, o.name, o.parent_id AS "parentId", o.region_code AS "regionCode"
    FROM orgs o JOIN regions r ON r.code = o.region_code
    WHERE o.classified_type = 'BANK' AND o.status = 'ACTIVE'
      AND (${regionCode ?? null}::text IS NULL OR r.parent_code IS NULL OR o.region_code = ${regionCode ?? null})
    ORDER BY o.parent_id NULLS FIRST, o.id`);
  return r.rows.map((o) => ({
    id: Number(o.id),
    name: o.name,
    parentId: o.parentId === null ? null : Number(o.parentId),
    regionCode: o.regionCode,
  }));
}

/** Every bank unit by full name, with its head office (the makeup import names banks by full name). */
export async function bankUnitsByName(db: DbOrTx) {
  const r = await db.execute<{ id: number; name: string; headId: number; status: string }>(sql`
    SELECT o.id, o.name, COALESCE(gp.id, p.id, o.id) AS "headId", o.status
    FROM orgs o LEFT JOIN orgs p ON p.id = o.parent_id LEFT JOIN orgs gp ON gp.id = p.parent_id
    WHERE o.classified_type = 'BANK'`);
  return new Map(
    r.rows.map((o) => [o.name, { id: Number(o.id), headId: Number(o.headId), active: o.status === 'ACTIVE' }]),
  );
}

// ---------- lists

/**
 * Which demands a list may show (the viewer's scope), normalised by the service. Every field narrows; an empty
 * scope (`none`) shows nothing.
 */
export interface Scope {
  none?: boolean;
  applicantUserId?: number;
  /** A head office: its whole tree (same rows as bankOrgIds = the tree, read through its own index). */
  bankId?: number;
  /** Bank units (a subtree). */
  bankOrgIds?: number[];
  /** The public pool. */
  pool?: boolean;
  regionCodes?: string[];
  guaranteeOrgId?: number;
  types?: string[];
  source?: 'APPLICANT' | 'MAKEUP';
}

export interface Filter {
  type?: string;
  status?: string;
  overdue?: boolean;
  regionCode?: string;
  /** Units of the bank filter's head office (its subtree). */
  bankUnitIds?: number[];
  bankId?: number;
  from?: string;
  to?: string;
  keyword?: string;
  /** The list's sort (issue 30): a field of DEMAND_SORT; newest first without. */
  sort?: ListSort<DemandSortField>;
}

export type DemandSortField = (typeof DEMAND_SORT)[number];

/**
 * Each sortable field's column on `d` (NOT NULL), the same value on the page statement's outer row `p`, and its type
 * (the export's cursor). The page's text is fixed per field and direction (shaped-sql.ts); the order always ends with
 * the id. Each scope has its index in that order: (scope, created_at, id) as for the default order, (scope, amount, id)
 * from migration 0040 (bank_id, bank_org_id, type+source, region_code, guarantee_org_id, and amount alone).
 */
const SORT_TEXT: Record<DemandSortField, { inner: string; outer: string; cast: SortColumn['cast'] }> = {
  createdAt: { inner: 'd.created_at', outer: 'p."createdAtMs"', cast: 'timestamptz' },
  amount: { inner: 'd.amount', outer: 'p.amount', cast: 'numeric' },
};
const sortColumn = (t: (typeof SORT_TEXT)[DemandSortField]): SortColumn => ({
  expr: sql.raw(t.inner),
  outer: sql.raw(t.outer),
  cast: t.cast,
});
const SORT: SortColumns<DemandSortField> = {
  createdAt: sortColumn(SORT_TEXT.createdAt),
  amount: sortColumn(SORT_TEXT.amount),
};

/** The export's order: the filter's sort, else newest first (the page's own order). */
const batchSort = (f: Filter): ResolvedSort => resolveSortOr(f.sort ?? {}, SORT, 'createdAt');

/** A display code (XQ + creation day + id): the id it names, if it is one. */
export function idOfCode(s: string): number | null {
  const m = /^XQ\d{8}(\d{6,})$/i.exec(s.trim());
  return m ? Number(m[1]) : null;
}

/** The conditions on `demands d` of a scope and a filter at instant `now`. */
function whereConds(scope: Scope, f: Filter, now: Date): Cond[] {
  const w: Cond[] = [];
  if (scope.none) w.push(cond`false`);
  if (scope.applicantUserId !== undefined) w.push(cond`d.applicant_user_id = ${scope.applicantUserId}`);
  if (scope.bankId !== undefined) w.push(cond`d.bank_id = ${scope.bankId}`);
  else if (scope.bankOrgIds)
    w.push(
      scope.bankOrgIds.length === 1
        ? cond`d.bank_org_id = ${scope.bankOrgIds[0]}`
        : cond`d.bank_org_id = ANY(${sqlList(scope.bankOrgIds)})`,
    );
  // Written as the pool indexes' predicate, so the planner can use them.
  if (scope.pool) w.push(cond`d.status = 'PENDING' AND d.bank_org_id IS NULL AND d.type <> 'GUARANTEE'`);
  if (scope.regionCodes)
    w.push(
      scope.regionCodes.length === 1
        ? cond`d.region_code = ${scope.regionCodes[0]}`
        : cond`d.region_code = ANY(${sqlList(scope.regionCodes)})`,
    );
  if (scope.guaranteeOrgId !== undefined) w.push(cond`d.guarantee_org_id = ${scope.guaranteeOrgId}`);
  if (scope.types)
    w.push(scope.types.length === 1 ? cond`d.type = ${scope.types[0]}` : cond`d.type = ANY(${sqlList(scope.types)})`);
  if (scope.source) w.push(cond`d.source = ${scope.source}`);
  if (f.type) w.push(cond`d.type = ${f.type}`);
  if (f.status) w.push(cond`d.status = ${f.status}`);
  if (f.regionCode) w.push(cond`d.region_code = ${f.regionCode}`);
  if (f.bankId !== undefined) w.push(cond`d.bank_id = ${f.bankId}`);
  if (f.overdue === true) w.push(cond`d.due_at < ${now}`);
  if (f.overdue === false) w.push(cond`(d.due_at IS NULL OR d.due_at >= ${now})`);
  if (f.from) w.push(cond`d.created_at >= ${shanghaiDayStart(f.from)}`);
  if (f.to) w.push(cond`d.created_at < ${shanghaiDayAfter(f.to)}`);
  if (f.keyword) {
    const id = idOfCode(f.keyword);
    w.push(id !== null ? cond`d.id = ${id}` : cond`d.applicant_name ILIKE ${likeText(f.keyword)}`);
  }
  return w;
}

const where = (scope: Scope, f: Filter, now: Date): SQL => andSql(whereConds(scope, f, now));

/** The same scope and filter on `demand_counts c` (0 stands for no bank unit or no guarantee company). */
function countsWhere(scope: Scope, f: Filter): Cond[] {
  const w: Cond[] = [];
  if (scope.none) w.push(cond`false`);
  if (scope.bankOrgIds) w.push(cond`c.bank_org_id = ANY(${sqlList(scope.bankOrgIds)})`);
  if (scope.pool) w.push(cond`c.status = 'PENDING' AND c.bank_org_id = 0 AND c.type <> 'GUARANTEE'`);
  if (scope.regionCodes) w.push(cond`c.region_code = ANY(${sqlList(scope.regionCodes)})`);
  if (scope.guaranteeOrgId !== undefined) w.push(cond`c.guarantee_org_id = ${scope.guaranteeOrgId}`);
  if (scope.types) w.push(cond`c.type = ANY(${sqlList(scope.types)})`);
  if (scope.source) w.push(cond`c.source = ${scope.source}`);
  if (f.type) w.push(cond`c.type = ${f.type}`);
  if (f.status) w.push(cond`c.status = ${f.status}`);
  if (f.regionCode) w.push(cond`c.region_code = ${f.regionCode}`);
  if (f.bankUnitIds) w.push(cond`c.bank_org_id = ANY(${sqlList(f.bankUnitIds)})`);
  return w;
}

/** Whether the kept counts can answer: no per-row condition (dates, deadlines, keywords, one applicant). */
const keptCountAnswers = (scope: Scope, f: Filter) =>
  scope.applicantUserId === undefined &&
  !f.from &&
  !f.to &&
  f.overdue === undefined &&
  !f.keyword &&
  (scope.bankId === undefined || !!scope.bankOrgIds) &&
  (f.bankId === undefined || !!f.bankUnitIds);

/**
 * Whether the kept per-day counts can answer a list with a date filter: its only conditions are on columns they keep
 * (type, source, status, region) and on the day created (from/to are Beijing days, as bj_day). The operator's month
 * of one state summed ~300 kept rows instead of counting ~8,500 index entries (9 ms).
 */
const keptDayCountAnswers = (scope: Scope, f: Filter) =>
  (!!f.from || !!f.to) &&
  scope.applicantUserId === undefined &&
  scope.bankId === undefined &&
  !scope.bankOrgIds &&
  !scope.pool &&
  scope.guaranteeOrgId === undefined &&
  f.bankId === undefined &&
  !f.bankUnitIds &&
  f.overdue === undefined &&
  !f.keyword;

/** The same scope and filter on `demand_day_counts c` (keptDayCountAnswers says when it is the same). */
function dayCountsWhere(scope: Scope, f: Filter): Cond[] {
  const w: Cond[] = [];
  if (scope.none) w.push(cond`false`);
  if (scope.regionCodes) w.push(cond`c.region_code = ANY(${sqlList(scope.regionCodes)})`);
  if (scope.types)
    w.push(scope.types.length === 1 ? cond`c.type = ${scope.types[0]}` : cond`c.type = ANY(${sqlList(scope.types)})`);
  if (scope.source) w.push(cond`c.source = ${scope.source}`);
  if (f.type) w.push(cond`c.type = ${f.type}`);
  if (f.status) w.push(cond`c.status = ${f.status}`);
  if (f.regionCode) w.push(cond`c.region_code = ${f.regionCode}`);
  if (f.from) w.push(cond`c.day >= ${f.from}::date`);
  if (f.to) w.push(cond`c.day <= ${f.to}::date`);
  return w;
}

/** The columns of a list row, read from `d`; names by primary key, for the page's rows only; times in ms. */
const SUMMARY_COLUMNS = `d.id, d.type, d.status, d.source, d.applicant_name AS "applicantName", d.applicant_type AS "applicantType",
  d.region_code AS "regionCode", (SELECT name FROM regions WHERE code = d.region_code) AS "regionName",
  d.amount, d.term, d.guarantee_method AS "guaranteeMethod", d.industry, d.product_id AS "productId",
  (SELECT name FROM products WHERE id = d.product_id) AS "productName",
  d.target_org_id AS "targetOrgId", (SELECT name FROM orgs WHERE id = d.target_org_id) AS "targetOrgName",
  d.owner_org_id AS "ownerOrgId", (SELECT name FROM orgs WHERE id = d.owner_org_id) AS "ownerOrgName",
  (SELECT name FROM orgs WHERE id = d.guarantee_org_id) AS "guaranteeOrgName",
  d.applicant_user_id AS "applicantUserId", d.bank_org_id AS "bankOrgId", d.guarantee_org_id AS "guaranteeOrgId",
  (extract(epoch FROM d.created_at) * 1000)::float8 AS "createdAtMs", (extract(epoch FROM d.due_at) * 1000)::float8 AS "dueAtMs",
  d.granted_amount AS "grantedAmount", d.granted_at::text AS "grantedAt"`;
export const SUMMARY = sql.raw(SUMMARY_COLUMNS);

export type SummaryRow = {
  id: number;
  type: string;
  status: string;
  source: string;
  applicantName: string;
  applicantType: string;
  regionCode: string;
  regionName: string | null;
  amount: number;
  term: number;
  guaranteeMethod: string;
  industry: string;
  productId: number | null;
  productName: string | null;
  targetOrgId: number | null;
  targetOrgName: string | null;
  ownerOrgId: number | null;
  ownerOrgName: string | null;
  guaranteeOrgName: string | null;
  /** What the rules of the viewer's actions read (demand-access.ts refusalOf), so a page needs no extra query. */
  applicantUserId: number | null;
  bankOrgId: number | null;
  guaranteeOrgId: number | null;
  createdAtMs: number;
  dueAtMs: number | null;
  grantedAmount: number | null;
  grantedAt: string | null;
};

const NEWEST_TEXT = 'ORDER BY d.created_at DESC, d.id DESC';

// The fixed text of a page statement (pageDemands), made once: a shape is found by its texts (shaped-sql.ts).
const PAGE_HEAD = '\n    SELECT t.total, p.* FROM (SELECT ';
const PAGE_ROWS = ` AS total) t\n    LEFT JOIN LATERAL (\n      SELECT ${SUMMARY_COLUMNS} FROM (SELECT * FROM demands d WHERE `;
const PAGE_TAIL = `) d\n    ) p ON true\n    ORDER BY p."createdAtMs" DESC, p.id DESC ${GENERIC_PLAN}`;

/**
 * One page, newest first, and the total, in one statement (one round trip): the rows are chosen on demands alone (an
 * index walk for each scope) and only they get their names. The total is read from the kept counts when they can
 * answer, else counted up to DEMAND_COUNT_CAP. Its text is made once per shape of scope and filter (shaped-sql.ts):
 * composing it with drizzle on every call cost more CPU than PostgreSQL spent on it.
 */
export async function pageDemands(db: DbOrTx, scope: Scope, f: Filter, now: Date, current: number, pageSize: number) {
  const [order, tail] = f.sort?.sortField
    ? sortedPage(f.sort.sortField, (f.sort.sortOrder ?? 'desc') === 'desc')
    : [NEWEST_TEXT, PAGE_TAIL];
  const r = await db.execute<SummaryRow & { total: number }>(
    shapedSql([
      PAGE_HEAD,
      ...countOf(scope, f, now),
      PAGE_ROWS,
      whereConds(scope, f, now),
      ' ',
      order,
      cond` LIMIT ${pageSize} OFFSET ${(current - 1) * pageSize}`,
      tail,
    ]),
  );
  const total = r.rows[0]?.total ?? 0;
  // The rows as they came (each also carries the total, which no one reads): copying each without it cost ~0.5 µs a
  // row. An empty page is the one row of the total with no demand.
  const list: SummaryRow[] = r.rows.length === 1 && r.rows[0].id === null ? [] : r.rows;
  return { list, total };
}

/**
 * The inner ORDER BY and the tail of a sorted page: (column, id) in one direction, the outer rows in the same order. A
 * sorted page is planned for its values (no GENERIC_PLAN mark): the plan for a filter's values picks the index of its
 * scope that walks the order (docs/lists.md, the figures).
 */
function sortedPage(field: DemandSortField, desc: boolean): [string, string] {
  const t = SORT_TEXT[field];
  const dir = desc ? 'DESC' : 'ASC';
  return [
    `ORDER BY ${t.inner} ${dir}, d.id ${dir}`,
    `) d\n    ) p ON true\n    ORDER BY ${t.outer} ${dir}, p.id ${dir}`,
  ];
}

/**
 * The total of a list as an SQL expression: from the kept counts (or the kept per-day counts for a date filter) when
 * they can answer, else counted up to the cap.
 */
function countOf(scope: Scope, f: Filter, now: Date): Piece[] {
  if (keptCountAnswers(scope, f))
    return ['(SELECT coalesce(sum(c.n), 0)::int FROM demand_counts c WHERE ', countsWhere(scope, f), ')'];
  // Capped as the count below is: the contract's total with a date filter stops at the cap (the pager goes no further).
  if (keptDayCountAnswers(scope, f))
    return [
      cond`(SELECT least(coalesce(sum(c.n), 0), ${DEMAND_COUNT_CAP})::int FROM demand_day_counts c WHERE `,
      dayCountsWhere(scope, f),
      ')',
    ];
  return [
    '(SELECT count(*)::int FROM (SELECT 1 FROM demands d WHERE ',
    whereConds(scope, f, now),
    cond` LIMIT ${DEMAND_COUNT_CAP}) x)`,
  ];
}

export async function countDemands(db: DbOrTx, scope: Scope, f: Filter, now: Date): Promise<number> {
  const r = await db.execute<{ n: number }>(shapedSql(['SELECT ', ...countOf(scope, f, now), ' AS n']));
  return r.rows[0].n;
}

/**
 * The export reads the list in batches after the last row read, in the list's order (its sort, else newest first):
 * keyset on (sort value, id), the cursor being the value as PostgreSQL wrote it (an instant compared to the microsecond).
 */
export async function demandBatch(
  db: DbOrTx,
  scope: Scope,
  f: Filter,
  now: Date,
  after: SortCursor | null,
  limit: number,
) {
  const sort = batchSort(f);
  const cond = after
    ? sql`${where(scope, f, now)} AND ${sortAfter(sort, sql.raw('d.id'), after)}`
    : where(scope, f, now);
  const order = sql.join(sortOrderBy(sort, sql.raw('d.id'), []), sql`, `);
  const r = await db.execute<SummaryRow & { purpose: string; sortKey: string }>(sql`
    SELECT ${SUMMARY}, d.purpose, ${sortKeyColumn(sort)} AS "sortKey" FROM (SELECT * FROM demands d WHERE ${cond} ORDER BY ${order} LIMIT ${limit}) d ORDER BY ${order}`);
  return r.rows;
}

/** Demands per state in a scope (from the kept counts, or counted for an applicant). */
export async function countsByStatus(db: DbOrTx, scope: Scope): Promise<Record<string, number>> {
  const r =
    scope.applicantUserId !== undefined
      ? await db.execute<{ status: string; n: number }>(
          sql`SELECT d.status, count(*)::int AS n FROM demands d WHERE ${where(scope, {}, new Date())} GROUP BY d.status`,
        )
      : await db.execute<{ status: string; n: number }>(
          sql`SELECT c.status, sum(c.n)::int AS n FROM demand_counts c WHERE ${andSql(countsWhere(scope, {}))} GROUP BY c.status`,
        );
  return Object.fromEntries(r.rows.filter((x) => x.n > 0).map((x) => [x.status, x.n]));
}

/** Running deadlines in a scope, soonest (or longest overdue) first. */
export async function dueSoon(db: DbOrTx, scope: Scope, limit: number) {
  const r = await db.execute<SummaryRow>(sql`
    SELECT ${SUMMARY} FROM (SELECT * FROM demands d WHERE ${where(scope, {}, new Date())} AND d.due_at IS NOT NULL ORDER BY d.due_at LIMIT ${limit}) d ORDER BY d.due_at`);
  return r.rows;
}

/** Demands whose running deadline has passed, in a scope (exact: running deadlines are a small part of the table). */
export async function overdueCount(db: DbOrTx, scope: Scope, now: Date): Promise<number> {
  const r = await db.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM demands d WHERE ${where(scope, {}, now)} AND d.due_at IS NOT NULL AND d.due_at < ${now}`,
  );
  return r.rows[0].n;
}

// ---------- the sweep

/** Ids of demands whose warning is due and not yet sent. */
export async function warningsDue(db: DbOrTx, now: Date, limit: number): Promise<number[]> {
  const r = await db.execute<{ id: number }>(sql`
    SELECT id FROM demands WHERE warned_at IS NULL AND warn_at IS NOT NULL AND warn_at <= ${now} AND due_at > ${now} ORDER BY warn_at LIMIT ${limit}`);
  return r.rows.map((x) => Number(x.id));
}

/** Ids of pending demands whose acceptance deadline has passed. */
export async function expiriesDue(db: DbOrTx, now: Date, limit: number): Promise<number[]> {
  const r = await db.execute<{ id: number }>(sql`
    SELECT id FROM demands WHERE due_at IS NOT NULL AND due_at <= ${now} AND status = 'PENDING' ORDER BY due_at LIMIT ${limit}`);
  return r.rows.map((x) => Number(x.id));
}

/** Ids of expired orientation demands whose wait for a supervisor is over. */
export async function poolReturnsDue(db: DbOrTx, now: Date, limit: number): Promise<number[]> {
  const r = await db.execute<{ id: number }>(sql`
    SELECT id FROM demands WHERE pool_at IS NOT NULL AND pool_at <= ${now} AND status = 'EXPIRED' ORDER BY pool_at LIMIT ${limit}`);
  return r.rows.map((x) => Number(x.id));
}

// ---------- makeup

export interface MakeupRow {
  applicantName: string;
  applicantType: string;
  creditCode: string | null;
  bankOrgId: number;
  bankId: number;
  regionCode: string;
  industry: string;
  guaranteeMethod: string;
  amount: number;
  rate: number;
  term: number;
  grantedAt: string;
}

/**
 * Writes offline loans as GRANTED makeup demands with their history row, in one statement per 5,000 rows (arrays
 * bound as parameters); the import calls it once per batch of its rows.
 */
export async function insertMakeups(
  db: DbOrTx,
  rows: MakeupRow[],
  by: { userId: number; orgId: number | null; jobId: number | null; at: Date },
) {
  for (let i = 0; i < rows.length; i += 5000) {
    const part = rows.slice(i, i + 5000);
    const col = <K extends keyof MakeupRow>(k: K) => part.map((r) => r[k]);
    await db.execute(sql`
      WITH src AS (
        SELECT * FROM unnest(${sqlList(col('applicantName'))}::text[], ${sqlList(col('applicantType'))}::text[], ${sqlList(col('creditCode'))}::text[], ${sqlList(col('bankOrgId'))}::bigint[],
                             ${sqlList(col('bankId'))}::bigint[], ${sqlList(col('regionCode'))}::text[], ${sqlList(col('industry'))}::text[], ${sqlList(col('guaranteeMethod'))}::text[],
                             ${sqlList(col('amount'))}::numeric[], ${sqlList(col('rate'))}::numeric[], ${sqlList(col('term'))}::int[], ${sqlList(col('grantedAt'))}::date[])
          AS s(applicant_name, applicant_type, credit_code, bank_org_id, bank_id, region_code, industry, guarantee_method, amount, rate, term, granted_at)
      ),
      ins AS (
        INSERT INTO demands (type, status, source, applicant_name, applicant_type, credit_code, created_by, target_org_id, owner_org_id, bank_org_id, bank_id,
                             amount, term, purpose, guarantee_method, region_code, industry, contact_name, contact_phone, accepted_at, decided_at,
                             granted_amount, granted_rate, granted_term, granted_at, import_job_id, created_at, updated_at)
        SELECT 'ORIENTATION', 'GRANTED', 'MAKEUP', applicant_name, applicant_type, credit_code, ${by.userId}, bank_org_id, bank_org_id, bank_org_id, bank_id,
               amount, term, '补录线下放款', guarantee_method, region_code, industry, applicant_name, '', ${by.at}, ${by.at},
               amount, rate, term, granted_at, ${by.jobId}, ${by.at}, ${by.at}
        FROM src
        RETURNING id
      )
      INSERT INTO demand_history (demand_id, action, from_status, to_status, user_id, org_id, reason, created_at)
      SELECT id, 'makeup', NULL, 'GRANTED', ${by.userId}, ${by.orgId}, ${by.jobId ? `导入批次 ${by.jobId}` : null}, ${by.at} FROM ins`);
  }
}

/**
 * Makeup loans already recorded with the same borrower, bank unit, day and amount: the keys among `keys`
 * (`name|bankOrgId|day|amount`) that exist.
 */
export async function existingMakeupKeys(
  db: DbOrTx,
  keys: { applicantName: string; bankOrgId: number; grantedAt: string; amount: number }[],
): Promise<Set<string>> {
  const found = new Set<string>();
  for (let i = 0; i < keys.length; i += 10_000) {
    const part = keys.slice(i, i + 10_000);
    const r = await db.execute<{ key: string }>(sql`
      SELECT d.applicant_name || '|' || d.bank_org_id || '|' || d.granted_at::text || '|' || d.amount::float8 AS key
      FROM unnest(${sqlList(part.map((k) => k.applicantName))}::text[], ${sqlList(part.map((k) => k.bankOrgId))}::bigint[], ${sqlList(part.map((k) => k.grantedAt))}::date[], ${sqlList(part.map((k) => k.amount))}::numeric[])
        AS k(name, bank_org_id, granted_at, amount)
      JOIN demands d ON d.source = 'MAKEUP' AND d.applicant_name = k.name AND d.granted_at = k.granted_at AND d.bank_org_id = k.bank_org_id AND d.amount = k.amount`);
    for (const row of r.rows) found.add(row.key);
  }
  return found;
}
