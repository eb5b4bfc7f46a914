import { CHAIN_ACTIONS, type ZChainAction } from '@phjr/contract/chains/chain';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { SessionContext } from '../auth/auth.service.ts';
import * as repo from './chains.repo.ts';

/**
 * Who reads and writes which chain (docs/chains.md "Who does what"). The scope comes from a permission AND the kind
 * of the caller's organisation AND its chain-access switch, so holding chain:work alone never opens a chain: a bank
 * also needs its organisation (or its head office) taking part, a government user a chain it manages or its
 * department takes part in. Every chain module (chains, members, visits, loans, import) asks this one function.
 */
export interface Actor {
  session: SessionContext;
  ip: string;
}

export type ChainScope =
  /** The operator (chain:manage): every chain. */
  | { kind: 'ALL' }
  /**
   * A bank with chain:work and chain access. `orgId` is the caller's own organisation (visits and loans record it);
   * `bankOrgIds` the organisations of its line (itself, its branch, its head office) that take part in some chain
   * with a bank role; `bankOrgByChain` which of them takes part in each chain (the per-bank figures roll up to it).
   */
  | { kind: 'BANK'; orgId: number; bankOrgIds: number[]; chainIds: number[]; leadChainIds: number[]; bankOrgByChain: Record<number, number> }
  /** A government user with chain:read and chain access: the chains it manages and the ones its department takes part in. */
  | { kind: 'GOVERNMENT'; chainIds: number[] }
  | { kind: 'NONE' };

type ChainAction = z.infer<typeof ZChainAction>;

export const GOVERNMENT_ORG_TYPES: readonly string[] = ['GOVERNMENT', 'JINRONGJU', 'RENSHEJUE'];

export async function chainScope(db: DbOrTx, actor: Actor): Promise<ChainScope> {
  const s = actor.session;
  if (s.permissions.has('chain:manage')) return { kind: 'ALL' };
  if (!s.chainAccess || s.orgId === null) return { kind: 'NONE' };
  if (s.permissions.has('chain:work') && s.classifiedType === 'BANK') {
    const rows = await repo.bankChainRows(db, s.orgId);
    const chainIds = new Set<number>();
    const lead = new Set<number>();
    const orgIds = new Set<number>();
    const byChain: Record<number, number> = {};
    // Rows come nearest organisation first, so a chain where both the branch and its head office take part rolls up
    // to the nearest one.
    for (const r of rows) {
      orgIds.add(r.orgId);
      if (byChain[r.chainId] === undefined) byChain[r.chainId] = r.orgId;
      chainIds.add(r.chainId);
      if (r.role === 'LEAD_BANK') lead.add(r.chainId);
    }
    const sorted = (x: Set<number>) => [...x].sort((a, b) => a - b);
    return { kind: 'BANK', orgId: s.orgId, bankOrgIds: sorted(orgIds), chainIds: sorted(chainIds), leadChainIds: sorted(lead), bankOrgByChain: byChain };
  }
  if (s.permissions.has('chain:read') && s.classifiedType !== null && GOVERNMENT_ORG_TYPES.includes(s.classifiedType)) {
    return { kind: 'GOVERNMENT', chainIds: await repo.governmentChainIds(db, s.orgId, s.userId) };
  }
  return { kind: 'NONE' };
}

/** The chain ids the scope may read (null = all). */
export function readableChainIds(scope: ChainScope): number[] | null {
  switch (scope.kind) {
    case 'ALL':
      return null;
    case 'BANK':
    case 'GOVERNMENT':
      return scope.chainIds;
    case 'NONE':
      return [];
  }
}

/** Whether the scope may read the chain (without reading it). */
export function mayRead(scope: ChainScope, chainId: number): boolean {
  const ids = readableChainIds(scope);
  return ids === null || ids.includes(chainId);
}

/**
 * Why the scope may not do `mode` on a chain it can read (null: it may). `work`: a bank of the chain (claim, visit,
 * lend); `import`: the operator or the chain's lead bank (add members, import, register failed rows again);
 * `manage`: the operator. Every write on an archived chain answers CHAIN_ARCHIVED. Used both to refuse and to list
 * a row's actions, so the two never disagree.
 */
export function chainRefusal(scope: ChainScope, chain: { id: number; status: string }, mode: 'read' | 'work' | 'manage' | 'import'): AppError | null {
  if (mode === 'read') return null;
  const bankIn = scope.kind === 'BANK' && scope.chainIds.includes(chain.id);
  const allowed =
    mode === 'manage'
      ? scope.kind === 'ALL'
      : mode === 'import'
        ? scope.kind === 'ALL' || (scope.kind === 'BANK' && scope.leadChainIds.includes(chain.id))
        : bankIn; // work: banks only (the operator manages, it does not visit or lend)
  if (!allowed) {
    if (scope.kind === 'BANK' && !bankIn) return new AppError('CHAIN_NOT_MEMBER', undefined, { httpStatus: 403 });
    return new AppError('FORBIDDEN');
  }
  if (chain.status === 'ARCHIVED') return new AppError('CHAIN_ARCHIVED', undefined, { httpStatus: 409 });
  return null;
}

/** Throws NOT_FOUND unless the scope may read the chain; CHAIN_NOT_MEMBER for a bank write outside its chains; CHAIN_ARCHIVED for writes on an archived chain. */
export async function requireChain(db: DbOrTx, scope: ChainScope, chainId: number, mode: 'read' | 'work' | 'manage' | 'import'): Promise<{ id: number; status: string; name: string }> {
  const chain = mayRead(scope, chainId) ? await repo.chainBrief(db, chainId) : null;
  if (!chain) throw new AppError('NOT_FOUND', '产业链不存在');
  const refusal = chainRefusal(scope, chain, mode);
  if (refusal) throw refusal;
  return chain;
}

/**
 * Why the scope may not take a chain action (CHAIN_ACTIONS) now (null: it may). The one answer both for the row's
 * `actions` and for the call that takes it: edit / editOrgs / editManagers / archive on an active chain and activate
 * on an archived one are the operator's; addEnterprise and import are the operator's and the lead bank's.
 */
export function chainActionRefusal(scope: ChainScope, chain: { id: number; status: string }, action: ChainAction): AppError | null {
  switch (action) {
    case 'edit':
    case 'editOrgs':
    case 'editManagers':
    case 'archive':
      return chainRefusal(scope, chain, 'manage');
    case 'activate':
      if (scope.kind !== 'ALL') return new AppError('FORBIDDEN');
      return chain.status === 'ACTIVE' ? new AppError('CONFLICT', '产业链已是启用状态') : null;
    case 'addEnterprise':
    case 'import':
      return chainRefusal(scope, chain, 'import');
  }
}

export function chainActionsOf(scope: ChainScope, chain: { id: number; status: string }): ChainAction[] {
  return CHAIN_ACTIONS.filter((a) => !chainActionRefusal(scope, chain, a));
}
