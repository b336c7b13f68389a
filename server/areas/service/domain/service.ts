/**
 * The area's service: the writes of conversations.ts / staff.ts followed by their delivery, which
 * always happens after the commit (a message is stored before anyone is told of it). A reply to a
 * customer who is away goes by email when they asked for it, and to a guest whose email
 * answered its code.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import type { Transport } from '../../../notify';
import { translate } from '../../../i18n/messages';
import { LANGS, type Lang, type ServiceEvent, type ServiceMessage, type ServiceReceipts } from '../../../../core';
import type { ServiceLive } from './live';
import { oneMessage } from './messages';

export interface ServiceDeps {
  db: Kysely<Database>;
  live: ServiceLive;
  notify: Transport;
  publicUrl: string;
  log: { warn(o: object, m?: string): void };
}

/** Operators sign in with their name: customers see "Customer service", never an operator's login. */
const forCustomer = (m: ServiceMessage): ServiceMessage => ({ ...m, staff_name: '' });

/** Tells the customer (their private room) and the operators about stored messages. */
export async function deliverMessages(
  d: ServiceDeps,
  conversationId: number,
  userId: number | null,
  ids: number[],
): Promise<void> {
  for (const id of ids) {
    const message = await oneMessage(d.db, id);
    const e: ServiceEvent = { conversation_id: conversationId, message };
    if (userId !== null && !message.internal) d.live.toUser(userId, { ...e, message: forCustomer(message) });
    d.live.toOperators(e);
  }
}

export function deliverReceipts(
  d: ServiceDeps,
  conversationId: number,
  userId: number | null,
  receipts: ServiceReceipts,
): void {
  const e: ServiceEvent = { conversation_id: conversationId, receipts };
  if (userId !== null) d.live.toUser(userId, e);
  d.live.toOperators(e);
}

/** After an operator's reply: mail it when the customer cannot see it live and wants (or, as a guest, needs) mail. */
export async function mailReplyIfAway(
  d: ServiceDeps,
  c: {
    user_id: number | null;
    guest_email: string | null;
    guest_email_verified_at: Date | null;
    email_reply: boolean;
    lang: string;
  },
  body: string,
): Promise<boolean> {
  let to: string | null = null;
  // a guest's address is mailed only once it has answered its code: nobody can make us write to a stranger
  if (c.user_id === null) to = c.guest_email_verified_at ? c.guest_email : null;
  else if (c.email_reply && !(await d.live.userOnline(c.user_id))) {
    to = (await d.db.selectFrom('users').select('email').where('id', '=', c.user_id).executeTakeFirst())?.email ?? null;
  }
  if (!to) return false;
  const lang: Lang = (LANGS as readonly string[]).includes(c.lang) ? (c.lang as Lang) : 'en';
  const subject = translate('service_reply_subject', lang);
  try {
    await d.notify.send({ channel: 'email', to, subject, body: `${body}\n\n${d.publicUrl}/h5/#/pages/kefu/index` });
    return true;
  } catch (err) {
    d.log.warn({ err }, 'service: reply mail failed');
    return false;
  }
}
