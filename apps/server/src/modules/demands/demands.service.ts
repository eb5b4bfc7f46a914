import type { z } from 'zod';
import type { Page } from '@phjr/contract/envelope';
import { DEMAND_DUPLICATE_WINDOW_MINUTES, demandOps } from '@phjr/contract/demands/calls';
import type {
  ZCreateDemandRequest,
  ZDemandFilter,
  ZGrantDemandRequest,
  ZGuaranteeDemandRequest,
  ZHandToBankRequest,
  ZReassignDemandRequest,
  ZRejectDemandRequest,
  DemandWorkbench,
} from '@phjr/contract/demands/calls';
import {
  DEMAND_FINAL,
  DEMAND_TRANSITIONS,
  type DemandDetail,
  type DemandStatus,
  type DemandSummary,
  type DemandType,
  type DemandUserAction,
} from '@phjr/contract/demands/demand';
import type { Db, DbOrTx } from '../../db/client.ts';
import { isCityRegion } from '../../db/regions.repo.ts';
import { AppError } from '../../lib/errors.ts';
import type { SessionContext } from '../auth/auth.service.ts';
import { assertCertified } from '../auth/certification.ts';
import { plainText } from '../content/sanitize.ts';
import { ownFiles } from '../files/files.ts';
import { incrementApplications, incrementGrants } from '../products/products.ts';
import type { SettingsService } from '../system/settings.service.ts';
import { writeAudit } from '../audit/audit.ts';
import { shanghaiDay } from '../system/working-days.ts';
import { ERROR_CODES } from '@phjr/contract/errors';
import {
  outsideProductRanges,
  rangeIssueText,
  rangeRefusal,
  type ProductLimits,
} from '@phjr/contract/demands/product-limits';
import {
  actionsFor,
  actorsOf,
  canSee,
  deadlineRefusal,
  handlerOrg,
  inPool,
  listOf,
  refusalOf,
  scopeOf,
  serves,
  viewerFrom,
  type ListKind,
  type OperateView,
  type Viewer,
} from './demand-access.ts';
import {
  deadlineDay,
  deadlineText,
  demandCode,
  rejectName,
  statusName,
  statusSms,
  tellApplicant,
  tellInstitution,
  tellSupervisorsOverdue,
  type ApplicantNews,
} from './demand-messages.ts';
import type { Said } from '../notify/notify.service.ts';
import { isoOf } from '../../lib/instant-text.ts';
import * as repo from './demands.repo.ts';
import { poolReturnAt, startClock } from './sla.ts';
import { NO_READ_CACHE, type ReadCache } from '../../db/read-cache.ts';
import { sentence } from '../../lib/sentence.ts';
import type { FileLinksService } from '../files/file-links.ts';

export interface Actor {
  session: SessionContext;
  ip: string;
}

type CreateInput = z.output<typeof ZCreateDemandRequest>;
export type FilterInput = z.output<typeof ZDemandFilter>;

/** Who moved it: a user (with the organisation they acted for), or the system (the SLA sweep). */
export interface By {
  userId: number | null;
  orgId: number | null;
  ip: string | null;
}
export const SYSTEM: By = { userId: null, orgId: null, ip: null };
const byOf = (a: Actor): By => ({ userId: a.session.userId, orgId: a.session.orgId, ip: a.ip });

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const ms = (v: number | null) => (v === null ? null : isoOf(v));
const maskPhone = (p: string) => (p.length >= 7 ? `${p.slice(0, 3)}****${p.slice(-4)}` : p ? '****' : '');

/** The ranges of a demand's product, as the detail carries them for the grant form. */
const limitsOf = (p: NonNullable<Awaited<ReturnType<typeof repo.findProductBrief>>>): ProductLimits => ({
  productId: p.id,
  kind: p.kind as ProductLimits['kind'],
  amountMin: p.amountMin,
  amountMax: p.amountMax,
  termMin: p.termMin,
  termMax: p.termMax,
  rateMin: p.rateMin,
  rateMax: p.rateMax,
});
/** A rule of the service about one field, named as the validation errors name theirs. */
const fieldError = (field: string, message: string) => ({ fields: [{ field, message }] });

/** The unique index a write ran into, if it did (one open demand per product, one demand per idempotency key). */
function clashOf(e: unknown): string | null {
  const err = e as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const pg = err?.code === '23505' ? err : err?.cause?.code === '23505' ? err.cause : null;
  return pg ? (pg.constraint ?? '') : null;
}

/** A list row as `v` sees it at `now`: with the actions the server would take from `v` (refusalOf). */
export function toSummary(r: repo.SummaryRow, v: Viewer, now: Date): DemandSummary {
  return {
    id: r.id,
    code: demandCode(r.id, r.createdAtMs),
    type: r.type as DemandType,
    status: r.status as DemandStatus,
    source: r.source as DemandSummary['source'],
    applicantName: r.applicantName,
    applicantType: r.applicantType as DemandSummary['applicantType'],
    regionCode: r.regionCode,
    regionName: r.regionName,
    amount: r.amount,
    term: r.term,
    guaranteeMethod: r.guaranteeMethod as DemandSummary['guaranteeMethod'],
    industry: r.industry as DemandSummary['industry'],
    productId: r.productId,
    productName: r.productName,
    targetOrgId: r.targetOrgId,
    targetOrgName: r.targetOrgName,
    ownerOrgId: r.ownerOrgId,
    ownerOrgName: r.ownerOrgName,
    guaranteeOrgName: r.guaranteeOrgName,
    createdAt: isoOf(r.createdAtMs),
    deadline: ms(r.dueAtMs),
    overdue: r.dueAtMs !== null && r.dueAtMs < now.getTime(),
    grantedAmount: r.grantedAmount,
    grantedAt: r.grantedAt,
    // Shared between rows with the same facts (frozen): no one changes a summary's actions.
    actions: actionsFor(v, r, now) as DemandUserAction[],
  };
}

/** The extra input of the actions that take one. */
export type ActionInput =
  | { action: 'accept' | 'guaranteeAccept' | 'returnToPool' | 'expire' }
  | { action: 'withdraw'; reason?: string }
  | ({ action: 'grant' } & Omit<z.output<typeof ZGrantDemandRequest>, 'id'>)
  | ({ action: 'reject' | 'guaranteeReject' } & Omit<z.output<typeof ZRejectDemandRequest>, 'id'>)
  | ({ action: 'guarantee' } & Omit<z.output<typeof ZGuaranteeDemandRequest>, 'id'>)
  | ({ action: 'handToBank' } & Omit<z.output<typeof ZHandToBankRequest>, 'id'>)
  | ({ action: 'reassign' } & Omit<z.output<typeof ZReassignDemandRequest>, 'id'>);

/** What other modules do inside a demand's transaction; the composition root (services.ts) passes them. */
export interface DemandHooks {
  /** The credit-query consent a posted or accepted demand gives its institution (docs/credit.md). */
  consentFromDemand?: (
    tx: DbOrTx,
    c: {
      demandId: number;
      creditCode: string;
      subjectName: string;
      subjectUserId: number;
      orgId: number;
      purpose: 'LOAN_APPROVAL' | 'GUARANTEE';
      userId: number | null;
      at: Date;
    },
  ) => Promise<void>;
  /** Signs the attachments' links for their reader (files/file-links.ts); without it the links need the header. */
  fileLinks?: Pick<FileLinksService, 'sign'>;
}

/** `readCache` keeps list pages by scope and filter (staff of one unit share them) until a demand changes. */
export function createDemandsService(
  db: Db,
  settings: SettingsService,
  readCache: ReadCache = NO_READ_CACHE,
  hooks: DemandHooks = {},
) {
  // ---------- reading

  /** An attachment's link, signed for the reader so that a browser opens it in a new tab (docs/security.md). */
  const attachmentUrl = (s: SessionContext, id: number, fileId: string) =>
    hooks.fileLinks
      ? hooks.fileLinks.sign(s, demandOps.attachment.path, { id, fileId })
      : `${demandOps.attachment.path}?id=${id}&fileId=${encodeURIComponent(fileId)}`;

  /** A demand the viewer may see; anyone else gets DEMAND_NOT_FOUND exactly as for a missing id. */
  async function reach(v: Viewer, id: number) {
    const d = await repo.findDemand(db, id);
    if (!d || !canSee(v, d)) throw new AppError('DEMAND_NOT_FOUND');
    return d;
  }

  async function page(
    s: SessionContext,
    kind: ListKind,
    q: FilterInput & { current: number; pageSize: number; view?: OperateView },
  ): Promise<Page<DemandSummary>> {
    const { current, pageSize } = q;
    const { viewer, scope, filter } = await listOf(db, s, kind, q.view, q, readCache);
    const now = new Date();
    // Cached rows are the viewer's scope's; the actions are the viewer's own, computed from each row's columns.
    // The key as a function: its JSON (~3 µs a call) is made only while the cache serves entries.
    const key = () => `demands:${JSON.stringify([scope, filter, current, pageSize])}`;
    const { list, total } = await readCache.get(key, () => repo.pageDemands(db, scope, filter, now, current, pageSize));
    return { list: list.map((r) => toSummary(r, viewer, now)), total, current, pageSize };
  }

  async function detail(s: SessionContext, id: number): Promise<DemandDetail> {
    const v = viewerFrom(s);
    const d = await reach(v, id);
    const [names, history, attachments, product] = await Promise.all([
      repo.namesOf(db, d),
      repo.listHistory(db, id),
      repo.listAttachments(db, id),
      d.productId === null ? null : repo.findProductBrief(db, d.productId),
    ]);
    const now = new Date();
    const actors = actorsOf(v, d);
    // Phones are shown to the applicant, the institution handling the demand and the operator.
    const seesPhone =
      v.operator ||
      actors.has('applicant') ||
      actors.has('owner-bank') ||
      actors.has('target-bank') ||
      (actors.has('guarantee') && handlerOrg(d) === d.guaranteeOrgId);
    const summary = toSummary(
      { ...d, ...names, createdAtMs: d.createdAt.getTime(), dueAtMs: d.dueAt?.getTime() ?? null },
      v,
      now,
    );
    return {
      ...summary,
      purpose: d.purpose,
      contactName: d.contactName,
      contactPhone: seesPhone ? d.contactPhone : maskPhone(d.contactPhone),
      creditCode: d.creditCode,
      attachments: attachments.map((a) => ({ id: a.fileId, name: a.name, url: attachmentUrl(s, d.id, a.fileId) })),
      consent: { agreed: d.consentAt !== null, at: iso(d.consentAt), institution: d.consentInstitution },
      acceptDeadline: iso(d.acceptDeadline),
      decideDeadline: iso(d.decideDeadline),
      acceptedAt: iso(d.acceptedAt),
      decidedAt: iso(d.decidedAt),
      grantedRate: d.grantedRate,
      grantedTerm: d.grantedTerm,
      guaranteedAmount: d.guaranteedAmount,
      guaranteeFeeRate: d.guaranteeFeeRate,
      guaranteeTerm: d.guaranteeTerm,
      guaranteeContractNo: d.guaranteeContractNo,
      guaranteeSignedAt: d.guaranteeSignedAt,
      guaranteeStartDate: d.guaranteeStartDate,
      guaranteeEndDate: d.guaranteeEndDate,
      productLimits: product ? limitsOf(product) : null,
      rejectCode: d.rejectCode as DemandDetail['rejectCode'],
      rejectReason: d.rejectReason,
      withdrawReason: d.withdrawReason,
      urgeCount: d.urgeCount,
      history: history.map((h) => ({
        id: h.id,
        at: new Date(h.atMs).toISOString(),
        action: h.action,
        fromStatus: h.fromStatus as DemandStatus | null,
        toStatus: h.toStatus as DemandStatus | null,
        actorName: h.actorName,
        actorOrgName: h.actorOrgName,
        reason: h.reason,
      })),
    };
  }

  /** One attachment, to anyone who may see the demand. */
  async function attachment(s: SessionContext, id: number, fileId: string) {
    await reach(viewerFrom(s), id);
    const f = await repo.findAttachedFile(db, id, fileId);
    if (!f) throw new AppError('FILE_NOT_FOUND');
    return f;
  }

  // ---------- where a demand goes

  /**
   * The bank unit a demand given to `orgId` lands on: an active bank unit serving the demand's region; a head office
   * hands it on to its branch for that district when it has one (PRODUCT.md: branch dispatch).
   */
  async function bankUnitFor(orgId: number, regionCode: string) {
    const org = await repo.findOrgNode(db, orgId);
    if (!org || org.classifiedType !== 'BANK' || org.status !== 'ACTIVE') throw new AppError('DEMAND_TARGET_INVALID');
    const cityWide = await isCityRegion(db, org.regionCode);
    if (!cityWide && org.regionCode !== regionCode)
      throw new AppError('DEMAND_TARGET_INVALID', '该银行机构不服务需求所在区县');
    if (org.parentId === null) {
      const branch = await repo.branchServing(db, org.id, regionCode);
      if (branch) return (await repo.findOrgNode(db, branch))!;
    }
    return org;
  }

  // ---------- posting

  async function create(actor: Actor, req: CreateInput) {
    const s = actor.session;
    const v = viewerFrom(s);
    if (v.applicantId === null) throw new AppError('ACCOUNT_KIND_NOT_ALLOWED', '仅个人和企业用户可以发布融资需求');
    if (req.type !== 'PUBLIC') assertCertified(s);
    const region = await repo.findRegion(db, req.regionCode);
    if (!region || region.parentCode === null) throw new AppError('VALIDATION', '请选择需求所在区县');
    const applicant = (await repo.findAccount(db, v.applicantId))!;

    let target: { id: number; name: string; headId: number } | null = null;
    let productId: number | null = null;
    if (req.type === 'PUBLIC') {
      if (req.productId || req.targetOrgId) throw new AppError('VALIDATION', '公开需求不指定机构或产品');
    } else {
      const kind = req.type === 'ORIENTATION' ? 'LOAN' : 'GUARANTEE_SERVICE';
      let orgId = req.targetOrgId ?? null;
      if (req.productId) {
        const p = await repo.findProductBrief(db, req.productId);
        if (!p || p.status !== 'LISTED') throw new AppError('PRODUCT_NOT_FOUND');
        if (p.kind !== kind)
          throw new AppError('VALIDATION', req.type === 'ORIENTATION' ? '请选择贷款产品' : '请选择担保服务');
        // The product's ranges bind the application (bounds included); the form checks the same before sending.
        const outside = outsideProductRanges(p, { amount: req.amount, term: req.term });
        if (outside.length)
          throw new AppError('DEMAND_OUTSIDE_PRODUCT_RANGE', outside.map(rangeIssueText).join('；'), {
            data: rangeRefusal(outside),
          });
        if (orgId !== null && orgId !== p.orgId && orgId !== p.bankId)
          throw new AppError('VALIDATION', '产品不属于所选机构');
        orgId = p.orgId;
        productId = p.id;
      }
      if (orgId === null)
        throw new AppError('VALIDATION', req.type === 'ORIENTATION' ? '请选择银行或产品' : '请选择担保机构');
      if (req.type === 'ORIENTATION') {
        const unit = await bankUnitFor(orgId, req.regionCode);
        target = { id: unit.id, name: unit.name, headId: unit.headId };
      } else {
        const g = await repo.findOrgNode(db, orgId);
        if (!g || g.classifiedType !== 'GUARANTEE' || g.status !== 'ACTIVE')
          throw new AppError('DEMAND_TARGET_INVALID');
        target = { id: g.id, name: g.name, headId: g.headId };
      }
    }
    const attachments = [...new Set(req.attachmentIds)];
    const files = await ownFiles(db, attachments, [s.userId, v.applicantId]);
    if (files.length !== attachments.length) throw new AppError('VALIDATION', '附件不存在或不是本人上传');

    const now = new Date();
    const clock = await startClock(db, settings, 'accept', now);
    const purpose = plainText(req.purpose);
    if (purpose.length < 5) throw new AppError('VALIDATION', '请说明资金用途（至少5个字）');
    const applicantId = v.applicantId;
    const idempotencyKey = req.idempotencyKey ?? null;
    // A retry, a double click or ten tabs posting at once are one demand: they are answered with the first.
    const match: repo.PostingMatch = {
      applicantUserId: applicantId,
      idempotencyKey,
      type: req.type,
      productId,
      targetOrgId: target?.id ?? null,
      amount: req.amount,
      term: req.term,
      purpose,
      since: new Date(now.getTime() - DEMAND_DUPLICATE_WINDOW_MINUTES * 60_000),
      finished: DEMAND_FINAL,
    };
    const answer = (d: { id: number; createdAt: Date; status: DemandStatus }) => ({
      id: d.id,
      code: demandCode(d.id, d.createdAt),
      status: d.status,
    });
    try {
      return await db.transaction(async (tx) => {
        await repo.lockApplicantPosting(tx, applicantId);
        const first = await repo.findDuplicate(tx, match);
        if (first) return answer(first);
        const d = await repo.insertDemand(tx, {
          type: req.type,
          status: 'PENDING',
          source: 'APPLICANT',
          applicantUserId: v.applicantId,
          applicantName: applicant.name,
          applicantType: applicant.accountType === 'ENTERPRISE' ? 'ENTERPRISE' : 'PERSON',
          creditCode: applicant.creditCode,
          createdBy: s.userId,
          productId,
          targetOrgId: target?.id ?? null,
          bankOrgId: req.type === 'ORIENTATION' ? target!.id : null,
          bankId: req.type === 'ORIENTATION' ? target!.headId : null,
          guaranteeOrgId: req.type === 'GUARANTEE' ? target!.id : null,
          amount: req.amount,
          term: req.term,
          purpose,
          guaranteeMethod: req.guaranteeMethod,
          regionCode: req.regionCode,
          industry: req.industry,
          contactName: plainText(req.contactName) || applicant.name,
          contactPhone: req.contactPhone,
          consentUserId: s.userId,
          consentAt: now,
          consentInstitution: target?.name ?? `${region.name}辖内银行业金融机构`,
          acceptDeadline: clock.dueAt,
          dueAt: clock.dueAt,
          warnAt: clock.warnAt,
          idempotencyKey,
          createdAt: now,
          updatedAt: now,
        });
        await repo.insertAttachments(
          tx,
          d.id,
          files.map((f) => ({ fileId: f.id, name: f.name })),
        );
        // An addressed demand's consent names its institution; only enterprises are credit subjects.
        if (target && applicant.accountType === 'ENTERPRISE' && applicant.creditCode) {
          const purpose = req.type === 'GUARANTEE' ? 'GUARANTEE' : 'LOAN_APPROVAL';
          await hooks.consentFromDemand?.(tx, {
            demandId: d.id,
            creditCode: applicant.creditCode,
            subjectName: applicant.name,
            subjectUserId: applicantId,
            orgId: target.id,
            purpose,
            userId: s.userId,
            at: now,
          });
        }
        await repo.insertHistory(tx, {
          demandId: d.id,
          action: 'create',
          fromStatus: null,
          toStatus: 'PENDING',
          userId: s.userId,
          orgId: null,
          at: now,
        });
        if (productId) await incrementApplications(tx, productId);
        const code = demandCode(d.id, now);
        await writeAudit(tx, {
          userId: s.userId,
          action: 'demand.create',
          target: `demand:${d.id}`,
          detail: { code, type: req.type, amount: req.amount, targetOrgId: target?.id ?? null, productId },
          ip: actor.ip,
        });
        await tellApplicant(tx, d, {
          kind: 'demand.submitted',
          params: { demandNo: code, org: target?.name ?? null, deadline: deadlineDay(clock.dueAt) },
          title: '融资需求已提交',
          content: `您的融资需求${code}已提交，请等待${target?.name ?? '银行机构'}在${deadlineText(clock.dueAt)}前受理。`,
          sms: statusSms(code, 'PENDING'),
        });
        if (target) {
          await tellInstitution(tx, d, target.id, {
            kind: req.type === 'GUARANTEE' ? 'demand.guaranteeRequested' : 'demand.targeted',
            params: {
              applicant: applicant.name,
              demandNo: code,
              amount: req.amount,
              deadline: deadlineDay(clock.dueAt),
            },
            title: req.type === 'GUARANTEE' ? '收到新的担保需求' : '收到新的定向融资需求',
            content: `${applicant.name}提交了融资需求${code}（${req.amount}万元），请在${deadlineText(clock.dueAt)}前受理。`,
          });
        }
        return { id: d.id, code, status: 'PENDING' as DemandStatus };
      });
    } catch (e) {
      const clash = clashOf(e);
      if (clash === 'demands_open_product_uq') throw new AppError('DEMAND_OPEN_EXISTS');
      // The lock makes this unreachable between postings; should any other writer hold the key, its demand answers
      // (looked up by the key alone: no type matches '').
      const first = clash === 'demands_idempotency_uq' ? await repo.findDuplicate(db, { ...match, type: '' }) : null;
      if (first) return answer(first);
      throw e;
    }
  }

  // ---------- transitions

  /**
   * One action of DEMAND_TRANSITIONS by a user. The checks, in order: the viewer may see the demand (else
   * DEMAND_NOT_FOUND), the demand's type and state are in the action's row (else DEMAND_BAD_STATE), the viewer holds
   * one of the row's roles on it (else DEMAND_ACTION_FORBIDDEN), and the action's own rules. The change, its history
   * row, its audit row and the applicant's message are one transaction; the UPDATE re-checks the state, so of two
   * concurrent actions one wins and the other changes nothing.
   */
  async function act(actor: Actor, id: number, input: ActionInput) {
    const v = viewerFrom(actor.session);
    const d = await repo.findDemand(db, id);
    if (!d || !canSee(v, d)) {
      // A bank that was too slow for a public demand of its pool is told so (it saw the demand in its pool).
      if (
        d &&
        input.action === 'accept' &&
        v.bank &&
        d.type === 'PUBLIC' &&
        d.ownerOrgId !== null &&
        serves(v.bank, d.regionCode)
      )
        throw new AppError('DEMAND_TAKEN');
      throw new AppError('DEMAND_NOT_FOUND');
    }
    // `expire` is the system's alone (the SLA sweep calls apply); no user may take it.
    if (input.action === 'expire') throw new AppError('DEMAND_ACTION_FORBIDDEN');
    const now = new Date();
    const refused = refusalOf(v, d, input.action, now);
    if (refused) throw refused();
    return apply(d, input, byOf(actor), now, v);
  }

  /**
   * Applies an action already allowed for its actor (`v`: the acting viewer; none for the system) at `now`.
   * Returns the demand's new state, or throws when the demand moved meanwhile.
   */
  async function apply(d: repo.DemandRow, input: ActionInput, by: By, now: Date, v?: Viewer) {
    const action = input.action;
    const rule = DEMAND_TRANSITIONS[action];
    const refused = deadlineRefusal(action, d, now);
    if (refused) throw refused();
    if (action === 'expire' && !(d.dueAt !== null && d.dueAt <= now)) throw new AppError('DEMAND_BAD_STATE');
    const from = d.status as DemandStatus;
    const to = rule.to as DemandStatus;
    const code = demandCode(d.id, d.createdAt);
    const set: repo.DemandSet = { status: to };
    // Each action re-checks in its UPDATE what it was decided on: the state, and who has the demand.
    let also = d.bankOrgId === null ? undefined : repo.stillAt(d.bankOrgId);
    let reason: string | null = null;
    let news: ApplicantNews;
    const notices: (Said & { orgId: number })[] = [];

    switch (input.action) {
      case 'accept': {
        const owner = inPool(d) ? v!.bank!.orgId : d.bankOrgId!;
        const head = inPool(d) ? v!.bank!.headId : d.bankId!;
        const clock = await startClock(db, settings, 'decide', now);
        Object.assign(set, {
          ownerOrgId: owner,
          bankOrgId: owner,
          bankId: head,
          acceptedAt: now,
          decideDeadline: clock.dueAt,
          dueAt: clock.dueAt,
          warnAt: clock.warnAt,
          warnedAt: null,
        });
        also = repo.both(inPool(d) ? repo.stillPooled() : also, repo.acceptableAt(now));
        const unit = await repo.findOrgNode(db, owner);
        news = {
          kind: 'demand.accepted',
          params: { demandNo: code, org: unit!.name },
          title: '融资需求已受理',
          content: `您的融资需求${code}已由${unit!.name}受理，请保持电话畅通，留意银行联系。`,
          sms: { template: 'DEMAND_ACCEPTED', params: { demandNo: code, org: unit!.name } },
        };
        break;
      }
      case 'grant': {
        if (input.grantedAt > shanghaiDay(now)) throw new AppError('VALIDATION', '放款日期不能晚于今天');
        if (input.grantedAt < shanghaiDay(d.createdAt))
          throw new AppError('VALIDATION', '放款日期不能早于需求提交日期');
        // Outside the loan product's ranges only with the bank's explicit confirmation, which the history keeps.
        const product = d.productId === null ? null : await repo.findProductBrief(db, d.productId);
        const outside =
          product?.kind === 'LOAN'
            ? outsideProductRanges(product, { amount: input.amount, rate: input.rate, term: input.term })
            : [];
        if (outside.length && input.outOfRangeConfirmed !== true) {
          throw new AppError(
            'DEMAND_GRANT_OUT_OF_RANGE',
            `${ERROR_CODES.DEMAND_GRANT_OUT_OF_RANGE}：${outside.map(rangeIssueText).join('；')}`,
            { data: rangeRefusal(outside) },
          );
        }
        if (outside.length) reason = `银行已确认超出产品范围放款：${outside.map(rangeIssueText).join('；')}`;
        Object.assign(set, {
          grantedAmount: input.amount,
          grantedRate: input.rate,
          grantedTerm: input.term,
          grantedAt: input.grantedAt,
          decidedAt: now,
          dueAt: null,
          warnAt: null,
        });
        const unit = await repo.findOrgNode(db, d.bankOrgId!);
        news = {
          kind: 'demand.granted',
          params: {
            demandNo: code,
            org: unit!.name,
            amount: input.amount,
            rate: input.rate,
            term: input.term,
            grantedAt: input.grantedAt,
          },
          title: '融资需求已放款',
          content: `您的融资需求${code}已由${unit!.name}放款${input.amount}万元（年利率${input.rate}%，期限${input.term}个月，放款日期${input.grantedAt}）。`,
          sms: { template: 'DEMAND_GRANTED', params: { demandNo: code, org: unit!.name, amount: input.amount } },
        };
        break;
      }
      case 'reject':
      case 'guaranteeReject': {
        reason = [rejectName(input.code), input.reason].filter(Boolean).join('：');
        Object.assign(set, {
          rejectCode: input.code,
          rejectReason: input.reason ?? null,
          decidedAt: now,
          dueAt: null,
          warnAt: null,
        });
        const unit = await repo.findOrgNode(db, action === 'reject' ? d.bankOrgId! : d.guaranteeOrgId!);
        news = {
          kind: 'demand.rejected',
          params: { demandNo: code, org: unit!.name, rejectCode: input.code, detail: input.reason || null },
          title: '融资需求未获通过',
          content: `您的融资需求${code}经${unit!.name}审核未获通过。原因：${sentence(reason)}`,
          sms: { template: 'DEMAND_REJECTED', params: { demandNo: code, reason } },
        };
        break;
      }
      case 'withdraw': {
        if (from !== 'PENDING' && !input.reason) throw new AppError('VALIDATION', '需求已受理，撤回须填写原因');
        reason = input.reason ?? null;
        Object.assign(set, { withdrawReason: reason, withdrawnAt: now, dueAt: null, warnAt: null, poolAt: null });
        news = {
          kind: 'demand.withdrawn',
          params: { demandNo: code, reason },
          title: '融资需求已撤回',
          content: `您已撤回融资需求${code}${reason ? `，原因：${reason}` : ''}。`,
          sms: statusSms(code, to),
        };
        const handler = handlerOrg(d);
        if (handler !== null)
          notices.push({
            orgId: handler,
            kind: 'demand.withdrawnByApplicant',
            params: { applicant: d.applicantName, demandNo: code, reason },
            title: '融资需求已被申请人撤回',
            content: `${d.applicantName}撤回了融资需求${code}${reason ? `，原因：${reason}` : ''}。`,
          });
        break;
      }
      case 'expire': {
        also = repo.both(also, repo.overdueAt(now));
        const targeted = d.type === 'ORIENTATION' && d.bankOrgId !== null;
        Object.assign(set, {
          expiredAt: now,
          dueAt: null,
          warnAt: null,
          poolAt: targeted ? await poolReturnAt(db, now) : null,
        });
        news = {
          kind: 'demand.expired',
          params: { demandNo: code },
          title: '融资需求受理超时',
          content: `您的融资需求${code}未在受理时限内被受理，监管部门将督促重新安排机构受理。`,
          sms: statusSms(code, to),
        };
        break;
      }
      case 'reassign': {
        const unit = await bankUnitFor(input.bankOrgId, d.regionCode);
        reason = [`分派至${unit.name}`, input.reason].filter(Boolean).join('：');
        const clock = await startClock(db, settings, 'accept', now);
        Object.assign(set, {
          targetOrgId: unit.id,
          bankOrgId: unit.id,
          bankId: unit.headId,
          ownerOrgId: null,
          acceptDeadline: clock.dueAt,
          dueAt: clock.dueAt,
          warnAt: clock.warnAt,
          warnedAt: null,
          poolAt: null,
        });
        also = d.bankOrgId === null ? repo.stillUnassigned() : also;
        news = {
          kind: 'demand.reassigned',
          params: { demandNo: code, org: unit.name },
          title: '融资需求已重新分派',
          content: `您的融资需求${code}已由监管部门分派至${unit.name}受理。`,
          sms: statusSms(code, to),
        };
        notices.push({
          orgId: unit.id,
          kind: 'demand.assigned',
          params: { demandNo: code, applicant: d.applicantName, amount: d.amount, deadline: deadlineDay(clock.dueAt) },
          title: '监管部门分派了融资需求',
          content: `融资需求${code}（${d.applicantName}，${d.amount}万元）已分派给贵机构，请在${deadlineText(clock.dueAt)}前受理。`,
        });
        break;
      }
      case 'returnToPool': {
        const clock = await startClock(db, settings, 'accept', now);
        reason = '转入公开需求池';
        Object.assign(set, {
          type: 'PUBLIC',
          targetOrgId: null,
          bankOrgId: null,
          bankId: null,
          ownerOrgId: null,
          acceptDeadline: clock.dueAt,
          dueAt: clock.dueAt,
          warnAt: clock.warnAt,
          warnedAt: null,
          poolAt: null,
        });
        news = {
          kind: 'demand.pooled',
          params: { demandNo: code },
          title: '融资需求已转为公开需求',
          content: `您的融资需求${code}已转入公开需求池，辖内银行均可受理。`,
          sms: statusSms(code, to),
        };
        break;
      }
      case 'guaranteeAccept': {
        const clock = await startClock(db, settings, 'decide', now);
        Object.assign(set, {
          acceptedAt: now,
          decideDeadline: clock.dueAt,
          dueAt: clock.dueAt,
          warnAt: clock.warnAt,
          warnedAt: null,
        });
        const unit = await repo.findOrgNode(db, d.guaranteeOrgId!);
        news = {
          kind: 'demand.guaranteeAccepted',
          params: { demandNo: code, org: unit!.name },
          title: '担保需求已受理',
          content: `您的担保需求${code}已由${unit!.name}受理，请保持电话畅通。`,
          sms: { template: 'DEMAND_ACCEPTED', params: { demandNo: code, org: unit!.name } },
        };
        break;
      }
      case 'guarantee': {
        if (input.signedAt > shanghaiDay(now))
          throw new AppError('VALIDATION', '担保合同签订日期不能晚于今天', {
            data: fieldError('signedAt', '担保合同签订日期不能晚于今天'),
          });
        if (input.signedAt < shanghaiDay(d.createdAt)) {
          throw new AppError('VALIDATION', '担保合同签订日期不能早于需求提交日期', {
            data: fieldError('signedAt', '担保合同签订日期不能早于需求提交日期'),
          });
        }
        const contractNo = plainText(input.contractNo);
        Object.assign(set, {
          guaranteedAmount: input.amount,
          guaranteeFeeRate: input.feeRate,
          guaranteeTerm: input.term,
          guaranteeContractNo: contractNo,
          guaranteeSignedAt: input.signedAt,
          guaranteeStartDate: input.startDate,
          guaranteeEndDate: input.endDate,
        });
        const unit = await repo.findOrgNode(db, d.guaranteeOrgId!);
        reason = `担保金额${input.amount}万元，担保费率${input.feeRate}%，期限${input.term}个月，合同编号${contractNo}（${input.signedAt}签订），保证期间${input.startDate}至${input.endDate}`;
        news = {
          kind: 'demand.guaranteed',
          params: { demandNo: code, org: unit!.name, amount: input.amount },
          title: '担保机构同意担保',
          content: `${unit!.name}同意为您的需求${code}提供担保（${input.amount}万元），并将为您推荐合作银行。`,
          sms: statusSms(code, to),
        };
        break;
      }
      case 'handToBank': {
        const unit = await bankUnitFor(input.bankOrgId, d.regionCode);
        const clock = await startClock(db, settings, 'decide', now);
        reason = `转交${unit.name}`;
        Object.assign(set, {
          ownerOrgId: unit.id,
          bankOrgId: unit.id,
          bankId: unit.headId,
          decideDeadline: clock.dueAt,
          dueAt: clock.dueAt,
          warnAt: clock.warnAt,
          warnedAt: null,
        });
        also = repo.stillUnassigned();
        news = {
          kind: 'demand.handedToBank',
          params: { demandNo: code, org: unit.name },
          title: '担保需求已转交银行',
          content: `您的担保需求${code}已由担保机构转交${unit.name}办理。`,
          sms: statusSms(code, to),
        };
        notices.push({
          orgId: unit.id,
          kind: 'demand.handedOver',
          params: {
            demandNo: code,
            applicant: d.applicantName,
            amount: d.guaranteedAmount ?? d.amount,
            deadline: deadlineDay(clock.dueAt),
          },
          title: '担保机构转交了融资需求',
          content: `融资需求${code}（${d.applicantName}，担保金额${d.guaranteedAmount ?? d.amount}万元）已由担保机构转交贵机构，请在${deadlineText(clock.dueAt)}前办结。`,
        });
        break;
      }
    }

    const changed = await db.transaction(async (tx) => {
      // Only from the state the rules were checked against (and the history row names).
      const row = await repo.updateDemand(tx, d.id, [from], set, also);
      if (!row) return null;
      await repo.insertHistory(tx, {
        demandId: d.id,
        action,
        fromStatus: from,
        toStatus: to,
        userId: by.userId,
        orgId: by.orgId,
        reason,
        at: now,
      });
      await writeAudit(tx, {
        userId: by.userId,
        action: 'demand.transition',
        target: `demand:${d.id}`,
        detail: { code, action, from, to, ...(reason ? { reason } : {}) },
        ip: by.ip,
      });
      if (action === 'grant' && row.productId) await incrementGrants(tx, row.productId);
      // A public demand's consent goes to the bank that accepts it (docs/credit.md).
      if (
        action === 'accept' &&
        d.type === 'PUBLIC' &&
        row.applicantType === 'ENTERPRISE' &&
        row.creditCode &&
        row.applicantUserId !== null &&
        row.ownerOrgId !== null
      ) {
        const c = {
          demandId: d.id,
          creditCode: row.creditCode,
          subjectName: row.applicantName,
          subjectUserId: row.applicantUserId,
          orgId: row.ownerOrgId,
          purpose: 'LOAN_APPROVAL' as const,
        };
        await hooks.consentFromDemand?.(tx, { ...c, userId: by.userId, at: now });
      }
      await tellApplicant(tx, row, news);
      for (const n of notices) await tellInstitution(tx, row, n.orgId, n);
      if (action === 'expire') await tellSupervisorsOverdue(tx, row, code);
      return row;
    });
    if (!changed) {
      // Someone was faster: say what happened rather than a bare refusal.
      const now2 = await repo.findDemand(db, d.id);
      if (action === 'accept' && now2 && now2.status !== 'PENDING' && now2.ownerOrgId !== null)
        throw new AppError('DEMAND_TAKEN');
      throw new AppError('DEMAND_BAD_STATE');
    }
    return { id: d.id, status: changed.status as DemandStatus };
  }

  /** A bank unit moves a demand it has (pending and addressed to it, or accepted) to a unit of its subtree. */
  async function dispatch(actor: Actor, id: number, orgId: number) {
    const v = viewerFrom(actor.session);
    const d = await reach(v, id);
    const refused = refusalOf(v, d, 'dispatch', new Date());
    if (refused) throw refused();
    if (!v.bank!.units.includes(orgId)) throw new AppError('DEMAND_TARGET_INVALID', '只能分派给本机构或下属机构');
    if (orgId === d.bankOrgId) throw new AppError('VALIDATION', '需求已在该机构办理');
    const unit = await repo.findOrgNode(db, orgId);
    if (!unit || unit.classifiedType !== 'BANK' || unit.status !== 'ACTIVE')
      throw new AppError('DEMAND_TARGET_INVALID');
    const code = demandCode(d.id, d.createdAt);
    const set: repo.DemandSet =
      d.status === 'PENDING' ? { targetOrgId: orgId, bankOrgId: orgId } : { ownerOrgId: orgId, bankOrgId: orgId };
    await db.transaction(async (tx) => {
      const row = await repo.updateDemand(tx, d.id, [d.status as DemandStatus], set, repo.stillAt(d.bankOrgId!));
      if (!row) throw new AppError('DEMAND_BAD_STATE');
      await repo.insertHistory(tx, {
        demandId: d.id,
        action: 'dispatch',
        fromStatus: null,
        toStatus: null,
        userId: actor.session.userId,
        orgId: actor.session.orgId,
        reason: `分派至${unit.name}`,
      });
      await writeAudit(tx, {
        userId: actor.session.userId,
        action: 'demand.dispatch',
        target: `demand:${d.id}`,
        detail: { code, from: d.bankOrgId, to: orgId },
        ip: actor.ip,
      });
      await tellInstitution(tx, row, orgId, {
        kind: 'demand.dispatched',
        params: { demandNo: code, applicant: d.applicantName, amount: d.amount, deadline: deadlineDay(row.dueAt) },
        title: '收到分派的融资需求',
        content: `融资需求${code}（${d.applicantName}，${d.amount}万元）已分派给贵机构办理，办理时限${deadlineText(row.dueAt)}。`,
      });
    });
    return { id: d.id, status: d.status as DemandStatus };
  }

  /** A supervisor urges (督办) the institution handling a demand: a message, a history row, no change of state. */
  async function urge(actor: Actor, id: number, message: string) {
    const v = viewerFrom(actor.session);
    const d = await reach(v, id);
    const refused = refusalOf(v, d, 'urge', new Date());
    if (refused) throw refused();
    const handler = handlerOrg(d)!;
    const text = plainText(message);
    const code = demandCode(d.id, d.createdAt);
    await db.transaction(async (tx) => {
      const row = await repo.updateDemand(tx, d.id, [d.status as DemandStatus], {
        urgeCount: d.urgeCount + 1,
        lastUrgedAt: new Date(),
      });
      if (!row) throw new AppError('DEMAND_BAD_STATE');
      await repo.insertHistory(tx, {
        demandId: d.id,
        action: 'urge',
        fromStatus: null,
        toStatus: null,
        userId: actor.session.userId,
        orgId: actor.session.orgId,
        reason: text,
      });
      await writeAudit(tx, {
        userId: actor.session.userId,
        action: 'demand.urge',
        target: `demand:${d.id}`,
        detail: { code, handler, message: text },
        ip: actor.ip,
      });
      await tellInstitution(
        tx,
        row,
        handler,
        {
          kind: 'demand.urged',
          params: { supervisor: actor.session.orgName ?? null, demandNo: code, status: d.status, text },
          title: '融资需求督办',
          content: `${actor.session.orgName ?? '监管部门'}督办融资需求${code}（${statusName(d.status as DemandStatus)}）：${text}`,
        },
        { template: 'DEMAND_URGE', params: { demandNo: code, deadline: deadlineText(row.dueAt) } },
      );
    });
    return { id: d.id, status: d.status as DemandStatus };
  }

  /**
   * The deadline warning of one demand, one working day before its running deadline, sent once: to the institution
   * handling it (in-site message and SMS) with a history row. False when it was not (or no longer) due.
   */
  async function warn(id: number, now: Date): Promise<boolean> {
    return db.transaction(async (tx) => {
      const row = await repo.markWarned(tx, id, now);
      if (!row) return false;
      const code = demandCode(row.id, row.createdAt);
      const deadline = deadlineText(row.dueAt);
      const what = row.status === 'PENDING' ? '受理' : '办结';
      await repo.insertHistory(tx, {
        demandId: row.id,
        action: 'warn',
        fromStatus: null,
        toStatus: null,
        userId: null,
        orgId: null,
        reason: `距${what}时限（${deadline}）不足一个工作日`,
        at: now,
      });
      await tellInstitution(
        tx,
        row,
        handlerOrg(row),
        {
          kind: row.status === 'PENDING' ? 'demand.acceptDeadlineNear' : 'demand.decideDeadlineNear',
          params: {
            demandNo: code,
            applicant: row.applicantName,
            amount: row.amount,
            deadline: deadlineDay(row.dueAt),
          },
          title: `融资需求即将超过${what}时限`,
          content: `融资需求${code}（${row.applicantName}，${row.amount}万元）须在${deadline}前${what}，请及时办理。`,
        },
        { template: 'DEMAND_DEADLINE', params: { demandNo: code, deadline } },
      );
      return true;
    });
  }

  // ---------- the workbench

  /** The viewer's home work list: counts by state, deadlines soonest first, the latest demands. */
  async function workbench(s: SessionContext): Promise<DemandWorkbench> {
    const v = viewerFrom(s);
    const kind: ListKind =
      s.accountType === 'PLATFORM'
        ? 'operate'
        : s.accountType === 'BANK'
          ? 'bank-mine'
          : s.accountType === 'GUARANTEE'
            ? 'guarantee'
            : s.accountType === 'GOVERNMENT'
              ? 'supervise'
              : 'my';
    const scope = kind === 'operate' ? (v.operator ? {} : { none: true }) : scopeOf(v, kind);
    const now = new Date();
    const [counts, due, latest, overdue, pool] = await Promise.all([
      repo.countsByStatus(db, scope),
      kind === 'my' ? [] : repo.dueSoon(db, scope, 10),
      repo.pageDemands(db, scope, {}, now, 1, 5).then((p) => p.list),
      kind === 'my' ? 0 : repo.overdueCount(db, scope, now),
      kind === 'bank-mine' ? repo.countDemands(db, scopeOf(v, 'bank-pool'), {}, now) : null,
    ]);
    return {
      counts: pool === null ? counts : { ...counts, POOL: pool },
      dueSoon: due.map((r) => toSummary(r, v, now)),
      latest: latest.map((r) => toSummary(r, v, now)),
      overdue,
    };
  }

  /** The bank units a demand of this region may be reassigned or handed to (the pickers): the same for every caller. */
  function bankUnits(regionCode: string | undefined) {
    return repo.bankUnitsServing(db, regionCode);
  }

  return { page, detail, attachment, bankUnits, create, act, apply, dispatch, urge, warn, workbench };
}

export type DemandsService = ReturnType<typeof createDemandsService>;
