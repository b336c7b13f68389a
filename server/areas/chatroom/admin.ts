/**
 * Back office under /admin/api/chatroom (operators only): the latest messages with their report
 * counts (or the reported ones only), deleting a message (everyone's page removes it live), muting a user for a while, banning,
 * lifting a mute. Every action is written with the operator action log in its own transaction.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import { room, SOCKET_EVENTS, type AdminChatMessage, type ChatEvent } from '../../../core';
import { ok } from '../../http/envelope';
import { parse } from '../../kernel/validate';
import { AppError } from '../../errors';
import { inTransaction } from '../../db/tx';
import { logAction } from '../../auth/operators';
import { id, int } from '../../kernel/fields';
import { requiredReason } from '../../admin/forms';
import { present } from './domain/messages';
import type {} from './tables';

export async function chatroomAdminRoutes(op: FastifyInstance): Promise<void> {
  op.get('/messages', (req) => listMessages(op, req));
  op.post('/delete', (req) => deleteMessage(op, req));
  op.post('/mute', (req) => restrict(op, req, 'operator'));
  op.post('/ban', (req) => restrict(op, req, 'ban'));
  op.post('/unmute', (req) => unmute(op, req));
}

const ReportedQuery = z.object({ reported: z.enum(['0', '1']).default('0') });

/** the newest messages (or, with reported=1, the reported ones still shown), with their senders' restriction */
async function listMessages(op: FastifyInstance, req: FastifyRequest) {
  const q = parse(ReportedQuery, req.query);
  let query = op.db
    .selectFrom('chat_messages as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .leftJoin('chat_mutes as x', 'x.user_id', 'm.user_id')
    .select([
      'm.id',
      'm.user_id',
      'u.nickname',
      'u.level',
      'm.text',
      'm.masked',
      'm.created_at',
      'm.deleted_at',
      'x.kind as mute_kind',
      'x.until as mute_until',
    ])
    .select(sql<number>`(SELECT count(*)::int FROM chat_reports r WHERE r.message_id = m.id)`.as('reports'));
  if (q.reported === '1')
    query = query
      .where('m.deleted_at', 'is', null)
      .where(sql<boolean>`EXISTS (SELECT 1 FROM chat_reports r WHERE r.message_id = m.id)`);
  const rows = await query.orderBy('m.id', 'desc').limit(200).execute();
  const now = op.chatroom.now();
  return ok(
    rows.map((r): AdminChatMessage => {
      const running =
        r.mute_kind === 'ban' || (r.mute_kind !== null && r.mute_until !== null && r.mute_until.getTime() > now);
      return {
        ...present(r),
        deleted: r.deleted_at !== null,
        reports: r.reports,
        sender_mute: running && r.mute_kind ? { kind: r.mute_kind, until: r.mute_until?.getTime() ?? null } : null,
      };
    }),
  );
}

const DeleteBody = z.object({ id, reason: requiredReason });

/** hides a message (logged), then tells every open page to remove it */
async function deleteMessage(op: FastifyInstance, req: FastifyRequest) {
  const b = parse(DeleteBody, req.body);
  await inTransaction(op.db, async (trx) => {
    const r = await trx
      .updateTable('chat_messages')
      .set({ deleted_at: new Date(op.chatroom.now()), deleted_by: req.operatorId })
      .where('id', '=', b.id)
      .where('deleted_at', 'is', null)
      .returning('user_id')
      .executeTakeFirst();
    if (!r) throw new AppError('chat_message_not_found');
    await logAction(trx, {
      operatorId: req.operatorId,
      action: 'chat_delete',
      target: `chat_message:${b.id}`,
      reason: b.reason,
      detail: { user_id: r.user_id },
    });
  });
  op.market.emitToRoom(room.chat, SOCKET_EVENTS.chat, { kind: 'deleted', id: b.id } satisfies ChatEvent);
  return ok(true);
}

const MuteBody = z.object({ user_id: id, minutes: int(1, 525_600), reason: requiredReason });
const BanBody = z.object({ user_id: id, minutes: z.unknown().optional(), reason: requiredReason });

/** a mute for some minutes (kind 'operator') or a ban with no end, replacing any restriction the user had */
async function restrict(op: FastifyInstance, req: FastifyRequest, kind: 'operator' | 'ban') {
  const b = parse(kind === 'ban' ? BanBody : MuteBody, req.body);
  const user = await op.db.selectFrom('users').select('id').where('id', '=', b.user_id).executeTakeFirst();
  if (!user) throw new AppError('not_found');
  const until = kind === 'ban' ? null : new Date(op.chatroom.now() + Number(b.minutes) * 60_000);
  await inTransaction(op.db, async (trx) => {
    await trx
      .insertInto('chat_mutes')
      .values({ user_id: b.user_id, kind, until })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ kind, until, created_at: new Date() }))
      .execute();
    await logAction(trx, {
      operatorId: req.operatorId,
      action: kind === 'ban' ? 'chat_ban' : 'chat_mute',
      target: `user:${b.user_id}`,
      reason: b.reason,
      detail: { until: until?.toISOString() ?? null },
    });
  });
  return ok(true);
}

const UserReasonBody = z.object({ user_id: id, reason: requiredReason });

async function unmute(op: FastifyInstance, req: FastifyRequest) {
  const b = parse(UserReasonBody, req.body);
  await inTransaction(op.db, async (trx) => {
    await trx.deleteFrom('chat_mutes').where('user_id', '=', b.user_id).execute();
    await logAction(trx, {
      operatorId: req.operatorId,
      action: 'chat_unmute',
      target: `user:${b.user_id}`,
      reason: b.reason,
    });
  });
  return ok(true);
}
