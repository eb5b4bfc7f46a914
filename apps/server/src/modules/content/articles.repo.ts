import { and, count, desc, eq, ilike, inArray, lte, ne, sql, type SQL } from 'drizzle-orm';
import type { ArticleStatus, ArticleSummary } from '@phjr/contract/content/article';
import type { DbOrTx } from '../../db/client.ts';
import { articles, regions } from '../../db/schema/index.ts';
import { omitColumn, isoText, likeText, planOnce } from '../../db/sql.ts';

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
const detailColumns = {
  ...summaryColumns,
  body: articles.body,
  updatedAt: articles.updatedAt,
  orgId: articles.orgId,
  createdBy: articles.createdBy,
};

export interface PortalFilter {
  channel: string;
  regionCode?: string;
  keyword?: string;
  industrialChainId?: number;
}

/**
 * Columns of a summary as the API writes it, read from `a` (articles): the region's name by primary key, the time as
 * ISO text. Each row goes out as it comes (issue 17: copying and reshaping the rows, and a Date per row, was ~25 µs of
 * a page's ~165 µs in Node).
 */
const PORTAL_SUMMARY =
  sql.raw(`a.id, a.title, a.channel, a.region_code AS "regionCode", (SELECT name FROM regions WHERE code = a.region_code) AS "regionName",
  a.industrial_chain_id AS "industrialChainId", a.cover, a.summary, a.source, a.author,
  ${isoText('a.publish_at')} AS "publishAt", a.status, a.pinned, a.views`);
const PORTAL_COLUMNS = sql.raw(
  'id, title, channel, region_code, industrial_chain_id, cover, summary, source, author, publish_at, status, pinned, views',
);
const PORTAL_ORDER = sql.raw('pinned DESC, publish_at DESC, id DESC');
const PORTAL_ORDER_A = sql.raw('a.pinned DESC, a.publish_at DESC, a.id DESC');

/** The portal's filter as SQL text: `status` is a literal so that the partial indexes (published only) match. */
function portalSql(f: PortalFilter) {
  const where: SQL[] = [sql.raw(`status = 'PUBLISHED' AND publish_at <= now()`), sql`channel = ${f.channel}`];
  if (f.regionCode) where.push(sql`region_code = ${f.regionCode}`);
  if (f.industrialChainId) where.push(sql`industrial_chain_id = ${f.industrialChainId}`);
  if (f.keyword) where.push(sql`title ILIKE ${likeText(f.keyword)}`);
  return sql.join(where, sql` AND `);
}

/** A summary as the API writes it, with the total beside it (the statement's last column, left out: omitColumn). */
type PortalRow = ArticleSummary & { total: number };
/** A summary as the query builder reads it (relatedArticles). */
export type SummaryRow = Awaited<ReturnType<typeof relatedArticles>>[number];

/**
 * The portal's list: pinned first, then newest. One statement: the total counted on the index (an index-only scan of
 * the channel's published entries), and the page beside it walked in the order of the same index (articles_portal_*
 * indexes), so a page past the end still carries the total (one row of NULLs).
 */
export async function portalPage(
  db: DbOrTx,
  f: PortalFilter,
  current: number,
  pageSize: number,
): Promise<{ list: ArticleSummary[]; total: number }> {
  const cond = portalSql(f);
  const r = await db.execute<PortalRow>(sql`
    SELECT ${PORTAL_SUMMARY}, t.total
    FROM (SELECT count(*)::int AS total FROM articles WHERE ${cond}) t
    LEFT JOIN LATERAL (SELECT ${PORTAL_COLUMNS} FROM articles WHERE ${cond} ORDER BY ${PORTAL_ORDER} LIMIT ${pageSize} OFFSET ${(current - 1) * pageSize}) a ON true
    ORDER BY ${PORTAL_ORDER_A}${planOnce()}`);
  const rows = r.rows;
  const total = rows[0]?.total ?? 0;
  // The rows of the page, or none when the one row is the past-the-end row of NULLs.
  return { list: rows[0]?.id === null ? [] : omitColumn(rows, 'total'), total };
}

export interface AdminFilter {
  /** null: every channel (article:publish). */
  channels: readonly string[] | null;
  /** Only this organisation's articles (writers without article:publish). */
  orgId?: number | null;
  channel?: string;
  status?: string;
  regionCode?: string;
  industrialChainId?: number;
  keyword?: string;
}

function adminWhere(f: AdminFilter) {
  const where: SQL[] = [];
  if (f.channels) where.push(inArray(articles.channel, [...f.channels]));
  if (f.orgId !== undefined) where.push(f.orgId === null ? sql`false` : eq(articles.orgId, f.orgId));
  if (f.channel) where.push(eq(articles.channel, f.channel));
  if (f.status) where.push(eq(articles.status, f.status));
  if (f.regionCode) where.push(eq(articles.regionCode, f.regionCode));
  if (f.industrialChainId !== undefined) where.push(eq(articles.industrialChainId, f.industrialChainId));
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
  const [row] = await db
    .select(detailColumns)
    .from(articles)
    .leftJoin(regions, eq(regions.code, articles.regionCode))
    .where(eq(articles.id, id));
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
export async function transitionArticle(
  db: DbOrTx,
  id: number,
  from: readonly ArticleStatus[],
  to: ArticleStatus,
  publishAt?: Date,
) {
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
