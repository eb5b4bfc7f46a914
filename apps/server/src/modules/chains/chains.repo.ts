import { sql, type SQL } from 'drizzle-orm';
import type { ListSort } from '@phjr/contract/list-sort';
import type { CHAIN_SORT } from '@phjr/contract/chains/chain';
import type { DbOrTx } from '../../db/client.ts';
import { resolveSort, sortOrderBy, type SortColumns } from '../../db/sort.ts';
import { chainBankFigures, chainManagers, chainOrgs, industrialChains } from '../../db/schema/index.ts';
import { likeText, planOnce, sqlList, type ReadPart } from '../../db/sql.ts';

/**
 * Tables of the chains themselves: industrial_chains, chain_orgs, chain_managers, chain_bank_figures, chain_tier_figures
 * (members, visits, loans and imports: chain-enterprises.repo.ts, chain-visits.repo.ts, chain-import.repo.ts). Figures are read from the counter columns only.
 */

const num = (v: unknown) => Number(v);

// ---------- scope (chain-access.ts)

/** The organisations of a bank line (chain-access.ts bankLineOf) with a bank role in chains, nearest organisation first. */
export const bankChainRowsSql = (line: readonly number[]) => sql`
  SELECT co.chain_id AS "chainId", co.org_id AS "orgId", co.role FROM chain_orgs co
  WHERE co.org_id = ANY(${sqlList(line)}::bigint[]) AND co.role IN ('LEAD_BANK', 'MEMBER_BANK')
  ORDER BY array_position(${sqlList(line)}::bigint[], co.org_id), co.chain_id`;

/**
 * The chains the bank line (the organisation, its parent, its grandparent: the head office, from the session's
 * orgTree) takes part in with a bank role, nearest organisation first.
 */
export async function bankChainRows(db: DbOrTx, line: readonly number[]) {
  const r = await db.execute<{ chainId: string; orgId: string; role: string }>(bankChainRowsSql(line));
  return r.rows.map((x) => ({ chainId: num(x.chainId), orgId: num(x.orgId), role: x.role }));
}

/** The chains a government user manages, and the ones its department takes part in. */
export async function governmentChainIds(db: DbOrTx, orgId: number, userId: number): Promise<number[]> {
  const r = await db.execute<{ id: string }>(sql`
    SELECT chain_id AS id FROM chain_orgs WHERE org_id = ${orgId} AND role IN ('CHIEF_DEPARTMENT', 'MEMBER_DEPARTMENT')
    UNION
    SELECT chain_id AS id FROM chain_managers WHERE user_id = ${userId}
    ORDER BY id`);
  return r.rows.map((x) => num(x.id));
}

export async function chainBrief(db: DbOrTx, id: number): Promise<{ id: number; status: string; name: string } | null> {
  const r = await db.execute<{ id: string; status: string; name: string }>(
    sql`SELECT id, status, name FROM industrial_chains WHERE id = ${id}`,
  );
  const row = r.rows[0];
  return row ? { id: num(row.id), status: row.status, name: row.name } : null;
}

/** `col IN (ids)`, false for no ids (drizzle expands a JS array into a parameter list only inside `sql.join`). */
function inIds(col: SQL, ids: readonly number[]): SQL {
  return ids.length === 0
    ? sql`false`
    : sql`${col} IN (${sql.join(
        ids.map((i) => sql`${i}`),
        sql`, `,
      )})`;
}

// ---------- chains

/** A chain with its counters (CounterRow). */
export interface ChainRow extends CounterRow {
  id: number;
  name: string;
  category: string;
  regionCode: string;
  regionName: string | null;
  status: string;
  coverFileId: string | null;
  leadBankName: string | null;
  chiefDepartmentName: string | null;
  description: string;
  tiers: Record<'UPSTREAM' | 'MIDSTREAM' | 'DOWNSTREAM', string>;
  leadEnterprises: string[];
  updatedAt: Date;
  createdAt: Date;
}

/** One chain's row with its names, counters and texts (FROM CHAIN_FROM; the operator's list and the detail read the same columns). */
const CHAIN_COLUMNS = sql`
  c.id, c.name, c.category, c.region_code AS "regionCode", r.name AS "regionName", c.status, c.cover_file_id AS "coverFileId",
  lb.name AS "leadBankName", cd.name AS "chiefDepartmentName",
  c.enterprises, c.banks, c.visits, c.enterprises_visited AS "enterprisesVisited", c.enterprises_with_intention AS "enterprisesWithIntention",
  c.enterprises_financed AS "enterprisesFinanced", c.loans, c.loan_amount::float8 AS "loanAmount", c.updated_at AS "updatedAt",
  c.description, c.tiers, c.lead_enterprises AS "leadEnterprises", c.created_at AS "createdAt"`;
/** The chain with its region, lead bank and chief department (kept on the chain from chain_orgs, migration 0030). */
const CHAIN_FROM = sql`industrial_chains c LEFT JOIN regions r ON r.code = c.region_code
  LEFT JOIN orgs lb ON lb.id = c.lead_bank_org_id LEFT JOIN orgs cd ON cd.id = c.chief_department_org_id`;

type RawChain = Omit<ChainRow, 'id' | 'updatedAt' | 'createdAt'> & {
  id: string | number;
  updatedAt: string | Date;
  createdAt: string | Date;
};
const toChain = (r: RawChain): ChainRow => ({
  ...r,
  id: num(r.id),
  updatedAt: new Date(r.updatedAt),
  createdAt: new Date(r.createdAt),
});

export interface ChainFilter {
  /** null: every chain */
  ids: number[] | null;
  keyword?: string;
  category?: string;
  status?: string;
  regionCode?: string;
  /** The list's sort (issue 30): a field of CHAIN_SORT; newest chain first without. */
  sort?: ListSort<(typeof CHAIN_SORT)[number]>;
}

/** The chain list's sortable fields: the chain's own counters and day (a hundred chains: sorted in memory). */
const CHAIN_SORT_COLUMNS: SortColumns<(typeof CHAIN_SORT)[number]> = {
  enterprises: { expr: sql.raw('c.enterprises'), cast: 'int' },
  loanAmount: { expr: sql.raw('c.loan_amount'), cast: 'numeric' },
  createdAt: { expr: sql.raw('c.created_at'), cast: 'timestamptz' },
};

function whereOf(f: ChainFilter): SQL {
  const parts: SQL[] = [sql`true`];
  if (f.ids !== null) parts.push(inIds(sql`c.id`, f.ids));
  if (f.keyword) parts.push(sql`c.name ILIKE ${likeText(f.keyword)}`);
  if (f.category) parts.push(sql`c.category = ${f.category}`);
  if (f.status) parts.push(sql`c.status = ${f.status}`);
  if (f.regionCode) parts.push(sql`c.region_code = ${f.regionCode}`);
  return sql.join(parts, sql` AND `);
}

export async function chainPage(
  db: DbOrTx,
  f: ChainFilter,
  offset: number,
  limit: number,
): Promise<{ rows: ChainRow[]; total: number }> {
  if (f.ids !== null && f.ids.length === 0) return { rows: [], total: 0 };
  const where = whereOf(f);
  const [list, count] = await Promise.all([
    db.execute<RawChain>(
      sql`SELECT ${CHAIN_COLUMNS} FROM ${CHAIN_FROM} WHERE ${where} ORDER BY ${sql.join(sortOrderBy(resolveSort(f.sort ?? {}, CHAIN_SORT_COLUMNS), sql`c.id`, [sql`c.id DESC`]), sql`, `)} LIMIT ${limit} OFFSET ${offset}`,
    ),
    db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM industrial_chains c WHERE ${where}`),
  ]);
  return { rows: list.rows.map(toChain), total: count.rows[0]?.n ?? 0 };
}

/** A chain's card on the portal: its names and the counters its figures read (chains.service.ts cardOf). */
export type ChainCardRow = {
  id: number;
  name: string;
  category: string;
  regionName: string | null;
  coverFileId: string | null;
  leadBankName: string | null;
  chiefDepartmentName: string | null;
  enterprises: number;
  enterprisesVisited: number;
  enterprisesWithIntention: number;
  enterprisesFinanced: number;
  loanAmount: number;
};

/** The active chains as the portal's cards, oldest first (tens to a few hundred chains, every one per request). */
export async function activeChainCards(db: DbOrTx): Promise<ChainCardRow[]> {
  const r = await db.execute<ChainCardRow>(sql`
    SELECT c.id::int AS id, c.name, c.category, r.name AS "regionName", c.cover_file_id AS "coverFileId", lb.name AS "leadBankName", cd.name AS "chiefDepartmentName",
      c.enterprises, c.enterprises_visited AS "enterprisesVisited", c.enterprises_with_intention AS "enterprisesWithIntention",
      c.enterprises_financed AS "enterprisesFinanced", c.loan_amount::float8 AS "loanAmount"
    FROM ${CHAIN_FROM} WHERE c.status = 'ACTIVE' ORDER BY c.id`);
  return r.rows;
}

export async function findChain(db: DbOrTx, id: number): Promise<ChainRow | null> {
  const r = await db.execute<RawChain>(sql`SELECT ${CHAIN_COLUMNS} FROM ${CHAIN_FROM} WHERE c.id = ${id}`);
  return r.rows[0] ? toChain(r.rows[0]) : null;
}

/** The chain's row locked until the transaction ends: writes on one chain take turns, its status read under the lock. */
export async function lockChainRow(
  tx: DbOrTx,
  id: number,
): Promise<{ id: number; status: string; name: string } | null> {
  const r = await tx.execute<{ id: string; status: string; name: string }>(
    sql`SELECT id, status, name FROM industrial_chains WHERE id = ${id} FOR UPDATE`,
  );
  const row = r.rows[0];
  return row ? { id: num(row.id), status: row.status, name: row.name } : null;
}

export async function nameTaken(db: DbOrTx, name: string, exceptId: number | null): Promise<boolean> {
  const r = await db.execute(
    sql`SELECT 1 FROM industrial_chains WHERE name = ${name} AND id <> ${exceptId ?? 0} LIMIT 1`,
  );
  return r.rows.length > 0;
}

export async function regionExists(db: DbOrTx, code: string): Promise<boolean> {
  const r = await db.execute(sql`SELECT 1 FROM regions WHERE code = ${code}`);
  return r.rows.length > 0;
}

/** A stored file usable as a public picture. */
export async function isPublicImage(db: DbOrTx, id: string): Promise<boolean> {
  const r = await db.execute(
    sql`SELECT 1 FROM files WHERE id = ${id} AND visibility = 'PUBLIC' AND content_type LIKE 'image/%'`,
  );
  return r.rows.length > 0;
}

export interface ChainValues {
  name: string;
  category: string;
  regionCode: string;
  description: string;
  tiers: Record<'UPSTREAM' | 'MIDSTREAM' | 'DOWNSTREAM', string>;
  leadEnterprises: string[];
  coverFileId: string | null;
}

export async function insertChain(tx: DbOrTx, v: ChainValues, createdBy: number | null): Promise<number> {
  const [row] = await tx
    .insert(industrialChains)
    .values({ ...v, createdBy })
    .returning({ id: industrialChains.id });
  await tx.execute(
    sql`INSERT INTO chain_tier_figures (chain_id, tier) VALUES (${row.id}, 'UPSTREAM'), (${row.id}, 'MIDSTREAM'), (${row.id}, 'DOWNSTREAM') ON CONFLICT DO NOTHING`,
  );
  return row.id;
}

export async function updateChain(tx: DbOrTx, id: number, v: ChainValues) {
  await tx
    .update(industrialChains)
    .set({ ...v, updatedAt: sql`now()` })
    .where(sql`${industrialChains.id} = ${id}`);
}

export async function setChainStatus(tx: DbOrTx, id: number, status: string) {
  await tx.execute(sql`UPDATE industrial_chains SET status = ${status}, updated_at = now() WHERE id = ${id}`);
}

// ---------- taking-part organisations and managers

export type ChainOrgRow = {
  chainId: number;
  orgId: number;
  name: string;
  shortName: string | null;
  classifiedType: string;
  role: string;
};

export async function orgsOfChains(db: DbOrTx, chainIds: readonly number[]): Promise<ChainOrgRow[]> {
  if (chainIds.length === 0) return [];
  const r = await db.execute<ChainOrgRow & { chainId: string; orgId: string }>(sql`
    SELECT co.chain_id AS "chainId", co.org_id AS "orgId", o.name, o.short_name AS "shortName", o.classified_type AS "classifiedType", co.role
    FROM chain_orgs co JOIN orgs o ON o.id = co.org_id WHERE ${inIds(sql`co.chain_id`, chainIds)}
    ORDER BY co.chain_id, CASE co.role WHEN 'CHIEF_DEPARTMENT' THEN 0 WHEN 'MEMBER_DEPARTMENT' THEN 1 WHEN 'LEAD_BANK' THEN 2 ELSE 3 END, co.org_id`);
  return r.rows.map((x) => ({ ...x, chainId: num(x.chainId), orgId: num(x.orgId) }));
}

export type ManagerRow = {
  userId: number;
  name: string;
  username: string;
  orgId: number;
  orgName: string;
  kind: 'GOVERNMENT' | 'BANK';
};

export async function managersOf(db: DbOrTx, chainId: number): Promise<ManagerRow[]> {
  const r = await db.execute<ManagerRow & { userId: string; orgId: string }>(sql`
    SELECT u.id AS "userId", u.name, u.username, o.id AS "orgId", o.name AS "orgName", m.kind
    FROM chain_managers m JOIN users u ON u.id = m.user_id JOIN orgs o ON o.id = u.org_id
    WHERE m.chain_id = ${chainId} ORDER BY m.kind DESC, u.id`);
  return r.rows.map((x) => ({ ...x, userId: num(x.userId), orgId: num(x.orgId) }));
}

export async function orgsByIds(
  db: DbOrTx,
  ids: readonly number[],
): Promise<{ id: number; classifiedType: string; status: string }[]> {
  if (ids.length === 0) return [];
  const r = await db.execute<{ id: string; classifiedType: string; status: string }>(sql`
    SELECT id, classified_type AS "classifiedType", status FROM orgs o WHERE ${inIds(sql`o.id`, ids)}`);
  return r.rows.map((x) => ({ ...x, id: num(x.id) }));
}

/**
 * Replaces the taking-part organisations: the `banks` counter follows, every taking-part bank gets its figures row
 * (kept when it leaves, so a bank that comes back finds its figures), and the managers whose organisation no longer
 * takes part leave with it. Returns the removed managers' ids.
 */
export async function replaceOrgs(
  tx: DbOrTx,
  chainId: number,
  list: readonly { orgId: number; role: string }[],
): Promise<number[]> {
  await tx.execute(sql`DELETE FROM chain_orgs WHERE chain_id = ${chainId}`);
  await tx.insert(chainOrgs).values(list.map((o) => ({ chainId, orgId: o.orgId, role: o.role })));
  const bankIds = list.filter((o) => o.role === 'LEAD_BANK' || o.role === 'MEMBER_BANK').map((o) => o.orgId);
  if (bankIds.length)
    await tx
      .insert(chainBankFigures)
      .values(bankIds.map((orgId) => ({ chainId, orgId })))
      .onConflictDoNothing();
  await tx.execute(
    sql`UPDATE industrial_chains SET banks = ${bankIds.length}, updated_at = now() WHERE id = ${chainId}`,
  );
  const gone = await tx.execute<{ userId: string }>(sql`
    DELETE FROM chain_managers m WHERE m.chain_id = ${chainId}
      AND NOT EXISTS (SELECT 1 FROM users u WHERE u.id = m.user_id AND ${ELIGIBLE_IN_CHAIN(sql`${chainId}`)})
    RETURNING m.user_id AS "userId"`);
  return gone.rows.map((x) => num(x.userId));
}

/**
 * A user `u` may manage chain `chainId` when his organisation takes part in it, or (for a bank) his organisation's
 * branch line reaches a taking-part bank: its parent or grandparent (banks are HEAD / BRANCH / SUB). Leaving
 * organisations take their managers by this test alone; a newly named manager must also be an active user.
 */
const ELIGIBLE_IN_CHAIN = (chainId: SQL) => sql`EXISTS (
  SELECT 1 FROM orgs uo LEFT JOIN orgs p ON p.id = uo.parent_id
  JOIN chain_orgs co ON co.chain_id = ${chainId}
   AND (co.org_id = uo.id OR (co.role IN ('LEAD_BANK', 'MEMBER_BANK') AND uo.classified_type = 'BANK' AND co.org_id IN (p.id, p.parent_id)))
  WHERE uo.id = u.org_id)`;

/** The users among `userIds` who may manage the chain, with the kind of their organisation. */
export async function eligibleManagers(
  db: DbOrTx,
  chainId: number,
  userIds: readonly number[],
): Promise<{ userId: number; kind: 'GOVERNMENT' | 'BANK' }[]> {
  if (userIds.length === 0) return [];
  const r = await db.execute<{ userId: string; classifiedType: string }>(sql`
    SELECT u.id AS "userId", o.classified_type AS "classifiedType" FROM users u JOIN orgs o ON o.id = u.org_id
    WHERE ${inIds(sql`u.id`, userIds)} AND u.status = 'ACTIVE' AND u.account_type IN ('GOVERNMENT', 'BANK') AND ${ELIGIBLE_IN_CHAIN(sql`${chainId}`)}`);
  return r.rows.map((x) => ({ userId: num(x.userId), kind: x.classifiedType === 'BANK' ? 'BANK' : 'GOVERNMENT' }));
}

export async function replaceManagers(tx: DbOrTx, chainId: number, list: readonly { userId: number; kind: string }[]) {
  await tx.execute(sql`DELETE FROM chain_managers WHERE chain_id = ${chainId}`);
  if (list.length)
    await tx.insert(chainManagers).values(list.map((m) => ({ chainId, userId: m.userId, kind: m.kind })));
  await tx.execute(sql`UPDATE industrial_chains SET updated_at = now() WHERE id = ${chainId}`);
}

// ---------- figures (counter columns only)

export type CounterRow = {
  enterprises: number;
  banks: number;
  visits: number;
  enterprisesVisited: number;
  enterprisesWithIntention: number;
  enterprisesFinanced: number;
  loans: number;
  loanAmount: number;
};

/** Member enterprises with a loan, summed over the active chains (the total's `enterprisesFinanced`), as a read part. */
export const activeFinanced: ReadPart<number> = {
  sql: sql`SELECT coalesce(sum(enterprises_financed), 0)::int AS n FROM industrial_chains WHERE status = 'ACTIVE'`,
  of: (rows) => Number(rows[0]?.n ?? 0),
};

/** The sum of the counters of the active chains, and the distinct banks taking part in them (a small table). */
export async function activeTotals(db: DbOrTx): Promise<CounterRow & { chains: number }> {
  const r = await db.execute<CounterRow & { chains: number }>(sql`
    SELECT count(*)::int AS chains, coalesce(sum(c.enterprises), 0)::int AS enterprises,
      (SELECT count(DISTINCT co.org_id)::int FROM chain_orgs co JOIN industrial_chains x ON x.id = co.chain_id
        WHERE x.status = 'ACTIVE' AND co.role IN ('LEAD_BANK', 'MEMBER_BANK')) AS banks,
      coalesce(sum(c.visits), 0)::int AS visits, coalesce(sum(c.enterprises_visited), 0)::int AS "enterprisesVisited",
      coalesce(sum(c.enterprises_with_intention), 0)::int AS "enterprisesWithIntention", coalesce(sum(c.enterprises_financed), 0)::int AS "enterprisesFinanced",
      coalesce(sum(c.loans), 0)::int AS loans, coalesce(sum(c.loan_amount), 0)::float8 AS "loanAmount"
    FROM industrial_chains c WHERE c.status = 'ACTIVE'`);
  return r.rows[0];
}

export async function activeByCategory(
  db: DbOrTx,
): Promise<{ category: string; chains: number; enterprises: number; loanAmount: number }[]> {
  const r = await db.execute<{ category: string; chains: number; enterprises: number; loanAmount: number }>(sql`
    SELECT category, count(*)::int AS chains, coalesce(sum(enterprises), 0)::int AS enterprises, coalesce(sum(loan_amount), 0)::float8 AS "loanAmount"
    FROM industrial_chains WHERE status = 'ACTIVE' GROUP BY category`);
  return r.rows;
}

const BANK_FIGURES = (chainId: SQL) => sql`
    SELECT co.org_id AS "orgId", o.name, co.role,
      coalesce(f.visits, 0) AS visits, coalesce(f.enterprises_visited, 0) AS "enterprisesVisited",
      coalesce(f.enterprises_with_intention, 0) AS "enterprisesWithIntention", coalesce(f.enterprises_financed, 0) AS "enterprisesFinanced",
      coalesce(f.loans, 0) AS loans, coalesce(f.loan_amount, 0)::float8 AS "loanAmount"
    FROM chain_orgs co JOIN orgs o ON o.id = co.org_id
    LEFT JOIN chain_bank_figures f ON f.chain_id = co.chain_id AND f.org_id = co.org_id
    WHERE co.chain_id = ${chainId} AND co.role IN ('LEAD_BANK', 'MEMBER_BANK')
    ORDER BY CASE co.role WHEN 'LEAD_BANK' THEN 0 ELSE 1 END, co.org_id`;

/** The taking-part banks of a chain with their figures (chain_bank_figures, zeros when the row is missing). */
export type BankFigures = { orgId: number; name: string; role: string } & Omit<CounterRow, 'enterprises' | 'banks'>;

/**
 * A chain's figures page in one statement (the public portal's busiest chain read): its counters, its banks' figures
 * (BANK_FIGURES) and its tiers' (TIER_FIGURES) as JSON arrays beside them, rather than three round trips. Every read
 * is by the chain's key, so one generic plan serves every chain (planOnce: 0.67 -> 0.43 ms a call at the bench's data).
 */
export async function chainFigures(db: DbOrTx, chainId: number) {
  const r = await db.execute<
    { id: string | number; name: string; status: string; byBank: BankFigures[]; byTier: TierFigures[] } & CounterRow
  >(sql`
    SELECT c.id, c.name, c.status, c.enterprises, c.banks, c.visits, c.enterprises_visited AS "enterprisesVisited",
      c.enterprises_with_intention AS "enterprisesWithIntention", c.enterprises_financed AS "enterprisesFinanced", c.loans,
      c.loan_amount::float8 AS "loanAmount",
      (SELECT coalesce(json_agg(b ORDER BY b.role <> 'LEAD_BANK', b."orgId"), '[]') FROM (${BANK_FIGURES(sql`c.id`)}) b) AS "byBank",
      (SELECT coalesce(json_agg(t), '[]') FROM (${TIER_FIGURES(sql`c.id`)}) t) AS "byTier"
    FROM industrial_chains c WHERE c.id = ${chainId}${planOnce()}`);
  const row = r.rows[0];
  if (!row) return null;
  // The ids in place: the row and its JSON arrays are this call's own.
  row.id = num(row.id);
  for (const b of row.byBank) b.orgId = num(b.orgId);
  return row as typeof row & { id: number };
}

export type TierFigures = {
  tier: string;
  enterprises: number;
  enterprisesFinanced: number;
  loanAmount: number;
};

const TIER_FIGURES = (chainId: SQL) => sql`
    SELECT tier, enterprises, enterprises_financed AS "enterprisesFinanced", loan_amount::float8 AS "loanAmount"
    FROM chain_tier_figures WHERE chain_id = ${chainId}`;

export async function tierFigures(db: DbOrTx, chainId: number): Promise<TierFigures[]> {
  const r = await db.execute<TierFigures>(TIER_FIGURES(sql`${chainId}`));
  return r.rows;
}

/**
 * Moves the per-tier counters of a chain (chain_tier_figures: the portal's tier counts, the figures' byTier and the
 * member lists' totals), in the transaction of the write that changes them. Whoever changes members must call it:
 * - a member joins (added, imported, registered again): { enterprises: +1 } on its tier;
 * - a member is removed: { enterprises: -1 } on its tier (a member with visits or loans cannot be removed);
 * - a member's first visit: { enterprisesVisited: +1 };
 * - a member's first loan: { enterprisesFinanced: +1, loanAmount: +amount }; a further loan: { loanAmount: +amount };
 * - a member changes tier: its share (enterprises 1, visited 0/1, financed 0/1, its loan amount) moves from the old
 *   tier to the new.
 * The row is created when missing (migration 0026 recounted every chain's rows from its members).
 */
export async function bumpTier(
  tx: DbOrTx,
  chainId: number,
  tier: string,
  delta: { enterprises?: number; enterprisesVisited?: number; enterprisesFinanced?: number; loanAmount?: number },
) {
  const e = delta.enterprises ?? 0;
  const v = delta.enterprisesVisited ?? 0;
  const f = delta.enterprisesFinanced ?? 0;
  const a = delta.loanAmount ?? 0;
  if (!e && !v && !f && !a) return;
  await tx.execute(sql`
    INSERT INTO chain_tier_figures (chain_id, tier, enterprises, enterprises_visited, enterprises_financed, loan_amount) VALUES (${chainId}, ${tier}, ${e}, ${v}, ${f}, ${a})
    ON CONFLICT (chain_id, tier) DO UPDATE SET enterprises = chain_tier_figures.enterprises + ${e}, enterprises_visited = chain_tier_figures.enterprises_visited + ${v},
      enterprises_financed = chain_tier_figures.enterprises_financed + ${f}, loan_amount = chain_tier_figures.loan_amount + ${a}`);
}

// ---------- membership checks and pickers

/** Whether the organisation line of `orgId` (itself and its head office) takes part in an active chain, or the user manages one. */
export async function takesPartOrManages(db: DbOrTx, orgId: number | null, userId: number): Promise<boolean> {
  const r = await db.execute(sql`
    SELECT 1 FROM chain_managers m JOIN industrial_chains c ON c.id = m.chain_id WHERE m.user_id = ${userId} AND c.status = 'ACTIVE'
    UNION ALL
    SELECT 1 FROM orgs o LEFT JOIN orgs p ON p.id = o.parent_id
      JOIN chain_orgs co ON co.org_id IN (o.id, p.id, p.parent_id) JOIN industrial_chains c ON c.id = co.chain_id
      WHERE o.id = ${orgId ?? 0} AND c.status = 'ACTIVE'
    LIMIT 1`);
  return r.rows.length > 0;
}

export type ChainOptionRow = {
  id: number;
  name: string;
  status: string;
};

const toOptions = (rows: Record<string, unknown>[]): ChainOptionRow[] =>
  rows.map((x) => ({ id: num(x.id), name: String(x.name), status: String(x.status) }));

/** Chains as picker options: `ids` null for every chain. */
export async function chainOptions(db: DbOrTx, ids: readonly number[] | null): Promise<ChainOptionRow[]> {
  if (ids !== null && ids.length === 0) return [];
  const r = await db.execute(
    sql`SELECT c.id, c.name, c.status FROM industrial_chains c WHERE ${ids === null ? sql`true` : inIds(sql`c.id`, ids)} ORDER BY c.id`,
  );
  return toOptions(r.rows);
}

/** The active chains having a member with this credit code (a portal enterprise's chains). */
export async function chainsOfCreditCode(db: DbOrTx, creditCode: string): Promise<ChainOptionRow[]> {
  const r = await db.execute(sql`
    SELECT c.id, c.name, c.status FROM chain_enterprises e JOIN industrial_chains c ON c.id = e.chain_id
    WHERE e.credit_code = ${creditCode} AND c.status = 'ACTIVE' ORDER BY c.id`);
  return toOptions(r.rows);
}

/** The credit code of the account an enterprise user acts for (a sub-account: its main account's). */
export async function creditCodeOf(db: DbOrTx, userId: number): Promise<string | null> {
  const r = await db.execute<{ code: string | null }>(sql`
    SELECT coalesce(p.credit_code, u.credit_code) AS code FROM users u LEFT JOIN users p ON p.id = u.parent_user_id WHERE u.id = ${userId}`);
  return r.rows[0]?.code ?? null;
}

export async function managedChainIds(db: DbOrTx, userId: number): Promise<number[]> {
  const r = await db.execute<{ id: string }>(
    sql`SELECT chain_id AS id FROM chain_managers WHERE user_id = ${userId} ORDER BY chain_id`,
  );
  return r.rows.map((x) => num(x.id));
}

/** The chains any of `orgIds` takes part in. */
export async function chainIdsOfOrgs(db: DbOrTx, orgIds: readonly number[]): Promise<number[]> {
  if (orgIds.length === 0) return [];
  const r = await db.execute<{ id: string }>(
    sql`SELECT DISTINCT co.chain_id AS id FROM chain_orgs co WHERE ${inIds(sql`co.org_id`, orgIds)} ORDER BY 1`,
  );
  return r.rows.map((x) => num(x.id));
}

/** The organisations taking part in the chains `ids` (null: every chain), each with how many of those chains. */
export async function orgOptions(
  db: DbOrTx,
  ids: readonly number[] | null,
): Promise<{ orgId: number; name: string; classifiedType: string; chains: number }[]> {
  if (ids !== null && ids.length === 0) return [];
  const r = await db.execute<{ orgId: string; name: string; classifiedType: string; chains: number }>(sql`
    SELECT co.org_id AS "orgId", o.name, o.classified_type AS "classifiedType", count(*)::int AS chains
    FROM chain_orgs co JOIN orgs o ON o.id = co.org_id WHERE ${ids === null ? sql`true` : inIds(sql`co.chain_id`, ids)}
    GROUP BY co.org_id, o.name, o.classified_type ORDER BY o.classified_type, co.org_id`);
  return r.rows.map((x) => ({ ...x, orgId: num(x.orgId) }));
}

export type ManagerOptionRow = {
  userId: number;
  name: string;
  username: string;
  orgId: number;
  orgName: string;
  classifiedType: string;
};

const MANAGER_OPTION = sql`u.id AS "userId", u.name, u.username, o.id AS "orgId", o.name AS "orgName", o.classified_type AS "classifiedType"`;
const toManagerOption = (x: Record<string, unknown>): ManagerOptionRow => ({
  userId: num(x.userId),
  name: String(x.name),
  username: String(x.username),
  orgId: num(x.orgId),
  orgName: String(x.orgName),
  classifiedType: String(x.classifiedType),
});

/** The active government or bank users of an organisation and, for a bank, of its branches and their sub-branches. */
export async function usersOfOrgTree(db: DbOrTx, orgId: number): Promise<ManagerOptionRow[]> {
  const r = await db.execute(sql`
    SELECT ${MANAGER_OPTION} FROM users u JOIN orgs o ON o.id = u.org_id LEFT JOIN orgs p ON p.id = o.parent_id
    WHERE u.status = 'ACTIVE' AND u.account_type IN ('GOVERNMENT', 'BANK')
      AND (o.id = ${orgId} OR (o.classified_type = 'BANK' AND (o.parent_id = ${orgId} OR p.parent_id = ${orgId})))
    ORDER BY CASE WHEN o.id = ${orgId} THEN 0 ELSE 1 END, u.id LIMIT 500`);
  return r.rows.map(toManagerOption);
}

export async function findManagerOption(db: DbOrTx, userId: number): Promise<ManagerOptionRow | null> {
  const r = await db.execute(sql`
    SELECT ${MANAGER_OPTION} FROM users u JOIN orgs o ON o.id = u.org_id
    WHERE u.id = ${userId} AND u.status = 'ACTIVE' AND u.account_type IN ('GOVERNMENT', 'BANK')`);
  return r.rows[0] ? toManagerOption(r.rows[0]) : null;
}
