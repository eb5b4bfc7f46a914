import type { z } from 'zod';
import {
  CHAIN_CATEGORIES,
  CHAIN_TIERS,
  type ChainMembership,
  type ChainOrgRole,
  type ChainTier,
  type PortalChain,
  type ZChainCategoryData,
  type ZChainFiguresById,
  type ZChainOrgOption,
  type ZManagerOption,
} from '@phjr/contract/chains/chain';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { SessionContext } from '../auth/auth.service.ts';
import { chainScope, GOVERNMENT_ORG_TYPES, readableChainIds, type Actor, type ChainScope } from './chain-access.ts';
import * as repo from './chains.repo.ts';
import { cardOf, figuresOf, summaryOf } from './chains.service.ts';

type Option = { id: number; name: string; status: 'ACTIVE' | 'ARCHIVED' };
const options = (rows: repo.ChainOptionRow[]): Option[] =>
  rows.map((r) => ({ id: r.id, name: r.name, status: r.status as Option['status'] }));
/** `ids` within the readable ones (null: all). */
const within = (ids: number[], readable: number[] | null) =>
  readable === null ? ids : ids.filter((i) => readable.includes(i));

/**
 * The public portal's chain reads (active chains only, figures from the counters) and the membership checks and
 * pickers of the chain clients (docs/chains.md "What the spec's checks answer"), every one within the caller's scope.
 */
export function createChainPortalService(db: Db) {
  // ---------- the portal (public)

  async function portalList() {
    return (await repo.activeChainCards(db)).map(cardOf);
  }

  /** An active chain, or NOT_FOUND (an archived chain is off the portal). */
  async function activeChain(id: number) {
    const r = await repo.findChain(db, id);
    if (!r || r.status !== 'ACTIVE') throw new AppError('NOT_FOUND', '产业链不存在');
    return r;
  }

  const tiersOf = (rows: repo.TierFigures[]) =>
    Object.fromEntries(
      CHAIN_TIERS.map((t) => [
        t,
        rows.find((r) => r.tier === t) ?? { tier: t, enterprises: 0, enterprisesFinanced: 0, loanAmount: 0 },
      ]),
    ) as Record<ChainTier, repo.TierFigures>;
  const tierMap = async (id: number) => tiersOf(await repo.tierFigures(db, id));

  async function portalDetail(id: number): Promise<PortalChain> {
    const r = await activeChain(id);
    const [orgs, tiers] = await Promise.all([repo.orgsOfChains(db, [id]), tierMap(id)]);
    return {
      ...summaryOf(r),
      description: r.description,
      tiers: r.tiers,
      leadEnterprises: r.leadEnterprises,
      orgs: orgs.map((o) => ({ name: o.name, shortName: o.shortName, role: o.role as ChainOrgRole })),
      tierCounts: {
        UPSTREAM: tiers.UPSTREAM.enterprises,
        MIDSTREAM: tiers.MIDSTREAM.enterprises,
        DOWNSTREAM: tiers.DOWNSTREAM.enterprises,
      },
    };
  }

  async function categoryData(): Promise<z.input<typeof ZChainCategoryData>> {
    const rows = await repo.activeByCategory(db);
    return CHAIN_CATEGORIES.map((category) => {
      const r = rows.find((x) => x.category === category);
      return { category, chains: r?.chains ?? 0, enterprises: r?.enterprises ?? 0, loanAmount: r?.loanAmount ?? 0 };
    });
  }

  async function totalFigures() {
    const t = await repo.activeTotals(db);
    return { ...figuresOf(t), chains: t.chains };
  }

  async function figuresById(id: number): Promise<z.input<typeof ZChainFiguresById>> {
    const r = await repo.chainFigures(db, id);
    if (!r || r.status !== 'ACTIVE') throw new AppError('NOT_FOUND', '产业链不存在');
    const [banks, tiers] = [r.byBank, tiersOf(r.byTier)];
    return {
      industrialChainId: r.id,
      name: r.name,
      total: figuresOf(r),
      // A bank's funnel starts from the chain's members: every member is there for each bank to visit.
      byBank: banks.map((b) => ({
        orgId: b.orgId,
        name: b.name,
        role: b.role as ChainOrgRole,
        figures: figuresOf(b, r.enterprises, 1),
      })),
      byTier: CHAIN_TIERS.map((t) => ({
        tier: t,
        enterprises: tiers[t].enterprises,
        enterprisesFinanced: tiers[t].enterprisesFinanced,
        loanAmount: tiers[t].loanAmount,
      })),
    };
  }

  // ---------- membership checks

  async function existsForCurrentUser(s: SessionContext): Promise<boolean> {
    return repo.takesPartOrManages(db, s.orgId, s.userId);
  }

  async function membershipOf(scope: ChainScope, s: SessionContext): Promise<ChainMembership> {
    const exists = await repo.takesPartOrManages(db, s.orgId, s.userId);
    switch (scope.kind) {
      case 'ALL':
        return { exists: true, canOperate: true, kind: 'PLATFORM', chains: options(await repo.chainOptions(db, null)) };
      case 'BANK':
      case 'GOVERNMENT': {
        const chains = options(await repo.chainOptions(db, scope.chainIds));
        return { exists, canOperate: chains.length > 0, kind: scope.kind, chains };
      }
      case 'NONE':
        return { exists, canOperate: false, kind: 'NONE', chains: [] };
    }
  }

  /** A backend user: the operator, a bank or a government manager with its chains (docs/chains.md). */
  async function backendUserCanOperate(actor: Actor): Promise<ChainMembership> {
    return membershipOf(await chainScope(db, actor), actor.session);
  }

  /**
   * A portal user: an enterprise account whose credit code is a member of an active chain is in (portal users read
   * only, so never `canOperate`); an institution's user gets its backend answer without `canOperate`.
   */
  async function portalUserCanOperate(actor: Actor): Promise<ChainMembership> {
    const s = actor.session;
    if (s.accountType === 'ENTERPRISE') {
      const code = await repo.creditCodeOf(db, s.userId);
      const chains = code ? options(await repo.chainsOfCreditCode(db, code)) : [];
      return { exists: chains.length > 0, canOperate: false, kind: 'ENTERPRISE', chains };
    }
    if (s.accountType === 'PERSON') return { exists: false, canOperate: false, kind: 'NONE', chains: [] };
    return { ...(await backendUserCanOperate(actor)), canOperate: false };
  }

  // ---------- pickers

  async function currentUserChains(actor: Actor): Promise<Option[]> {
    return options(await repo.chainOptions(db, readableChainIds(await chainScope(db, actor))));
  }

  async function managedByCurrentUser(actor: Actor): Promise<Option[]> {
    const scope = await chainScope(db, actor);
    return options(
      await repo.chainOptions(
        db,
        within(await repo.managedChainIds(db, actor.session.userId), readableChainIds(scope)),
      ),
    );
  }

  async function chainsByOrgIds(actor: Actor, orgIds: number[]): Promise<Option[]> {
    const scope = await chainScope(db, actor);
    return options(await repo.chainOptions(db, within(await repo.chainIdsOfOrgs(db, orgIds), readableChainIds(scope))));
  }

  async function allChainOrgs(actor: Actor): Promise<z.input<typeof ZChainOrgOption>[]> {
    return repo.orgOptions(db, readableChainIds(await chainScope(db, actor)));
  }

  async function govManagerOrgs(actor: Actor): Promise<z.input<typeof ZChainOrgOption>[]> {
    const scope = await chainScope(db, actor);
    return repo.orgOptions(db, within(await repo.managedChainIds(db, actor.session.userId), readableChainIds(scope)));
  }

  /** The active users of an organisation (and of its branches, for a bank) who may be named managers. */
  async function managerSelectList(orgId: number): Promise<z.input<typeof ZManagerOption>[]> {
    return (await repo.usersOfOrgTree(db, orgId)).map(({ classifiedType: _, ...u }) => u);
  }

  /** One active user of that kind (a government department's or a bank's), or null. */
  async function findUser(userId: number, type: 'GOVERNMENT' | 'BANK'): Promise<z.input<typeof ZManagerOption> | null> {
    const u = await repo.findManagerOption(db, userId);
    if (!u) return null;
    const kindOk = type === 'BANK' ? u.classifiedType === 'BANK' : GOVERNMENT_ORG_TYPES.includes(u.classifiedType);
    if (!kindOk) return null;
    const { classifiedType: _, ...rest } = u;
    return rest;
  }

  return {
    portalList,
    portalDetail,
    categoryData,
    totalFigures,
    figuresById,
    existsForCurrentUser,
    portalUserCanOperate,
    backendUserCanOperate,
    currentUserChains,
    managedByCurrentUser,
    chainsByOrgIds,
    allChainOrgs,
    govManagerOrgs,
    managerSelectList,
    findUser,
  };
}
