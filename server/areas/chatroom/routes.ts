/**
 * /api/chatroom/… for logged-in users: the room's last messages (and the caller's mute), posting
 * (stored, then delivered to the `chatroom` socket room as a `chat` event), and reporting.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { room, SOCKET_EVENTS, type ChatEvent } from '../../../core';
import { ok } from '../../http/envelope';
import { parse } from '../../kernel/validate';
import { requestInput as input } from '../../kernel/input';
import { id, optTimeMs } from '../../kernel/fields';

const optBigInt = z.preprocess(
  (v) =>
    typeof v === 'string' ? (v.trim() === '' ? undefined : /^\d{1,15}$/.test(v.trim()) ? Number(v.trim()) : v) : v,
  z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
);
import { reportMessage, roomState, sendMessage } from './domain/messages';
import { chatRules } from './domain/rules';

const StateQuery = z.object({ after: optBigInt, since: optTimeMs });
const TextBody = z.object({ text: z.string().max(20_000) });
const IdBody = z.object({ id });

export async function chatroomRoutes(app: FastifyInstance): Promise<void> {
  const db = app.db;
  const auth = { preHandler: app.authenticate };
  app.get('/chatroom/state', auth, async (req) => {
    const w = parse(StateQuery, req.query);
    return ok(await roomState(db, await chatRules(db), req.userId, app.chatroom.now(), w));
  });
  app.post('/chatroom/send', auth, async (req) => {
    // zod only checks the type; the length and emptiness rules answer in the user's words (messages.ts)
    const b = parse(TextBody, input(req));
    const message = await sendMessage(db, await chatRules(db), req.userId, b.text, app.chatroom.now());
    app.market.emitToRoom(room.chat, SOCKET_EVENTS.chat, { kind: 'message', message } satisfies ChatEvent);
    return ok(message);
  });
  app.post('/chatroom/report', auth, async (req) => {
    await reportMessage(db, req.userId, parse(IdBody, input(req)).id);
    return ok(true);
  });
}
