import { and, arrayContains, asc, count, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { fileViewUrl } from '@phjr/contract/files/upload';
import type { ProductSort } from '@phjr/contract/products/supermarket';
import type { ListSort } from '@phjr/contract/list-sort';
import type { MANAGE_PRODUCT_SORT } from '@phjr/contract/products/manage';
import type { ProductCard, ProductStatus } from '@phjr/contract/products/product';
import type { DbOrTx } from '../../db/client.ts';
import {
  industrialChains,
  orgs,
  PRODUCT_SEARCH_TERMS,
  productCounts,
  productHistory,
  products,
  regions,
  users,
} from '../../db/schema/index.ts';
import { omitColumn, isoText, likeText, planOnce, sqlList } from '../../db/sql.ts';
import { resolveSort, sortOrderBy, type SortColumns } from '../../db/sort.ts';

/** Tables of the financial supermarket: products, their history and the organisations they belong to. */

const bank = alias(orgs, 'bank');
const reviewer = alias(users, 'reviewer');

const cardColumns = {
  id: products.id,
  kind: products.kind,
  name: products.name,
  orgId: products.orgId,
  orgName: orgs.name,
  bankId: products.bankId,
  bankName: bank.name,
  loanType: products.loanType,
  guaranteeMethods: products.guaranteeMethods,
  amountMin: products.amountMin,
  amountMax: products.amountMax,
  termMin: products.termMin,
  termMax: products.termMax,
  rateMin: products.rateMin,
  rateMax: products.rateMax,
  customerTypes: products.customerTypes,
  industries: products.industries,
  regionCodes: products.regionCodes,
  industrialChainIds: products.industrialChainIds,
  features: products.features,
  logoFileId: products.logoFileId,
  views: products.views,
  applications: products.applications,
  grants: products.grants,
  listedAt: products.listedAt,
};
const detailOnlyColumns = {
  conditions: products.conditions,
  materials: products.materials,
  contactName: products.contactName,
  contactPhone: products.contactPhone,
  status: products.status,
  rejectReason: products.rejectReason,
  createdAt: products.createdAt,
  updatedAt: products.updatedAt,
  submittedAt: products.submittedAt,
  reviewedBy: reviewer.name,
  reviewedAt: products.reviewedAt,
  createdBy: products.createdBy,
  policy: products.policy,
};
const detailColumns = { ...cardColumns, ...detailOnlyColumns };

export type CardRow = Omit<DetailRow, keyof typeof detailOnlyColumns>;
export type DetailRow = NonNullable<Awaited<ReturnType<typeof findProduct>>>;

// Written into the text, not bound: a generic plan then knows it and can walk the LISTED-only indexes.
const listed = () => sql.raw(`products.status = 'LISTED'`);

// ---------- organisations

/** The organisation, with the head office at the root of its tree (itself for a head office or a guarantee company). */
export async function findProviderOrg(db: DbOrTx, id: number) {
  const r = await db.execute(sql`
    WITH RECURSIVE up AS (
      SELECT id, parent_id, 0 AS depth FROM orgs WHERE id = ${id}
      UNION ALL SELECT o.id, o.parent_id, up.depth + 1 FROM orgs o JOIN up ON o.id = up.parent_id WHERE up.depth < 10
    )
    SELECT o.id, o.name, o.classified_type AS "classifiedType", o.status,
           (SELECT up.id FROM up WHERE up.parent_id IS NULL ORDER BY depth DESC LIMIT 1) AS "headId"
    FROM orgs o WHERE o.id = ${id}`);
  const row = r.rows[0] as
    { id: number; name: string; classifiedType: string; status: string; headId: number | null } | undefined;
  return row ? { ...row, id: Number(row.id), headId: Number(row.headId ?? row.id) } : null;
}

/** The codes among `codes` that are regions of the platform. */
export async function existingRegionCodes(db: DbOrTx, codes: string[]): Promise<string[]> {
  if (!codes.length) return [];
  const rows = await db.select({ code: regions.code }).from(regions).where(inArray(regions.code, codes));
  return rows.map((r) => r.code);
}

/** Active accounts of the organisation, and the product's creator: who hears about a review decision. */
export async function providerUserIds(db: DbOrTx, orgId: number, createdBy: number | null): Promise<number[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.status, 'ACTIVE'),
        createdBy ? or(eq(users.orgId, orgId), eq(users.id, createdBy)) : eq(users.orgId, orgId),
      ),
    );
  return rows.map((r) => r.id);
}

/** The ids among `ids` that are active industrial chains (a product may be tied to those only). */
export async function activeChainIds(db: DbOrTx, ids: readonly number[]): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await db
    .select({ id: industrialChains.id })
    .from(industrialChains)
    .where(and(inArray(industrialChains.id, [...ids]), eq(industrialChains.status, 'ACTIVE')));
  return rows.map((r) => Number(r.id));
}

// ---------- one product

export async function findProduct(db: DbOrTx, id: number) {
  const [row] = await db
    .select(detailColumns)
    .from(products)
    .innerJoin(orgs, eq(orgs.id, products.orgId))
    .innerJoin(bank, eq(bank.id, products.bankId))
    .leftJoin(reviewer, eq(reviewer.id, products.reviewedBy))
    .where(eq(products.id, id));
  return row ?? null;
}

export function listHistory(db: DbOrTx, productId: number) {
  return db
    .select({
      action: productHistory.action,
      fromStatus: productHistory.fromStatus,
      toStatus: productHistory.toStatus,
      reason: productHistory.reason,
      by: users.name,
      at: productHistory.createdAt,
    })
    .from(productHistory)
    .leftJoin(users, eq(users.id, productHistory.userId))
    .where(eq(productHistory.productId, productId))
    .orderBy(asc(productHistory.id));
}

export type ProductValues = Omit<
  typeof products.$inferInsert,
  'id' | 'createdAt' | 'updatedAt' | 'views' | 'applications' | 'grants' | 'status'
>;

export async function insertProduct(db: DbOrTx, values: ProductValues): Promise<number> {
  const [row] = await db
    .insert(products)
    .values({ ...values, status: 'DRAFT' })
    .returning({ id: products.id });
  return row.id;
}

/**
 * Writes an edit, only if the status is still one of `from` (null: any), and moves it to `to` (null: keeps it), in
 * one statement. False when nothing changed.
 */
export async function updateProduct(
  db: DbOrTx,
  id: number,
  values: Partial<ProductValues>,
  from: readonly ProductStatus[] | null,
  to: ProductStatus | null,
) {
  const rows = await db
    .update(products)
    .set({ ...values, updatedAt: new Date(), ...(to ? { status: to } : {}) })
    .where(and(eq(products.id, id), from ? inArray(products.status, [...from]) : undefined))
    .returning({ id: products.id });
  return rows.length > 0;
}

/** What a transition writes besides the status. */
export type TransitionSet = Partial<
  Pick<typeof products.$inferInsert, 'rejectReason' | 'reviewedBy' | 'reviewedAt' | 'submittedAt' | 'listedAt'>
>;

/**
 * Moves the product to `to` only if its status is one of `from`, in one statement: of two concurrent actions only one
 * can find the source state. False when nothing changed.
 */
export async function transitionProduct(
  db: DbOrTx,
  id: number,
  from: readonly ProductStatus[],
  to: ProductStatus,
  set: TransitionSet = {},
) {
  const rows = await db
    .update(products)
    .set({ ...set, status: to, updatedAt: new Date() })
    .where(and(eq(products.id, id), inArray(products.status, [...from])))
    .returning({ id: products.id });
  return rows.length > 0;
}

export async function deleteProduct(db: DbOrTx, id: number, from: readonly ProductStatus[]) {
  const rows = await db
    .delete(products)
    .where(and(eq(products.id, id), inArray(products.status, [...from])))
    .returning({ id: products.id });
  return rows.length > 0;
}

export async function insertHistory(
  db: DbOrTx,
  h: {
    productId: number;
    action: string;
    fromStatus: ProductStatus | null;
    toStatus: ProductStatus;
    reason?: string | null;
    userId: number | null;
  },
) {
  await db.insert(productHistory).values({ ...h, reason: h.reason ?? null });
}

// ---------- counters (exact: each is one UPDATE ... SET n = n + 1)

/**
 * Counts one view of a LISTED product in the statement that finds it; null when there is no such product. `views` is
 * in no index, so the update can stay on its page (HOT) and touches no index.
 */
export async function viewListedProduct(db: DbOrTx, id: number) {
  const [hit] = await db
    .update(products)
    .set({ views: sql`${products.views} + 1` })
    .where(and(eq(products.id, id), listed()))
    .returning({ id: products.id });
  return hit ? findProduct(db, hit.id) : null;
}

/** One more application from the product (the demands issue calls it in the transaction that creates the demand). */
export async function incrementApplications(db: DbOrTx, productId: number): Promise<boolean> {
  const rows = await db
    .update(products)
    .set({ applications: sql`${products.applications} + 1` })
    .where(eq(products.id, productId))
    .returning({ id: products.id });
  return rows.length > 0;
}

/** One more loan granted through the product (the demands issue calls it in the transaction that grants). */
export async function incrementGrants(db: DbOrTx, productId: number): Promise<boolean> {
  const rows = await db
    .update(products)
    .set({ grants: sql`${products.grants} + 1` })
    .where(eq(products.id, productId))
    .returning({ id: products.id });
  return rows.length > 0;
}

// ---------- back office

export interface ManageFilter {
  /** null: every organisation (the operator). */
  orgIds: readonly number[] | null;
  kind?: string;
  status?: string;
  keyword?: string;
  /** The filter's unit and every unit below it (a head office's filter shows its branches' products too). */
  unitIds?: readonly number[];
  /** The list's sort (issue 30): a field of MANAGE_PRODUCT_SORT; last changed first without. */
  sort?: ListSort<(typeof MANAGE_PRODUCT_SORT)[number]>;
}

/**
 * The back office's sortable fields. The lists hold an organisation's products (a few dozen) or, for the operator,
 * every product (hundreds to a few thousand): sorted in memory, like the default order, without an index of their own.
 * Never submitted sorts below every submission.
 */
const MANAGE_SORT: SortColumns<(typeof MANAGE_PRODUCT_SORT)[number]> = {
  rateMin: { expr: products.rateMin, cast: 'numeric' },
  amountMax: { expr: products.amountMax, cast: 'numeric' },
  termMax: { expr: products.termMax, cast: 'int' },
  applications: { expr: products.applications, cast: 'int' },
  updatedAt: { expr: products.updatedAt, cast: 'timestamptz' },
  submittedAt: { expr: sql`coalesce(${products.submittedAt}, '-infinity'::timestamptz)`, cast: 'timestamptz' },
};

function manageWhere(f: ManageFilter) {
  return and(
    f.orgIds ? inArray(products.orgId, f.orgIds.length ? [...f.orgIds] : [-1]) : undefined,
    f.unitIds ? inArray(products.orgId, f.unitIds.length ? [...f.unitIds] : [-1]) : undefined,
    f.kind ? eq(products.kind, f.kind) : undefined,
    f.status ? eq(products.status, f.status) : undefined,
    f.keyword ? ilike(products.name, likeText(f.keyword)) : undefined,
  );
}

/** The back office's list: last changed first. */
export async function managePage(db: DbOrTx, f: ManageFilter, current: number, pageSize: number) {
  const cond = manageWhere(f);
  const [list, [{ n }]] = await Promise.all([
    db
      .select(detailColumns)
      .from(products)
      .innerJoin(orgs, eq(orgs.id, products.orgId))
      .innerJoin(bank, eq(bank.id, products.bankId))
      .leftJoin(reviewer, eq(reviewer.id, products.reviewedBy))
      .where(cond)
      .orderBy(
        ...sortOrderBy(resolveSort(f.sort ?? {}, MANAGE_SORT), products.id, [
          desc(products.updatedAt),
          desc(products.id),
        ]),
      )
      .limit(pageSize)
      .offset((current - 1) * pageSize),
    db.select({ n: count() }).from(products).where(cond),
  ]);
  return { list, total: n };
}

// ---------- portal

export interface PortalFilter {
  kind: string;
  keyword?: string;
  /** Head offices named like the keyword (portalLookups). */
  keywordBankIds?: number[];
  bankId?: number;
  loanType?: string;
  guaranteeMethod?: string;
  customerType?: string;
  industry?: string;
  /** The region and the one above it (regionAndAbove). */
  regionCodes?: string[];
  amount?: number;
  term?: number;
  industrialChainIds?: number[];
  countryside?: boolean;
}

/**
 * The region and the one above it (a district and its city): a product serving the whole city serves each district.
 * Read before the product query, so that the planner sees the codes and can estimate how many products serve them.
 */
export async function regionAndAbove(db: DbOrTx, code: string): Promise<string[]> {
  const [r] = await db.select({ parentCode: regions.parentCode }).from(regions).where(eq(regions.code, code));
  return r?.parentCode ? [code, r.parentCode] : [code];
}

/**
 * Conditions of the match-me ranking and of the portal's filters: one definition for both, on `products` by name.
 * Plain SQL (text and values) rather than drizzle's column operators: the statement then renders without drizzle's
 * entity checks (db/sql-render.ts), which cost the supermarket page more than the rest of its own work (issue 17).
 */
export const meets = {
  amount: (a: number) => sql`products.amount_min <= ${a} AND products.amount_max >= ${a}`,
  term: (m: number) => sql`products.term_min <= ${m} AND products.term_max >= ${m}`,
  guaranteeMethod: (g: string) => sql`products.guarantee_methods @> ${sqlList([g])}::text[]`,
  customerType: (c: string) => sql`products.customer_types @> ${sqlList([c])}::text[]`,
  /** `codes`: the region and the one above it (regionAndAbove). */
  regionCode: (codes: string[]) => sql`products.region_codes && ${sqlList(codes)}::text[]`,
  /** A product without industries serves every industry. */
  industry: (i: string) => sql`(products.industries @> ${sqlList([i])}::text[] OR products.industries = '{}'::text[])`,
};

/**
 * What the portal's filter needs before the page query, in one statement: the head offices named like the keyword
 * and the region and the one above it (as regionAndAbove). Read as values so that the planner can estimate the page's
 * filters (a bitmap OR for the banks, the region's share of the catalogue); one round trip for both tiny tables.
 */
export async function portalLookups(db: DbOrTx, keyword: string | undefined, regionCode: string | undefined) {
  const p = keyword ? likeText(keyword) : null;
  const r = await db.execute<{ bankIds: (string | number)[]; parentCode: string | null }>(sql`
    SELECT ARRAY(SELECT id FROM orgs WHERE parent_id IS NULL AND (name ILIKE ${p} OR short_name ILIKE ${p}) ORDER BY id) AS "bankIds",
           (SELECT parent_code FROM regions WHERE code = ${regionCode ?? null}) AS "parentCode"`);
  const { bankIds, parentCode } = r.rows[0];
  return {
    keywordBankIds: keyword ? bankIds.map(Number) : undefined,
    regionCodes: regionCode ? (parentCode ? [regionCode, parentCode] : [regionCode]) : undefined,
  };
}

/**
 * The keyword, case-insensitive and literal (LIKE characters escaped), in the name or the features, or the product is
 * of one of `bankIds` (the head offices named like it: portalLookups). The terms of the keyword index (schema
 * searchTerms) are implied by the LIKE and the page's other filters: the keyword's characters and the customer type
 * (`@>`), one of the region codes (`&&`). They let the GIN index find the candidates that meet all three; the filters
 * themselves are still checked (portalWhere). The banks are given as values so that the planner can use an index for
 * them too (a bitmap OR) instead of filtering the whole catalogue.
 */
function keywordMatch(f: PortalFilter & { keyword: string }) {
  const p = likeText(f.keyword);
  const wanted = sql`string_to_array(lower(${f.keyword}), NULL)${f.customerType ? sql` || ${sqlList([f.customerType])}::text[]` : sql``}`;
  const text = and(
    sql`${PRODUCT_SEARCH_TERMS} @> (${wanted})`,
    f.regionCodes ? sql`${PRODUCT_SEARCH_TERMS} && ${sqlList(f.regionCodes)}::text[]` : undefined,
    sql`(products.name ILIKE ${p} OR products.features ILIKE ${p})`,
  )!;
  const bankIds = f.keywordBankIds ?? [];
  return bankIds.length ? sql`(${text} OR products.bank_id = ANY(${sqlList(bankIds)}::bigint[]))` : text;
}

const COUNTRYSIDE_CUSTOMERS = ['FARMER', 'NEW_AGRI_ENTITY'];

function portalWhere(f: PortalFilter) {
  const where: (SQL | undefined)[] = [listed(), sql`products.kind = ${f.kind}`];
  if (f.keyword) where.push(keywordMatch({ ...f, keyword: f.keyword }));
  if (f.bankId) where.push(sql`products.bank_id = ${f.bankId}`);
  if (f.loanType) where.push(sql`products.loan_type = ${f.loanType}`);
  if (f.guaranteeMethod) where.push(meets.guaranteeMethod(f.guaranteeMethod));
  if (f.customerType) where.push(meets.customerType(f.customerType));
  if (f.industry) where.push(meets.industry(f.industry));
  if (f.regionCodes) where.push(meets.regionCode(f.regionCodes));
  if (f.amount !== undefined) where.push(meets.amount(f.amount));
  if (f.term !== undefined) where.push(meets.term(f.term));
  if (f.industrialChainIds?.length)
    where.push(sql`products.industrial_chain_ids && ${sqlList(f.industrialChainIds)}::int[]`);
  if (f.countryside) where.push(sql`products.customer_types && ${sqlList(COUNTRYSIDE_CUSTOMERS)}::text[]`);
  return and(...where);
}

/** Each order matches one partial index of the schema; ties go to the newer product. Columns of `products`. */
const ORDER: Record<ProductSort, [string, 'ASC' | 'DESC'][]> = {
  DEFAULT: [
    ['listed_at', 'DESC'],
    ['id', 'DESC'],
  ],
  NEWEST: [
    ['listed_at', 'DESC'],
    ['id', 'DESC'],
  ],
  RATE: [
    ['rate_min', 'ASC'],
    ['id', 'DESC'],
  ],
  AMOUNT: [
    ['amount_max', 'DESC'],
    ['id', 'DESC'],
  ],
  POPULAR: [
    ['applications', 'DESC'],
    ['views', 'DESC'],
    ['id', 'DESC'],
  ],
};
const orderBy = (sort: ProductSort, table: string) =>
  sql.raw(ORDER[sort].map(([c, dir]) => `${table}.${c} ${dir}`).join(', '));
/** The columns an order reads (id among them). */
const sortColumns = (sort: ProductSort) => sql.raw(ORDER[sort].map(([c]) => c).join(', '));

/** LISTED products of the kind, from the counts the triggers keep. */
export async function listedCount(db: DbOrTx, kind: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${productCounts.listed}), 0)::int` })
    .from(productCounts)
    .where(eq(productCounts.kind, kind));
  return row.n;
}

/**
 * The columns of a card as the API writes them, read from `p` (products): the names of its unit and head office by
 * primary key (subqueries plan faster than joins, and run for the page's rows only), the time as ISO text, the logo's
 * address as fileViewUrl writes it (a file's id is URL-safe: ZFileId). The rows go out as they come (issue 17: copying
 * and reshaping each row, a Date per row, and even adding the logo to each row in place cost ~30 µs of the page's work
 * in Node).
 */
const CARD_SELECT =
  sql.raw(`p.id, p.kind, p.name, p.org_id AS "orgId", (SELECT name FROM orgs WHERE id = p.org_id) AS "orgName",
  p.bank_id AS "bankId", (SELECT name FROM orgs WHERE id = p.bank_id) AS "bankName",
  p.loan_type AS "loanType", p.guarantee_methods AS "guaranteeMethods", p.amount_min AS "amountMin", p.amount_max AS "amountMax",
  p.term_min AS "termMin", p.term_max AS "termMax", p.rate_min AS "rateMin", p.rate_max AS "rateMax",
  p.customer_types AS "customerTypes", p.industries, p.region_codes AS "regionCodes", p.industrial_chain_ids AS "industrialChainIds",
  p.features, '${fileViewUrl('')}' || p.logo_file_id AS logo, p.views, p.applications, p.grants,
  ${isoText('p.listed_at')} AS "listedAt"`);
const PAGE_COLUMNS =
  sql.raw(`id, kind, name, org_id, bank_id, loan_type, guarantee_methods, amount_min, amount_max, term_min, term_max,
  rate_min, rate_max, customer_types, industries, region_codes, industrial_chain_ids, features, logo_file_id, views, applications, grants, listed_at`);

/** The statement of portalPage, exported for the test that it renders as plain SQL (text and values). */
export function portalPageSql(f: PortalFilter, sort: ProductSort, current: number, pageSize: number) {
  const cond = portalWhere(f);
  const unfiltered = Object.entries(f).every(([k, v]) => k === 'kind' || v === undefined || v === false || v === '');
  const page = sql`LIMIT ${pageSize} OFFSET ${(current - 1) * pageSize}`;
  // Unfiltered, the kept count rides along as a subquery run once (an InitPlan): one round trip for the page.
  const statement = unfiltered
    ? sql`
    SELECT ${CARD_SELECT}, p.total
    FROM (SELECT ${PAGE_COLUMNS}, (SELECT coalesce(sum(c.listed), 0)::int FROM product_counts c WHERE c.kind = ${f.kind}) AS total
          FROM products WHERE ${cond} ORDER BY ${orderBy(sort, 'products')} ${page}) p
    ORDER BY ${orderBy(sort, 'p')}${planOnce(true)}`
    : // Filtered, every match is read to count it: the matches are kept narrow (the id and the order's columns), counted
      // and sorted as such, and only the page's rows are read whole, by primary key. A window count over the whole rows
      // carried every match's card through the window and the sort (~60 µs of PostgreSQL's time in a keyword search of
      // ~200 matches, issue 17).
      sql`
    WITH m AS MATERIALIZED (SELECT ${sortColumns(sort)} FROM products WHERE ${cond})
    SELECT ${CARD_SELECT}, (SELECT count(*)::int FROM m) AS total
    FROM (SELECT ${sortColumns(sort)} FROM m ORDER BY ${orderBy(sort, 'm')} ${page}) k JOIN products p ON p.id = k.id
    ORDER BY ${orderBy(sort, 'k')}`;
  return { statement, cond, unfiltered };
}

/**
 * One page of the supermarket. The page's rows are chosen on products alone (an index walk, or a bitmap scan and a
 * top-N sort) and only they are given their organisations' names. Unfiltered, the total is the kept count;
 * filtered, it is counted over the very matches the page is chosen from; either way in the same statement
 * (one round trip). Written as SQL text rather than with the query builder: at the bench's load, building this query cost the server more than
 * PostgreSQL spent answering it.
 */
export async function portalPage(
  db: DbOrTx,
  f: PortalFilter,
  sort: ProductSort,
  current: number,
  pageSize: number,
): Promise<{ list: ProductCard[]; total: number }> {
  const { statement, cond, unfiltered } = portalPageSql(f, sort, current, pageSize);
  const page = await db.execute<ProductCard & { total: number | null }>(statement);
  let n = page.rows[0]?.total ?? 0;
  const list = omitColumn(page.rows, 'total');
  // A page past the end holds no row to carry the total: count on its own.
  if (!page.rows.length && current > 1) {
    n = unfiltered
      ? await listedCount(db, f.kind)
      : (await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM products WHERE ${cond}`)).rows[0].n;
  }
  return { list, total: n };
}

/** A short list of LISTED loans for pickers, most applied for first. */
export function productOptions(
  db: DbOrTx,
  f: { bankId?: number; industrialChainId?: number; keyword?: string },
  limit = 50,
) {
  return db
    .select({ id: products.id, name: products.name, orgId: products.orgId, bankName: bank.name })
    .from(products)
    .innerJoin(bank, eq(bank.id, products.bankId))
    .where(
      and(
        listed(),
        eq(products.kind, 'LOAN'),
        f.bankId ? eq(products.bankId, f.bankId) : undefined,
        f.industrialChainId ? arrayContains(products.industrialChainIds, [f.industrialChainId]) : undefined,
        f.keyword ? ilike(products.name, likeText(f.keyword)) : undefined,
      ),
    )
    .orderBy(desc(products.applications), desc(products.id))
    .limit(limit);
}

/** Head offices with LISTED products of the kind, and how many (from the kept counts). */
export function providersWithListed(db: DbOrTx, kind: string) {
  return db
    .select({ id: productCounts.bankId, name: bank.name, products: productCounts.listed })
    .from(productCounts)
    .innerJoin(bank, eq(bank.id, productCounts.bankId))
    .where(and(eq(productCounts.kind, kind), sql`${productCounts.listed} > 0`))
    .orderBy(asc(productCounts.bankId));
}

/** The head offices with LISTED loans serving one of `regionCodes` (regionAndAbove), with how many. */
export function banksServing(db: DbOrTx, regionCodes: string[]) {
  return db
    .select({ id: products.bankId, name: bank.name, products: sql<number>`count(*)::int` })
    .from(products)
    .innerJoin(bank, eq(bank.id, products.bankId))
    .where(and(listed(), eq(products.kind, 'LOAN'), meets.regionCode(regionCodes)))
    .groupBy(products.bankId, bank.name)
    .orderBy(asc(products.bankId));
}

/** Active guarantee companies with the number of their LISTED guarantee services. */
export function guaranteeOrgs(db: DbOrTx) {
  return db
    .select({
      id: orgs.id,
      name: orgs.name,
      shortName: orgs.shortName,
      regionCode: orgs.regionCode,
      regionName: regions.name,
      services: sql<number>`coalesce((SELECT c.listed FROM product_counts c WHERE c.bank_id = "orgs"."id" AND c.kind = 'GUARANTEE_SERVICE'), 0)`,
    })
    .from(orgs)
    .leftJoin(regions, eq(regions.code, orgs.regionCode))
    .where(and(eq(orgs.classifiedType, 'GUARANTEE'), eq(orgs.status, 'ACTIVE'), isNull(orgs.parentId)))
    .orderBy(asc(orgs.id));
}

/**
 * Match me: every LISTED loan with, for each given condition, whether it meets it; ranked by the number met (so a
 * product failing nothing comes before any product failing something), then by the lowest rate, then the newest.
 */
export async function matchLoans(db: DbOrTx, conditions: Record<string, SQL>, limit: number) {
  const names = Object.keys(conditions);
  const flags = Object.fromEntries(names.map((n) => [`m_${n}`, sql<boolean>`coalesce(${conditions[n]}, false)`]));
  const met = names.length
    ? sql.join(
        names.map((n) => sql`(coalesce(${conditions[n]}, false))::int`),
        sql` + `,
      )
    : sql`0`;
  const rows = await db
    .select({ ...cardColumns, ...flags })
    .from(products)
    .innerJoin(orgs, eq(orgs.id, products.orgId))
    .innerJoin(bank, eq(bank.id, products.bankId))
    .where(and(listed(), eq(products.kind, 'LOAN')))
    .orderBy(sql`${met} DESC`, asc(products.rateMin), desc(products.id))
    .limit(limit);
  return rows.map((r) => {
    const rec = r as unknown as Record<string, unknown>;
    const card = Object.fromEntries(Object.keys(cardColumns).map((k) => [k, rec[k]])) as CardRow;
    return { card, met: Object.fromEntries(names.map((n) => [n, rec[`m_${n}`] === true])) };
  });
}
