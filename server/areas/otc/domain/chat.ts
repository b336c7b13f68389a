/**
 * The order's chat: a message list per order, stored before it is delivered (the `otc` socket event
 * to both parties' private rooms after the commit tells their pages to catch up "after <last id>";
 * ids only grow, so a reconnect loses nothing). An attachment is an image its sender uploaded
 * through /api/upload (its checks and quota). Only the two parties (and operators, in the back
 * office) read it.
 */
import type { OtcMessage } from '../../../../core';
import { AppError } from '../../../errors';
import type { Db } from '../../../db/schema';
import { claimUpload, fileUrl } from '../../../shared/files/files';
import { partiesOf, type OtcCtx } from './shared';

export async function messages(
  db: Db,
  orderId: number,
  readerId: number | null,
  after = 0,
  nowMs = Date.now(),
): Promise<OtcMessage[]> {
  const rows = await db
    .selectFrom('otc_messages')
    .select(['id', 'order_id', 'sender_id', 'body', 'attachment', 'created_at'])
    .where('order_id', '=', orderId)
    .where('id', '>', after)
    .orderBy('id')
    .limit(200)
    .execute();
  return Promise.all(
    rows.map(async (m) => ({
      id: Number(m.id),
      order_id: m.order_id,
      from: m.sender_id === null ? 'system' : m.sender_id === readerId ? 'me' : 'them',
      body: m.body,
      attachment_url: m.attachment ? await fileUrl(db, m.attachment, 'voucher', nowMs) : '',
      at: new Date(m.created_at).getTime(),
    })),
  );
}

export async function readChat(ctx: OtcCtx, userId: number, orderId: number, after: number): Promise<OtcMessage[]> {
  await partiesOf(ctx.db, orderId, userId);
  return messages(ctx.db, orderId, userId, after, ctx.now());
}

export async function sendChat(
  ctx: OtcCtx,
  userId: number,
  b: { id: number; body: string; attachment?: string },
): Promise<OtcMessage[]> {
  const p = await partiesOf(ctx.db, b.id, userId);
  const body = b.body.trim();
  if (!body && !b.attachment) throw new AppError('param_error');
  const attachment = b.attachment ? await claimUpload(ctx.db, userId, b.attachment, 'voucher') : null;
  const row = await ctx.db
    .insertInto('otc_messages')
    .values({ order_id: b.id, sender_id: userId, body, attachment, created_at: new Date(ctx.now()) })
    .returning('id')
    .executeTakeFirstOrThrow();
  ctx.push({ userIds: [p.buyer_id, p.seller_id], orderId: b.id, what: 'message' });
  return messages(ctx.db, b.id, userId, Number(row.id) - 1, ctx.now());
}
