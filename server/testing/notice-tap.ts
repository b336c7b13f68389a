/**
 * Tests of what users are told: every live `notice` the app pushes to a user's socket room and
 * every message it sends (email, SMS), recorded as they go out — the app still sends them.
 */
import type { FastifyInstance } from 'fastify';
import { SOCKET_EVENTS, type TradeNotice } from '../../core';
import type { OutgoingMessage } from '../notify';

export interface NoticeTap {
  toasts: { userId: number; n: TradeNotice }[];
  sent: OutgoingMessage[];
}

export function tapNotices(app: FastifyInstance): NoticeTap {
  const tap: NoticeTap = { toasts: [], sent: [] };
  const market = app.market;
  const emit = market.emitToUser.bind(market);
  market.emitToUser = (userId, event, payload) => {
    if (event === SOCKET_EVENTS.notice) tap.toasts.push({ userId: Number(userId), n: payload as TradeNotice });
    emit(userId, event, payload);
  };
  const notify = app.notify;
  const send = notify.send.bind(notify);
  notify.send = async (m) => {
    tap.sent.push(m);
    return send(m);
  };
  return tap;
}
