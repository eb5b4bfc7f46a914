import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { chainEnterprises } from '../../db/schema/index.ts';
import { likeText, pageBounds, planOnce, sqlList } from '../../db/sql.ts';
import { bankChainRowsSql } from './chains.repo.ts';
import type { ListSort } from '@phjr/contract/list-sort';
import type { CHAIN_MEMBER_SORT } from '@phjr/contract/chains/chain';
import {
  outerOrderBy,
  resolveSort,
  sortAfter,
  sortKeyColumn,
  sortOrderBy,
  type ResolvedSort,
  type SortColumns,
  type SortCursor,
} from '../../db/sort.ts';

/** Tables of the member enterprises (chain_enterprises) and what their rules read around them. */

export type MemberValues = typeof chainEnterprises.$inferInsert;

/** A member as the lists and the detail read it: its chain's name and status, its claim's holder, times in ms. */
export type MemberRow = {
  id: number;
  chainId: number;
  chainName: string;
  chainStatus: string;
  creditCode: string;
  name: string;
  legalPerson: string | null;
  contactName: string | null;
  contactPhone: string | null;
  scale: string | null;
  tier: string;
  mainBusiness: string | null;
  financingNeed: number | null;
  tags: string[];
  visits: number;
  lastVisitDate: string | null;
  loans: number;
  loanAmount: number;
  claimedByOrgId: number | null;
  claimedByOrgName: string | null;
  claimedUntilMs: number | null;
  source: string;
  createdAtMs: number;
};

const MEMBER =
  sql.raw(`e.id, e.chain_id AS "chainId", c.name AS "chainName", c.status AS "chainStatus", e.credit_code AS "creditCode", e.name,
  e.legal_person AS "legalPerson", e.contact_name AS "contactName", e.contact_phone AS "contactPhone", e.scale, e.tier,
  e.main_business AS "mainBusiness", e.financing_need AS "financingNeed", e.tags, e.visits, e.last_visit_date::text AS "lastVisitDate",
  e.loans, e.loan_amount AS "loanAmount", e.claimed_by_org_id AS "claimedByOrgId", (SELECT name FROM orgs WHERE id = e.claimed_by_org_id) AS "claimedByOrgName",
  (extract(epoch FROM e.claimed_until) * 1000)::float8 AS "claimedUntilMs", e.source, (extract(epoch FROM e.created_at) * 1000)::float8 AS "createdAtMs"`);

export interface MemberFilter {
  /** null: every chain (unless bankLine). */
  chainIds: number[] | null;
  /**
   * A bank's line (chain-access.ts bankLineOf): the chains it takes part in, read by the page statement itself
   * rather than by a look-up before it (chainIds is then null).
   */
  bankLine?: readonly number[];
  chainId?: number;
  keyword?: string;
  tier?: string;
  tag?: string;
  visited?: boolean;
  financed?: boolean;
  /** Members under a live claim of this organisation. */
  claimedBy?: number;
  /** The list's sort (issue 30): a field of CHAIN_MEMBER_SORT; newest first (by id) without. */
  sort?: ListSort;
}

/** The sortable fields' columns: inner (the table's, indexed with the id: migration list_sort_indexes) and outer (the page row's). */
const MEMBER_SORT: SortColumns<(typeof CHAIN_MEMBER_SORT)[number]> = {
  // No need stated sorts below every amount (nullable column; keyset paging needs a value).
  financingNeed: {
    expr: sql.raw('coalesce(e.financing_need, -1)'),
    outer: sql.raw('coalesce(p."financingNeed", -1)'),
    cast: 'numeric',
  },
  visits: { expr: sql.raw('e.visits'), outer: sql.raw('p.visits'), cast: 'int' },
  loans: { expr: sql.raw('e.loans'), outer: sql.raw('p.loans'), cast: 'int' },
  loanAmount: { expr: sql.raw('e.loan_amount'), outer: sql.raw('p."loanAmount"'), cast: 'numeric' },
};
const memberSort = (f: MemberFilter): ResolvedSort | null =>
  resolveSort(f.sort ?? {}, MEMBER_SORT as SortColumns<string>);

/** The chains of the filter on `col` (chainIds, bankLine, chainId), or none for every chain. */
function chainWhere(f: MemberFilter, col: SQL): SQL[] {
  const w: SQL[] = [];
  if (f.chainIds) w.push(f.chainIds.length ? sql`${col} = ANY(${sqlList(f.chainIds)})` : sql`false`);
  // An array from an InitPlan is an index condition like a parameter: the plans stay those of a given list of chains.
  if (f.bankLine)
    w.push(
      sql`${col} = ANY(ARRAY(SELECT co.chain_id FROM chain_orgs co WHERE co.org_id = ANY(${sqlList(f.bankLine)}::bigint[]) AND co.role IN ('LEAD_BANK', 'MEMBER_BANK')))`,
    );
  if (f.chainId !== undefined) w.push(sql`${col} = ${f.chainId}`);
  return w;
}

function memberWhere(f: MemberFilter, now: Date): SQL {
  const w: SQL[] = chainWhere(f, sql`e.chain_id`);
  if (f.tier) w.push(sql`e.tier = ${f.tier}`);
  if (f.tag) w.push(sql`e.tags @> ARRAY[${f.tag}]::text[]`);
  if (f.visited !== undefined) w.push(f.visited ? sql`e.visits > 0` : sql`e.visits = 0`);
  if (f.financed !== undefined) w.push(f.financed ? sql`e.loans > 0` : sql`e.loans = 0`);
  if (f.claimedBy !== undefined) w.push(sql`e.claimed_by_org_id = ${f.claimedBy} AND e.claimed_until > ${now}`);
  if (f.keyword) {
    const code = f.keyword.toUpperCase();
    w.push(
      /^[0-9A-Z]{4,18}$/.test(code)
        ? sql`(e.credit_code LIKE ${`${code}%`} OR e.name ILIKE ${likeText(f.keyword)})`
        : sql`e.name ILIKE ${likeText(f.keyword)}`,
    );
  }
  return w.length ? sql.join(w, sql` AND `) : sql`true`;
}

/**
 * The total of a filter of chains, tier and either visited or financed (the home page's and the usual list filters)
 * from the kept per-tier figures (chain_tier_figures, exact: moved by every write, chains.repo.ts bumpTier): a sum
 * over a few rows instead of counting thousands of members per page. null for any other filter (counted).
 */
function keptTotal(f: MemberFilter): SQL | null {
  if (f.keyword || f.tag || f.claimedBy !== undefined || (f.visited !== undefined && f.financed !== undefined))
    return null;
  const w = chainWhere(f, sql`g.chain_id`);
  if (f.tier) w.push(sql`g.tier = ${f.tier}`);
  const n =
    f.visited !== undefined
      ? f.visited
        ? sql`g.enterprises_visited`
        : sql`g.enterprises - g.enterprises_visited`
      : f.financed !== undefined
        ? f.financed
          ? sql`g.enterprises_financed`
          : sql`g.enterprises - g.enterprises_financed`
        : sql`g.enterprises`;
  return sql`SELECT coalesce(sum(${n}), 0)::int FROM chain_tier_figures g WHERE ${w.length ? sql.join(w, sql` AND `) : sql`true`}`;
}

/**
 * One page, newest first, with its total (keptTotal when the filter allows, else counted), in one statement;
 * `managed`: whether `viewerId` manages the member's chain (its managers see the phones), read in the same statement
 * rather than in a second one per page. The page's ids are chosen first (from an index alone for the usual filters:
 * chain_enterprises_unvisited_idx for "a tier, not visited yet", chain_enterprises_list_idx otherwise), then only its
 * rows are read: a plan that sorts the matching members never fetches them all. For a bank (f.bankLine), `bankRows`
 * are the chain_orgs rows of its line (chains.repo.ts bankChainRows), read by the same statement: the scope of the
 * rows' actions without a round trip of its own. They come as JSON text, parsed once: as json, the driver parsed the
 * same array on each of the page's rows (the demo bank's 29 chains, ten times a page).
 */
export async function pageMembers(
  db: DbOrTx,
  f: MemberFilter,
  now: Date,
  current: number,
  pageSize: number,
  viewerId: number,
) {
  const where = memberWhere(f, now);
  const kept = keptTotal(f);
  const sort = memberSort(f);
  const innerOrder = sort ? sql.join(sortOrderBy(sort, sql`e.id`, []), sql`, `) : sql`e.id DESC`;
  const outerOrder = sort ? sql.join(outerOrderBy(sort, sql`p.id`), sql`, `) : sql`p.id DESC`;
  const total = kept
    ? sql`(${kept}) AS total`
    : sql`(SELECT count(*)::int FROM chain_enterprises e WHERE ${where}) AS total`;
  const bankRows = f.bankLine
    ? sql`(SELECT coalesce(json_agg(json_build_array(b."chainId", b."orgId", b.role)), '[]')::text FROM (${bankChainRowsSql(f.bankLine)}) b)`
    : sql`NULL::text`;
  const r = await db.execute<MemberRow & { total: number; managed: boolean; bankRows: string | null }>(sql`
    SELECT t.total, t."bankRows", p.* FROM (SELECT ${total}, ${bankRows} AS "bankRows") t
    LEFT JOIN LATERAL (
      SELECT ${MEMBER}, EXISTS (SELECT 1 FROM chain_managers m WHERE m.chain_id = e.chain_id AND m.user_id = ${viewerId}) AS managed
      FROM (SELECT e.id FROM chain_enterprises e WHERE ${where} ORDER BY ${innerOrder} ${pageBounds(current, pageSize)}) k
      JOIN chain_enterprises e ON e.id = k.id JOIN industrial_chains c ON c.id = e.chain_id
    ) p ON true
    ORDER BY ${outerOrder}${planOnce(kept !== null)}`);
  const first = r.rows[0];
  return {
    rows: r.rows.filter((x) => x.id !== null),
    total: first?.total ?? 0,
    bankRows: (first?.bankRows ? (JSON.parse(first.bankRows) as [number, number, string][]) : []).map(
      ([chainId, orgId, role]) => ({ chainId: Number(chainId), orgId: Number(orgId), role }),
    ),
  };
}

/**
 * The export's batch (issue 30): the members of the filter after `after`, in the list's sort (newest first by default),
 * `limit` of them, with `managed` as the page reads it and each row's cursor (`sortKey`).
 */
export async function memberBatch(
  db: DbOrTx,
  f: MemberFilter,
  now: Date,
  after: SortCursor | null,
  limit: number,
  viewerId: number,
) {
  const sort = memberSort(f) ?? { column: { expr: sql.raw('e.id'), cast: 'bigint' as const }, desc: true };
  const where = after ? sql`${memberWhere(f, now)} AND ${sortAfter(sort, sql`e.id`, after)}` : memberWhere(f, now);
  const r = await db.execute<MemberRow & { managed: boolean; sortKey: string }>(sql`
    SELECT ${MEMBER}, EXISTS (SELECT 1 FROM chain_managers m WHERE m.chain_id = e.chain_id AND m.user_id = ${viewerId}) AS managed, ${sortKeyColumn(sort)} AS "sortKey"
    FROM chain_enterprises e JOIN industrial_chains c ON c.id = e.chain_id
    WHERE ${where} ORDER BY ${sql.join(sortOrderBy(sort, sql`e.id`, []), sql`, `)} LIMIT ${limit}`);
  return r.rows;
}

export async function findMember(db: DbOrTx, id: number): Promise<MemberRow | null> {
  const r = await db.execute<MemberRow>(
    sql`SELECT ${MEMBER} FROM chain_enterprises e JOIN industrial_chains c ON c.id = e.chain_id WHERE e.id = ${id}`,
  );
  return r.rows[0] ?? null;
}

export async function insertMember(tx: DbOrTx, v: MemberValues): Promise<number> {
  const [row] = await tx.insert(chainEnterprises).values(v).returning({ id: chainEnterprises.id });
  return row.id;
}

/** Inserts many members (an import batch), checked against the chain under its lock. */
export async function insertMembers(tx: DbOrTx, rows: MemberValues[]) {
  for (let i = 0; i < rows.length; i += 1000) await tx.insert(chainEnterprises).values(rows.slice(i, i + 1000));
}

export async function updateMember(tx: DbOrTx, id: number, v: Partial<MemberValues>) {
  await tx
    .update(chainEnterprises)
    .set({ ...v, updatedAt: new Date() })
    .where(sql`${chainEnterprises.id} = ${id}`);
}

export async function deleteMember(tx: DbOrTx, id: number) {
  await tx.execute(sql`DELETE FROM chain_enterprises WHERE id = ${id}`);
}

/** Sets (or, with nulls, ends) the claim on a member. */
export async function setClaim(tx: DbOrTx, id: number, orgId: number | null, until: Date | null) {
  await tx.execute(
    sql`UPDATE chain_enterprises SET claimed_by_org_id = ${orgId}, claimed_until = ${until}, claim_warned_at = NULL, updated_at = now() WHERE id = ${id}`,
  );
}

/** Members whose live claim lapses before `warnFrom` and was not warned of yet (chain_enterprises_claim_warn_idx). */
export async function claimWarningsDue(db: DbOrTx, now: Date, warnFrom: Date, limit: number): Promise<number[]> {
  const r = await db.execute<{ id: number }>(sql`
    SELECT id::int AS id FROM chain_enterprises
    WHERE claimed_by_org_id IS NOT NULL AND claim_warned_at IS NULL AND claimed_until > ${now} AND claimed_until <= ${warnFrom}
    ORDER BY claimed_until, id LIMIT ${limit}`);
  return r.rows.map((x) => Number(x.id));
}

/**
 * Marks one claim warned, re-checking in the UPDATE that it is still live, due and unwarned (so two sweeps, or a sweep
 * racing a release or a visit, warn it at most once); the claim as warned, or null when it no longer needs a warning.
 */
export async function markClaimWarned(tx: DbOrTx, id: number, now: Date, warnFrom: Date) {
  const r = await tx.execute<{
    id: number;
    name: string;
    orgId: number;
    untilMs: number;
    chainId: number;
    chainName: string;
  }>(sql`
    UPDATE chain_enterprises e SET claim_warned_at = ${now}
    WHERE e.id = ${id} AND e.claimed_by_org_id IS NOT NULL AND e.claim_warned_at IS NULL
      AND e.claimed_until > ${now} AND e.claimed_until <= ${warnFrom}
    RETURNING e.id::int AS id, e.name, e.claimed_by_org_id::int AS "orgId", (extract(epoch FROM e.claimed_until) * 1000)::float8 AS "untilMs",
      e.chain_id::int AS "chainId", (SELECT c.name FROM industrial_chains c WHERE c.id = e.chain_id) AS "chainName"`);
  const row = r.rows[0];
  return row
    ? {
        ...row,
        id: Number(row.id),
        orgId: Number(row.orgId),
        chainId: Number(row.chainId),
        untilMs: Number(row.untilMs),
      }
    : null;
}

/** The credit codes among `codes` already in the chain. */
export async function existingCodes(db: DbOrTx, chainId: number, codes: string[]): Promise<Set<string>> {
  if (!codes.length) return new Set();
  const r = await db.execute<{ code: string }>(
    sql`SELECT credit_code AS code FROM chain_enterprises WHERE chain_id = ${chainId} AND credit_code = ANY(${sqlList(codes)})`,
  );
  return new Set(r.rows.map((x) => x.code));
}

/** The chains among `chainIds` that `userId` manages (their managers see members' phones). */
export async function managedAmong(db: DbOrTx, userId: number, chainIds: number[]): Promise<Set<number>> {
  if (!chainIds.length) return new Set();
  const r = await db.execute<{ id: number }>(
    sql`SELECT chain_id AS id FROM chain_managers WHERE user_id = ${userId} AND chain_id = ANY(${sqlList(chainIds)})`,
  );
  return new Set(r.rows.map((x) => x.id));
}

/** The platform's enterprise registry entry of a credit code. */
export async function registryEntry(db: DbOrTx, creditCode: string) {
  const r = await db.execute<{ name: string; legalPerson: string }>(
    sql`SELECT name, legal_rep AS "legalPerson" FROM enterprise_registry WHERE credit_code = ${creditCode}`,
  );
  return r.rows[0] ?? null;
}

/** An organisation's name. */
export async function orgName(db: DbOrTx, id: number): Promise<string | null> {
  const r = await db.execute<{ name: string }>(sql`SELECT name FROM orgs WHERE id = ${id}`);
  return r.rows[0]?.name ?? null;
}

/** The head office of an organisation (the root of its tree; itself when it has no parent). */
export async function headOf(db: DbOrTx, orgId: number): Promise<number> {
  const r = await db.execute<{ id: number }>(sql`
    WITH RECURSIVE up AS (
      SELECT id, parent_id, 0 AS depth FROM orgs WHERE id = ${orgId}
      UNION ALL SELECT o.id, o.parent_id, up.depth + 1 FROM orgs o JOIN up ON o.id = up.parent_id WHERE up.depth < 10
    )
    SELECT id FROM up WHERE parent_id IS NULL ORDER BY depth DESC LIMIT 1`);
  return r.rows[0]?.id ?? orgId;
}

/** An organisation and every organisation under it (a bank reads its own and its branches' records). */
export async function subtreeOf(db: DbOrTx, orgId: number): Promise<number[]> {
  const r = await db.execute<{ id: number }>(sql`
    WITH RECURSIVE down AS (
      SELECT id, 0 AS depth FROM orgs WHERE id = ${orgId}
      UNION ALL SELECT o.id, down.depth + 1 FROM orgs o JOIN down ON o.parent_id = down.id WHERE down.depth < 10
    )
    SELECT id FROM down`);
  return r.rows.map((x) => x.id);
}
