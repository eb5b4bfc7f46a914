import {
  bigint,
  bigserial,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';

/** System settings the operator can change (session timeouts, redirect allowlist, links, SLA days...). */
export const appConfig = pgTable('app_config', {
  key: varchar('key', { length: 64 }).primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedBy: bigint('updated_by', { mode: 'number' }),
});

/** Banners and system images (picManage); the active ones load at start-up. */
export const sysImages = pgTable('sys_images', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  place: varchar('place', { length: 32 }).notNull(),
  title: text('title').notNull(),
  /** The English title; null: English readers see `title`. */
  titleEn: text('title_en'),
  url: text('url').notNull(),
  /** The image for English readers (a banner's words are drawn in it); null: they see `url`. */
  urlEn: text('url_en'),
  link: text('link'),
  sort: integer('sort').notNull().default(0),
  active: boolean('active').notNull().default(true),
});

/** Who did what, when, from where (PRODUCT.md section 12). */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' }),
    action: varchar('action', { length: 48 }).notNull(),
    target: text('target'),
    detail: jsonb('detail'),
    ip: varchar('ip', { length: 64 }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_log_at_idx').on(t.at), index('audit_log_user_idx').on(t.userId, t.at)],
);

/** The operator's holiday calendar: public holidays, and weekend days swapped into working days. */
export const holidays = pgTable('holidays', {
  day: date('day').primaryKey(),
  /** HOLIDAY (a weekday off) or WORKDAY (a weekend day worked). */
  kind: varchar('kind', { length: 8 }).notNull(),
  name: text('name').notNull(),
});
