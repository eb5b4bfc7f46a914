import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { dayAfter, dayStart, likeText, sqlList } from '../../db/sql.ts';
import {
  resolveSortOr,
  sortAfter,
  sortKeyColumn,
  sortOrderBy,
  type ResolvedSort,
  type SortColumns,
  type SortCursor,
} from '../../db/sort.ts';
import type { CREDIT_LOG_SORT } from '@phjr/contract/credit/credit';
import type { SortOrder } from '@phjr/contract/list-sort';

/**
 * The only place that touches the credit tables (docs/credit.md) and reads the other domains' tables for a subject's
 * record. Raw SQL throughout: every read is one statement; ids are cast to int (bounds.ts keeps them below 2^31).
 */

// ---------------------------------------------------------------------------------------------------------------------
// Subjects: the registry, and enterprise accounts not in it

export type RegistryRow = {
  creditCode: string;
  name: string;
  legalRep: string | null;
  registeredCapital: number | null;
  establishedOn: string | null;
  status: string | null;
  industry: string | null;
  address: string | null;
  businessScope: string | null;
  regionCode: string | null;
  regionName: string | null;
};

const SUBJECT_COLUMNS = sql`h.credit_code AS "creditCode", h.name, h.legal_rep AS "legalRep", h.reg_capital::float8 AS "registeredCapital",
  to_char(h.established_on, 'YYYY-MM-DD') AS "establishedOn", h.status, h.industry, h.address, h.business_scope AS "businessScope",
  h.region_code AS "regionCode", rg.name AS "regionName"`;

/** Registry rows and registry-less enterprise main accounts, as one relation `h`. */
function subjects(where: (alias: 'r' | 'u') => SQL) {
  return sql`(
    SELECT r.credit_code, r.name, r.legal_rep, r.reg_capital, r.established_on, r.status, r.industry, r.address, r.business_scope, r.region_code
      FROM enterprise_registry r WHERE ${where('r')}
    UNION ALL
    SELECT u.credit_code, u.name, u.legal_rep, NULL, NULL, NULL, NULL, NULL, NULL, u.region_code
      FROM users u
     WHERE u.account_type = 'ENTERPRISE' AND u.parent_user_id IS NULL AND u.credit_code IS NOT NULL AND u.status = 'ACTIVE'
       AND NOT EXISTS (SELECT 1 FROM enterprise_registry r2 WHERE r2.credit_code = u.credit_code) AND ${where('u')}
  ) h LEFT JOIN regions rg ON rg.code = h.region_code`;
}

/** The public search: an exact credit code, or a part of the name. */
export async function searchSubjects(db: DbOrTx, keyword: string, limit: number, offset: number) {
  const code = keyword.toUpperCase();
  const like = likeText(keyword);
  const where = (a: 'r' | 'u') => sql`(${sql.raw(a)}.credit_code = ${code} OR ${sql.raw(a)}.name ILIKE ${like})`;
  const r = await db.execute<RegistryRow & { total: number }>(sql`
    SELECT ${SUBJECT_COLUMNS}, count(*) OVER ()::int AS total FROM ${subjects(where)}
     ORDER BY (h.credit_code = ${code}) DESC, length(h.name), h.name, h.credit_code LIMIT ${limit} OFFSET ${offset}`);
  return {
    rows: r.rows.map(({ total: _t, ...row }) => row),
    total: r.rows[0]?.total ?? (offset > 0 ? await countSubjects(db, where) : 0),
  };
}

/**
 * The query form's type-ahead: the name and credit code of at most `limit` subjects, on the public search's own
 * predicate (an exact credit code or a part of the name), so it tells nothing the public search does not.
 */
export async function suggestSubjects(db: DbOrTx, keyword: string, limit: number) {
  const code = keyword.toUpperCase();
  const like = likeText(keyword);
  const where = (a: 'r' | 'u') => sql`(${sql.raw(a)}.credit_code = ${code} OR ${sql.raw(a)}.name ILIKE ${like})`;
  const r = await db.execute<{ name: string; creditCode: string }>(sql`
    SELECT h.name, h.credit_code AS "creditCode" FROM ${subjects(where)}
     ORDER BY (h.credit_code = ${code}) DESC, length(h.name), h.name, h.credit_code LIMIT ${limit}`);
  return r.rows;
}

async function countSubjects(db: DbOrTx, where: (alias: 'r' | 'u') => SQL) {
  const r = await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM ${subjects(where)}`);
  return r.rows[0]?.n ?? 0;
}

export async function subjectByCode(db: DbOrTx, code: string): Promise<RegistryRow | null> {
  const r = await db.execute<RegistryRow>(
    sql`SELECT ${SUBJECT_COLUMNS} FROM ${subjects((a) => sql`${sql.raw(a)}.credit_code = ${code}`)} LIMIT 1`,
  );
  return r.rows[0] ?? null;
}

export type PlatformFacts = {
  creditCode: string;
  onPlatform: boolean;
  products: string[];
  loansGranted: number;
};

/** The codes among `codes` with an enterprise main account on the platform (the public record's `onPlatform`). */
export async function onPlatform(db: DbOrTx, codes: string[]): Promise<Set<string>> {
  if (!codes.length) return new Set();
  const r = await db.execute<{ code: string }>(sql`
    SELECT DISTINCT credit_code AS code FROM users
     WHERE credit_code = ANY(${sqlList(codes)}::text[]) AND account_type = 'ENTERPRISE' AND parent_user_id IS NULL`);
  return new Set(r.rows.map((x) => x.code));
}

/** For each code: an account on the platform, the loan products granted under, how many loans were granted (the full record only). */
export async function platformFacts(db: DbOrTx, codes: string[]): Promise<Map<string, PlatformFacts>> {
  const out = new Map<string, PlatformFacts>();
  if (!codes.length) return out;
  const r = await db.execute<PlatformFacts>(sql`
    SELECT c.code AS "creditCode",
           EXISTS (SELECT 1 FROM users u WHERE u.credit_code = c.code AND u.account_type = 'ENTERPRISE' AND u.parent_user_id IS NULL) AS "onPlatform",
           COALESCE((SELECT array_agg(DISTINCT p.name ORDER BY p.name) FROM demands d JOIN products p ON p.id = d.product_id
                      WHERE d.credit_code = c.code AND d.status = 'GRANTED' AND p.kind = 'LOAN'), '{}') AS products,
           (SELECT count(*)::int FROM demands d WHERE d.credit_code = c.code AND d.status = 'GRANTED') AS "loansGranted"
      FROM unnest(${sqlList(codes)}::text[]) AS c(code)`);
  for (const row of r.rows) out.set(row.creditCode, row);
  return out;
}

export type AccountRow = {
  userId: number;
  name: string;
  creditCode: string | null;
  accountType: string;
  phone: string | null;
  certified: boolean;
  regionCode: string | null;
};

/** The enterprise main account of a credit code. */
export async function enterpriseAccount(db: DbOrTx, code: string): Promise<AccountRow | null> {
  const r = await db.execute<AccountRow>(sql`
    SELECT id::int AS "userId", name, credit_code AS "creditCode", account_type AS "accountType", phone, certified, region_code AS "regionCode"
      FROM users WHERE credit_code = ${code} AND account_type = 'ENTERPRISE' AND parent_user_id IS NULL ORDER BY id LIMIT 1`);
  return r.rows[0] ?? null;
}

export async function accountById(db: DbOrTx, userId: number): Promise<AccountRow | null> {
  const r = await db.execute<AccountRow>(sql`
    SELECT id::int AS "userId", name, credit_code AS "creditCode", account_type AS "accountType", phone, certified, region_code AS "regionCode"
      FROM users WHERE id = ${userId}`);
  return r.rows[0] ?? null;
}

/** The enterprises a person acts for (relatedSubject). */
export async function relatedEnterprises(db: DbOrTx, userId: number): Promise<{ creditCode: string; name: string }[]> {
  const r = await db.execute<{ creditCode: string; name: string }>(sql`
    SELECT u.credit_code AS "creditCode", u.name FROM user_subjects s JOIN users u ON u.id = s.enterprise_user_id
     WHERE s.user_id = ${userId} AND u.credit_code IS NOT NULL ORDER BY s.created_at, u.id`);
  return r.rows;
}

// ---------------------------------------------------------------------------------------------------------------------
// The full record's parts

export async function subjectDemands(db: DbOrTx, code: string) {
  const r = await db.execute<{
    id: number;
    createdAtMs: number;
    type: string;
    status: string;
    amount: number;
    term: number;
    productName: string | null;
    orgName: string | null;
    grantedAmount: number | null;
    grantedRate: number | null;
    grantedTerm: number | null;
    grantedAt: string | null;
  }>(sql`
    SELECT d.id::int, (extract(epoch FROM d.created_at) * 1000)::float8 AS "createdAtMs", d.type, d.status, d.amount::float8 AS amount, d.term,
           p.name AS "productName", COALESCE(o.name, g.name, t.name) AS "orgName", d.granted_amount::float8 AS "grantedAmount",
           d.granted_rate::float8 AS "grantedRate", d.granted_term AS "grantedTerm", to_char(d.granted_at, 'YYYY-MM-DD') AS "grantedAt"
      FROM demands d LEFT JOIN products p ON p.id = d.product_id LEFT JOIN orgs o ON o.id = d.bank_org_id
      LEFT JOIN orgs g ON g.id = d.guarantee_org_id LEFT JOIN orgs t ON t.id = d.target_org_id
     WHERE d.credit_code = ${code} ORDER BY d.created_at DESC, d.id DESC LIMIT 100`);
  return r.rows;
}

export async function subjectChains(db: DbOrTx, code: string) {
  const r = await db.execute<{ chainId: number; chainName: string; tier: string; enterpriseId: number }>(sql`
    SELECT c.id::int AS "chainId", c.name AS "chainName", e.tier, e.id::int AS "enterpriseId"
      FROM chain_enterprises e JOIN industrial_chains c ON c.id = e.chain_id WHERE e.credit_code = ${code} ORDER BY c.name`);
  return r.rows;
}

export async function chainLoansOf(db: DbOrTx, enterpriseIds: number[]) {
  if (!enterpriseIds.length) return [];
  const r = await db.execute<{
    orgName: string | null;
    productName: string | null;
    amount: number;
    rate: number;
    term: number;
    grantedOn: string;
  }>(sql`
    SELECT o.name AS "orgName", p.name AS "productName", l.amount::float8 AS amount, l.rate::float8 AS rate, l.term, to_char(l.loan_date, 'YYYY-MM-DD') AS "grantedOn"
      FROM chain_loans l LEFT JOIN orgs o ON o.id = l.org_id LEFT JOIN products p ON p.id = l.product_id
     WHERE l.enterprise_id = ANY(${sqlList(enterpriseIds)}::bigint[]) ORDER BY l.loan_date DESC, l.id DESC LIMIT 100`);
  return r.rows;
}

// ---------------------------------------------------------------------------------------------------------------------
// Organisations

export type OrgRow = {
  id: number;
  name: string;
  classifiedType: string;
  level: string;
  parentId: number | null;
  status: string;
};

export async function orgById(db: DbOrTx, id: number): Promise<OrgRow | null> {
  const r = await db.execute<OrgRow>(sql`
    SELECT id::int, name, classified_type AS "classifiedType", level, parent_id::int AS "parentId", status FROM orgs WHERE id = ${id}`);
  return r.rows[0] ?? null;
}

/** The organisation and every one above it: a consent to any of them covers its users. */
export async function orgLine(db: DbOrTx, orgId: number): Promise<number[]> {
  const r = await db.execute<{ id: number }>(sql`
    WITH RECURSIVE t AS (SELECT id, parent_id FROM orgs WHERE id = ${orgId} UNION SELECT o.id, o.parent_id FROM orgs o JOIN t ON o.id = t.parent_id)
    SELECT id::int FROM t`);
  return r.rows.map((x) => x.id);
}

/** The organisation and every one below it. */
export async function orgSubtree(db: DbOrTx, orgId: number): Promise<number[]> {
  const r = await db.execute<{ id: number }>(sql`
    WITH RECURSIVE t AS (SELECT id FROM orgs WHERE id = ${orgId} UNION SELECT o.id FROM orgs o JOIN t ON o.parent_id = t.id)
    SELECT id::int FROM t`);
  return r.rows.map((x) => x.id);
}

/** Active banks and guarantee companies, head offices first. */
export async function institutions(db: DbOrTx): Promise<Omit<OrgRow, 'status'>[]> {
  const r = await db.execute<Omit<OrgRow, 'status'>>(sql`
    SELECT id::int, name, classified_type AS "classifiedType", level, parent_id::int AS "parentId" FROM orgs
     WHERE status = 'ACTIVE' AND classified_type IN ('BANK', 'GUARANTEE')
     ORDER BY classified_type, CASE level WHEN 'HEAD' THEN 0 WHEN 'BRANCH' THEN 1 ELSE 2 END, id`);
  return r.rows;
}

/** The active users of an organisation (the consent's news go to them). */
export async function orgUserIds(db: DbOrTx, orgId: number): Promise<number[]> {
  const r = await db.execute<{ id: number }>(
    sql`SELECT id::int FROM users WHERE org_id = ${orgId} AND status = 'ACTIVE' ORDER BY id`,
  );
  return r.rows.map((x) => x.id);
}

// ---------------------------------------------------------------------------------------------------------------------
// Consents

export interface ConsentInsert {
  subjectCreditCode: string;
  subjectName: string;
  subjectUserId: number | null;
  orgId: number;
  purpose: string;
  source: 'SELF' | 'DEMAND';
  demandId: number | null;
  givenOn: string;
  expiresOn: string;
  givenBy: number | null;
  createdAt?: Date;
}

export async function insertConsent(tx: DbOrTx, c: ConsentInsert): Promise<number> {
  const r = await tx.execute<{ id: number }>(sql`
    INSERT INTO credit_consents (subject_credit_code, subject_name, subject_user_id, org_id, purpose, source, demand_id, given_on, expires_on, given_by, created_at)
    VALUES (${c.subjectCreditCode}, ${c.subjectName}, ${c.subjectUserId}, ${c.orgId}, ${c.purpose}, ${c.source}, ${c.demandId}, ${c.givenOn}, ${c.expiresOn}, ${c.givenBy},
            ${c.createdAt ?? new Date()})
    RETURNING id::int`);
  return r.rows[0]!.id;
}

export type ConsentRow = {
  id: number;
  subjectCreditCode: string;
  subjectName: string;
  subjectUserId: number | null;
  orgId: number;
  orgName: string;
  orgType: string;
  purpose: string;
  source: string;
  demandId: number | null;
  demandCreatedAtMs: number | null;
  givenOn: string;
  expiresOn: string;
  revokedAtMs: number | null;
  givenByName: string | null;
  createdAtMs: number;
};

const CONSENT_SELECT = sql`
  SELECT c.id::int, c.subject_credit_code AS "subjectCreditCode", c.subject_name AS "subjectName", c.subject_user_id::int AS "subjectUserId",
         c.org_id::int AS "orgId", o.name AS "orgName", o.classified_type AS "orgType", c.purpose, c.source, c.demand_id::int AS "demandId",
         (extract(epoch FROM d.created_at) * 1000)::float8 AS "demandCreatedAtMs", to_char(c.given_on, 'YYYY-MM-DD') AS "givenOn",
         to_char(c.expires_on, 'YYYY-MM-DD') AS "expiresOn", (extract(epoch FROM c.revoked_at) * 1000)::float8 AS "revokedAtMs",
         gu.name AS "givenByName", (extract(epoch FROM c.created_at) * 1000)::float8 AS "createdAtMs"
    FROM credit_consents c JOIN orgs o ON o.id = c.org_id LEFT JOIN demands d ON d.id = c.demand_id LEFT JOIN users gu ON gu.id = c.given_by`;

export async function consentById(db: DbOrTx, id: number): Promise<ConsentRow | null> {
  const r = await db.execute<ConsentRow>(sql`${CONSENT_SELECT} WHERE c.id = ${id}`);
  return r.rows[0] ?? null;
}

export interface ConsentFilter {
  subjectCodes?: string[];
  orgIds?: number[];
  state?: 'LIVE' | 'EXPIRED' | 'REVOKED';
  purpose?: string;
  keyword?: string;
  /** Live consents expiring on or before this day. */
  expiringBy?: string;
}

export async function pageConsents(db: DbOrTx, f: ConsentFilter, today: string, current: number, pageSize: number) {
  const w: SQL[] = [];
  if (f.subjectCodes) w.push(sql`c.subject_credit_code = ANY(${sqlList(f.subjectCodes)}::text[])`);
  if (f.orgIds) w.push(sql`c.org_id = ANY(${sqlList(f.orgIds)}::bigint[])`);
  if (f.state === 'LIVE' || f.expiringBy) w.push(sql`c.revoked_at IS NULL AND c.expires_on >= ${today}::date`);
  if (f.state === 'EXPIRED') w.push(sql`c.revoked_at IS NULL AND c.expires_on < ${today}::date`);
  if (f.state === 'REVOKED') w.push(sql`c.revoked_at IS NOT NULL`);
  if (f.expiringBy) w.push(sql`c.expires_on <= ${f.expiringBy}::date`);
  if (f.purpose) w.push(sql`c.purpose = ${f.purpose}`);
  if (f.keyword) {
    const like = likeText(f.keyword);
    w.push(
      sql`(c.subject_credit_code = ${f.keyword.toUpperCase()} OR c.subject_name ILIKE ${like} OR o.name ILIKE ${like})`,
    );
  }
  const where = w.length ? sql`WHERE ${sql.join(w, sql` AND `)}` : sql``;
  const r = await db.execute<ConsentRow & { total: number }>(sql`
    SELECT x.*, count(*) OVER ()::int AS total FROM (${CONSENT_SELECT} ${where}) x
     ORDER BY x."createdAtMs" DESC, x.id DESC LIMIT ${pageSize} OFFSET ${(current - 1) * pageSize}`);
  let total = r.rows[0]?.total ?? 0;
  if (!r.rows.length && current > 1) {
    const c = await db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM credit_consents c JOIN orgs o ON o.id = c.org_id ${where}`,
    );
    total = c.rows[0]?.n ?? 0;
  }
  return { rows: r.rows.map(({ total: _t, ...row }) => row as ConsentRow), total };
}

/** Revokes a consent not yet revoked; null when it already was (a concurrent revoke won). */
export async function revokeConsent(tx: DbOrTx, id: number, by: number, at: Date): Promise<boolean> {
  const r = await tx.execute(
    sql`UPDATE credit_consents SET revoked_at = ${at}, revoked_by = ${by} WHERE id = ${id} AND revoked_at IS NULL`,
  );
  return (r.rowCount ?? 0) > 0;
}

/** The live consent covering a query (this institution line, subject and purpose, today), the latest expiring first. */
export async function coveringConsent(
  db: DbOrTx,
  code: string,
  orgIds: number[],
  purpose: string,
  today: string,
): Promise<number | null> {
  const r = await db.execute<{ id: number }>(sql`
    SELECT id::int FROM credit_consents
     WHERE subject_credit_code = ${code} AND org_id = ANY(${sqlList(orgIds)}::bigint[]) AND purpose = ${purpose} AND revoked_at IS NULL
       AND given_on <= ${today}::date AND expires_on >= ${today}::date
     ORDER BY expires_on DESC, id DESC LIMIT 1`);
  return r.rows[0]?.id ?? null;
}

// ---------------------------------------------------------------------------------------------------------------------
// The query log and its counters

export interface QueryInsert {
  at: Date;
  day: string;
  userId: number | null;
  orgId: number;
  subjectCreditCode: string;
  subjectName: string | null;
  subjectRegionCode: string | null;
  purpose: string;
  consentId: number | null;
  outcome: 'SHOWN' | 'REFUSED';
  fieldGroups: string[];
  ip: string | null;
}

/** One log row and its counter, in the caller's transaction. */
export async function insertQuery(tx: DbOrTx, q: QueryInsert): Promise<number> {
  const r = await tx.execute<{ id: number }>(sql`
    INSERT INTO credit_queries (at, user_id, org_id, subject_credit_code, subject_name, subject_region_code, purpose, consent_id, outcome, field_groups, ip)
    VALUES (${q.at}, ${q.userId}, ${q.orgId}, ${q.subjectCreditCode}, ${q.subjectName}, ${q.subjectRegionCode}, ${q.purpose}, ${q.consentId}, ${q.outcome},
            ${sqlList(q.fieldGroups)}::varchar[], ${q.ip})
    RETURNING id::int`);
  await tx.execute(sql`
    INSERT INTO credit_query_counts (day, org_id, purpose, outcome, region_code, n) VALUES (${q.day}, ${q.orgId}, ${q.purpose}, ${q.outcome}, ${q.subjectRegionCode ?? ''}, 1)
    ON CONFLICT (day, org_id, purpose, outcome, region_code) DO UPDATE SET n = credit_query_counts.n + 1`);
  return r.rows[0]!.id;
}

export interface LogFilter {
  subjectCodes?: string[];
  orgIds?: number[];
  /** District scope: the subject's district among these (null: every district). */
  regionCodes?: string[] | null;
  orgId?: number;
  keyword?: string;
  purpose?: string;
  outcome?: string;
  from?: string;
  to?: string;
  /** The list's sort (issue 30): CREDIT_LOG_SORT; newest first without. */
  sortField?: (typeof CREDIT_LOG_SORT)[number];
  sortOrder?: SortOrder;
}

/** The sortable fields' columns (credit_queries' (at, id) indexes); newest first by default. */
const LOG_SORT: SortColumns<(typeof CREDIT_LOG_SORT)[number]> = { at: { expr: sql.raw('q.at'), cast: 'timestamptz' } };
const logSort = (f: LogFilter): ResolvedSort => resolveSortOr(f, LOG_SORT, 'at');
const logOrder = (f: LogFilter) => sql.join(sortOrderBy(logSort(f), sql`q.id`, []), sql`, `);

export type LogRow = {
  id: number;
  atMs: number;
  userName: string | null;
  orgId: number | null;
  orgName: string | null;
  subjectCreditCode: string;
  subjectName: string | null;
  subjectRegionName: string | null;
  purpose: string;
  consentId: number | null;
  outcome: string;
  fieldGroups: string[];
};

const whereOf = (w: SQL[]) => (w.length ? sql`WHERE ${sql.join(w, sql` AND `)}` : sql``);

function logConditions(f: LogFilter): SQL[] {
  const w: SQL[] = [];
  if (f.subjectCodes) w.push(sql`q.subject_credit_code = ANY(${sqlList(f.subjectCodes)}::text[])`);
  if (f.orgIds) w.push(sql`q.org_id = ANY(${sqlList(f.orgIds)}::bigint[])`);
  if (f.regionCodes) w.push(sql`q.subject_region_code = ANY(${sqlList(f.regionCodes)}::text[])`);
  if (f.orgId) w.push(sql`q.org_id = ${f.orgId}`);
  if (f.purpose) w.push(sql`q.purpose = ${f.purpose}`);
  if (f.outcome) w.push(sql`q.outcome = ${f.outcome}`);
  if (f.from) w.push(sql`q.at >= ${dayStart(f.from)}`);
  if (f.to) w.push(sql`q.at < ${dayAfter(f.to)}`);
  if (f.keyword)
    w.push(sql`(q.subject_credit_code = ${f.keyword.toUpperCase()} OR q.subject_name ILIKE ${likeText(f.keyword)})`);
  return w;
}

const LOG_COLUMNS = sql`
  q.id::int, (extract(epoch FROM q.at) * 1000)::float8 AS "atMs", u.name AS "userName", q.org_id::int AS "orgId", o.name AS "orgName",
         q.subject_credit_code AS "subjectCreditCode", q.subject_name AS "subjectName", rg.name AS "subjectRegionName", q.purpose,
         q.consent_id::int AS "consentId", q.outcome, q.field_groups AS "fieldGroups"`;
const LOG_FROM = sql`FROM credit_queries q LEFT JOIN users u ON u.id = q.user_id LEFT JOIN orgs o ON o.id = q.org_id LEFT JOIN regions rg ON rg.code = q.subject_region_code`;
const LOG_SELECT = sql`SELECT ${LOG_COLUMNS} ${LOG_FROM}`;

export async function pageQueries(db: DbOrTx, f: LogFilter, current: number, pageSize: number) {
  const where = whereOf(logConditions(f));
  const [rows, count] = await Promise.all([
    db.execute<LogRow>(
      sql`${LOG_SELECT} ${where} ORDER BY ${logOrder(f)} LIMIT ${pageSize} OFFSET ${(current - 1) * pageSize}`,
    ),
    db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM credit_queries q ${where}`),
  ]);
  return { rows: rows.rows, total: count.rows[0]?.n ?? 0 };
}

/**
 * A batch of the log for the export, in the list's sort (newest first by default), after the cursor: keyset paging on
 * (sort value, id), the value as PostgreSQL wrote it (`sortKey`: a Date would drop the microseconds and skip rows).
 */
export async function queryBatch(db: DbOrTx, f: LogFilter, after: SortCursor | null, limit: number) {
  const w = logConditions(f);
  const sort = logSort(f);
  if (after) w.push(sortAfter(sort, sql`q.id`, after));
  const r = await db.execute<LogRow & { sortKey: string }>(
    sql`SELECT ${LOG_COLUMNS}, ${sortKeyColumn(sort)} AS "sortKey" ${LOG_FROM} ${whereOf(w)} ORDER BY ${logOrder(f)} LIMIT ${limit}`,
  );
  return r.rows;
}

/** The log's figures from the counters (docs/statistics.md): total and refused by institution, by purpose, by day. */
export async function figures(db: DbOrTx, f: { regionCodes: string[] | null; from?: string; to?: string }) {
  const w: SQL[] = [];
  if (f.regionCodes) w.push(sql`c.region_code = ANY(${sqlList(f.regionCodes)}::text[])`);
  if (f.from) w.push(sql`c.day >= ${f.from}::date`);
  if (f.to) w.push(sql`c.day <= ${f.to}::date`);
  const where = w.length ? sql`WHERE ${sql.join(w, sql` AND `)}` : sql``;
  const refused = sql`COALESCE(sum(c.n) FILTER (WHERE c.outcome = 'REFUSED'), 0)::int`;
  const [byOrg, byPurpose, byDay] = await Promise.all([
    db.execute<{ orgId: number; orgName: string; total: number; refused: number }>(sql`
      SELECT c.org_id::int AS "orgId", COALESCE(o.name, '') AS "orgName", sum(c.n)::int AS total, ${refused} AS refused
        FROM credit_query_counts c LEFT JOIN orgs o ON o.id = c.org_id ${where} GROUP BY c.org_id, o.name ORDER BY total DESC, c.org_id`),
    db.execute<{ purpose: string; total: number; refused: number }>(sql`
      SELECT c.purpose, sum(c.n)::int AS total, ${refused} AS refused FROM credit_query_counts c ${where} GROUP BY c.purpose ORDER BY c.purpose`),
    db.execute<{ day: string; total: number; refused: number }>(sql`
      SELECT to_char(c.day, 'YYYY-MM-DD') AS day, sum(c.n)::int AS total, ${refused} AS refused FROM credit_query_counts c ${where} GROUP BY c.day ORDER BY c.day`),
  ]);
  return { byOrg: byOrg.rows, byPurpose: byPurpose.rows, byDay: byDay.rows };
}
