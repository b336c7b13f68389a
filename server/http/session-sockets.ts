/**
 * Revocation reaches live sockets. A socket that authenticated with a session sits in `user:<id>`
 * (private events) and `session:<id>` (socket-auth.ts). When sessions end — logout, password
 * reset, a security change that signs out other devices — the sockets holding them leave the
 * private room. The operations go through the adapter, so with Redis they reach every node.
 * Sockets stay connected: the public market feed is not the session's to take away, and a
 * socket.io client does not reconnect by itself after a server-side disconnect.
 * A periodic sweep drops the private room of sockets whose session expired or was revoked by
 * other means (each node sweeps its own sockets).
 */
import type { Server, Socket } from 'socket.io';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { SessionLifetime } from '../config';
import { liveSessionIds } from '../domain/accounts/sessions';
import { sessionRoom, userRoom } from '../market/socket-auth';

export interface SessionSockets {
  /** one session ended (logout): its sockets leave the private room */
  endSession(userId: number, sessionId: number): void;
  /** all of a user's sessions ended, except `keepSessionId` when given (the device that made the change) */
  endUserSessions(userId: number, keepSessionId?: number): void;
  /** drops the private room of this node's sockets whose session is no longer live; returns how many */
  sweep(): Promise<number>;
  close(): void;
}

export const SWEEP_MS = 60_000;

function leave(socket: Socket): void {
  const { userId, sessionId } = socket.data as { userId?: number | string; sessionId?: number | string };
  if (userId !== undefined) void socket.leave(userRoom(userId));
  if (sessionId !== undefined) void socket.leave(sessionRoom(sessionId));
  socket.data.userId = undefined;
  socket.data.sessionId = undefined;
}

export function createSessionSockets(opts: { io: Server; db: Kysely<Database>; life: SessionLifetime; sweepMs?: number; log: { warn(obj: object, msg?: string): void } }): SessionSockets {
  const { io, db, life } = opts;

  async function sweep(): Promise<number> {
    // Only sockets still in a private room: ones revoked through the adapter have left it already.
    const held = [...io.of('/').sockets.values()].filter((s) => typeof s.data.sessionId === 'number' && s.data.userId !== undefined && s.rooms.has(userRoom(s.data.userId as number)));
    if (!held.length) return 0;
    const live = await liveSessionIds(db, [...new Set(held.map((s) => s.data.sessionId as number))], life);
    const dead = held.filter((s) => !live.has(s.data.sessionId as number));
    for (const s of dead) leave(s);
    return dead.length;
  }

  const timer = setInterval(() => {
    sweep().catch((err: unknown) => opts.log.warn({ err }, 'session sockets: sweep failed'));
  }, opts.sweepMs ?? SWEEP_MS);
  timer.unref?.();

  return {
    endSession(userId, sessionId) {
      io.in(sessionRoom(sessionId)).socketsLeave([userRoom(userId), sessionRoom(sessionId)]);
    },
    endUserSessions(userId, keepSessionId) {
      const members = io.in(userRoom(userId));
      (keepSessionId === undefined ? members : members.except(sessionRoom(keepSessionId))).socketsLeave(userRoom(userId));
    },
    sweep,
    close() {
      clearInterval(timer);
    },
  };
}
