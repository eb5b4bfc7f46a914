import { z } from 'zod';
import { ZId } from '../bounds.ts';
import { ZPageQuery, page } from '../envelope.ts';
import { defineOperation } from '../operation.ts';

/** An in-site message of the signed-in user (the bell). */
export const ZMessage = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string(),
  /** A client path to open, or null. */
  link: z.string().nullable(),
  /**
   * What the message says as data (notify/message-kinds.ts): the web words it in the reader's language; null for
   * messages stored before kinds existed, which the web shows by their title and content (the Chinese text).
   */
  kind: z.string().nullable(),
  params: z.record(z.string(), z.union([z.string(), z.number(), z.array(z.string()), z.null()])).nullable(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type Message = z.infer<typeof ZMessage>;

/** GET /finance/message/unreadCount.json */
export const ZUnreadCountResponse = z.object({ count: z.number().int() });

/** GET /finance/message/page.json: own messages, newest first. */
export const ZMessagePageQuery = ZPageQuery.extend({ read: z.enum(['read', 'unread', 'all']).default('all') });
export type MessagePageQuery = z.output<typeof ZMessagePageQuery>;
export const ZMessagePageResponse = page(ZMessage);

/** POST /finance/message/read.json: marks the given own messages read; others' ids are ignored. */
export const ZReadMessagesRequest = z.strictObject({ ids: z.array(ZId).min(1).max(200) });
/** How many messages changed from unread to read. */
export const ZReadMessagesResponse = z.object({ updated: z.number().int() });

/** The in-site message calls (every signed-in user reads and marks only their own). */
export const messageOps = {
  unreadCount: defineOperation({
    method: 'GET',
    path: '/finance/message/unreadCount.json',
    auth: 'session',
    response: ZUnreadCountResponse,
  }),
  page: defineOperation({
    method: 'GET',
    path: '/finance/message/page.json',
    auth: 'session',
    query: ZMessagePageQuery,
    response: ZMessagePageResponse,
  }),
  read: defineOperation({
    method: 'POST',
    path: '/finance/message/read.json',
    auth: 'session',
    body: ZReadMessagesRequest,
    response: ZReadMessagesResponse,
  }),
  readAll: defineOperation({
    method: 'POST',
    path: '/finance/message/readAll.json',
    auth: 'session',
    response: ZReadMessagesResponse,
  }),
};
