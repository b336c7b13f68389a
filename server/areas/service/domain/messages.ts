/**
 * Stored messages and how each side sees them. A message is inserted (and its conversation's
 * high-water marks moved) in one transaction; only after the commit is it delivered (live.ts).
 * Customers never see internal notes; ids only grow, so "after <id>" is an exact catch-up.
 */
import type {} from '../tables'; // the area's tables join Database there
import type { Db } from '../../../db/schema';
import type { Trx } from '../../../db/tx';
import type { MessageSender, ServiceMessage, ServiceReceipts, ServiceRef, ServiceRefType } from '../../../../core';
import { fileUrl } from '../../../shared/files/files';

const PAGE = 30;
const MAX_PAGE = 100;

export interface NewMessage {
  conversationId: number;
  sender: MessageSender;
  operatorId?: number;
  body?: string;
  attachment?: string | null;
  ref?: ServiceRef | null;
  internal?: boolean;
}

/** Inserts a message and moves the conversation's marks; returns the new id. Run inside a transaction. */
export async function insertMessage(trx: Trx, m: NewMessage): Promise<number> {
  const row = await trx
    .insertInto('service_messages')
    .values({
      conversation_id: m.conversationId,
      sender: m.sender,
      operator_id: m.operatorId ?? null,
      body: m.body ?? '',
      attachment: m.attachment ?? null,
      ref_type: m.ref?.type ?? null,
      ref_id: m.ref?.id ?? null,
      internal: m.internal ?? false,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const id = Number(row.id);
  if (!m.internal) {
    await trx
      .updateTable('service_conversations')
      .set({
        last_message_id: id,
        updated_at: new Date(),
        ...(m.sender === 'user'
          ? { last_user_msg_id: id }
          : m.sender === 'staff'
            ? { last_staff_msg_id: id, staff_read_id: id }
            : {}),
        // a customer writing again reopens a closed conversation
        ...(m.sender === 'user' ? { status: 'open' as const } : {}),
      })
      .where('id', '=', m.conversationId)
      .execute();
  }
  return id;
}

type Row = {
  id: number;
  conversation_id: number;
  sender: MessageSender;
  body: string;
  attachment: string | null;
  ref_type: ServiceRefType | null;
  ref_id: number | null;
  internal: boolean;
  created_at: Date;
  staff_name: string | null;
};

function baseQuery(db: Db, conversationId: number, withNotes: boolean) {
  let q = db
    .selectFrom('service_messages as m')
    .leftJoin('operators as o', 'o.id', 'm.operator_id')
    .select([
      'm.id',
      'm.conversation_id',
      'm.sender',
      'm.body',
      'm.attachment',
      'm.ref_type',
      'm.ref_id',
      'm.internal',
      'm.created_at',
      'o.name as staff_name',
    ])
    .where('m.conversation_id', '=', conversationId);
  if (!withNotes) q = q.where('m.internal', '=', false);
  return q;
}

async function present(db: Db, rows: Row[]): Promise<ServiceMessage[]> {
  return Promise.all(
    rows.map(async (r) => ({
      id: Number(r.id),
      conversation_id: r.conversation_id,
      sender: r.sender,
      staff_name: r.sender === 'staff' ? (r.staff_name ?? '') : '',
      body: r.body,
      image_url: r.attachment ? await fileUrl(db as Parameters<typeof fileUrl>[0], r.attachment, 'general') : '',
      ref: r.ref_type && r.ref_id ? { type: r.ref_type, id: r.ref_id } : null,
      internal: r.internal,
      created_at: r.created_at.getTime(),
    })),
  );
}

export interface Window {
  /** messages with an id above this, oldest first (catch-up after a reconnect) */
  after?: number;
  /** the page of messages just below this id (history paged back) */
  before?: number;
  limit?: number;
}

/** A window of a thread, oldest first, and whether older messages exist below it. */
export async function listMessages(
  db: Db,
  conversationId: number,
  w: Window,
  withNotes: boolean,
): Promise<{ messages: ServiceMessage[]; hasMore: boolean }> {
  const limit = Math.min(w.limit ?? PAGE, MAX_PAGE);
  if (w.after !== undefined) {
    const rows = await baseQuery(db, conversationId, withNotes)
      .where('m.id', '>', w.after)
      .orderBy('m.id', 'asc')
      .limit(limit)
      .execute();
    return { messages: await present(db, rows as Row[]), hasMore: false };
  }
  let q = baseQuery(db, conversationId, withNotes);
  if (w.before !== undefined) q = q.where('m.id', '<', w.before);
  const rows = (await q
    .orderBy('m.id', 'desc')
    .limit(limit + 1)
    .execute()) as Row[];
  const hasMore = rows.length > limit;
  return { messages: await present(db, rows.slice(0, limit).reverse()), hasMore };
}

export async function oneMessage(db: Db, id: number): Promise<ServiceMessage> {
  const row = await db
    .selectFrom('service_messages as m')
    .leftJoin('operators as o', 'o.id', 'm.operator_id')
    .select([
      'm.id',
      'm.conversation_id',
      'm.sender',
      'm.body',
      'm.attachment',
      'm.ref_type',
      'm.ref_id',
      'm.internal',
      'm.created_at',
      'o.name as staff_name',
    ])
    .where('m.id', '=', id)
    .executeTakeFirstOrThrow();
  return (await present(db, [row as Row]))[0];
}

export function receiptsOf(c: {
  user_delivered_id: number;
  user_read_id: number;
  staff_read_id: number;
}): ServiceReceipts {
  return {
    user_delivered_id: Number(c.user_delivered_id),
    user_read_id: Number(c.user_read_id),
    staff_read_id: Number(c.staff_read_id),
  };
}
