import type { FastifyInstance } from 'fastify';
import { messageOps } from '@phjr/contract/notify/messages';
import type { AppDeps } from '../../deps.ts';
import { routeOperation } from '../../lib/operation-route.ts';
import { sessionOf } from '../../plugins/auth.ts';
import * as repo from './messages.repo.ts';

/** Routes of in-site messages: every signed-in user reads and marks only their own. */
export async function messagesRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps;
  const tags = ['notify'];

  routeOperation(
    app,
    messageOps.unreadCount,
    async (req) => ({ count: await repo.unreadCount(db, sessionOf(req).userId) }),
    { tags },
  );

  routeOperation(
    app,
    messageOps.page,
    async (req) => {
      const { current, pageSize, read } = req.query;
      const { list, total } = await repo.pageOfUser(db, sessionOf(req).userId, read, current, pageSize);
      return {
        list: list.map((m) => ({
          id: m.id,
          title: m.title,
          content: m.content,
          link: m.link,
          kind: m.kind,
          params: m.params,
          createdAt: m.createdAt.toISOString(),
          readAt: m.readAt?.toISOString() ?? null,
        })),
        total,
        current,
        pageSize,
      };
    },
    { tags },
  );

  routeOperation(
    app,
    messageOps.read,
    async (req) => ({ updated: await repo.markRead(db, sessionOf(req).userId, req.body.ids) }),
    { tags },
  );
  routeOperation(
    app,
    messageOps.readAll,
    async (req) => ({ updated: await repo.markRead(db, sessionOf(req).userId, 'all') }),
    { tags },
  );
}
