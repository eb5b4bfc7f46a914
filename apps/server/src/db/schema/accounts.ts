import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './orgs.ts';

/** The platform's copy of the enterprise registry, used to certify enterprise accounts (PRODUCT.md section 4). */
export const enterpriseRegistry = pgTable('enterprise_registry', {
  creditCode: varchar('credit_code', { length: 18 }).primaryKey(),
  name: text('name').notNull(),
  legalRep: text('legal_rep').notNull(),
  /** Registered capital in 万元. */
  regCapital: numeric('reg_capital', { precision: 14, scale: 2 }),
  establishedOn: date('established_on'),
  address: text('address'),
  businessScope: text('business_scope'),
  industry: text('industry'),
  status: varchar('status', { length: 16 }).notNull().default('存续'),
  regionCode: varchar('region_code', { length: 12 }),
});

/** relatedSubject: a personal login may act for these enterprise accounts. */
export const userSubjects = pgTable(
  'user_subjects',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    enterpriseUserId: bigint('enterprise_user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.enterpriseUserId] })],
);

/** SMS verification codes: 6 digits, hashed, 5 minutes, single use, at most 5 wrong tries. */
export const smsCodes = pgTable(
  'sms_codes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    phone: varchar('phone', { length: 20 }).notNull(),
    /** REGISTER, LOGIN, CHANGE_PHONE, BIND_PHONE, VERIFY... */
    purpose: varchar('purpose', { length: 24 }).notNull(),
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    ip: varchar('ip', { length: 64 }).notNull(),
    wrongTries: integer('wrong_tries').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('sms_codes_phone_idx').on(t.phone, t.createdAt), index('sms_codes_ip_idx').on(t.ip, t.createdAt)],
);

/** What the default SMS gateway "sends": the operator reads it under Platform → SMS. */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    phone: varchar('phone', { length: 20 }).notNull(),
    templateCode: varchar('template_code', { length: 48 }).notNull(),
    content: text('content').notNull(),
    /** SENT, or SKIPPED when the template is switched off. */
    status: varchar('status', { length: 12 }).notNull().default('SENT'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sms_outbox_phone_idx').on(t.phone, t.createdAt), index('sms_outbox_created_idx').on(t.createdAt)],
);

/** SMS templates with {placeholders}; each can be switched off. */
export const smsTemplates = pgTable('sms_templates', {
  code: varchar('code', { length: 48 }).primaryKey(),
  name: text('name').notNull(),
  content: text('content').notNull(),
  enabled: boolean('enabled').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedBy: bigint('updated_by', { mode: 'number' }),
});

/** In-site messages: the bell with its unread count in every client. */
export const messages = pgTable(
  'messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    content: text('content').notNull(),
    link: text('link'),
    /** notify/message-kinds.ts: what the message says as data, worded by the reader's web (null on old rows). */
    kind: varchar('kind', { length: 64 }),
    params: jsonb('params').$type<Record<string, string | number | string[] | null>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    index('messages_user_idx').on(t.userId, t.createdAt),
    index('messages_unread_idx')
      .on(t.userId)
      .where(sql`${t.readAt} IS NULL`),
  ],
);

/** Every Excel import (users, makeup loans, chain enterprises, farmers) keeps a record and its failed rows. */
export const importJobs = pgTable(
  'import_jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: varchar('kind', { length: 32 }).notNull(),
    fileName: text('file_name').notNull(),
    total: integer('total').notNull().default(0),
    succeeded: integer('succeeded').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    userId: bigint('user_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('import_jobs_kind_idx').on(t.kind, t.createdAt)],
);

export const importFailures = pgTable(
  'import_failures',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    jobId: bigint('job_id', { mode: 'number' })
      .notNull()
      .references(() => importJobs.id, { onDelete: 'cascade' }),
    rowNo: integer('row_no').notNull(),
    data: text('data').notNull(),
    reason: text('reason').notNull(),
  },
  (t) => [index('import_failures_job_idx').on(t.jobId, t.rowNo)],
);
