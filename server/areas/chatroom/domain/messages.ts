/**
 * Posting, reading and reporting in the public chat room. A message is stored before it is
 * delivered (the route emits it after the commit). One user's sends are serialised by their user
 * lock, so slow mode and flood counting hold under concurrent requests. A mute or ban is checked
 * first; a flood mute is committed and THEN the sender is told (an error would roll it back).
 */
import type { Kysely } from 'kysely';
import type { ChatMessage, ChatRoomState } from '../../../../core';
import { AppError } from '../../../errors';
import type { Database, Db } from '../../../db/schema';
import { inTransaction } from '../../../db/tx';
import { maskLinksAndAddresses } from './mask';
import { CHAT_HISTORY, CHAT_MAX_LENGTH, type ChatRules } from './rules';
import type {} from '../tables';

type Row = {
  id: number;
  user_id: number;
  nickname: string;
  level: number;
  text: string;
  masked: boolean;
  created_at: Date;
};

export const present = (r: Row): ChatMessage => ({
  id: r.id,
  user_id: r.user_id,
  nickname: r.nickname,
  level: r.level,
  text: r.text,
  masked: r.masked,
  at: r.created_at.getTime(),
});

function withSender(db: Db) {
  return db
    .selectFrom('chat_messages as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['m.id', 'm.user_id', 'u.nickname', 'u.level', 'm.text', 'm.masked', 'm.created_at']);
}

const secondsLeft = (untilMs: number, nowMs: number) => Math.max(1, Math.ceil((untilMs - nowMs) / 1000));

async function muteOf(db: Db, userId: number, nowMs: number): Promise<ChatRoomState['muted']> {
  const m = await db.selectFrom('chat_mutes').selectAll().where('user_id', '=', userId).executeTakeFirst();
  if (!m) return null;
  if (m.kind === 'ban') return { until: null, reason: 'ban' };
  return m.until && m.until.getTime() > nowMs ? { until: m.until.getTime(), reason: m.kind } : null;
}

/**
 * The room on entry (the last CHAT_HISTORY messages), or a catch-up: the messages after the last id
 * the page holds and the ids removed by operators since its last read (`since`, the `now` it was
 * given then). More missed than one page → `gap`: the page replaces what it holds.
 */
export async function roomState(
  db: Db,
  rules: ChatRules,
  userId: number,
  nowMs: number,
  w: { after?: number; since?: number } = {},
): Promise<ChatRoomState> {
  const base = withSender(db).where('m.deleted_at', 'is', null);
  let messages: ChatMessage[];
  let gap = false;
  if (w.after === undefined) {
    messages = (await base.orderBy('m.id', 'desc').limit(CHAT_HISTORY).execute()).reverse().map(present);
  } else {
    const rows = await base
      .where('m.id', '>', w.after)
      .orderBy('m.id', 'asc')
      .limit(CHAT_HISTORY + 1)
      .execute();
    gap = rows.length > CHAT_HISTORY;
    messages = gap
      ? (await base.orderBy('m.id', 'desc').limit(CHAT_HISTORY).execute()).reverse().map(present)
      : rows.map(present);
  }
  const deleted =
    w.since === undefined
      ? []
      : (
          await db
            .selectFrom('chat_messages')
            .select('id')
            .where('deleted_at', '>=', new Date(w.since))
            .orderBy('id', 'desc')
            .limit(CHAT_HISTORY)
            .execute()
        ).map((r) => r.id);
  return {
    messages,
    deleted,
    gap,
    now: nowMs,
    slow_mode_seconds: rules.slowModeSeconds,
    muted: await muteOf(db, userId, nowMs),
  };
}

type Outcome = { sent: ChatMessage } | { floodMuted: number };

export async function sendMessage(
  db: Kysely<Database>,
  rules: ChatRules,
  userId: number,
  raw: string,
  nowMs: number,
): Promise<ChatMessage> {
  const text = raw.trim();
  if (!text) throw new AppError('chat_empty');
  if ([...text].length > CHAT_MAX_LENGTH) throw new AppError('chat_too_long', { max: CHAT_MAX_LENGTH });
  const out = await inTransaction<Outcome>(
    db,
    async (trx) => {
      const mute = await muteOf(trx, userId, nowMs);
      if (mute?.reason === 'ban') throw new AppError('chat_banned');
      if (mute) throw new AppError('chat_muted', { seconds: secondsLeft(mute.until ?? nowMs, nowMs) });
      const last = await trx
        .selectFrom('chat_messages')
        .select('created_at')
        .where('user_id', '=', userId)
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      const nextAllowed = last ? last.created_at.getTime() + rules.slowModeSeconds * 1000 : 0;
      if (nowMs < nextAllowed) throw new AppError('chat_slow_mode', { seconds: secondsLeft(nextAllowed, nowMs) });
      const recent = await trx
        .selectFrom('chat_messages')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('user_id', '=', userId)
        .where('created_at', '>', new Date(nowMs - rules.floodWindowSeconds * 1000))
        .executeTakeFirstOrThrow();
      if (Number(recent.n) >= rules.floodMax) {
        const until = new Date(nowMs + rules.floodMuteSeconds * 1000);
        await trx
          .insertInto('chat_mutes')
          .values({ user_id: userId, kind: 'flood', until, created_at: new Date(nowMs) })
          .onConflict((oc) => oc.column('user_id').doUpdateSet({ kind: 'flood', until, created_at: new Date(nowMs) }))
          .execute();
        return { floodMuted: rules.floodMuteSeconds };
      }
      const sender = await trx.selectFrom('users').select(['level']).where('id', '=', userId).executeTakeFirstOrThrow();
      const body = sender.level >= 1 ? { text, masked: false } : maskLinksAndAddresses(text);
      const ins = await trx
        .insertInto('chat_messages')
        .values({ user_id: userId, text: body.text, masked: body.masked, created_at: new Date(nowMs) })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { sent: present(await withSender(trx).where('m.id', '=', ins.id).executeTakeFirstOrThrow()) };
    },
    { users: [userId] },
  );
  if ('floodMuted' in out) throw new AppError('chat_flood_muted', { seconds: out.floodMuted });
  return out.sent;
}

export async function reportMessage(db: Kysely<Database>, userId: number, messageId: number): Promise<void> {
  const m = await db
    .selectFrom('chat_messages')
    .select('id')
    .where('id', '=', messageId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!m) throw new AppError('chat_message_not_found');
  await db
    .insertInto('chat_reports')
    .values({ message_id: messageId, reporter_id: userId })
    .onConflict((oc) => oc.columns(['message_id', 'reporter_id']).doNothing())
    .execute();
}
