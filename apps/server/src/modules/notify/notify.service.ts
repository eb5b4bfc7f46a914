import type { DbOrTx } from '../../db/client.ts';
import { insertMessage } from './messages.repo.ts';

export interface Notification {
  title: string;
  content: string;
  /** A client path the message opens (e.g. `/userClient/demand/public?id=12`), or null. */
  link?: string | null;
}

/**
 * Sends an in-site message to one user. Pass the transaction of the change it reports, so that the message exists
 * exactly when the change does (a rolled-back transition sends nothing).
 */
export async function notifyUser(db: DbOrTx, userId: number, n: Notification): Promise<number> {
  return insertMessage(db, {
    userId,
    title: n.title.slice(0, 200),
    content: n.content.slice(0, 2000),
    link: n.link && n.link.startsWith('/') && !n.link.startsWith('//') ? n.link : null,
  });
}

/** The same message to several users (e.g. every staff member of a bank). */
export async function notifyUsers(db: DbOrTx, userIds: readonly number[], n: Notification): Promise<void> {
  for (const id of new Set(userIds)) await notifyUser(db, id, n);
}
