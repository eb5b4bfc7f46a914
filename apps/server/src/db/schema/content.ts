import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  customType,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './orgs.ts';

/** PostgreSQL bytea as a Node Buffer. */
const bytea = customType<{ data: Buffer; driverData: Buffer }>({
  dataType: () => 'bytea',
});

/**
 * Articles of every channel (PRODUCT.md section 9). `body` is HTML already sanitized with the allowlist of
 * modules/content/sanitize.ts; `title` and `summary` are plain text. `org_id` is the writer's organisation: a writer
 * without article:publish edits only its own organisation's articles.
 */
export const articles = pgTable(
  'articles',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    title: text('title').notNull(),
    channel: varchar('channel', { length: 32 }).notNull(),
    regionCode: varchar('region_code', { length: 12 }).notNull(),
    /** The chains table comes with the chains issue: no foreign key yet. */
    industrialChainId: bigint('industrial_chain_id', { mode: 'number' }),
    cover: text('cover'),
    summary: text('summary').notNull().default(''),
    body: text('body').notNull(),
    source: text('source'),
    author: text('author'),
    /** DRAFT, PUBLISHED or OFFLINE (ARTICLE_TRANSITIONS in the contract). */
    status: varchar('status', { length: 12 }).notNull().default('DRAFT'),
    pinned: boolean('pinned').notNull().default(false),
    views: integer('views').notNull().default(0),
    /** Readers see a PUBLISHED article once publish_at <= now() (a future value is a scheduled publication). */
    publishAt: timestamp('publish_at', { withTimezone: true }),
    createdBy: bigint('created_by', { mode: 'number' }),
    orgId: bigint('org_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('articles_portal_idx').on(t.channel, t.status, t.publishAt.desc()),
    index('articles_region_idx').on(t.regionCode, t.channel, t.publishAt.desc()),
    index('articles_chain_idx').on(t.industrialChainId),
    index('articles_org_idx').on(t.orgId, t.updatedAt),
    // The portal's lists (articles.repo.ts portalPage) walk these in their order (pinned, then newest) and count on
    // them with an index-only scan; `status` is in the predicate, so the statement must carry it as a literal.
    index('articles_portal_order_idx')
      .on(t.channel, t.pinned.desc().nullsFirst(), t.publishAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`status = 'PUBLISHED'`),
    index('articles_portal_region_order_idx')
      .on(
        t.channel,
        t.regionCode,
        t.pinned.desc().nullsFirst(),
        t.publishAt.desc().nullsFirst(),
        t.id.desc().nullsFirst(),
      )
      .where(sql`status = 'PUBLISHED'`),
  ],
);

/** The user agreement and the privacy policy: every save is a new version, the highest one is in force. */
export const agreements = pgTable(
  'agreements',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** USER or PRIVACY. */
    kind: varchar('kind', { length: 16 }).notNull(),
    version: integer('version').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: bigint('created_by', { mode: 'number' }),
  },
  (t) => [uniqueIndex('agreements_kind_version_uq').on(t.kind, t.version)],
);

/** The agreement versions an account accepted when it registered: those the registration page showed, then in force. */
export const agreementAcceptances = pgTable(
  'agreement_acceptances',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    agreementId: bigint('agreement_id', { mode: 'number' })
      .notNull()
      .references(() => agreements.id),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.agreementId] })],
);

/** Showcase items of /operateClient/door/achievement. */
export const achievements = pgTable('achievements', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  title: text('title').notNull(),
  figure: varchar('figure', { length: 20 }),
  unit: varchar('unit', { length: 10 }),
  /**
   * A live figure the item shows instead of `figure` / `unit` (contract ACHIEVEMENT_METRICS, issue 30 item 6): the
   * portal reads it from the data with its definition; null: `figure` is the operator's editorial text, marked so.
   */
  metric: varchar('metric', { length: 24 }),
  summary: text('summary').notNull(),
  /** The English texts; each null one falls back to its Chinese text for English readers. */
  titleEn: text('title_en'),
  unitEn: varchar('unit_en', { length: 20 }),
  summaryEn: text('summary_en'),
  cover: text('cover'),
  link: text('link'),
  sort: integer('sort').notNull().default(0),
  active: boolean('active').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedBy: bigint('updated_by', { mode: 'number' }),
});

/**
 * Uploaded files, bytes included: server processes share one database and keep nothing on local disks. The id is
 * random (not a sequence); `name` is the cleaned original name, only ever shown.
 */
export const files = pgTable(
  'files',
  {
    id: varchar('id', { length: 64 }).primaryKey(),
    name: text('name').notNull(),
    contentType: varchar('content_type', { length: 128 }).notNull(),
    size: integer('size').notNull(),
    data: bytea('data').notNull(),
    /** PUBLIC or PRIVATE. */
    visibility: varchar('visibility', { length: 8 }).notNull(),
    uploadedBy: bigint('uploaded_by', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('files_uploader_idx').on(t.uploadedBy, t.createdAt)],
);
