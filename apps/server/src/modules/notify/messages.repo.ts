import { and, count, desc, eq, inArray, isNotNull, isNull, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { messages } from '../../db/schema/index.ts';

export async function insertMessage(db: DbOrTx, row: typeof messages.$inferInsert) {
  const [m] = await db.insert(messages).values(row).returning({ id: messages.id });
  return m.id;
}

export async function unreadCount(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(messages)
    .where(and(eq(messages.userId, userId), isNull(messages.readAt)));
  return row?.n ?? 0;
}

/** One page of a user's own messages, newest first. */
export async function pageOfUser(
  db: DbOrTx,
  userId: number,
  read: 'read' | 'unread' | 'all',
  current: number,
  pageSize: number,
) {
  const where: SQL[] = [eq(messages.userId, userId)];
  if (read === 'read') where.push(isNotNull(messages.readAt));
  if (read === 'unread') where.push(isNull(messages.readAt));
  const cond = and(...where);
  const [list, [{ n }]] = await Promise.all([
    db
      .select()
      .from(messages)
      .where(cond)
      .orderBy(desc(messages.createdAt), desc(messages.id))
      .limit(pageSize)
      .offset((current - 1) * pageSize),
    db.select({ n: count() }).from(messages).where(cond),
  ]);
  return { list, total: n };
}

/** Marks the user's own unread messages among ids read; ids of other users' messages match nothing. */
export async function markRead(db: DbOrTx, userId: number, ids: number[] | 'all'): Promise<number> {
  const where = [eq(messages.userId, userId), isNull(messages.readAt)];
  if (ids !== 'all') where.push(inArray(messages.id, ids));
  const rows = await db
    .update(messages)
    .set({ readAt: new Date() })
    .where(and(...where))
    .returning({ id: messages.id });
  return rows.length;
}
