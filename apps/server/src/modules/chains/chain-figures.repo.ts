import { sql } from 'drizzle-orm';
import type { ChainTier } from '@phjr/contract/chains/chain';
import type { DbOrTx } from '../../db/client.ts';
import { bumpTier } from './chains.repo.ts';

/**
 * The counters of the chain figures (docs/chains.md "Figures"), moved by the same transaction as the write they count:
 * the chain's totals (industrial_chains), the member's own (chain_enterprises), what one bank did with one member
 * (chain_enterprise_banks) and the bank's totals in the chain (chain_bank_figures). A "first" (first visit of a member,
 * first intention, first loan) is decided from the member's row and its bank row read under the member's row lock
 * (lockMember), so concurrent writes on one member count it once. Every write locks the chain row first and the member
 * row second: one order, no deadlock. The per-tier counters (chain_tier_figures) move through chains.repo.ts bumpTier.
 */

export type LockedChain = {
  id: number;
  name: string;
  status: string;
};

/** The chain's row, locked until the transaction ends (its status read under the lock: an archive waits or wins). */
export async function lockChain(tx: DbOrTx, chainId: number): Promise<LockedChain | null> {
  const r = await tx.execute<LockedChain>(
    sql`SELECT id, name, status FROM industrial_chains WHERE id = ${chainId} FOR UPDATE`,
  );
  return r.rows[0] ?? null;
}

export type LockedMember = {
  id: number;
  chainId: number;
  creditCode: string;
  name: string;
  tier: ChainTier;
  visits: number;
  hasIntention: boolean;
  loans: number;
  loanAmount: number;
  claimedByOrgId: number | null;
  claimedUntilMs: number | null;
  createdAtMs: number;
};

/** The member's row, locked until the transaction ends. */
export async function lockMember(tx: DbOrTx, id: number): Promise<LockedMember | null> {
  const r = await tx.execute<LockedMember>(sql`
    SELECT id, chain_id AS "chainId", credit_code AS "creditCode", name, tier, visits, has_intention AS "hasIntention", loans, loan_amount AS "loanAmount",
           claimed_by_org_id AS "claimedByOrgId", (extract(epoch FROM claimed_until) * 1000)::float8 AS "claimedUntilMs",
           (extract(epoch FROM created_at) * 1000)::float8 AS "createdAtMs"
    FROM chain_enterprises WHERE id = ${id} FOR UPDATE`);
  return r.rows[0] ?? null;
}

/** `n` members joined the chain (per tier). */
export async function membersAdded(tx: DbOrTx, chainId: number, byTier: Partial<Record<ChainTier, number>>) {
  const n = Object.values(byTier).reduce((a, b) => a + (b ?? 0), 0);
  if (!n) return;
  await tx.execute(sql`UPDATE industrial_chains SET enterprises = enterprises + ${n} WHERE id = ${chainId}`);
  for (const [tier, k] of Object.entries(byTier)) if (k) await bumpTier(tx, chainId, tier, { enterprises: k });
}

/** A member without visits or loans left the chain (one with records cannot: CHAIN_ENTERPRISE_IN_USE). */
export async function memberRemoved(tx: DbOrTx, chainId: number, tier: ChainTier) {
  await tx.execute(sql`UPDATE industrial_chains SET enterprises = enterprises - 1 WHERE id = ${chainId}`);
  await bumpTier(tx, chainId, tier, { enterprises: -1 });
}

/** A member moved to another tier: its share of the per-tier counters moves with it. */
export async function memberMoved(tx: DbOrTx, m: LockedMember, to: ChainTier) {
  if (m.tier === to) return;
  const financed = m.loans > 0 ? 1 : 0;
  const visited = m.visits > 0 ? 1 : 0;
  await bumpTier(tx, m.chainId, m.tier, {
    enterprises: -1,
    enterprisesVisited: -visited,
    enterprisesFinanced: -financed,
    loanAmount: -m.loanAmount,
  });
  await bumpTier(tx, m.chainId, to, {
    enterprises: 1,
    enterprisesVisited: visited,
    enterprisesFinanced: financed,
    loanAmount: m.loanAmount,
  });
}

/** The row of one bank with one member, locked (the member's lock already serialises it; this reads it). */
async function bankRow(tx: DbOrTx, enterpriseId: number, orgId: number) {
  const r = await tx.execute<{ visits: number; hasIntention: boolean; loans: number }>(sql`
    SELECT visits, has_intention AS "hasIntention", loans FROM chain_enterprise_banks WHERE enterprise_id = ${enterpriseId} AND org_id = ${orgId} FOR UPDATE`);
  return r.rows[0] ?? { visits: 0, hasIntention: false, loans: 0 };
}

/**
 * A visit of `bankOrgId` (the taking-part organisation the visiting unit counts for) to the locked member `m`.
 * Call with the member locked and before anything else changed its counters in this transaction.
 */
export async function visitCounted(
  tx: DbOrTx,
  m: LockedMember,
  v: { bankOrgId: number; hasNeed: boolean; visitDate: string },
) {
  const b = await bankRow(tx, m.id, v.bankOrgId);
  const firstVisit = m.visits === 0 ? 1 : 0;
  const firstNeed = v.hasNeed && !m.hasIntention ? 1 : 0;
  const bankFirstVisit = b.visits === 0 ? 1 : 0;
  const bankFirstNeed = v.hasNeed && !b.hasIntention ? 1 : 0;
  await tx.execute(sql`
    UPDATE chain_enterprises SET visits = visits + 1, has_intention = has_intention OR ${v.hasNeed},
           last_visit_date = GREATEST(last_visit_date, ${v.visitDate}::date), updated_at = now()
    WHERE id = ${m.id}`);
  await tx.execute(sql`
    UPDATE industrial_chains SET visits = visits + 1, enterprises_visited = enterprises_visited + ${firstVisit},
           enterprises_with_intention = enterprises_with_intention + ${firstNeed}
    WHERE id = ${m.chainId}`);
  await tx.execute(sql`
    INSERT INTO chain_enterprise_banks (enterprise_id, org_id, visits, has_intention) VALUES (${m.id}, ${v.bankOrgId}, 1, ${v.hasNeed})
    ON CONFLICT (enterprise_id, org_id) DO UPDATE SET visits = chain_enterprise_banks.visits + 1, has_intention = chain_enterprise_banks.has_intention OR ${v.hasNeed}`);
  await tx.execute(sql`
    INSERT INTO chain_bank_figures (chain_id, org_id, visits, enterprises_visited, enterprises_with_intention)
    VALUES (${m.chainId}, ${v.bankOrgId}, 1, ${bankFirstVisit}, ${bankFirstNeed})
    ON CONFLICT (chain_id, org_id) DO UPDATE SET visits = chain_bank_figures.visits + 1,
      enterprises_visited = chain_bank_figures.enterprises_visited + ${bankFirstVisit},
      enterprises_with_intention = chain_bank_figures.enterprises_with_intention + ${bankFirstNeed}`);
  await bumpTier(tx, m.chainId, m.tier, { enterprisesVisited: firstVisit });
}

/** A loan of `bankOrgId` (the taking-part organisation) to the locked member `m`, same conditions as visitCounted. */
export async function loanCounted(tx: DbOrTx, m: LockedMember, l: { bankOrgId: number; amount: number }) {
  const b = await bankRow(tx, m.id, l.bankOrgId);
  const firstLoan = m.loans === 0 ? 1 : 0;
  const bankFirstLoan = b.loans === 0 ? 1 : 0;
  await tx.execute(
    sql`UPDATE chain_enterprises SET loans = loans + 1, loan_amount = loan_amount + ${l.amount}, updated_at = now() WHERE id = ${m.id}`,
  );
  await tx.execute(sql`
    UPDATE industrial_chains SET loans = loans + 1, loan_amount = loan_amount + ${l.amount}, enterprises_financed = enterprises_financed + ${firstLoan}
    WHERE id = ${m.chainId}`);
  await tx.execute(sql`
    INSERT INTO chain_enterprise_banks (enterprise_id, org_id, loans, loan_amount) VALUES (${m.id}, ${l.bankOrgId}, 1, ${l.amount})
    ON CONFLICT (enterprise_id, org_id) DO UPDATE SET loans = chain_enterprise_banks.loans + 1, loan_amount = chain_enterprise_banks.loan_amount + ${l.amount}`);
  await tx.execute(sql`
    INSERT INTO chain_bank_figures (chain_id, org_id, loans, loan_amount, enterprises_financed) VALUES (${m.chainId}, ${l.bankOrgId}, 1, ${l.amount}, ${bankFirstLoan})
    ON CONFLICT (chain_id, org_id) DO UPDATE SET loans = chain_bank_figures.loans + 1, loan_amount = chain_bank_figures.loan_amount + ${l.amount},
      enterprises_financed = chain_bank_figures.enterprises_financed + ${bankFirstLoan}`);
  await bumpTier(tx, m.chainId, m.tier, { enterprisesFinanced: firstLoan, loanAmount: l.amount });
}
