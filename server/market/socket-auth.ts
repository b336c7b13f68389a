/**
 * The socket `auth` event. A session token puts the socket in its user's private room
 * (`user:<id>`), in its session's room (`session:<id>`) and in the public chat room (`chatroom`): revoking a session then reaches the
 * sockets that hold it on every node, through the adapter (server/http/session-sockets.ts).
 * Each auth is a database lookup, so one socket gets a few per window and no more.
 */
import type { Socket } from 'socket.io';
import { z } from 'zod';
import { SOCKET_EVENTS, room } from '../../core';

export interface SocketIdentity {
  userId: number | string;
  /** the session the token belongs to; absent in tests that resolve users without sessions */
  sessionId?: number | string;
}

/** token → identity (a bare user id is accepted too), or null/undefined when the token is no good. */
export type ResolveUser = (token: string) => Promise<SocketIdentity | number | string | null | undefined>;

interface AuthAck {
  ok: boolean;
  error?: string;
}

export const userRoom = room.user;
export const sessionRoom = room.session;

/** `auth` events one socket may send per window; past twice that it is disconnected. */
export const AUTH_LIMIT = { max: 5, windowMs: 10_000 };

const authSchema = z.object({ token: z.string().max(512) });

function normalise(r: SocketIdentity | number | string | null | undefined): SocketIdentity | null {
  if (r === null || r === undefined) return null;
  return typeof r === 'object' ? r : { userId: r };
}

/** Registers the `auth` handler on one socket. */
export function handleAuth(
  socket: Socket,
  resolveUser: ResolveUser,
  log: { warn(obj: object, msg?: string): void },
): void {
  let windowStart = 0;
  let used = 0;

  const reply = (ack: unknown, body: AuthAck) => {
    if (typeof ack === 'function') (ack as (a: AuthAck) => void)(body);
  };

  const forget = () => {
    const prev = socket.data as { userId?: number | string; sessionId?: number | string };
    if (prev.userId !== undefined) void socket.leave(userRoom(prev.userId));
    if (prev.sessionId !== undefined) void socket.leave(sessionRoom(prev.sessionId));
    void socket.leave(room.chat);
    socket.data.userId = undefined;
    socket.data.sessionId = undefined;
  };

  socket.on(SOCKET_EVENTS.auth, async (payload: unknown, ack?: unknown) => {
    const now = Date.now();
    if (now - windowStart >= AUTH_LIMIT.windowMs) {
      windowStart = now;
      used = 0;
    }
    used++;
    if (used > 2 * AUTH_LIMIT.max) {
      socket.disconnect(true);
      return;
    }
    if (used > AUTH_LIMIT.max) return reply(ack, { ok: false, error: 'too_many_requests' });

    const r = authSchema.safeParse(payload);
    if (!r.success) return reply(ack, { ok: false, error: 'param_error' });
    let who: SocketIdentity | null;
    try {
      who = r.data.token ? normalise(await resolveUser(r.data.token)) : null;
    } catch (err) {
      log.warn({ err }, 'market: resolveUser failed');
      return reply(ack, { ok: false, error: 'auth_failed' });
    }
    // A new token (or an empty one: logout) replaces the previous identity.
    forget();
    if (!who) return reply(ack, r.data.token ? { ok: false, error: 'session_invalid' } : { ok: true });
    socket.data.userId = who.userId;
    socket.data.sessionId = who.sessionId;
    void socket.join(userRoom(who.userId));
    if (who.sessionId !== undefined) void socket.join(sessionRoom(who.sessionId));
    void socket.join(room.chat); // logged-in users hear the chat room
    reply(ack, { ok: true });
  });
}
