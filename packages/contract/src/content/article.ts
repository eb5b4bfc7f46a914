import { z } from 'zod';
import { ZId, ZIdText } from '../bounds.ts';
import { ZPageQuery, page } from '../envelope.ts';
import { ZArticleAuthResponse } from '../auth/user-info.ts';
import { defineOperation } from '../operation.ts';
import { ARTICLE_CHANNELS } from './channels.ts';

/**
 * Articles of every channel (PRODUCT.md section 9). DRAFT → PUBLISHED → OFFLINE → PUBLISHED again; a published
 * article whose publishAt is in the future is "scheduled" and readers see it only from then on.
 */
export const ARTICLE_STATUSES = ['DRAFT', 'PUBLISHED', 'OFFLINE'] as const;
export const ZArticleStatus = z.enum(ARTICLE_STATUSES);
export type ArticleStatus = z.infer<typeof ZArticleStatus>;
export const ZArticleChannel = z.enum(ARTICLE_CHANNELS);

/** The allowed status changes: the service and its tests read this one table. */
export const ARTICLE_TRANSITIONS: Record<'publish' | 'offline' | 'remove', readonly ArticleStatus[]> = {
  publish: ['DRAFT', 'OFFLINE'],
  offline: ['PUBLISHED'],
  remove: ['DRAFT', 'OFFLINE'],
};

/**
 * What a back-office writer may do to an article, in the order screens show it: the status changes above, edit and
 * pin (or unpin: the `pinned` flag says which) in any state. Back-office rows carry the ones the server allows now.
 */
export const ARTICLE_USER_ACTIONS = ['publish', 'offline', 'edit', 'pin', 'remove'] as const;
export const ZArticleUserAction = z.enum(ARTICLE_USER_ACTIONS);
export type ArticleUserAction = z.infer<typeof ZArticleUserAction>;

/** A list row, as readers and the back office see it. `summary` and `title` are plain text. */
export const ZArticleSummary = z.object({
  id: z.number().int(),
  title: z.string(),
  channel: ZArticleChannel,
  /** The district (or the city) the article belongs to. */
  regionCode: z.string(),
  regionName: z.string().nullable(),
  /** An industrial chain, for chain articles. */
  industrialChainId: z.number().int().nullable(),
  cover: z.string().nullable(),
  summary: z.string(),
  source: z.string().nullable(),
  author: z.string().nullable(),
  /** ISO instant; null while a draft was never published. */
  publishAt: z.string().nullable(),
  status: ZArticleStatus,
  pinned: z.boolean(),
  views: z.number().int(),
  /** Back office only: the actions the server allows its writer now (ARTICLE_USER_ACTIONS order); screens show these. */
  actions: z.array(ZArticleUserAction).optional(),
});
export type ArticleSummary = z.infer<typeof ZArticleSummary>;

/** A whole article: `body` is sanitized HTML, safe to render as it is. */
export const ZArticleDetail = ZArticleSummary.extend({
  body: z.string(),
  updatedAt: z.string(),
  /** Up to 5 other published articles of the same channel, newest first. */
  related: z.array(ZArticleSummary),
});
export type ArticleDetail = z.infer<typeof ZArticleDetail>;

/** GET /article/api/portal/page.json: published articles readers may see, pinned first, then newest. */
export const ZPortalArticlePageQuery = ZPageQuery.extend({
  channel: ZArticleChannel,
  /** A district code: that district's articles only (the district site). */
  regionCode: z
    .string()
    .regex(/^\d{6}$/)
    .optional(),
  keyword: z.string().trim().max(50).optional(),
});
export type PortalArticlePageQuery = z.input<typeof ZPortalArticlePageQuery>;
export const ZArticlePageResponse = page(ZArticleSummary);

/** GET /article/api/portal/detail.json?id= : one published article; each call counts one view. */
export const ZArticleIdQuery = z.object({ id: ZIdText });

/** GET /article/api/chain/pageData (SPEC section 7): published chain articles, optionally of one chain. */
export const ZChainArticlePageQuery = ZPageQuery.extend({
  industrialChainId: ZIdText.optional(),
  keyword: z.string().trim().max(50).optional(),
});
/** GET /article/api/chain/detail (SPEC section 7): `id` of a published chain article; counts one view. */

/** GET /article/api/admin/page.json: the back office's list (article:write sees only its channels). */
export const ZAdminArticlePageQuery = ZPageQuery.extend({
  channel: ZArticleChannel.optional(),
  status: ZArticleStatus.optional(),
  regionCode: z
    .string()
    .regex(/^\d{6}$/)
    .optional(),
  /** The chain articles of one chain (the chain filter of /operateClient/chain/article). */
  industrialChainId: ZIdText.optional(),
  keyword: z.string().trim().max(50).optional(),
});
export type AdminArticlePageQuery = z.input<typeof ZAdminArticlePageQuery>;

/**
 * GET /article/api/admin/detail.json?id= : any state, for editing; also what /news/newsPreview shows (no view is
 * counted). Only users who may write in the article's channel get it.
 */

/** POST /article/api/admin/save.json: creates a DRAFT (no id) or edits an article, keeping its status. */
export const ZSaveArticleRequest = z.strictObject({
  id: ZId.optional(),
  title: z.string().trim().min(1, '请输入标题').max(120),
  channel: ZArticleChannel,
  regionCode: z.string().regex(/^\d{6}$/, '请选择地区'),
  industrialChainId: ZId.nullable().optional(),
  cover: z.string().max(300).nullable().optional(),
  /** Plain text; made from the body when empty. */
  summary: z.string().trim().max(300).optional(),
  /** Rich text; sanitized on the server with an allowlist before it is stored. */
  body: z.string().min(1, '请输入正文').max(500_000),
  source: z.string().trim().max(60).nullable().optional(),
  author: z.string().trim().max(60).nullable().optional(),
  pinned: z.boolean().optional(),
});
export type SaveArticleRequest = z.infer<typeof ZSaveArticleRequest>;
/** The answer of save.json, and of publish.json, offline.json, pin.json and remove.json. */
export const ZSaveArticleResponse = z.object({ id: z.number().int() });

/** POST /article/api/admin/publish.json: DRAFT or OFFLINE → PUBLISHED, now or at a later time (scheduled). */
export const ZPublishArticleRequest = z.strictObject({
  id: ZId,
  /** ISO instant in the future to schedule; absent: now. */
  publishAt: z.iso.datetime({ offset: true }).optional(),
});
/** POST /article/api/admin/offline.json, /article/api/admin/remove.json: `{ id }`. */
export const ZArticleIdRequest = z.strictObject({ id: ZId });
/** POST /article/api/admin/pin.json */
export const ZPinArticleRequest = z.strictObject({ id: ZId, pinned: z.boolean() });

/** Writers: article:publish (every channel) or article:write (its channels, its organisation's articles). */
const writer = { anyPermission: ['article:write', 'article:publish'] } as const;

/** The article calls: the portal's and the chain pages' reading calls, and the back office's writing calls. */
export const articleOps = {
  /** The article-authority list of SPEC section 4: channels the user may write in; articleAuth = not empty. */
  authList: defineOperation({
    method: 'GET',
    path: '/article/api/auth/list',
    auth: 'session',
    response: ZArticleAuthResponse,
  }),
  portalPage: defineOperation({
    method: 'GET',
    path: '/article/api/portal/page.json',
    auth: 'public',
    query: ZPortalArticlePageQuery,
    response: ZArticlePageResponse,
  }),
  portalDetail: defineOperation({
    method: 'GET',
    path: '/article/api/portal/detail.json',
    auth: 'public',
    query: ZArticleIdQuery,
    response: ZArticleDetail,
  }),
  chainPage: defineOperation({
    method: 'GET',
    path: '/article/api/chain/pageData',
    auth: 'public',
    query: ZChainArticlePageQuery,
    response: ZArticlePageResponse,
  }),
  chainDetail: defineOperation({
    method: 'GET',
    path: '/article/api/chain/detail',
    auth: 'public',
    query: ZArticleIdQuery,
    response: ZArticleDetail,
  }),
  adminPage: defineOperation({
    method: 'GET',
    path: '/article/api/admin/page.json',
    auth: writer,
    query: ZAdminArticlePageQuery,
    response: ZArticlePageResponse,
  }),
  adminDetail: defineOperation({
    method: 'GET',
    path: '/article/api/admin/detail.json',
    auth: writer,
    query: ZArticleIdQuery,
    response: ZArticleDetail,
  }),
  save: defineOperation({
    method: 'POST',
    path: '/article/api/admin/save.json',
    auth: writer,
    body: ZSaveArticleRequest,
    response: ZSaveArticleResponse,
  }),
  publish: defineOperation({
    method: 'POST',
    path: '/article/api/admin/publish.json',
    auth: writer,
    body: ZPublishArticleRequest,
    response: ZSaveArticleResponse,
  }),
  offline: defineOperation({
    method: 'POST',
    path: '/article/api/admin/offline.json',
    auth: writer,
    body: ZArticleIdRequest,
    response: ZSaveArticleResponse,
  }),
  pin: defineOperation({
    method: 'POST',
    path: '/article/api/admin/pin.json',
    auth: writer,
    body: ZPinArticleRequest,
    response: ZSaveArticleResponse,
  }),
  remove: defineOperation({
    method: 'POST',
    path: '/article/api/admin/remove.json',
    auth: writer,
    body: ZArticleIdRequest,
    response: ZSaveArticleResponse,
  }),
};
