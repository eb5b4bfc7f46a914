import type { Page } from '@phjr/contract/envelope';
import {
  ARTICLE_TRANSITIONS,
  ARTICLE_USER_ACTIONS,
  type ArticleUserAction,
  type AdminArticlePageQuery,
  type ArticleDetail,
  type ArticleStatus,
  type ArticleSummary,
  type SaveArticleRequest,
} from '@phjr/contract/content/article';
import { ARTICLE_CHANNELS, type ArticleChannel } from '@phjr/contract/content/channels';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { SessionContext } from '../auth/auth.service.ts';
import { listRegions } from '../orgs/orgs.ts';
import { writeAudit } from '../audit/audit.ts';
import * as repo from './articles.repo.ts';
import { plainText, sanitizeRichText, summaryOf } from './sanitize.ts';

export interface Actor {
  session: SessionContext;
  ip: string;
}

/** Writers without the publish right (e.g. government chain managers) write chain articles only. */
const WRITER_CHANNELS: readonly ArticleChannel[] = ['chain'];

/**
 * The channels a user may write in (the article-authority list of SPEC section 4): every channel with
 * article:publish, the writer channels with article:write, none otherwise.
 */
export function writableChannels(session: SessionContext): ArticleChannel[] {
  if (session.permissions.has('article:publish')) return [...ARTICLE_CHANNELS];
  if (session.permissions.has('article:write')) return [...WRITER_CHANNELS];
  return [];
}

/**
 * Whether the user may edit, publish, preview this article: article:publish may touch every article; article:write
 * only its own organisation's articles in its channels.
 */
export function canWriteArticle(session: SessionContext, a: { channel: string; orgId: number | null }) {
  if (session.permissions.has('article:publish')) return true;
  return (
    writableChannels(session).includes(a.channel as ArticleChannel) && a.orgId !== null && a.orgId === session.orgId
  );
}

/** A cover or an image link: a path of this site or an absolute http(s) address. */
function isSafeUrl(s: string) {
  return (s.startsWith('/') && !s.startsWith('//')) || /^https?:\/\/[^\s]+$/i.test(s);
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

type DetailRow = NonNullable<Awaited<ReturnType<typeof repo.findArticle>>>;

function toSummary(r: repo.SummaryRow): ArticleSummary {
  return {
    ...r,
    channel: r.channel as ArticleChannel,
    status: r.status as ArticleStatus,
    publishAt: iso(r.publishAt),
  };
}

/**
 * Why a writer of the article may not do `action` to it in `status` now, or null when they may: the one rule behind
 * both the back office's listed `actions` and each request (who may write it at all is checked before, by channel).
 */
export function articleRefusal(status: ArticleStatus, action: ArticleUserAction): AppError | null {
  if (action === 'edit' || action === 'pin') return null;
  return ARTICLE_TRANSITIONS[action].includes(status) ? null : new AppError('ARTICLE_BAD_STATE');
}

/** The actions a writer may take on an article in `status` (ARTICLE_USER_ACTIONS order). */
export const articleActions = (status: ArticleStatus): ArticleUserAction[] =>
  ARTICLE_USER_ACTIONS.filter((a) => articleRefusal(status, a) === null);

/**
 * What the articles read of the chains, passed in by the composition root (services.ts) so that content imports no
 * other domain: whether a chain exists and is in the writer's chain scope (chain-access.ts chainInScope).
 */
export interface ArticleLinks {
  chainInScope(actor: Actor, chainId: number): Promise<boolean>;
}

export function createArticlesService(db: Db, links: ArticleLinks) {
  async function detailOf(row: DetailRow): Promise<ArticleDetail> {
    const related = await repo.relatedArticles(db, {
      id: row.id,
      channel: row.channel,
      regionCode: row.channel === 'city' ? row.regionCode : undefined,
    });
    const { body, updatedAt, orgId: _org, createdBy: _by, ...summary } = row;
    return { ...toSummary(summary), body, updatedAt: updatedAt.toISOString(), related: related.map(toSummary) };
  }

  // ---------- readers

  async function portalPage(q: {
    channel: ArticleChannel;
    regionCode?: string;
    keyword?: string;
    industrialChainId?: number;
    current: number;
    pageSize: number;
  }): Promise<Page<ArticleSummary>> {
    const { current, pageSize, ...f } = q;
    const { list, total } = await repo.portalPage(db, f, current, pageSize);
    return { list, total, current, pageSize };
  }

  /** One visible article; each call counts one view. Drafts, offline and scheduled articles answer like a missing id. */
  async function portalDetail(id: number, channel?: ArticleChannel): Promise<ArticleDetail> {
    const row = await repo.viewArticle(db, id, channel);
    if (!row) throw new AppError('ARTICLE_NOT_FOUND');
    return detailOf(row);
  }

  // ---------- back office

  async function adminPage(
    session: SessionContext,
    q: Omit<AdminArticlePageQuery, 'industrialChainId'> & {
      industrialChainId?: number;
      current: number;
      pageSize: number;
    },
  ): Promise<Page<ArticleSummary>> {
    const { current, pageSize, ...f } = q;
    const all = session.permissions.has('article:publish');
    const filter: repo.AdminFilter = all
      ? { ...f, channels: null }
      : { ...f, channels: writableChannels(session), orgId: session.orgId };
    const { list, total } = await repo.adminPage(db, filter, current, pageSize);
    // Every row of this list is one the user may write (the filter is canWriteArticle's): its actions follow its status.
    return {
      list: list.map((r) => ({ ...toSummary(r), actions: articleActions(r.status as ArticleStatus) })),
      total,
      current,
      pageSize,
    };
  }

  /** An article the user may write, in any state; anything else answers like a missing id. */
  async function writable(session: SessionContext, id: number) {
    const a = await repo.findArticle(db, id);
    if (!a || !canWriteArticle(session, a)) throw new AppError('ARTICLE_NOT_FOUND');
    return a;
  }

  /** Any state, for editing and for the preview (/news/newsPreview); no view is counted. */
  async function adminDetail(session: SessionContext, id: number): Promise<ArticleDetail> {
    const row = await writable(session, id);
    return { ...(await detailOf(row)), actions: articleActions(row.status as ArticleStatus) };
  }

  /**
   * Refuses a chain the writer has no part in (docs/content.md "Writers"): an article is tied only to a chain of the
   * writer's chain scope (chain-access.ts, the chains its chain pickers offer: every chain for the operator), and one
   * outside it, or missing, answers like a missing chain, on the field.
   */
  async function assertChainInScope(actor: Actor, chainId: number | null) {
    if (chainId === null || (await links.chainInScope(actor, chainId))) return;
    throw new AppError('NOT_FOUND', '产业链不存在', {
      data: { fields: [{ field: 'industrialChainId', message: '产业链不存在或不在您的产业链范围内' }] },
    });
  }

  async function cleanInput(actor: Actor, req: SaveArticleRequest) {
    const { session } = actor;
    if (!writableChannels(session).includes(req.channel)) throw new AppError('ARTICLE_CHANNEL_FORBIDDEN');
    await assertChainInScope(actor, req.industrialChainId ?? null);
    const regions = await listRegions(db);
    if (!regions.some((r) => r.code === req.regionCode)) throw new AppError('VALIDATION', '地区不存在');
    const title = plainText(req.title);
    if (!title) throw new AppError('VALIDATION', '请输入标题');
    const body = sanitizeRichText(req.body);
    if (!plainText(body) && !/<(img|table|hr)\b/i.test(body)) throw new AppError('VALIDATION', '正文不能为空');
    const cover = req.cover?.trim() || null;
    if (cover && !isSafeUrl(cover)) throw new AppError('VALIDATION', '封面须为本站图片或 http(s) 地址');
    const summary = (req.summary ? plainText(req.summary) : '') || summaryOf(body);
    return {
      title,
      channel: req.channel,
      regionCode: req.regionCode,
      industrialChainId: req.industrialChainId ?? null,
      cover,
      summary,
      body,
      source: req.source ? plainText(req.source) || null : null,
      author: req.author ? plainText(req.author) || null : null,
    };
  }

  /** Creates a DRAFT, or edits an article keeping its status. */
  async function save(actor: Actor, req: SaveArticleRequest) {
    const { session } = actor;
    const before = req.id ? await writable(session, req.id) : null;
    if (before) assertFrom('edit', before.status);
    const values = await cleanInput(actor, req);
    if (before) {
      await db.transaction(async (tx) => {
        await repo.updateArticle(tx, before.id, {
          ...values,
          ...(req.pinned === undefined ? {} : { pinned: req.pinned }),
        });
        await writeAudit(tx, {
          userId: session.userId,
          action: 'article.save',
          target: `article:${before.id}`,
          detail: { title: values.title, channel: values.channel, status: before.status, fromChannel: before.channel },
          ip: actor.ip,
        });
      });
      return { id: before.id };
    }
    return db.transaction(async (tx) => {
      const id = await repo.insertArticle(tx, {
        ...values,
        pinned: req.pinned ?? false,
        status: 'DRAFT',
        createdBy: session.userId,
        orgId: session.orgId,
      });
      await writeAudit(tx, {
        userId: session.userId,
        action: 'article.save',
        target: `article:${id}`,
        detail: { title: values.title, channel: values.channel, created: true },
        ip: actor.ip,
      });
      return { id };
    });
  }

  function assertFrom(action: ArticleUserAction, status: string) {
    const refused = articleRefusal(status as ArticleStatus, action);
    if (refused) throw refused;
  }

  /** DRAFT or OFFLINE → PUBLISHED, now or at a later instant (scheduled: readers see it from then on). */
  async function publish(actor: Actor, id: number, publishAt?: string) {
    const a = await writable(actor.session, id);
    assertFrom('publish', a.status);
    // An article saved before the chain rule, or whose writer has since left the chain, is not published on it.
    await assertChainInScope(actor, a.industrialChainId);
    let at: Date | undefined;
    if (publishAt) {
      at = new Date(publishAt);
      // A minute of grace for clocks; a time really in the past is a mistake, not "now".
      if (at.getTime() < Date.now() - 60_000) throw new AppError('VALIDATION', '定时发布时间不能早于当前时间');
    }
    await db.transaction(async (tx) => {
      const done = await repo.transitionArticle(tx, id, ARTICLE_TRANSITIONS.publish, 'PUBLISHED', at ?? new Date());
      if (!done) throw new AppError('ARTICLE_BAD_STATE');
      await writeAudit(tx, {
        userId: actor.session.userId,
        action: 'article.publish',
        target: `article:${id}`,
        detail: { title: a.title, channel: a.channel, from: a.status, scheduledAt: at ? at.toISOString() : null },
        ip: actor.ip,
      });
    });
    return { id };
  }

  async function offline(actor: Actor, id: number) {
    const a = await writable(actor.session, id);
    assertFrom('offline', a.status);
    await db.transaction(async (tx) => {
      if (!(await repo.transitionArticle(tx, id, ARTICLE_TRANSITIONS.offline, 'OFFLINE')))
        throw new AppError('ARTICLE_BAD_STATE');
      await writeAudit(tx, {
        userId: actor.session.userId,
        action: 'article.offline',
        target: `article:${id}`,
        detail: { title: a.title, channel: a.channel },
        ip: actor.ip,
      });
    });
    return { id };
  }

  async function remove(actor: Actor, id: number) {
    const a = await writable(actor.session, id);
    assertFrom('remove', a.status);
    await db.transaction(async (tx) => {
      if (!(await repo.deleteArticle(tx, id, ARTICLE_TRANSITIONS.remove))) throw new AppError('ARTICLE_BAD_STATE');
      await writeAudit(tx, {
        userId: actor.session.userId,
        action: 'article.remove',
        target: `article:${id}`,
        detail: { title: a.title, channel: a.channel, status: a.status },
        ip: actor.ip,
      });
    });
    return { id };
  }

  /** Pinned articles come first in the portal's lists. */
  async function pin(actor: Actor, id: number, pinned: boolean) {
    const a = await writable(actor.session, id);
    assertFrom('pin', a.status);
    await db.transaction(async (tx) => {
      await repo.setArticlePinned(tx, id, pinned);
      await writeAudit(tx, {
        userId: actor.session.userId,
        action: 'article.pin',
        target: `article:${id}`,
        detail: { title: a.title, pinned },
        ip: actor.ip,
      });
    });
    return { id };
  }

  return { portalPage, portalDetail, adminPage, adminDetail, save, publish, offline, remove, pin };
}

export type ArticlesService = ReturnType<typeof createArticlesService>;
