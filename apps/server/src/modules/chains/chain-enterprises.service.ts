import type { z } from 'zod';
import { sortOf } from '@phjr/contract/list-sort';
import {
  CHAIN_CLAIM_DAYS,
  CHAIN_CLAIM_WARN_DAYS,
  CHAIN_ENTERPRISE_ACTIONS,
  MASKED_PHONE_RE,
  type ChainEnterprise,
  type ChainTier,
  type ZChainEnterpriseFields,
  type ZChainEnterpriseFilter,
  type ZChainEnterprisePageQuery,
  type ZChainEnterpriseSaveRequest,
} from '@phjr/contract/chains/chain';
import type { Page } from '@phjr/contract/envelope';
import { PHONE_MESSAGE } from '@phjr/contract/auth/sms';
import { shanghaiDay } from '@phjr/contract/system/shanghai-time';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError, type Refusal } from '../../lib/errors.ts';
import { writeAudit } from '../audit/audit.ts';
import { plainText } from '../content/sanitize.ts';
import {
  bankLineOf,
  bankScopeOf,
  chainRefusal,
  chainScope,
  mayRead,
  readableChainIds,
  requireChain,
  type Actor,
  type ChainScope,
} from './chain-access.ts';
import * as figures from './chain-figures.repo.ts';
import * as repo from './chain-enterprises.repo.ts';
import { forgetEnterprise } from './chain-import.repo.ts';
import type { Readable } from 'node:stream';
import { exportFileName } from '@phjr/contract/system/export-file-name';
import type { SortCursor } from '../../db/sort.ts';
import { streamSheet } from '../../lib/excel-export.ts';
import { CHAIN_EXPORT_BATCH, CHAIN_EXPORT_MAX_ROWS, MEMBER_SHEET, cellsOf } from './chain-sheets.ts';
import { tellStaff } from '../notify/notify.service.ts';

/**
 * Member enterprises (docs/chains.md "Rules"): the scoped list and detail, add / edit (the operator or the chain's
 * lead bank), remove (the operator; refused once the member has visits or loans), claim and release (a bank of the
 * chain). A row's `actions` are the actions memberRefusal lets through: the same function refuses the calls.
 */

export type MemberAction = (typeof CHAIN_ENTERPRISE_ACTIONS)[number];
export type MemberFields = z.output<typeof ZChainEnterpriseFields>;
type SaveInput = z.output<typeof ZChainEnterpriseSaveRequest>;
type PageQuery = z.output<typeof ZChainEnterprisePageQuery>;
type MemberQuery = z.output<typeof ZChainEnterpriseFilter>;

const DAY_MS = 86_400_000;
const fieldError = (field: string, message: string) => ({ fields: [{ field, message }] });

/** A credit code already in the chain. */
export const duplicateError = () =>
  new AppError('CHAIN_ENTERPRISE_DUPLICATE', undefined, {
    httpStatus: 409,
    data: fieldError('creditCode', '该企业已在本产业链中'),
  });

/** Free text as plain text: names and notes never carry markup (only text with < or & goes through the stripper). */
export const plain = (s: string) => (/[<&]/.test(s) ? plainText(s) : s.replace(/\s+/g, ' ').trim());
const plainOrNull = (s: string | null) => (s === null ? null : plain(s) || null);

/** Whether `m` is held by a live claim at `now`. */
const liveClaim = (m: { claimedByOrgId: number | null; claimedUntilMs: number | null }, now: number) =>
  m.claimedByOrgId !== null && (m.claimedUntilMs ?? 0) > now;

export interface MemberState {
  chainId: number;
  chainStatus: string;
  visits: number;
  loans: number;
  claimedByOrgId: number | null;
  claimedByOrgName: string | null;
  claimedUntilMs: number | null;
}

const IN_USE: Refusal = () => new AppError('CHAIN_ENTERPRISE_IN_USE', undefined, { httpStatus: 409 });
const NOT_CLAIMED: Refusal = () => new AppError('CONFLICT', '该企业当前未被认领');
const NOT_OWN_CLAIM: Refusal = () => new AppError('FORBIDDEN', '只能取消本机构的认领');

/**
 * Why the scope may not do `action` on the member at `now` (null: it may): refuses the calls (`throw refused()`) and
 * lists the actions (a Refusal builds its AppError only when thrown: a list asks this for every action of every row).
 */
export function memberRefusal(scope: ChainScope, m: MemberState, action: MemberAction, now: number): Refusal | null {
  const chain = { id: m.chainId, status: m.chainStatus };
  const live = liveClaim(m, now);
  switch (action) {
    case 'edit':
      return chainRefusal(scope, chain, 'import');
    case 'remove':
      return chainRefusal(scope, chain, 'manage') ?? (m.visits > 0 || m.loans > 0 ? IN_USE : null);
    case 'visit':
    case 'loan':
      return chainRefusal(scope, chain, 'work');
    case 'claim': {
      const r = chainRefusal(scope, chain, 'work');
      if (r || !live) return r;
      return () => {
        const until = shanghaiDay(m.claimedUntilMs!);
        const mine = scope.kind === 'BANK' && m.claimedByOrgId === scope.orgId;
        const message = mine
          ? `本机构已认领该企业（至${until}）`
          : `该企业已被${m.claimedByOrgName ?? '其他银行'}认领走访，认领至${until}`;
        return new AppError('CHAIN_ENTERPRISE_CLAIMED', message, {
          httpStatus: 409,
          data: { orgId: m.claimedByOrgId, orgName: m.claimedByOrgName, until },
        });
      };
    }
    case 'release': {
      // The operator may end any live claim (a bank that left one behind); a bank only its own.
      const r = chainRefusal(scope, chain, scope.kind === 'ALL' ? 'manage' : 'work');
      if (r) return r;
      if (!live) return NOT_CLAIMED;
      if (scope.kind === 'BANK' && m.claimedByOrgId !== scope.orgId) return NOT_OWN_CLAIM;
      return null;
    }
  }
}

export const memberActions = (scope: ChainScope, m: MemberState, now: number): MemberAction[] =>
  CHAIN_ENTERPRISE_ACTIONS.filter((a) => memberRefusal(scope, m, a, now) === null);

/** A phone as a reader who may not see it gets it (138****0000), in the member list and in the failed import rows. */
export const maskPhone = (p: string | null) =>
  p === null ? null : p.length >= 7 ? `${p.slice(0, 3)}****${p.slice(-4)}` : '****';

/** Who sees members' phones whole, and failed import rows' phones: the operator and the chain's managers. */
export const seesPhones = (scope: ChainScope, managed: Set<number>, chainId: number) =>
  scope.kind === 'ALL' || managed.has(chainId);

/** A member as the caller sees it: the phone masked unless the caller is the operator or a manager of its chain. */
export function toMember(r: repo.MemberRow, scope: ChainScope, managed: Set<number>, now: number): ChainEnterprise {
  const live = liveClaim(r, now);
  const seesPhone = seesPhones(scope, managed, r.chainId);
  return {
    id: r.id,
    industrialChainId: r.chainId,
    chainName: r.chainName,
    creditCode: r.creditCode,
    name: r.name,
    legalPerson: r.legalPerson,
    contactName: r.contactName,
    contactPhone: seesPhone ? r.contactPhone : maskPhone(r.contactPhone),
    scale: r.scale as ChainEnterprise['scale'],
    tier: r.tier as ChainTier,
    mainBusiness: r.mainBusiness,
    financingNeed: r.financingNeed,
    tags: r.tags as ChainEnterprise['tags'],
    visits: r.visits,
    lastVisitDate: r.lastVisitDate,
    loans: r.loans,
    loanAmount: r.loanAmount,
    claimedByOrgId: live ? r.claimedByOrgId : null,
    claimedByOrgName: live ? r.claimedByOrgName : null,
    claimedUntil: live ? new Date(r.claimedUntilMs!).toISOString() : null,
    source: r.source as ChainEnterprise['source'],
    createdAt: new Date(r.createdAtMs).toISOString(),
    actions: memberActions(scope, r, now),
  };
}

/** The stored values of a member's fields (plain text, upper-case credit code). */
export function memberValues(f: MemberFields) {
  return {
    creditCode: f.creditCode.toUpperCase(),
    name: plain(f.name),
    legalPerson: plainOrNull(f.legalPerson),
    contactName: plainOrNull(f.contactName),
    contactPhone: f.contactPhone,
    scale: f.scale,
    tier: f.tier,
    mainBusiness: plainOrNull(f.mainBusiness),
    financingNeed: f.financingNeed,
    tags: [...new Set(f.tags)],
  };
}

/** The unique index a write ran into, if it did. */
export function clashOf(e: unknown): string | null {
  const err = e as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const pg = err?.code === '23505' ? err : err?.cause?.code === '23505' ? err.cause : null;
  return pg ? (pg.constraint ?? '') : null;
}

/** The chain locked for a write on its members: refused when it was archived meanwhile. */
export async function lockActiveChain(tx: DbOrTx, chainId: number) {
  const chain = await figures.lockChain(tx, chainId);
  if (!chain) throw new AppError('NOT_FOUND', '产业链不存在');
  if (chain.status === 'ARCHIVED') throw new AppError('CHAIN_ARCHIVED', undefined, { httpStatus: 409 });
  return chain;
}

export function createChainEnterprisesService(db: Db) {
  /** A member the scope may read, with the caller's view of it; anyone else gets NOT_FOUND. */
  async function reach(scope: ChainScope, id: number) {
    const m = await repo.findMember(db, id);
    if (!m || !mayRead(scope, m.chainId)) throw new AppError('NOT_FOUND', '企业不存在');
    return m;
  }

  async function view(actor: Actor, scope: ChainScope, id: number) {
    const m = await reach(scope, id);
    const managed = await repo.managedAmong(db, actor.session.userId, [m.chainId]);
    return toMember(m, scope, managed, Date.now());
  }

  /** The list's filter and sort, the same for its page and its export: the scope's chains (or a bank's line) and the query's. */
  function memberFilter(
    actor: Actor,
    q: MemberQuery,
    known: ChainScope | null,
    line: readonly number[] | null,
  ): repo.MemberFilter {
    return {
      chainIds: known ? readableChainIds(known) : null,
      bankLine: line ?? undefined,
      chainId: q.industrialChainId,
      keyword: q.keyword,
      tier: q.tier,
      tag: q.tag,
      visited: q.visited === undefined ? undefined : q.visited === 'true',
      financed: q.financed === undefined ? undefined : q.financed === 'true',
      // Only a bank holds claims: for anyone else "claimed by me" is nothing.
      claimedBy: q.claimedByMe ? (line || known?.kind === 'BANK' ? actor.session.orgId! : 0) : undefined,
      sort: sortOf(q),
    };
  }

  /**
   * The member list's Excel twin (issue 30; docs/lists.md): its scope, filters and sort, each row masked as the list
   * shows it (toMember: the phone whole only to the operator and the chain's managers), up to CHAIN_EXPORT_MAX_ROWS in
   * keyset batches; audited (`export`, with the filters) before the file starts.
   */
  async function exportMembers(actor: Actor, q: MemberQuery): Promise<{ fileName: string; stream: Readable }> {
    const scope = await chainScope(db, actor);
    const now = new Date();
    const filter = memberFilter(actor, q, scope, null);
    const batch = async (after: SortCursor | null) => {
      const rows = await repo.memberBatch(db, filter, now, after, CHAIN_EXPORT_BATCH, actor.session.userId);
      const managed = new Set(rows.filter((r) => r.managed).map((r) => r.chainId));
      return rows.map((r) => ({
        member: toMember(r, scope, managed, now.getTime()),
        cursor: { key: r.sortKey, id: r.id },
      }));
    };
    const first = await batch(null);
    await writeAudit(db, {
      userId: actor.session.userId,
      action: 'export',
      target: 'chain:members',
      detail: { list: 'chainMembers', filters: q },
      ip: actor.ip,
    });
    const cells = cellsOf(MEMBER_SHEET);
    const stream = streamSheet({
      sheet: MEMBER_SHEET.sheet,
      columns: MEMBER_SHEET.columns,
      cells: (r) => cells(r.member),
      first,
      next: (last) => batch(last && last.cursor),
      batch: CHAIN_EXPORT_BATCH,
      maxRows: CHAIN_EXPORT_MAX_ROWS,
    });
    return { fileName: exportFileName('产业链企业', now.getTime()), stream };
  }

  async function page(actor: Actor, q: PageQuery): Promise<Page<ChainEnterprise>> {
    // A bank's scope (its chains) is read by the page statement itself: one round trip fewer on the busiest list.
    const line = bankLineOf(actor.session);
    const known = line ? null : await chainScope(db, actor);
    const now = new Date();
    const filter = memberFilter(actor, q, known, line);
    const { rows, total, bankRows } = await repo.pageMembers(
      db,
      filter,
      now,
      q.current,
      q.pageSize,
      actor.session.userId,
    );
    const scope = known ?? bankScopeOf(actor.session.orgId!, bankRows);
    const managed = new Set(rows.filter((r) => r.managed).map((r) => r.chainId));
    return {
      list: rows.map((r) => toMember(r, scope, managed, now.getTime())),
      total,
      current: q.current,
      pageSize: q.pageSize,
    };
  }

  async function detail(actor: Actor, id: number) {
    return view(actor, await chainScope(db, actor), id);
  }

  /** Adds (no id) or edits a member: the operator, or the lead bank of its chain. */
  async function save(actor: Actor, req: SaveInput) {
    const scope = await chainScope(db, actor);
    const chainId = req.industrialChainId;
    await requireChain(db, scope, chainId, 'import');
    const values = memberValues(req);
    if (!values.name)
      throw new AppError('VALIDATION', '请填写企业名称', { data: fieldError('name', '请填写企业名称') });
    let stored: repo.MemberRow | null = null;
    if (req.id !== undefined) {
      const m = await reach(scope, req.id);
      if (m.chainId !== chainId) throw new AppError('NOT_FOUND', '企业不存在');
      const refusal = memberRefusal(scope, m, 'edit', Date.now());
      if (refusal) throw refusal();
      stored = m;
    }
    // A caller who sees the phone masked sends it back as shown: the stored phone stays. Any other masked text is no phone.
    const keepsPhone = values.contactPhone !== null && MASKED_PHONE_RE.test(values.contactPhone);
    if (keepsPhone && maskPhone(stored?.contactPhone ?? null) !== values.contactPhone)
      throw new AppError('VALIDATION', PHONE_MESSAGE, { data: fieldError('contactPhone', PHONE_MESSAGE) });
    const { contactPhone: _shown, ...phoneKept } = values;
    let id: number;
    try {
      id = await db.transaction(async (tx) => {
        await lockActiveChain(tx, chainId);
        if (req.id !== undefined) {
          const m = await figures.lockMember(tx, req.id);
          if (!m || m.chainId !== chainId) throw new AppError('NOT_FOUND', '企业不存在');
          await repo.updateMember(tx, m.id, keepsPhone ? phoneKept : values);
          await figures.memberMoved(tx, m, values.tier);
          await writeAudit(tx, {
            userId: actor.session.userId,
            action: 'chain.enterprise.update',
            target: `chainEnterprise:${m.id}`,
            detail: { chainId, creditCode: values.creditCode, name: values.name },
            ip: actor.ip,
          });
          return m.id;
        }
        const newId = await repo.insertMember(tx, {
          ...values,
          chainId,
          source: 'MANUAL',
          createdBy: actor.session.userId,
        });
        await figures.membersAdded(tx, chainId, { [values.tier]: 1 });
        await writeAudit(tx, {
          userId: actor.session.userId,
          action: 'chain.enterprise.create',
          target: `chainEnterprise:${newId}`,
          detail: { chainId, creditCode: values.creditCode, name: values.name },
          ip: actor.ip,
        });
        return newId;
      });
    } catch (e) {
      if (clashOf(e) === 'chain_enterprises_code_idx') throw duplicateError();
      throw e;
    }
    return view(actor, scope, id);
  }

  /** Removes a member without visits or loans (the operator). */
  async function remove(actor: Actor, id: number) {
    const scope = await chainScope(db, actor);
    const m = await reach(scope, id);
    const refusal = memberRefusal(scope, m, 'remove', Date.now());
    if (refusal) throw refusal();
    await db.transaction(async (tx) => {
      await lockActiveChain(tx, m.chainId);
      const locked = await figures.lockMember(tx, id);
      if (!locked) throw new AppError('NOT_FOUND', '企业不存在');
      if (locked.visits > 0 || locked.loans > 0)
        throw new AppError('CHAIN_ENTERPRISE_IN_USE', undefined, { httpStatus: 409 });
      await forgetEnterprise(tx, id);
      await repo.deleteMember(tx, id);
      await figures.memberRemoved(tx, locked.chainId, locked.tier);
      await writeAudit(tx, {
        userId: actor.session.userId,
        action: 'chain.enterprise.remove',
        target: `chainEnterprise:${id}`,
        detail: { chainId: locked.chainId, creditCode: locked.creditCode, name: locked.name },
        ip: actor.ip,
      });
    });
    return null;
  }

  /** Claims (or releases) a member for a visit; decided on the row locked, so two banks cannot both win. */
  async function claimOrRelease(actor: Actor, id: number, action: 'claim' | 'release') {
    const scope = await chainScope(db, actor);
    const m = await reach(scope, id);
    const first = memberRefusal(scope, m, action, Date.now());
    if (first) throw first();
    await db.transaction(async (tx) => {
      const locked = await figures.lockMember(tx, id);
      if (!locked) throw new AppError('NOT_FOUND', '企业不存在');
      const now = Date.now();
      const claimedByOrgName = locked.claimedByOrgId === null ? null : await repo.orgName(tx, locked.claimedByOrgId);
      const refusal = memberRefusal(scope, { ...m, ...locked, claimedByOrgName }, action, now);
      if (refusal) throw refusal();
      if (action === 'claim') {
        const orgId = (scope as Extract<ChainScope, { kind: 'BANK' }>).orgId;
        const until = new Date(now + CHAIN_CLAIM_DAYS * DAY_MS);
        await repo.setClaim(tx, id, orgId, until);
        await writeAudit(tx, {
          userId: actor.session.userId,
          action: 'chain.enterprise.claim',
          target: `chainEnterprise:${id}`,
          detail: { orgId, until: until.toISOString() },
          ip: actor.ip,
        });
      } else {
        await repo.setClaim(tx, id, null, null);
        await writeAudit(tx, {
          userId: actor.session.userId,
          action: 'chain.enterprise.release',
          target: `chainEnterprise:${id}`,
          detail: { orgId: locked.claimedByOrgId },
          ip: actor.ip,
        });
      }
    });
    return view(actor, scope, id);
  }

  /** The registered name of a credit code (the platform's enterprise registry), for the member form. */
  async function enterpriseName(creditCode: string) {
    const code = creditCode.toUpperCase();
    const r = /^[0-9A-Z]{18}$/.test(code) ? await repo.registryEntry(db, code) : null;
    return { creditCode: code, name: r?.name ?? null, legalPerson: r?.legalPerson ?? null };
  }

  /**
   * The lapse warnings of claims (issue 30), run by the clock sweep (demand-jobs.ts): each live claim lapsing within
   * CHAIN_CLAIM_WARN_DAYS is warned once, in its own transaction, to the claiming organisation's chain workers
   * (chain:work): an in-site message and the CHAIN_CLAIM_LAPSING SMS. A new claim clears the mark. Returns how many.
   */
  async function warnLapsingClaims(now: Date, limit = 500): Promise<number> {
    const warnFrom = new Date(now.getTime() + CHAIN_CLAIM_WARN_DAYS * DAY_MS);
    let warned = 0;
    for (const id of await repo.claimWarningsDue(db, now, warnFrom, limit)) {
      const done = await db.transaction(async (tx) => {
        const c = await repo.markClaimWarned(tx, id, now, warnFrom);
        if (!c) return false;
        const until = shanghaiDay(c.untilMs);
        await tellStaff(
          tx,
          { permission: 'chain:work', accountType: 'BANK', orgIds: [c.orgId] },
          {
            kind: 'chain.claim.lapsing',
            params: { chain: c.chainName, enterprise: c.name, until },
            title: '产业链企业认领即将到期',
            content: `贵机构认领的${c.chainName}企业${c.name}将于${until}到期，请在到期前走访或释放认领。`,
            link: '/financialChain/home',
          },
          { template: 'CHAIN_CLAIM_LAPSING', params: { enterprise: c.name, date: until } },
        );
        return true;
      });
      if (done) warned += 1;
    }
    return warned;
  }

  return {
    page,
    exportMembers,
    detail,
    save,
    remove,
    warnLapsingClaims,
    claim: (a: Actor, id: number) => claimOrRelease(a, id, 'claim'),
    release: (a: Actor, id: number) => claimOrRelease(a, id, 'release'),
    enterpriseName,
  };
}

export type ChainEnterprisesService = ReturnType<typeof createChainEnterprisesService>;
