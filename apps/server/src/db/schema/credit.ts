import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { orgs, users } from './orgs.ts';

/**
 * Credit queries with consent (PRODUCT.md section 10, docs/credit.md). Subjects are enterprises, keyed by their
 * unified social credit code (whether or not they have an account: the registry is the source). A consent names one
 * institution (an organisation; it covers that organisation's users and those of the units below it), a purpose and
 * an expiry day (Beijing calendar, inclusive); its state (LIVE / EXPIRED / REVOKED) is computed from revoked_at and
 * the day, never stored. Every institutional query writes one row of credit_queries, refused ones too, and moves
 * credit_query_counts in the same transaction: the figures read those counters, never the log.
 */
export const creditConsents = pgTable(
  'credit_consents',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    subjectCreditCode: varchar('subject_credit_code', { length: 18 }).notNull(),
    subjectName: text('subject_name').notNull(),
    /** The enterprise main account that gave it. */
    subjectUserId: bigint('subject_user_id', { mode: 'number' }).references(() => users.id),
    orgId: bigint('org_id', { mode: 'number' })
      .notNull()
      .references(() => orgs.id),
    /** CREDIT_PURPOSES */
    purpose: varchar('purpose', { length: 16 }).notNull(),
    /** SELF or DEMAND */
    source: varchar('source', { length: 8 }).notNull(),
    demandId: bigint('demand_id', { mode: 'number' }),
    /** The Beijing day it was given, and the last day it covers. */
    givenOn: date('given_on').notNull(),
    expiresOn: date('expires_on').notNull(),
    /** Who gave it: the main account, or the user (sub-account) who posted the demand. */
    givenBy: bigint('given_by', { mode: 'number' }).references(() => users.id),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: bigint('revoked_by', { mode: 'number' }).references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('credit_consents_subject_idx').on(t.subjectCreditCode, t.id.desc()),
    // The query's check: this institution line, this subject and purpose, not revoked.
    index('credit_consents_cover_idx')
      .on(t.subjectCreditCode, t.orgId, t.purpose)
      .where(sql`revoked_at IS NULL`),
    index('credit_consents_org_idx').on(t.orgId, t.expiresOn),
  ],
);

/** The query log: who (user, institution), about whom, why, under which consent, what was shown, and the outcome. */
export const creditQueries = pgTable(
  'credit_queries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id),
    orgId: bigint('org_id', { mode: 'number' }).references(() => orgs.id),
    subjectCreditCode: varchar('subject_credit_code', { length: 18 }).notNull(),
    subjectName: text('subject_name'),
    /** The subject's district (registry, else its account's), for the district supervisors' scope; NULL: unknown. */
    subjectRegionCode: varchar('subject_region_code', { length: 12 }),
    purpose: varchar('purpose', { length: 16 }).notNull(),
    consentId: bigint('consent_id', { mode: 'number' }).references(() => creditConsents.id),
    /** SHOWN or REFUSED */
    outcome: varchar('outcome', { length: 8 }).notNull(),
    /** CREDIT_FIELD_GROUPS shown (empty when refused). */
    fieldGroups: varchar('field_groups', { length: 16 })
      .array()
      .notNull()
      .default(sql`'{}'::varchar[]`),
    ip: varchar('ip', { length: 64 }),
  },
  (t) => [
    index('credit_queries_at_idx').on(t.at.desc(), t.id.desc()),
    index('credit_queries_subject_idx').on(t.subjectCreditCode, t.at.desc()),
    index('credit_queries_org_idx').on(t.orgId, t.at.desc()),
    index('credit_queries_region_idx').on(t.subjectRegionCode, t.at.desc()),
  ],
);

/**
 * Queries per Beijing day, institution, purpose, outcome and subject district ('' unknown): the figures of the log
 * (docs/statistics.md, "Credit queries"), moved by the same transaction that writes the log row.
 */
export const creditQueryCounts = pgTable(
  'credit_query_counts',
  {
    day: date('day').notNull(),
    orgId: bigint('org_id', { mode: 'number' }).notNull(),
    purpose: varchar('purpose', { length: 16 }).notNull(),
    outcome: varchar('outcome', { length: 8 }).notNull(),
    regionCode: varchar('region_code', { length: 12 }).notNull(),
    n: integer('n').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.orgId, t.purpose, t.outcome, t.regionCode] })],
);
