import { bigint, bigserial, boolean, index, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from './orgs.ts';

/**
 * Sessions live in the database so any number of server processes share them. An SSO session is made by a login
 * on the SSO pages (its token is the httpOnly SSO cookie); a CLIENT session is made by a ticket exchange and holds
 * the two tokens the client sends (satokenClient, satokenServer). Only SHA-256 hashes of tokens are stored.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: varchar('kind', { length: 8 }).notNull(),
    parentId: bigint('parent_id', { mode: 'number' }),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clientTokenHash: varchar('client_token_hash', { length: 64 }).unique(),
    serverTokenHash: varchar('server_token_hash', { length: 64 }).notNull().unique(),
    firstLogin: boolean('first_login').notNull().default(false),
    ip: varchar('ip', { length: 64 }),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_parent_idx').on(t.parentId)],
);

/** Single-use login tickets: random, 60 s, bound to the client URL they were issued for. */
export const ssoTickets = pgTable('sso_tickets', {
  ticketHash: varchar('ticket_hash', { length: 64 }).primaryKey(),
  ssoSessionId: bigint('sso_session_id', { mode: 'number' }).notNull(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  clientUrl: text('client_url').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/**
 * Picture captchas: single use, 2 minutes, compared case-insensitively. The answer is kept as a keyed hash
 * (modules/auth/captcha.ts: HMAC-SHA256 under the server secret, of the id and the answer), never in clear; the
 * address that asked is counted per minute (CAPTCHA_PER_ADDRESS_PER_MINUTE).
 */
export const captchas = pgTable(
  'captchas',
  {
    id: varchar('id', { length: 36 }).primaryKey(),
    answerHash: varchar('answer_hash', { length: 64 }).notNull(),
    ip: varchar('ip', { length: 64 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('captchas_ip_idx').on(t.ip, t.createdAt)],
);

/** Failed password logins, counted per account and per address over a sliding 15 minutes. */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountKey: varchar('account_key', { length: 64 }).notNull(),
    ip: varchar('ip', { length: 64 }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('login_failures_account_idx').on(t.accountKey, t.at), index('login_failures_ip_idx').on(t.ip, t.at)],
);
