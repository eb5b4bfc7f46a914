import { and, count, desc, eq, ilike, inArray, lte, ne, sql, type SQL } from 'drizzle-orm';
import type { ArticleStatus } from '@phjr/contract/content/article';
import type { DbOrTx } from '../../db/client.ts';
import { articles, regions } from '../../db/schema/index.ts';
import { likeText } from '../../db/sql.ts';

/** What readers may see: published, and its publication time has come (a later one is scheduled). */
const visible = () => and(eq(articles.status, 'PUBLISHED'), lte(articles.publishAt, sql`now()`))!;

const summaryColumns = {
  id: articles.id,
  title: articles.title,
  channel: articles.channel,
  regionCode: articles.regionCode,
  regionName: regions.name,
  industrialChainId: articles.industrialChainId,
  cover: articles.cover,
  summary: articles.summary,
  source: articles.source,
  author: articles.author,
  publishAt: articles.publishAt,
  status: articles.status,
  pinned: articles.pinned,
  views: articles.views,
};
const detailColumns = { ...summaryColumns, body: articles.body, updatedAt: articles.updatedAt, orgId: articles.orgId, createdBy: articles.createdBy };

export interface PortalFilter {
  channel: string;
  regionCode?: string;
  keyword?: string;
  industrialChainId?: number;
}

function portalWhere(f: PortalFilter) {
  const where: SQL[] = [visible(), eq(articles.channel, f.channel)];
  if (f.regionCode) where.push(eq(articles.regionCode, f.regionCode));
  if (f.industrialChainId) where.push(eq(articles.industrialChainId, f.industrialChainId));
  if (f.keyword) where.push(ilike(articles.title, likeText(f.keyword)));
  return and(...where);
}

/** The portal's list: pinned first, then newest. */
export async function portalPage(db: DbOrTx, f: PortalFilter, current: number, pageSize: number) {
  const cond = portalWhere(f);
  const [list, [{ n }]] = await Promise.all([
    db
      .select(summaryColumns)
      .from(articles)
      .leftJoin(regions, eq(regions.code, articles.regionCode))
      .where(cond)
      .orderBy(desc(articles.pinned), desc(articles.publishAt), desc(articles.id))
      .limit(pageSize)
      .offset((current - 1) * pageSize),
    db.select({ n: count() }).from(articles).where(cond),
  ]);
  return { list, total: n };
}

export interface AdminFilter {
  /** null: every channel (article:publish). */
  channels: readonly string[] | null;
  /** Only this organisation's articles (writers without article:publish). */
  orgId?: number | null;
  channel?: string;
  status?: string;
  regionCode?: string;
  keyword?: string;
}

function adminWhere(f: AdminFilter) {
  const where: SQL[] = [];
  if (f.channels) where.push(inArray(articles.channel, [...f.channels]));
  if (f.orgId !== undefined) where.push(f.orgId === null ? sql`false` : eq(articles.orgId, f.orgId));
  if (f.channel) where.push(eq(articles.channel, f.channel));
  if (f.status) where.push(eq(articles.status, f.status));
  if (f.regionCode) where.push(eq(articles.regionCode, f.regionCode));
  if (f.keyword) where.push(ilike(articles.title, likeText(f.keyword)));
  return where.length ? and(...where) : undefined;
}

/** The back office's list: last edited first. */
export async function adminPage(db: DbOrTx, f: AdminFilter, current: number, pageSize: number) {
  const cond = adminWhere(f);
  const [list, [{ n }]] = await Promise.all([
    db
      .select(summaryColumns)
      .from(articles)
      .leftJoin(regions, eq(regions.code, articles.regionCode))
      .where(cond)
      .orderBy(desc(articles.updatedAt), desc(articles.id))
      .limit(pageSize)
      .offset((current - 1) * pageSize),
    db.select({ n: count() }).from(articles).where(cond),
  ]);
  return { list, total: n };
}

export async function findArticle(db: DbOrTx, id: number) {
  const [row] = await db.select(detailColumns).from(articles).leftJoin(regions, eq(regions.code, articles.regionCode)).where(eq(articles.id, id));
  return row ?? null;
}

/**
 * Counts one view of a visible article (of `channel` when given) in the statement that finds it, and returns it;
 * null when there is no such visible article.
 */
export async function viewArticle(db: DbOrTx, id: number, channel?: string) {
  const where = [eq(articles.id, id), visible()];
  if (channel) where.push(eq(articles.channel, channel));
  const [hit] = await db
    .update(articles)
    .set({ views: sql`${articles.views} + 1` })
    .where(and(...where))
    .returning({ id: articles.id });
  return hit ? findArticle(db, hit.id) : null;
}

/** Up to `limit` other visible articles of the channel (and region, for district news), newest first. */
export function relatedArticles(db: DbOrTx, a: { id: number; channel: string; regionCode?: string }, limit = 5) {
  const where = [visible(), eq(articles.channel, a.channel), ne(articles.id, a.id)];
  if (a.regionCode) where.push(eq(articles.regionCode, a.regionCode));
  return db
    .select(summaryColumns)
    .from(articles)
    .leftJoin(regions, eq(regions.code, articles.regionCode))
    .where(and(...where))
    .orderBy(desc(articles.publishAt), desc(articles.id))
    .limit(limit);
}

export type ArticleValues = Omit<typeof articles.$inferInsert, 'id' | 'createdAt' | 'updatedAt' | 'views'>;

export async function insertArticle(db: DbOrTx, values: ArticleValues): Promise<number> {
  const [row] = await db.insert(articles).values(values).returning({ id: articles.id });
  return row.id;
}

export async function updateArticle(db: DbOrTx, id: number, values: Partial<ArticleValues>) {
  await db
    .update(articles)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(articles.id, id));
}

/**
 * Moves the article to `to` only if its status is one of `from`, in one statement: a concurrent change cannot slip
 * between the check and the write. False when nothing changed.
 */
export async function transitionArticle(db: DbOrTx, id: number, from: readonly ArticleStatus[], to: ArticleStatus, publishAt?: Date) {
  const rows = await db
    .update(articles)
    .set({ status: to, updatedAt: new Date(), ...(publishAt ? { publishAt } : {}) })
    .where(and(eq(articles.id, id), inArray(articles.status, [...from])))
    .returning({ id: articles.id });
  return rows.length > 0;
}

export async function setArticlePinned(db: DbOrTx, id: number, pinned: boolean) {
  await db.update(articles).set({ pinned, updatedAt: new Date() }).where(eq(articles.id, id));
}

/** Deletes the article only if its status is one of `from`. */
export async function deleteArticle(db: DbOrTx, id: number, from: readonly ArticleStatus[]) {
  const rows = await db
    .delete(articles)
    .where(and(eq(articles.id, id), inArray(articles.status, [...from])))
    .returning({ id: articles.id });
  return rows.length > 0;
}
