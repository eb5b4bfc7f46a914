import type { z } from 'zod';
import { sortOf } from '@phjr/contract/list-sort';
import type { Page } from '@phjr/contract/envelope';
import {
  BANK_CHAIN_ROLES,
  type ChainCard,
  type ChainDetail,
  type ChainFigures,
  type ChainOrgRole,
  type ChainSummary,
  type ZChainManagersSaveRequest,
  type ZChainOrgsSaveRequest,
  type ZChainPageQuery,
  type ZChainSaveRequest,
  type ZChainStatusRequest,
} from '@phjr/contract/chains/chain';
import { fileViewUrl } from '@phjr/contract/files/upload';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { writeAudit } from '../audit/audit.ts';
import {
  chainActionRefusal,
  chainActionsOf,
  chainScope,
  GOVERNMENT_ORG_TYPES,
  requireChain,
  readableChainIds,
  type Actor,
  type ChainScope,
} from './chain-access.ts';
import * as repo from './chains.repo.ts';

type PageQuery = z.output<typeof ZChainPageQuery>;
type SaveInput = z.output<typeof ZChainSaveRequest>;

/** A rule of the service about one field, named as the validation errors name theirs. */
const fieldError = (field: string, message: string) => ({ data: { fields: [{ field, message }] } });
const round4 = (x: number) => Math.round(x * 10_000) / 10_000;
const rate = (part: number, base: number) => (base > 0 ? round4(part / base) : null);

type FunnelCounters = Pick<repo.CounterRow, 'enterprisesVisited' | 'enterprisesWithIntention' | 'enterprisesFinanced'>;

/** The funnel's rates from counters: visited / members, intention / visited, financed / intention; null on a zero base. */
const ratesOf = (c: FunnelCounters, enterprises: number) => ({
  visitRate: rate(c.enterprisesVisited, enterprises),
  intentionRate: rate(c.enterprisesWithIntention, c.enterprisesVisited),
  financedRate: rate(c.enterprisesFinanced, c.enterprisesWithIntention),
});

/**
 * The figures of a chain, a bank or the total, from counters; rates null when their base is 0 (docs/chains.md). A bank's
 * figures take the chain's members and one bank (`enterprises`, `banks`) beside its own counters, without a copy.
 */
export function figuresOf(
  c: Omit<repo.CounterRow, 'enterprises' | 'banks'> & { enterprises?: number; banks?: number },
  enterprises = c.enterprises ?? 0,
  banks = c.banks ?? 0,
): ChainFigures {
  return {
    enterprises,
    banks,
    visits: c.visits,
    enterprisesVisited: c.enterprisesVisited,
    enterprisesWithIntention: c.enterprisesWithIntention,
    enterprisesFinanced: c.enterprisesFinanced,
    loans: c.loans,
    loanAmount: c.loanAmount,
    ...ratesOf(c, enterprises),
  };
}

const coverUrlOf = (fileId: string | null) => (fileId ? fileViewUrl(fileId) : null);

/** A chain's card on the portal's list (ChainCard). */
export function cardOf(r: repo.ChainCardRow): ChainCard {
  const { visitRate, financedRate } = ratesOf(r, r.enterprises);
  return {
    id: r.id,
    name: r.name,
    category: r.category as ChainCard['category'],
    regionName: r.regionName,
    coverUrl: coverUrlOf(r.coverFileId),
    leadBankName: r.leadBankName,
    chiefDepartmentName: r.chiefDepartmentName,
    figures: {
      enterprises: r.enterprises,
      enterprisesFinanced: r.enterprisesFinanced,
      loanAmount: r.loanAmount,
      visitRate,
      financedRate,
    },
  };
}

export function summaryOf(r: repo.ChainRow): Omit<ChainSummary, 'actions'> {
  return {
    id: r.id,
    name: r.name,
    category: r.category as ChainSummary['category'],
    regionCode: r.regionCode,
    regionName: r.regionName,
    status: r.status as ChainSummary['status'],
    coverUrl: coverUrlOf(r.coverFileId),
    leadBankName: r.leadBankName,
    chiefDepartmentName: r.chiefDepartmentName,
    figures: figuresOf(r),
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** Which unique index a write ran into, if it did. */
function clashOf(e: unknown): string | null {
  const err = e as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const pg = err?.code === '23505' ? err : err?.cause?.code === '23505' ? err.cause : null;
  return pg ? (pg.constraint ?? '') : null;
}

/** The chains themselves (docs/chains.md): the operator's writes and every chain client's list and detail. */
export function createChainsService(db: Db) {
  async function detailOf(scope: ChainScope, id: number): Promise<ChainDetail> {
    const r = await repo.findChain(db, id);
    if (!r) throw new AppError('NOT_FOUND', '产业链不存在');
    const [orgs, managers] = await Promise.all([repo.orgsOfChains(db, [id]), repo.managersOf(db, id)]);
    return {
      ...summaryOf(r),
      actions: chainActionsOf(scope, r),
      description: r.description,
      tiers: r.tiers,
      leadEnterprises: r.leadEnterprises,
      coverFileId: r.coverFileId,
      orgs: orgs.map((o) => ({
        orgId: o.orgId,
        name: o.name,
        shortName: o.shortName,
        classifiedType: o.classifiedType,
        role: o.role as ChainOrgRole,
      })),
      managers,
      createdAt: r.createdAt.toISOString(),
    };
  }

  async function page(actor: Actor, q: PageQuery): Promise<Page<ChainSummary>> {
    const scope = await chainScope(db, actor);
    const { rows, total } = await repo.chainPage(
      db,
      {
        ids: readableChainIds(scope),
        keyword: q.keyword,
        category: q.category,
        status: q.status,
        regionCode: q.regionCode,
        sort: sortOf(q),
      },
      (q.current - 1) * q.pageSize,
      q.pageSize,
    );
    return {
      list: rows.map((r) => ({ ...summaryOf(r), actions: chainActionsOf(scope, r) })),
      total,
      current: q.current,
      pageSize: q.pageSize,
    };
  }

  async function detail(actor: Actor, id: number): Promise<ChainDetail> {
    const scope = await chainScope(db, actor);
    await requireChain(db, scope, id, 'read');
    return detailOf(scope, id);
  }

  /** A chain's fields checked against the tables (the schema checked their shape). */
  async function checkFields(req: SaveInput) {
    if (!(await repo.regionExists(db, req.regionCode)))
      throw new AppError('VALIDATION', '请选择地区', fieldError('regionCode', '请选择地区'));
    if (req.coverFileId && !(await repo.isPublicImage(db, req.coverFileId))) {
      throw new AppError('VALIDATION', '封面须为公开上传的图片', fieldError('coverFileId', '封面须为公开上传的图片'));
    }
    if (await repo.nameTaken(db, req.name, req.id ?? null))
      throw new AppError('CHAIN_NAME_TAKEN', undefined, { httpStatus: 409, ...fieldError('name', '产业链名称已存在') });
  }

  /** Locks the chain and refuses the action as the row's `actions` would (NOT_FOUND outside the scope). */
  async function lockFor(
    tx: Parameters<Parameters<Db['transaction']>[0]>[0],
    scope: ChainScope,
    id: number,
    action: Parameters<typeof chainActionRefusal>[2],
  ) {
    await requireChain(tx, scope, id, 'read');
    const chain = await repo.lockChainRow(tx, id);
    if (!chain) throw new AppError('NOT_FOUND', '产业链不存在');
    const refusal = chainActionRefusal(scope, chain, action);
    if (refusal) throw refusal();
    return chain;
  }

  /** The refusal before the input is checked, so an archived chain answers CHAIN_ARCHIVED whatever the input. */
  async function precheck(scope: ChainScope, id: number, action: Parameters<typeof chainActionRefusal>[2]) {
    const chain = await requireChain(db, scope, id, 'read');
    const refusal = chainActionRefusal(scope, chain, action);
    if (refusal) throw refusal();
  }

  async function save(actor: Actor, req: SaveInput): Promise<ChainDetail> {
    const scope = await chainScope(db, actor);
    if (scope.kind !== 'ALL') throw new AppError('FORBIDDEN');
    if (req.id !== undefined) await precheck(scope, req.id, 'edit');
    await checkFields(req);
    const values: repo.ChainValues = {
      name: req.name,
      category: req.category,
      regionCode: req.regionCode,
      description: req.description,
      tiers: req.tiers,
      leadEnterprises: [...new Set(req.leadEnterprises)],
      coverFileId: req.coverFileId,
    };
    let id: number;
    try {
      id = await db.transaction(async (tx) => {
        if (req.id === undefined) {
          const created = await repo.insertChain(tx, values, actor.session.userId);
          await writeAudit(tx, {
            userId: actor.session.userId,
            action: 'chain.create',
            target: `chain:${created}`,
            detail: { name: values.name, category: values.category },
            ip: actor.ip,
          });
          return created;
        }
        await lockFor(tx, scope, req.id, 'edit');
        await repo.updateChain(tx, req.id, values);
        await writeAudit(tx, {
          userId: actor.session.userId,
          action: 'chain.update',
          target: `chain:${req.id}`,
          detail: { name: values.name, category: values.category, regionCode: values.regionCode },
          ip: actor.ip,
        });
        return req.id;
      });
    } catch (e) {
      // Two saves of one name at once: the unique index decides, the loser hears what the check would have said.
      if (clashOf(e) === 'industrial_chains_name_idx')
        throw new AppError('CHAIN_NAME_TAKEN', undefined, {
          httpStatus: 409,
          ...fieldError('name', '产业链名称已存在'),
        });
      throw e;
    }
    return detailOf(scope, id);
  }

  async function setStatus(actor: Actor, req: z.output<typeof ZChainStatusRequest>): Promise<ChainDetail> {
    const scope = await chainScope(db, actor);
    await db.transaction(async (tx) => {
      const chain = await lockFor(tx, scope, req.id, req.status === 'ARCHIVED' ? 'archive' : 'activate');
      await repo.setChainStatus(tx, req.id, req.status);
      await writeAudit(tx, {
        userId: actor.session.userId,
        action: req.status === 'ARCHIVED' ? 'chain.archive' : 'chain.activate',
        target: `chain:${req.id}`,
        detail: { name: chain.name },
        ip: actor.ip,
      });
    });
    return detailOf(scope, req.id);
  }

  /** Exactly one chief department and one lead bank, each organisation once, government roles on government, bank roles on banks. */
  async function checkOrgs(list: z.output<typeof ZChainOrgsSaveRequest>['orgs']) {
    const invalid = (message: string) =>
      new AppError('CHAIN_ORGS_INVALID', message, { httpStatus: 400, ...fieldError('orgs', message) });
    if (new Set(list.map((o) => o.orgId)).size !== list.length) throw invalid('同一机构只能出现一次');
    if (list.filter((o) => o.role === 'CHIEF_DEPARTMENT').length !== 1) throw invalid('须有且仅有一个链长单位');
    if (list.filter((o) => o.role === 'LEAD_BANK').length !== 1) throw invalid('须有且仅有一个链主银行');
    const found = new Map(
      (
        await repo.orgsByIds(
          db,
          list.map((o) => o.orgId),
        )
      ).map((o) => [o.id, o]),
    );
    for (const o of list) {
      const org = found.get(o.orgId);
      if (!org || org.status !== 'ACTIVE') throw invalid(`机构${o.orgId}不存在或已停用`);
      const bankRole = BANK_CHAIN_ROLES.includes(o.role);
      if (bankRole && org.classifiedType !== 'BANK') throw invalid('银行角色须为银行');
      if (!bankRole && !GOVERNMENT_ORG_TYPES.includes(org.classifiedType)) throw invalid('政府角色须为政府部门');
    }
  }

  async function saveOrgs(actor: Actor, req: z.output<typeof ZChainOrgsSaveRequest>): Promise<ChainDetail> {
    const scope = await chainScope(db, actor);
    await precheck(scope, req.id, 'editOrgs');
    await checkOrgs(req.orgs);
    await db.transaction(async (tx) => {
      await lockFor(tx, scope, req.id, 'editOrgs');
      const removedManagers = await repo.replaceOrgs(tx, req.id, req.orgs);
      await writeAudit(tx, {
        userId: actor.session.userId,
        action: 'chain.orgs',
        target: `chain:${req.id}`,
        detail: { orgs: req.orgs, removedManagers },
        ip: actor.ip,
      });
    });
    return detailOf(scope, req.id);
  }

  async function saveManagers(actor: Actor, req: z.output<typeof ZChainManagersSaveRequest>): Promise<ChainDetail> {
    const scope = await chainScope(db, actor);
    const userIds = [...new Set(req.userIds)];
    await db.transaction(async (tx) => {
      await lockFor(tx, scope, req.id, 'editManagers');
      // Checked under the chain's lock: an organisation leaving at the same time cannot leave its manager behind.
      const eligible = await repo.eligibleManagers(tx, req.id, userIds);
      const ok = new Set(eligible.map((m) => m.userId));
      const bad = userIds.filter((u) => !ok.has(u));
      if (bad.length)
        throw new AppError('CHAIN_MANAGER_INVALID', undefined, {
          httpStatus: 400,
          data: { fields: [{ field: 'userIds', message: '链长管理人员须为参与机构的用户' }], userIds: bad },
        });
      await repo.replaceManagers(tx, req.id, eligible);
      await writeAudit(tx, {
        userId: actor.session.userId,
        action: 'chain.managers',
        target: `chain:${req.id}`,
        detail: { userIds },
        ip: actor.ip,
      });
    });
    return detailOf(scope, req.id);
  }

  return { page, detail, save, setStatus, saveOrgs, saveManagers };
}
