import type { Page } from '@phjr/contract/envelope';
import type { AuditAction } from '@phjr/contract/audit/audit-actions';
import { fileViewUrl } from '@phjr/contract/files/upload';
import {
  PRODUCT_TRANSITIONS,
  PRODUCT_USER_ACTIONS,
  PROVIDER_EDITABLE,
  PROVIDER_REMOVABLE,
  type ProductUserAction,
  type ProductAction,
  type ProductActor,
  type ProductCard,
  type ProductDetail,
  type ProductKind,
  type ProductPolicy,
  type ProductStatus,
} from '@phjr/contract/products/product';
import type { ZManageProductPageQuery, ZSaveProductRequest } from '@phjr/contract/products/manage';
import {
  MATCH_CONDITIONS,
  type MatchCondition,
  type MatchResult,
  type ProductSort,
  type ZMatchRequest,
  type ZPortalProductPageQuery,
} from '@phjr/contract/products/supermarket';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { SessionContext } from '../auth/auth.service.ts';
import { plainText } from '../content/sanitize.ts';
import { notifyUsers, tellStaff, type Said } from '../notify/notify.service.ts';
import { subtreeIds } from '../orgs/orgs.ts';
import { writeAudit } from '../audit/audit.ts';
import { isPublicImage } from '../files/files.ts';
import * as repo from './products.repo.ts';
import { sentence } from '../../lib/sentence.ts';

export interface Actor {
  session: SessionContext;
  ip: string;
}

type SaveInput = z.output<typeof ZSaveProductRequest>;
type ManageQuery = z.output<typeof ZManageProductPageQuery>;
type PortalQuery = z.output<typeof ZPortalProductPageQuery>;
type MatchInput = z.output<typeof ZMatchRequest>;

/** The kind of product each kind of provider publishes (PRODUCT.md sections 5 and 8). */
const KIND_OF_PROVIDER: Record<string, ProductKind> = { BANK: 'LOAN', GUARANTEE: 'GUARANTEE_SERVICE' };

/** Where a provider's users manage the product (the link of the review messages). */
const MANAGE_PATH: Record<ProductKind, string> = {
  LOAN: '/financialInstitution/product',
  GUARANTEE_SERVICE: '/guaranteePlatform/guarantee',
};

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A refusal of one field of the form: the form shows the message under that field. */
const fieldRefusal = (field: string, message: string) =>
  new AppError('VALIDATION', message, { data: { fields: [{ field, message }] } });

/** Plain text that keeps its lines (features are one selling point per line). */
function plainLines(s: string) {
  return s
    .split(/\r?\n/)
    .map((l) => plainText(l))
    .filter(Boolean)
    .join('\n');
}

function toCard({ logoFileId, ...r }: repo.CardRow): ProductCard {
  return {
    ...r,
    logo: logoFileId ? fileViewUrl(logoFileId) : null,
    kind: r.kind as ProductCard['kind'],
    loanType: r.loanType as ProductCard['loanType'],
    guaranteeMethods: r.guaranteeMethods as ProductCard['guaranteeMethods'],
    customerTypes: r.customerTypes as ProductCard['customerTypes'],
    industries: r.industries as ProductCard['industries'],
    listedAt: iso(r.listedAt),
  };
}

/**
 * Why a user acting in role `as` (null: neither the provider nor a reviewer of it) may not do `action` to a product in
 * `status`, or null when they may. The one rule behind both the back office's listed `actions` and each request.
 */
export function productRefusal(
  as: ProductActor | null,
  status: ProductStatus,
  action: ProductUserAction,
): AppError | null {
  if (as === null) return new AppError('PRODUCT_ACTION_FORBIDDEN');
  if (action === 'edit')
    return as === 'reviewer' || PROVIDER_EDITABLE.includes(status) ? null : new AppError('PRODUCT_BAD_STATE');
  if (action === 'remove') {
    if (as !== 'provider') return new AppError('PRODUCT_ACTION_FORBIDDEN');
    return PROVIDER_REMOVABLE.includes(status) ? null : new AppError('PRODUCT_BAD_STATE');
  }
  const rule = PRODUCT_TRANSITIONS[action];
  if (!(rule.by as readonly ProductActor[]).includes(as)) return new AppError('PRODUCT_ACTION_FORBIDDEN');
  if (!(rule.from as readonly ProductStatus[]).includes(status)) return new AppError('PRODUCT_BAD_STATE');
  return null;
}

/** The state a save by a user in role `as` leaves a product in: a provider's edit is a draft again; a review keeps it. */
export const stateAfterEdit = (as: ProductActor, from: ProductStatus): ProductStatus =>
  as === 'provider' ? 'DRAFT' : from;

/** Whether the user's save (allowed) moves the product back to draft from another state: the form warns first. */
export const editReturnsToDraft = (as: ProductActor | null, status: ProductStatus) =>
  as !== null &&
  productRefusal(as, status, 'edit') === null &&
  status !== 'DRAFT' &&
  stateAfterEdit(as, status) === 'DRAFT';

/** The actions a user in role `as` may take on a product in `status` now (PRODUCT_USER_ACTIONS order). */
export const productActions = (as: ProductActor | null, status: ProductStatus): ProductUserAction[] =>
  PRODUCT_USER_ACTIONS.filter((a) => productRefusal(as, status, a) === null);

function toDetail(r: repo.DetailRow, backOffice: boolean, as?: ProductActor | null): ProductDetail {
  const {
    conditions,
    materials,
    contactName,
    contactPhone,
    status,
    rejectReason,
    createdAt,
    updatedAt,
    submittedAt,
    reviewedBy,
    reviewedAt,
    createdBy: _by,
    policy,
    ...card
  } = r;
  return {
    ...toCard(card),
    logoFileId: card.logoFileId,
    conditions,
    materials,
    contactName,
    contactPhone,
    status: status as ProductStatus,
    rejectReason: backOffice ? rejectReason : null,
    createdAt: createdAt.toISOString(),
    updatedAt: updatedAt.toISOString(),
    submittedAt: iso(submittedAt),
    reviewedBy: backOffice ? reviewedBy : null,
    reviewedAt: backOffice ? iso(reviewedAt) : null,
    policy: policy as ProductPolicy | null,
    ...(as !== undefined
      ? {
          actions: productActions(as, status as ProductStatus),
          editReturnsToDraft: editReturnsToDraft(as, status as ProductStatus),
        }
      : {}),
  };
}

const AUDIT: Record<ProductAction, AuditAction> = {
  submit: 'product.submit',
  withdraw: 'product.withdraw',
  approve: 'product.approve',
  reject: 'product.reject',
  delist: 'product.delist',
};

export function createProductsService(db: Db) {
  // ---------- who may touch what

  /**
   * The organisations whose products a provider manages: its own and every unit below it (a head office's
   * branches and sub-branches). Empty for anyone who is not a bank or a guarantee company, or lacks product:manage.
   */
  async function providerScope(s: SessionContext): Promise<number[]> {
    if (!s.orgId || !s.permissions.has('product:manage') || !(s.classifiedType && s.classifiedType in KIND_OF_PROVIDER))
      return [];
    return subtreeIds(db, s.orgId);
  }

  const isReviewer = (s: SessionContext) => s.permissions.has('product:review');

  /**
   * A product the caller may see in the back office, and in which role: the provider of its subtree, or the
   * operator's review. Anyone else gets PRODUCT_NOT_FOUND, exactly like for a missing id.
   */
  async function reach(s: SessionContext, id: number) {
    const p = await repo.findProduct(db, id);
    if (!p) throw new AppError('PRODUCT_NOT_FOUND');
    if ((await providerScope(s)).includes(p.orgId)) return { p, as: 'provider' as ProductActor };
    if (isReviewer(s)) return { p, as: 'reviewer' as ProductActor };
    throw new AppError('PRODUCT_NOT_FOUND');
  }

  /** The product for an action done in the role `as` (the route's role): the provider's own, or any for the reviewer. */
  async function reachAs(s: SessionContext, id: number, as: ProductActor) {
    const r = await reach(s, id);
    // The operator sees every product but acts as a provider on none: say so rather than pretend it is missing.
    if (r.as !== as) throw new AppError('PRODUCT_ACTION_FORBIDDEN');
    return r.p;
  }

  // ---------- back office

  async function managePage(s: SessionContext, q: ManageQuery): Promise<Page<ProductDetail>> {
    const { current, pageSize, orgId, sortField, sortOrder, ...f } = q;
    // One subtree read per page: each row's role (provider of its unit, else reviewer) follows from it.
    const scope = await providerScope(s);
    const reviewer = isReviewer(s);
    // The unit filter is the unit with everything below it, as the picker's tree shows it; a provider's filter on a
    // unit outside its own subtree finds nothing (not the part of that unit's subtree it happens to manage).
    const unitIds = orgId ? (reviewer || scope.includes(orgId) ? await subtreeIds(db, orgId) : []) : undefined;
    const { list, total } = await repo.managePage(
      db,
      { ...f, unitIds, orgIds: reviewer ? null : scope, sort: { sortField, sortOrder } },
      current,
      pageSize,
    );
    const roleOf = (orgId: number): ProductActor | null =>
      scope.includes(orgId) ? 'provider' : reviewer ? 'reviewer' : null;
    return { list: list.map((r) => toDetail(r, true, roleOf(r.orgId))), total, current, pageSize };
  }

  async function manageDetail(s: SessionContext, id: number): Promise<ProductDetail> {
    const { p, as } = await reach(s, id);
    const history = await repo.listHistory(db, id);
    return {
      ...toDetail(p, true, as),
      history: history.map((h) => ({
        ...h,
        fromStatus: h.fromStatus as ProductStatus | null,
        toStatus: h.toStatus as ProductStatus,
        at: h.at.toISOString(),
      })),
    };
  }

  /** The organisation a provider saves a product for: a unit of its subtree that publishes products of this kind. */
  async function providerOrg(s: SessionContext, orgId: number, kind: ProductKind) {
    if (!(await providerScope(s)).includes(orgId)) throw new AppError('PRODUCT_ORG_INVALID');
    const org = await repo.findProviderOrg(db, orgId);
    if (!org || !(org.classifiedType in KIND_OF_PROVIDER)) throw new AppError('PRODUCT_ORG_INVALID');
    if (KIND_OF_PROVIDER[org.classifiedType] !== kind) throw new AppError('PRODUCT_KIND_FORBIDDEN');
    return org;
  }

  async function cleanInput(req: SaveInput) {
    const regionCodes = [...new Set(req.regionCodes)];
    if ((await repo.existingRegionCodes(db, regionCodes)).length !== regionCodes.length)
      throw new AppError('VALIDATION', '服务地区不存在');
    const name = plainText(req.name);
    if (name.length < 2) throw new AppError('VALIDATION', '产品名称至少2个字');
    const texts = {
      features: plainLines(req.features),
      conditions: plainLines(req.conditions),
      materials: plainLines(req.materials),
    };
    for (const [k, label] of [
      ['features', '产品特色'],
      ['conditions', '申请条件'],
      ['materials', '所需材料'],
    ] as const) {
      if (!texts[k]) throw new AppError('VALIDATION', `请填写${label}`);
    }
    const contactName = plainText(req.contactName);
    if (!contactName) throw new AppError('VALIDATION', '请填写联系人');
    const industrialChainIds = [...new Set(req.industrialChainIds)];
    // Any active chain (PRODUCT.md 5 and 7: the tie is a field of the product, which the operator's review checks);
    // an archived or unknown one would tie the product to a page nobody can open.
    const active = new Set(await repo.activeChainIds(db, industrialChainIds));
    const inactive = industrialChainIds.filter((id) => !active.has(id));
    if (inactive.length)
      throw fieldRefusal('industrialChainIds', `所属产业链不存在或已停用（编号 ${inactive.join('、')}）`);
    // The logo is shown to everyone: only a PUBLIC image will do (a PRIVATE file would leak, a PDF would not show).
    const logoFileId = req.logoFileId;
    if (logoFileId && !(await isPublicImage(db, logoFileId)))
      throw fieldRefusal('logoFileId', '产品图标须为公开上传的图片');
    return {
      kind: req.kind,
      name,
      loanType: req.loanType,
      guaranteeMethods: [...new Set(req.guaranteeMethods)],
      amountMin: req.amountMin,
      amountMax: req.amountMax,
      termMin: req.termMin,
      termMax: req.termMax,
      rateMin: req.rateMin,
      rateMax: req.rateMax,
      customerTypes: [...new Set(req.customerTypes)],
      industries: [...new Set(req.industries)],
      regionCodes,
      industrialChainIds,
      ...texts,
      contactName,
      contactPhone: req.contactPhone,
      logoFileId,
      policy: req.policy ?? null,
    };
  }

  /**
   * Creates a DRAFT for a unit of the provider's subtree, or edits: the provider edits its DRAFT, REJECTED and
   * DELISTED products (which go back to DRAFT); the reviewer edits any product and its state stays.
   */
  async function save(actor: Actor, req: SaveInput) {
    const s = actor.session;
    const values = await cleanInput(req);
    if (!req.id) {
      const org = await providerOrg(s, req.orgId ?? s.orgId ?? 0, values.kind);
      return db.transaction(async (tx) => {
        const id = await repo.insertProduct(tx, { ...values, orgId: org.id, bankId: org.headId, createdBy: s.userId });
        await repo.insertHistory(tx, {
          productId: id,
          action: 'create',
          fromStatus: null,
          toStatus: 'DRAFT',
          userId: s.userId,
        });
        await writeAudit(tx, {
          userId: s.userId,
          action: 'product.save',
          target: `product:${id}`,
          detail: { name: values.name, orgId: org.id, created: true },
          ip: actor.ip,
        });
        return { id };
      });
    }
    const { p, as } = await reach(s, req.id);
    const from = p.status as ProductStatus;
    if (values.kind !== p.kind) throw new AppError('VALIDATION', '产品类型不能修改');
    let orgId = p.orgId;
    let bankId = p.bankId;
    const refused = productRefusal(as, from, 'edit');
    if (refused) throw refused;
    if (as === 'provider') {
      // Saved again in any case: the unit may have moved in the tree since.
      const org = await providerOrg(s, req.orgId ?? p.orgId, values.kind);
      orgId = org.id;
      bankId = org.headId;
    } else if (req.orgId && req.orgId !== p.orgId) {
      throw new AppError('PRODUCT_ORG_INVALID');
    }
    const to = stateAfterEdit(as, from);
    await db.transaction(async (tx) => {
      const changes = { ...values, orgId, bankId, ...(to === 'DRAFT' ? { rejectReason: null } : {}) };
      // The state must still be the one the rules were checked against.
      if (!(await repo.updateProduct(tx, p.id, changes, as === 'provider' ? PROVIDER_EDITABLE : [from], to))) {
        throw new AppError(as === 'provider' ? 'PRODUCT_BAD_STATE' : 'CONFLICT');
      }
      await repo.insertHistory(tx, {
        productId: p.id,
        action: 'save',
        fromStatus: from,
        toStatus: to,
        userId: s.userId,
      });
      await writeAudit(tx, {
        userId: s.userId,
        action: 'product.save',
        target: `product:${p.id}`,
        detail: { name: values.name, from, to, as },
        ip: actor.ip,
      });
    });
    return { id: p.id };
  }

  /**
   * One action of PRODUCT_TRANSITIONS, done in the role of the route (`as`). Who may do it and from which states is
   * read from the table; a refused action answers PRODUCT_BAD_STATE and writes nothing. The UPDATE re-checks the
   * source state, so of two concurrent actions on one product only one can win.
   */
  async function transition(actor: Actor, action: ProductAction, id: number, as: ProductActor, reason?: string) {
    const s = actor.session;
    const p = await reachAs(s, id, as);
    const rule = PRODUCT_TRANSITIONS[action];
    const from = p.status as ProductStatus;
    const refused = productRefusal(as, from, action);
    if (refused) throw refused;
    const now = new Date();
    const decision = as === 'reviewer' ? { reviewedBy: s.userId, reviewedAt: now } : {};
    const set: repo.TransitionSet = { ...decision };
    if (action === 'submit') Object.assign(set, { submittedAt: now, rejectReason: null });
    if (action === 'approve') Object.assign(set, { listedAt: now, rejectReason: null });
    if (action === 'reject') set.rejectReason = reason ?? null;
    await db.transaction(async (tx) => {
      if (!(await repo.transitionProduct(tx, id, rule.from, rule.to, set))) throw new AppError('PRODUCT_BAD_STATE');
      await repo.insertHistory(tx, {
        productId: id,
        action,
        fromStatus: from,
        toStatus: rule.to,
        reason: action === 'reject' ? reason : null,
        userId: s.userId,
      });
      await writeAudit(tx, {
        userId: s.userId,
        action: AUDIT[action],
        target: `product:${id}`,
        detail: { name: p.name, from, to: rule.to, ...(reason ? { reason } : {}) },
        ip: actor.ip,
      });
      if (as === 'reviewer') await tellProvider(tx, p, action, reason);
      if (action === 'submit') await tellReviewers(tx, p);
    });
    return { id };
  }

  /** The operator's decisions reach the provider's users as in-site messages, in the transaction of the change. */
  async function tellProvider(tx: Tx, p: repo.DetailRow, action: ProductAction, reason?: string) {
    const link = MANAGE_PATH[p.kind as ProductKind] ?? null;
    const texts: Partial<Record<ProductAction, Said>> = {
      approve: {
        kind: 'product.approved',
        params: { product: p.name },
        title: '产品审核通过',
        content: `您提交的产品「${p.name}」已通过平台审核，已在金融超市上架。`,
      },
      reject: {
        kind: 'product.rejected',
        params: { product: p.name, why: reason ?? '' },
        title: '产品审核未通过',
        content: `您提交的产品「${p.name}」未通过平台审核。驳回原因：${sentence(reason ?? '')}请修改后重新提交。`,
      },
      delist: {
        kind: 'product.delisted',
        params: { product: p.name },
        title: '产品已被平台下架',
        content: `您的产品「${p.name}」已被平台下架，如有疑问请联系平台运营。`,
      },
    };
    const n = texts[action];
    if (!n) return;
    await notifyUsers(tx, await repo.providerUserIds(tx, p.orgId, p.createdBy), { ...n, link });
  }

  /** A product submitted for review is in the operator's review list: its reviewers (product:review) are told. */
  async function tellReviewers(tx: Tx, p: repo.DetailRow) {
    await tellStaff(
      tx,
      { permission: 'product:review', accountType: 'PLATFORM' },
      {
        kind: 'product.submitted',
        params: { provider: p.orgName ?? null, product: p.name },
        title: '收到待审核的产品',
        content: `${p.orgName ?? '机构'}提交了产品「${p.name}」，请及时审核。`,
        link: '/operateClient/product',
      },
    );
  }

  /** A provider deletes a product that was never listed (DRAFT or REJECTED); its history goes with it, the audit stays. */
  async function remove(actor: Actor, id: number) {
    const s = actor.session;
    const p = await reachAs(s, id, 'provider');
    const refused = productRefusal('provider', p.status as ProductStatus, 'remove');
    if (refused) throw refused;
    await db.transaction(async (tx) => {
      if (!(await repo.deleteProduct(tx, id, PROVIDER_REMOVABLE))) throw new AppError('PRODUCT_BAD_STATE');
      await writeAudit(tx, {
        userId: s.userId,
        action: 'product.remove',
        target: `product:${id}`,
        detail: { name: p.name, status: p.status },
        ip: actor.ip,
      });
    });
    return { id };
  }

  // ---------- portal

  async function portalPage(q: PortalQuery): Promise<Page<ProductCard>> {
    const { current, pageSize, sourceValue, sort, countryside, regionCode, ...f } = q;
    const kind: ProductKind = sourceValue === 'guarantee' ? 'GUARANTEE_SERVICE' : 'LOAN';
    // Banks named like the keyword and the region's city, as values for the planner (one small read).
    const { keywordBankIds, regionCodes } =
      f.keyword || regionCode ? await repo.portalLookups(db, f.keyword, regionCode) : {};
    const filter = { ...f, kind, keywordBankIds, regionCodes, countryside: countryside === 'true' };
    const { list, total } = await repo.portalPage(db, filter, sort as ProductSort, current, pageSize);
    return { list, total, current, pageSize };
  }

  /** A LISTED product; each call counts one view. Any other state answers like a missing id. */
  async function portalDetail(id: number): Promise<ProductDetail> {
    const row = await repo.viewListedProduct(db, id);
    if (!row) throw new AppError('PRODUCT_NOT_FOUND');
    return toDetail(row, false);
  }

  async function options(q: { bankId?: number; industrialChainId?: number; keyword?: string }) {
    return repo.productOptions(db, q);
  }

  /** banks.json: city-wide from the counts the triggers keep; for a region, counted among the loans serving it. */
  const banks = async (q: { regionCode?: string } = {}) =>
    q.regionCode
      ? repo.banksServing(db, await repo.regionAndAbove(db, q.regionCode))
      : repo.providersWithListed(db, 'LOAN');
  const guaranteeOrgs = () => repo.guaranteeOrgs(db);

  /**
   * Match me: each condition the borrower gave is checked against every LISTED loan; the score is the share met
   * (0-100, one decimal), and the order is the score, then the lowest rate.
   */
  async function match(req: MatchInput): Promise<MatchResult[]> {
    const given = MATCH_CONDITIONS.filter((c) => req[c] !== undefined);
    if (!given.length) throw new AppError('VALIDATION', '请至少填写一项融资需求');
    const regionCodes = req.regionCode ? await repo.regionAndAbove(db, req.regionCode) : [];
    const conditions = Object.fromEntries(
      given.map((c) => [c, c === 'regionCode' ? repo.meets.regionCode(regionCodes) : repo.meets[c](req[c] as never)]),
    );
    const rows = await repo.matchLoans(db, conditions, req.limit);
    return rows.map(({ card, met }) => {
      const matched = given.filter((c) => met[c]);
      return {
        product: toCard(card),
        matched,
        failed: given.filter((c): c is MatchCondition => !met[c]),
        score: Math.round((matched.length / given.length) * 1000) / 10,
      };
    });
  }

  return {
    managePage,
    manageDetail,
    save,
    transition,
    remove,
    portalPage,
    portalDetail,
    options,
    banks,
    guaranteeOrgs,
    match,
  };
}

export type ProductsService = ReturnType<typeof createProductsService>;
