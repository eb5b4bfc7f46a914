import { CHAIN_ACTIONS, type ZChainAction } from '@phjr/contract/chains/chain';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import { AppError, type Refusal } from '../../lib/errors.ts';
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
  | {
      kind: 'BANK';
      orgId: number;
      bankOrgIds: number[];
      chainIds: number[];
      leadChainIds: number[];
      bankOrgByChain: Record<number, number>;
    }
  /** A government user with chain:read and chain access: the chains it manages and the ones its department takes part in. */
  | { kind: 'GOVERNMENT'; chainIds: number[] }
  | { kind: 'NONE' };

type ChainAction = z.infer<typeof ZChainAction>;

export const GOVERNMENT_ORG_TYPES: readonly string[] = ['GOVERNMENT', 'JINRONGJU', 'RENSHEJUE'];

/**
 * The bank line (the organisation, its parent, its grandparent) of a session that reads chains as a bank (chain:work,
 * chain access, a BANK organisation), from the session's orgTree; null for anyone else. The operator (chain:manage)
 * is never a bank here, whatever its organisation.
 */
export function bankLineOf(s: SessionContext): number[] | null {
  if (s.permissions.has('chain:manage') || !s.chainAccess || s.orgId === null) return null;
  if (!s.permissions.has('chain:work') || s.classifiedType !== 'BANK') return null;
  return s.orgTree?.line ?? [s.orgId];
}

/** A bank's scope from the chain_orgs rows of its line (chains.repo.ts bankChainRows, nearest organisation first). */
export function bankScopeOf(
  orgId: number,
  rows: readonly { chainId: number; orgId: number; role: string }[],
): ChainScope {
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
  return {
    kind: 'BANK',
    orgId,
    bankOrgIds: sorted(orgIds),
    chainIds: sorted(chainIds),
    leadChainIds: sorted(lead),
    bankOrgByChain: byChain,
  };
}

export async function chainScope(db: DbOrTx, actor: Actor): Promise<ChainScope> {
  const s = actor.session;
  if (s.permissions.has('chain:manage')) return { kind: 'ALL' };
  if (!s.chainAccess || s.orgId === null) return { kind: 'NONE' };
  const line = bankLineOf(s);
  if (line) return bankScopeOf(s.orgId, await repo.bankChainRows(db, line));
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
 * Whether the chain exists and is in the actor's chain scope: the chains its chain pickers offer (every chain for the
 * operator). The articles ask this before tying an article to a chain (docs/content.md "Writers").
 */
export async function chainInScope(db: DbOrTx, actor: Actor, chainId: number): Promise<boolean> {
  const scope = await chainScope(db, actor);
  return mayRead(scope, chainId) && (await repo.chainBrief(db, chainId)) !== null;
}

const NOT_MEMBER: Refusal = () => new AppError('CHAIN_NOT_MEMBER', undefined, { httpStatus: 403 });
const FORBIDDEN: Refusal = () => new AppError('FORBIDDEN');
const ARCHIVED: Refusal = () => new AppError('CHAIN_ARCHIVED', undefined, { httpStatus: 409 });
const ACTIVE_ALREADY: Refusal = () => new AppError('CONFLICT', '产业链已是启用状态');

/**
 * Why the scope may not do `mode` on a chain it can read (null: it may), thrown as `throw refused()`: a Refusal, not an
 * AppError, since a list asks this for every action of every row and an Error captures a stack trace. `work`: a bank of the chain (claim, visit,
 * lend); `import`: the operator or the chain's lead bank (add members, import, register failed rows again);
 * `manage`: the operator. Every write on an archived chain answers CHAIN_ARCHIVED. Used both to refuse and to list
 * a row's actions, so the two never disagree.
 */
export function chainRefusal(
  scope: ChainScope,
  chain: { id: number; status: string },
  mode: 'read' | 'work' | 'manage' | 'import',
): Refusal | null {
  if (mode === 'read') return null;
  const bankIn = scope.kind === 'BANK' && scope.chainIds.includes(chain.id);
  const allowed =
    mode === 'manage'
      ? scope.kind === 'ALL'
      : mode === 'import'
        ? scope.kind === 'ALL' || (scope.kind === 'BANK' && scope.leadChainIds.includes(chain.id))
        : bankIn; // work: banks only (the operator manages, it does not visit or lend)
  if (!allowed) {
    if (scope.kind === 'BANK' && !bankIn) return NOT_MEMBER;
    return FORBIDDEN;
  }
  if (chain.status === 'ARCHIVED') return ARCHIVED;
  return null;
}

/** Throws NOT_FOUND unless the scope may read the chain; CHAIN_NOT_MEMBER for a bank write outside its chains; CHAIN_ARCHIVED for writes on an archived chain. */
export async function requireChain(
  db: DbOrTx,
  scope: ChainScope,
  chainId: number,
  mode: 'read' | 'work' | 'manage' | 'import',
): Promise<{ id: number; status: string; name: string }> {
  const chain = mayRead(scope, chainId) ? await repo.chainBrief(db, chainId) : null;
  if (!chain) throw new AppError('NOT_FOUND', '产业链不存在');
  const refusal = chainRefusal(scope, chain, mode);
  if (refusal) throw refusal();
  return chain;
}

/**
 * Why the scope may not take a chain action (CHAIN_ACTIONS) now (null: it may). The one answer both for the row's
 * `actions` and for the call that takes it: edit / editOrgs / editManagers / archive on an active chain and activate
 * on an archived one are the operator's; addEnterprise and import are the operator's and the lead bank's.
 */
export function chainActionRefusal(
  scope: ChainScope,
  chain: { id: number; status: string },
  action: ChainAction,
): Refusal | null {
  switch (action) {
    case 'edit':
    case 'editOrgs':
    case 'editManagers':
    case 'archive':
      return chainRefusal(scope, chain, 'manage');
    case 'activate':
      if (scope.kind !== 'ALL') return FORBIDDEN;
      return chain.status === 'ACTIVE' ? ACTIVE_ALREADY : null;
    case 'addEnterprise':
    case 'import':
      return chainRefusal(scope, chain, 'import');
  }
}

export function chainActionsOf(scope: ChainScope, chain: { id: number; status: string }): ChainAction[] {
  return CHAIN_ACTIONS.filter((a) => !chainActionRefusal(scope, chain, a));
}
