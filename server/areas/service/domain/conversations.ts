/**
 * Customer-service conversations, as the customer reaches them: one per user (kept across
 * closes), or one per guest token. Every write runs in one transaction and returns what must be
 * delivered once it has committed (the caller delivers: see service.ts).
 */
import type {} from '../tables'; // the area's tables join Database there
import type { Kysely } from 'kysely';
import type { Database, Db } from '../../../db/schema';
import { inTransaction, type Trx } from '../../../db/tx';
import { AppError } from '../../../errors';
import type { ServiceRef, ServiceThread } from '../../../../core';
import { nameOfRef } from '../../../shared/files/files';
import type { Party } from './party';
import { insertMessage, listMessages, receiptsOf, type Window } from './messages';
import { checkOwnRef } from './refs';
import { guestUpload } from './guests';

function byParty(db: Db, p: Party) {
  const q = db.selectFrom('service_conversations').selectAll().where('kind', '=', 'support');
  return p.kind === 'user' ? q.where('user_id', '=', p.userId) : q.where('guest_token_hash', '=', p.tokenHash);
}

async function findConversation(db: Db, p: Party) {
  return byParty(db, p).executeTakeFirst();
}

/** The party's conversation, created on first use (users only: a guest's is created with its token). */
async function ensureConversation(trx: Trx, p: Party) {
  const found = await byParty(trx, p).forUpdate().executeTakeFirst();
  if (found) return found;
  if (p.kind === 'guest') throw new AppError('service_not_found');
  // two first messages at once: the unique index lets one insert win, the other reads it
  await trx
    .insertInto('service_conversations')
    .values({ kind: 'support', user_id: p.userId })
    .onConflict((oc) => oc.columns(['user_id', 'kind']).where('user_id', 'is not', null).doNothing())
    .execute();
  return byParty(trx, p).forUpdate().executeTakeFirstOrThrow();
}

/** An attachment must be an image this user uploaded (through /api/upload, with its checks and quota). */
async function ownUpload(db: Db, userId: number, ref: string): Promise<string> {
  const name = nameOfRef(ref.trim());
  if (!name) throw new AppError('file_ref_invalid');
  const row = await db
    .selectFrom('uploads')
    .select(['name'])
    .where('name', '=', name)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row) throw new AppError('file_ref_invalid');
  return `upload/${name}`;
}

export interface Posted {
  conversationId: number;
  userId: number | null;
  messageIds: number[];
}

export async function postFromCustomer(
  db: Kysely<Database>,
  p: Party,
  input: { body: string; attachment?: string; ref?: ServiceRef; lang: string },
): Promise<Posted> {
  const body = input.body.trim();
  if (!body && !input.attachment && !input.ref) throw new AppError('service_message_empty');
  // a guest has no records to attach; its images are its conversation's own guest uploads
  if (p.kind === 'guest' && input.ref) throw new AppError('please_login', undefined, '999');
  if (p.kind === 'user' && input.ref) await checkOwnRef(db, p.userId, input.ref);
  const attachment = !input.attachment
    ? null
    : p.kind === 'user'
      ? await ownUpload(db, p.userId, input.attachment)
      : await guestUpload(db, p.tokenHash, input.attachment);
  return inTransaction(db, async (trx) => {
    const c = await ensureConversation(trx, p);
    const ids: number[] = [];
    if (c.lang !== input.lang)
      await trx.updateTable('service_conversations').set({ lang: input.lang }).where('id', '=', c.id).execute();
    if (input.ref) {
      ids.push(await insertMessage(trx, { conversationId: c.id, sender: 'system', ref: input.ref }));
      await trx
        .updateTable('service_conversations')
        .set({ ref_type: input.ref.type, ref_id: input.ref.id })
        .where('id', '=', c.id)
        .execute();
    }
    if (body || attachment)
      ids.push(await insertMessage(trx, { conversationId: c.id, sender: 'user', body, attachment }));
    return { conversationId: c.id, userId: c.user_id, messageIds: ids };
  });
}

/** A window of the party's thread; fetching marks what it returns as delivered to the customer. */
export async function customerThread(
  db: Kysely<Database>,
  p: Party,
  w: Window,
): Promise<{ thread: ServiceThread; deliveredMoved: boolean; conversationId: number | null }> {
  const c = await findConversation(db, p);
  if (!c) {
    return {
      thread: {
        conversation_id: null,
        status: 'open',
        email_reply: false,
        email_verified: p.kind === 'user',
        receipts: { user_delivered_id: 0, user_read_id: 0, staff_read_id: 0 },
        messages: [],
        has_more: false,
      },
      deliveredMoved: false,
      conversationId: null,
    };
  }
  const { messages, hasMore } = await listMessages(db, c.id, w, false);
  const top = messages.reduce((m, x) => Math.max(m, x.sender === 'staff' ? x.id : 0), 0);
  let moved = false;
  if (top > Number(c.user_delivered_id)) {
    const r = await db
      .updateTable('service_conversations')
      .set({ user_delivered_id: top })
      .where('id', '=', c.id)
      .where('user_delivered_id', '<', top)
      .executeTakeFirst();
    moved = r.numUpdatedRows > 0n;
    if (moved) c.user_delivered_id = top;
  }
  return {
    // operators sign in with their name: customers see "Customer service", never an operator's login
    thread: {
      conversation_id: c.id,
      status: c.status,
      email_reply: c.email_reply,
      email_verified: c.user_id !== null || c.guest_email_verified_at !== null,
      receipts: receiptsOf(c),
      messages: messages.map((m) => ({ ...m, staff_name: '' })),
      has_more: hasMore,
    },
    deliveredMoved: moved,
    conversationId: c.id,
  };
}

/** The customer has read everything up to `upTo` (never moves backwards). */
export async function markReadByCustomer(db: Kysely<Database>, p: Party, upTo: number) {
  const c = await findConversation(db, p);
  if (!c) throw new AppError('service_not_found');
  const to = Math.min(upTo, Number(c.last_message_id));
  await db
    .updateTable('service_conversations')
    .set((eb) => ({
      user_read_id: eb.fn('greatest', ['user_read_id', eb.val(to)]),
      user_delivered_id: eb.fn('greatest', ['user_delivered_id', eb.val(to)]),
    }))
    .where('id', '=', c.id)
    .execute();
  const after = await db
    .selectFrom('service_conversations')
    .select(['id', 'user_id', 'user_delivered_id', 'user_read_id', 'staff_read_id'])
    .where('id', '=', c.id)
    .executeTakeFirstOrThrow();
  return { conversationId: c.id, userId: c.user_id, receipts: receiptsOf(after) };
}

export async function setEmailReply(db: Kysely<Database>, p: Party, on: boolean): Promise<void> {
  if (p.kind === 'user') {
    await inTransaction(db, async (trx) => {
      const c = await ensureConversation(trx, p);
      await trx.updateTable('service_conversations').set({ email_reply: on }).where('id', '=', c.id).execute();
    });
  } else {
    await db
      .updateTable('service_conversations')
      .set({ email_reply: true })
      .where('guest_token_hash', '=', p.tokenHash)
      .execute();
  }
}

/** Staff messages the customer has not read yet. */
export async function unreadFor(db: Db, p: Party): Promise<number> {
  const c = await findConversation(db, p);
  if (!c || Number(c.last_staff_msg_id) <= Number(c.user_read_id)) return 0;
  const r = await db
    .selectFrom('service_messages')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('conversation_id', '=', c.id)
    .where('sender', '=', 'staff')
    .where('internal', '=', false)
    .where('id', '>', Number(c.user_read_id))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

export async function startGuest(db: Kysely<Database>, tokenHash: string, email: string): Promise<void> {
  await db
    .insertInto('service_conversations')
    .values({ kind: 'support', guest_token_hash: tokenHash, guest_email: email, email_reply: true })
    .execute();
}
