import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { chainLoans, chainVisits } from '../../db/schema/index.ts';
import { likeText } from '../../db/sql.ts';
import { sqlList } from '../../db/sql.ts';
import type { ListSort } from '@phjr/contract/list-sort';
import type { CHAIN_LOAN_SORT, CHAIN_VISIT_SORT } from '@phjr/contract/chains/chain';
import {
  outerOrderBy,
  resolveSortOr,
  sortAfter,
  sortKeyColumn,
  sortOrderBy,
  type ResolvedSort,
  type SortColumns,
  type SortCursor,
} from '../../db/sort.ts';

/**
 * Tables of the visits (chain_visits) and loans (chain_loans) and the files a visit shows. The lists read newest
 * first by the record's day (visit_date / loan_date, then id: a visit recorded late for an earlier day sorts by its
 * day), through the (…, day DESC, id DESC) indexes.
 */

/** Which records a caller reads, and the list's filter. */
export interface RecordFilter {
  /** null: every chain. */
  chainIds: number[] | null;
  /** null: every organisation's records (operator, government); else only these organisations' (a bank's own). */
  orgIds: number[] | null;
  chainId?: number;
  enterpriseId?: number;
  /** The bank filter: a bank organisation and the units under it (its branches record the visits and loans). */
  bankOrgIds?: number[];
  from?: string;
  to?: string;
  keyword?: string;
  intention?: string;
  result?: string;
  /** The list's sort (issue 30): a field of CHAIN_VISIT_SORT / CHAIN_LOAN_SORT; the record's day, newest first, without. */
  sort?: ListSort;
}

/** The sortable fields' columns: inner (the table's, indexed with the id) and outer (the page row's, same order). */
const VISIT_SORT: SortColumns<(typeof CHAIN_VISIT_SORT)[number]> = {
  visitDate: { expr: sql.raw('v.visit_date'), outer: sql.raw('p."visitDate"'), cast: 'date' },
  // No amount named sorts below every amount (the column is nullable; keyset paging needs a value).
  intendedAmount: {
    expr: sql.raw('coalesce(v.intended_amount, -1)'),
    outer: sql.raw('coalesce(p."intendedAmount", -1)'),
    cast: 'numeric',
  },
};
const LOAN_SORT: SortColumns<(typeof CHAIN_LOAN_SORT)[number]> = {
  loanDate: { expr: sql.raw('l.loan_date'), outer: sql.raw('p."loanDate"'), cast: 'date' },
  amount: { expr: sql.raw('l.amount'), outer: sql.raw('p.amount'), cast: 'numeric' },
  rate: { expr: sql.raw('l.rate'), outer: sql.raw('p.rate'), cast: 'numeric' },
  term: { expr: sql.raw('l.term'), outer: sql.raw('p.term'), cast: 'int' },
};

/** The record list's sort in force: the filter's, else the day, newest first. */
function recordSort(a: 'v' | 'l', f: RecordFilter): ResolvedSort {
  const cols = (a === 'v' ? VISIT_SORT : LOAN_SORT) as SortColumns<string>;
  return resolveSortOr(f.sort ?? {}, cols, a === 'v' ? 'visitDate' : 'loanDate');
}

function recordWhere(alias: 'v' | 'l', f: RecordFilter): SQL {
  const a = sql.raw(alias);
  const day = sql.raw(alias === 'v' ? 'v.visit_date' : 'l.loan_date');
  const w: SQL[] = [];
  if (f.chainIds) w.push(f.chainIds.length ? sql`${a}.chain_id = ANY(${sqlList(f.chainIds)})` : sql`false`);
  if (f.orgIds) w.push(f.orgIds.length ? sql`${a}.org_id = ANY(${sqlList(f.orgIds)})` : sql`false`);
  if (f.chainId !== undefined) w.push(sql`${a}.chain_id = ${f.chainId}`);
  if (f.enterpriseId !== undefined) w.push(sql`${a}.enterprise_id = ${f.enterpriseId}`);
  if (f.bankOrgIds) w.push(f.bankOrgIds.length ? sql`${a}.org_id = ANY(${sqlList(f.bankOrgIds)})` : sql`false`);
  if (f.from) w.push(sql`${day} >= ${f.from}::date`);
  if (f.to) w.push(sql`${day} <= ${f.to}::date`);
  if (f.intention) w.push(sql`${a}.intention = ${f.intention}`);
  if (f.result) w.push(sql`${a}.result = ${f.result}`);
  if (f.keyword)
    w.push(
      sql`${a}.enterprise_id IN (SELECT id FROM chain_enterprises WHERE name ILIKE ${likeText(f.keyword)} OR credit_code = ${f.keyword.toUpperCase()})`,
    );
  return w.length ? sql.join(w, sql` AND `) : sql`true`;
}

export type VisitRow = {
  id: number;
  chainId: number;
  chainName: string;
  enterpriseId: number;
  enterpriseName: string;
  creditCode: string;
  orgId: number;
  orgName: string;
  visitDate: string;
  staff: string;
  content: string;
  intention: string;
  intendedAmount: number | null;
  result: string;
  noLoanReason: string | null;
  photoIds: string[];
  createdBy: string | null;
  createdAtMs: number;
};

/** A record's columns: whose, on which member of which chain, `own` (the record's own columns), by whom and when. */
const recordColumns = (a: 'v' | 'l', own: string) =>
  sql.raw(`${a}.id, ${a}.chain_id AS "chainId", c.name AS "chainName", ${a}.enterprise_id AS "enterpriseId", e.name AS "enterpriseName",
  e.credit_code AS "creditCode", ${a}.org_id AS "orgId", o.name AS "orgName", ${own},
  (SELECT name FROM users WHERE id = ${a}.user_id) AS "createdBy", (extract(epoch FROM ${a}.created_at) * 1000)::float8 AS "createdAtMs"`);
const recordJoins = (a: 'v' | 'l') =>
  sql.raw(
    `JOIN industrial_chains c ON c.id = ${a}.chain_id JOIN chain_enterprises e ON e.id = ${a}.enterprise_id JOIN orgs o ON o.id = ${a}.org_id`,
  );

/** One page of visits (`v`) or loans (`l`), in the list's sort (newest day first by default), with the total: one statement. */
async function pageRecords<R extends { id: number }>(
  db: DbOrTx,
  a: 'v' | 'l',
  f: RecordFilter,
  current: number,
  pageSize: number,
) {
  const where = recordWhere(a, f);
  const [table, columns] = a === 'v' ? ['chain_visits', VISIT] : ['chain_loans', LOAN];
  const alias = sql.raw(a);
  const sort = recordSort(a, f);
  const r = await db.execute<R & { total: number }>(sql`
    SELECT t.total, p.* FROM (SELECT count(*)::int AS total FROM ${sql.raw(table)} ${alias} WHERE ${where}) t
    LEFT JOIN LATERAL (
      SELECT ${columns} FROM (SELECT * FROM ${sql.raw(table)} ${alias} WHERE ${where} ORDER BY ${sql.join(sortOrderBy(sort, sql`${alias}.id`, []), sql`, `)} LIMIT ${pageSize} OFFSET ${(current - 1) * pageSize}) ${alias} ${recordJoins(a)}
    ) p ON true
    ORDER BY ${sql.join(outerOrderBy(sort, sql`p.id`), sql`, `)}`);
  return { rows: r.rows.filter((x) => x.id !== null), total: r.rows[0]?.total ?? 0 };
}

/**
 * The export's batch (issue 30): the records of the filter after `after`, in the list's sort, `limit` of them, each
 * with its cursor (`sortKey`): keyset paging on (sort value, id), so that a record written meanwhile neither repeats
 * nor shifts a row.
 */
async function recordBatch<R extends { id: number }>(
  db: DbOrTx,
  a: 'v' | 'l',
  f: RecordFilter,
  after: SortCursor | null,
  limit: number,
) {
  const sort = recordSort(a, f);
  const alias = sql.raw(a);
  const where = after ? sql`${recordWhere(a, f)} AND ${sortAfter(sort, sql`${alias}.id`, after)}` : recordWhere(a, f);
  const [table, columns] = a === 'v' ? ['chain_visits', VISIT] : ['chain_loans', LOAN];
  const r = await db.execute<R & { sortKey: string }>(sql`
    SELECT ${columns}, ${sortKeyColumn(sort)} AS "sortKey"
    FROM (SELECT * FROM ${sql.raw(table)} ${alias} WHERE ${where} ORDER BY ${sql.join(sortOrderBy(sort, sql`${alias}.id`, []), sql`, `)} LIMIT ${limit}) ${alias} ${recordJoins(a)}
    ORDER BY ${sql.join(sortOrderBy(sort, sql`${alias}.id`, []), sql`, `)}`);
  return r.rows;
}

export const visitBatch = (db: DbOrTx, f: RecordFilter, after: SortCursor | null, limit: number) =>
  recordBatch<VisitRow>(db, 'v', f, after, limit);
export const loanBatch = (db: DbOrTx, f: RecordFilter, after: SortCursor | null, limit: number) =>
  recordBatch<LoanRow>(db, 'l', f, after, limit);

const VISIT = recordColumns(
  'v',
  `v.visit_date::text AS "visitDate", v.staff, v.content, v.intention, v.intended_amount AS "intendedAmount", v.result,
  v.no_loan_reason AS "noLoanReason", v.photo_ids AS "photoIds"`,
);
const VISIT_JOINS = recordJoins('v');

export async function pageVisits(db: DbOrTx, f: RecordFilter, current: number, pageSize: number) {
  return pageRecords<VisitRow>(db, 'v', f, current, pageSize);
}

export async function findVisit(db: DbOrTx, id: number): Promise<VisitRow | null> {
  const r = await db.execute<VisitRow>(sql`SELECT ${VISIT} FROM chain_visits v ${VISIT_JOINS} WHERE v.id = ${id}`);
  return r.rows[0] ?? null;
}

export async function insertVisit(tx: DbOrTx, v: typeof chainVisits.$inferInsert): Promise<number> {
  const [row] = await tx.insert(chainVisits).values(v).returning({ id: chainVisits.id });
  return row.id;
}

export type LoanRow = {
  id: number;
  chainId: number;
  chainName: string;
  enterpriseId: number;
  enterpriseName: string;
  creditCode: string;
  orgId: number;
  orgName: string;
  amount: number;
  rate: number;
  term: number;
  loanDate: string;
  productId: number | null;
  productName: string | null;
  createdBy: string | null;
  createdAtMs: number;
};

const LOAN = recordColumns(
  'l',
  `l.amount, l.rate, l.term, l.loan_date::text AS "loanDate", l.product_id AS "productId", (SELECT name FROM products WHERE id = l.product_id) AS "productName"`,
);
const LOAN_JOINS = recordJoins('l');

export async function pageLoans(db: DbOrTx, f: RecordFilter, current: number, pageSize: number) {
  return pageRecords<LoanRow>(db, 'l', f, current, pageSize);
}

export async function findLoan(db: DbOrTx, id: number): Promise<LoanRow | null> {
  const r = await db.execute<LoanRow>(sql`SELECT ${LOAN} FROM chain_loans l ${LOAN_JOINS} WHERE l.id = ${id}`);
  return r.rows[0] ?? null;
}

export async function insertLoan(tx: DbOrTx, v: typeof chainLoans.$inferInsert): Promise<number> {
  const [row] = await tx.insert(chainLoans).values(v).returning({ id: chainLoans.id });
  return row.id;
}

/** A product with what the loan's rule reads (its kind and head office). */
export async function findProduct(db: DbOrTx, id: number) {
  const r = await db.execute<{ id: number; kind: string; bankId: number; name: string }>(
    sql`SELECT id, kind, bank_id AS "bankId", name FROM products WHERE id = ${id}`,
  );
  return r.rows[0] ?? null;
}

/** The PRIVATE files among `ids` that `userId` uploaded, with their names (a visit shows only its author's uploads). */
export async function ownPrivateFiles(db: DbOrTx, ids: string[], userId: number) {
  if (!ids.length) return [];
  const r = await db.execute<{ id: string; name: string }>(
    sql`SELECT id, name FROM files WHERE id = ANY(${sqlList(ids)}) AND uploaded_by = ${userId} AND visibility = 'PRIVATE'`,
  );
  return r.rows;
}

/** The names of files (the photos of a visit), by id. */
export async function fileNames(db: DbOrTx, ids: string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const r = await db.execute<{ id: string; name: string }>(
    sql`SELECT id, name FROM files WHERE id = ANY(${sqlList(ids)})`,
  );
  return new Map(r.rows.map((x) => [x.id, x.name]));
}

/** A file with its content. */
export async function fileContent(db: DbOrTx, id: string) {
  const r = await db.execute<{ id: string; name: string; contentType: string; size: number; data: Buffer }>(sql`
    SELECT id, name, content_type AS "contentType", size, data FROM files WHERE id = ${id}`);
  return r.rows[0] ?? null;
}
