/**
 * The operators' side of conversations: the inbox (unassigned, mine, all), one conversation with
 * the customer's profile and recent records, replies, internal notes, assignment, close/reopen and
 * read marks. Every write logs its operator action in the same transaction.
 */
import type {} from '../tables'; // the area's tables join Database there
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import { inTransaction } from '../../../db/tx';
import { AppError } from '../../../errors';
import { logAction } from '../../../auth/operators';
import type { AdminConversation, AdminConversationRow, ConversationStatus, InboxBox, Page } from '../../../../core';
import { insertMessage, listMessages, receiptsOf } from './messages';
import { describeRef, recentRecords } from './refs';

const rowQuery = (db: Kysely<Database>) =>
  db
    .selectFrom('service_conversations as c')
    .leftJoin('users as u', 'u.id', 'c.user_id')
    .leftJoin('operators as o', 'o.id', 'c.assignee_id')
    .leftJoin('service_messages as m', 'm.id', 'c.last_message_id')
    .select([
      'c.id',
      'c.kind',
      'c.status',
      'c.user_id',
      'c.guest_email',
      'c.assignee_id',
      'c.ref_type',
      'c.ref_id',
      'c.last_message_id',
      'c.last_user_msg_id',
      'c.staff_read_id',
      'c.updated_at',
      'u.email',
      'u.mobile',
      'o.name as assignee',
      'm.body as last_body',
      'm.attachment as last_attachment',
    ]);

type RawRow = Awaited<ReturnType<ReturnType<typeof rowQuery>['executeTakeFirstOrThrow']>>;

function toRow(r: RawRow): AdminConversationRow {
  return {
    id: r.id,
    kind: r.kind,
    status: r.status,
    user_id: r.user_id,
    who: r.user_id ? (r.email ?? r.mobile ?? `#${r.user_id}`) : (r.guest_email ?? ''),
    guest: r.user_id === null,
    assignee: r.assignee ?? '',
    assignee_id: r.assignee_id,
    last_body: r.last_body || (r.last_attachment ? '[image]' : ''),
    last_at: r.updated_at.getTime(),
    unread: Number(r.last_user_msg_id) > Number(r.staff_read_id) ? 1 : 0,
    ref: r.ref_type && r.ref_id ? { type: r.ref_type, id: r.ref_id } : null,
  };
}

export async function inbox(
  db: Kysely<Database>,
  operatorId: number,
  box: InboxBox,
  status: ConversationStatus,
  page: number,
  limit: number,
): Promise<Page<AdminConversationRow>> {
  let q = rowQuery(db).where('c.status', '=', status).where('c.last_message_id', '>', 0);
  if (box === 'unassigned') q = q.where('c.assignee_id', 'is', null);
  if (box === 'mine') q = q.where('c.assignee_id', '=', operatorId);
  const rows = await q
    .orderBy('c.last_message_id', 'desc')
    .limit(limit)
    .offset((page - 1) * limit)
    .execute();
  let cq = db
    .selectFrom('service_conversations')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', '=', status)
    .where('last_message_id', '>', 0);
  if (box === 'unassigned') cq = cq.where('assignee_id', 'is', null);
  if (box === 'mine') cq = cq.where('assignee_id', '=', operatorId);
  const total = Number((await cq.executeTakeFirstOrThrow()).n);
  return { list: rows.map(toRow), total, page, limit };
}

export async function conversationDetail(
  db: Kysely<Database>,
  id: number,
  before?: number,
): Promise<AdminConversation> {
  const r = await rowQuery(db)
    .select(['c.email_reply', 'c.user_delivered_id', 'c.user_read_id'])
    .where('c.id', '=', id)
    .executeTakeFirst();
  if (!r) throw new AppError('service_not_found');
  const { messages } = await listMessages(db, id, { before, limit: 100 }, true);
  const user = r.user_id
    ? await db
        .selectFrom('users')
        .select(['email', 'mobile', 'level', 'created_at'])
        .where('id', '=', r.user_id)
        .executeTakeFirst()
    : undefined;
  const row = toRow(r);
  return {
    ...row,
    email: r.user_id ? (r.email ?? '') : (r.guest_email ?? ''),
    email_reply: r.email_reply,
    receipts: receiptsOf({
      user_delivered_id: r.user_delivered_id,
      user_read_id: r.user_read_id,
      staff_read_id: r.staff_read_id,
    }),
    messages,
    context: row.ref ? await describeRef(db, row.ref) : null,
    profile: user
      ? { account: user.email ?? user.mobile ?? '', level: user.level, created_at: user.created_at.getTime() }
      : null,
    recent: r.user_id ? await recentRecords(db, r.user_id) : [],
  };
}

async function mustExist(db: Kysely<Database>, id: number) {
  const c = await db.selectFrom('service_conversations').selectAll().where('id', '=', id).executeTakeFirst();
  if (!c) throw new AppError('service_not_found');
  return c;
}

export async function staffPost(db: Kysely<Database>, operatorId: number, id: number, body: string, internal: boolean) {
  const c = await mustExist(db, id);
  const text = body.trim();
  if (!text) throw new AppError('service_message_empty');
  const messageId = await inTransaction(db, async (trx) => {
    const mid = await insertMessage(trx, { conversationId: id, sender: 'staff', operatorId, body: text, internal });
    // answering an unassigned conversation takes it
    if (!internal && c.assignee_id === null)
      await trx
        .updateTable('service_conversations')
        .set({ assignee_id: operatorId })
        .where('id', '=', id)
        .where('assignee_id', 'is', null)
        .execute();
    await logAction(trx, {
      operatorId,
      action: internal ? 'service_note' : 'service_reply',
      target: `service_conversation:${id}`,
      reason: text.slice(0, 200),
      detail: { message_id: mid },
    });
    return mid;
  });
  return { conversation: c, messageId };
}

export async function setAssignee(
  db: Kysely<Database>,
  operatorId: number,
  id: number,
  assigneeId: number | null,
): Promise<void> {
  await mustExist(db, id);
  if (
    assigneeId !== null &&
    !(await db
      .selectFrom('operators')
      .select('id')
      .where('id', '=', assigneeId)
      .where('status', '=', 1)
      .executeTakeFirst())
  )
    throw new AppError('not_found');
  await inTransaction(db, async (trx) => {
    await trx.updateTable('service_conversations').set({ assignee_id: assigneeId }).where('id', '=', id).execute();
    await logAction(trx, {
      operatorId,
      action: 'service_assign',
      target: `service_conversation:${id}`,
      reason: assigneeId === null ? 'unassigned' : `operator:${assigneeId}`,
    });
  });
}

export async function setStatus(
  db: Kysely<Database>,
  operatorId: number,
  id: number,
  status: ConversationStatus,
): Promise<void> {
  await mustExist(db, id);
  await inTransaction(db, async (trx) => {
    await trx
      .updateTable('service_conversations')
      .set({ status, updated_at: new Date() })
      .where('id', '=', id)
      .execute();
    await logAction(trx, {
      operatorId,
      action: status === 'closed' ? 'service_close' : 'service_reopen',
      target: `service_conversation:${id}`,
      reason: status,
    });
  });
}

/** The operators have read the customer's messages up to `upTo`. */
export async function markReadByStaff(db: Kysely<Database>, id: number, upTo: number) {
  const c = await mustExist(db, id);
  const to = Math.min(upTo, Number(c.last_message_id));
  const r = await db
    .updateTable('service_conversations')
    .set({ staff_read_id: sql<number>`greatest(staff_read_id, ${to})` })
    .where('id', '=', id)
    .returning(['user_id', 'user_delivered_id', 'user_read_id', 'staff_read_id'])
    .executeTakeFirstOrThrow();
  return { userId: r.user_id, receipts: receiptsOf(r) };
}

export async function cannedReplies(db: Kysely<Database>, lang: string) {
  return db.selectFrom('service_canned').selectAll().where('lang', '=', lang).orderBy('id').execute();
}
