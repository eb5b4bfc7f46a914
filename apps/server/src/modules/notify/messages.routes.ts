import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope } from '@phjr/contract/envelope';
import {
  ZMessagePageQuery,
  ZMessagePageResponse,
  ZReadMessagesRequest,
  ZReadMessagesResponse,
  ZUnreadCountResponse,
} from '@phjr/contract/notify/messages';
import type { AppDeps } from '../../deps.ts';
import { ok } from '../../lib/reply.ts';
import { sessionOf } from '../../plugins/auth.ts';
import * as repo from './messages.repo.ts';

/** Routes of in-site messages: every signed-in user reads and marks only their own. */
export async function messagesRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const tags = ['notify'];

  r.get(
    '/finance/message/unreadCount.json',
    { config: { auth: 'session' }, schema: { tags, response: { 200: envelope(ZUnreadCountResponse) } } },
    async (req) => ok({ count: await repo.unreadCount(db, sessionOf(req).userId) }),
  );

  r.get(
    '/finance/message/page.json',
    { config: { auth: 'session' }, schema: { tags, querystring: ZMessagePageQuery, response: { 200: envelope(ZMessagePageResponse) } } },
    async (req) => {
      const { current, pageSize, read } = req.query;
      const { list, total } = await repo.pageOfUser(db, sessionOf(req).userId, read, current, pageSize);
      return ok({
        list: list.map((m) => ({
          id: m.id,
          title: m.title,
          content: m.content,
          link: m.link,
          createdAt: m.createdAt.toISOString(),
          readAt: m.readAt?.toISOString() ?? null,
        })),
        total,
        current,
        pageSize,
      });
    },
  );

  r.post(
    '/finance/message/read.json',
    { config: { auth: 'session' }, schema: { tags, body: ZReadMessagesRequest, response: { 200: envelope(ZReadMessagesResponse) } } },
    async (req) => ok({ updated: await repo.markRead(db, sessionOf(req).userId, req.body.ids) }),
  );

  r.post(
    '/finance/message/readAll.json',
    { config: { auth: 'session' }, schema: { tags, response: { 200: envelope(ZReadMessagesResponse) } } },
    async (req) => ok({ updated: await repo.markRead(db, sessionOf(req).userId, 'all') }),
  );
}
