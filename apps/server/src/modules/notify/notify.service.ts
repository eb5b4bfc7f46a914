import type { MessageBody } from '@phjr/contract/notify/message-kinds';
import type { DbOrTx } from '../../db/client.ts';
import { insertMessage } from './messages.repo.ts';
import { staffWith, type StaffQuery } from './recipients.repo.ts';
import { createOutboxGateway } from './sms.gateway.ts';

/**
 * What an in-site message says (`Said`): its kind and params (packages/contract/src/notify/message-kinds.ts), which
 * the reader's web words in the reader's language, and the same in Chinese (title, content), stored for old clients
 * and readers without a wording of the kind (decision record 0033). SMS stay Chinese (carrier templates).
 */
export type Said = MessageBody & { title: string; content: string };
export type Notification = Said & {
  /** A client path the message opens (e.g. `/userClient/demand/public?id=12`), or null. */
  link?: string | null;
};

/**
 * Sends an in-site message to one user. Pass the transaction of the change it reports, so that the message exists
 * exactly when the change does (a rolled-back transition sends nothing).
 */
export async function notifyUser(db: DbOrTx, userId: number, n: Notification): Promise<number> {
  return insertMessage(db, {
    userId,
    kind: n.kind,
    params: n.params,
    title: n.title.slice(0, 200),
    content: n.content.slice(0, 2000),
    link: n.link && n.link.startsWith('/') && !n.link.startsWith('//') ? n.link : null,
  });
}

/** The same message to several users (e.g. every staff member of a bank). */
export async function notifyUsers(db: DbOrTx, userIds: readonly number[], n: Notification): Promise<void> {
  for (const id of new Set(userIds)) await notifyUser(db, id, n);
}

/** An SMS from an operator template (switched off one by one in 短信模板; a switched-off one is only logged). */
export interface TemplatedSms {
  template: string;
  params: Record<string, string | number>;
}

/**
 * New work for staff (issue 30: every event that puts work in someone's list tells them), in the transaction of the
 * change. Each person is told as their notification setting says (users.notify_pref, 我的设置 通知方式): SITE an
 * in-site message, SMS a text, BOTH both, NONE nothing; the text goes only when the event has an SMS template and
 * the phone is a mobile number. The work itself is in their list whatever they chose. `who`: the active accounts of a
 * kind holding a permission, in some organisations or supervising a district (recipients.repo.ts staffWith).
 */
export async function tellStaff(db: DbOrTx, who: StaffQuery, n: Notification, sms?: TemplatedSms): Promise<void> {
  const people = await staffWith(db, who);
  const seen = new Set<number>();
  const phones = new Set<string>();
  for (const p of people) {
    if (seen.has(p.id)) continue;
    seen.add(p.id);
    if (p.notifyPref === 'SITE' || p.notifyPref === 'BOTH') await notifyUser(db, p.id, n);
    if (sms && (p.notifyPref === 'SMS' || p.notifyPref === 'BOTH') && p.phone && /^1\d{10}$/.test(p.phone))
      phones.add(p.phone);
  }
  if (!phones.size) return;
  const gateway = createOutboxGateway(db);
  for (const phone of phones) await gateway.send(phone, sms!.template, sms!.params);
}
