/**
 * Revocation reaches live sockets. A socket that authenticated with a session sits in `user:<id>`
 * (private events) and `session:<id>` (socket-auth.ts). When sessions end — logout, password
 * reset, a security change that signs out other devices — the sockets holding them are
 * disconnected. The operations go through the adapter, so with Redis they reach every node.
 * The market worker dials again after a server-side disconnect (workers/redial.ts), so the
 * public feed comes back at once on a fresh connection that holds no session until it
 * authenticates again with a live token.
 * A periodic sweep disconnects this node's sockets whose session expired or was revoked by
 * other means.
 */
import type { Server } from 'socket.io';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { SessionLifetime } from '../config';
import { liveSessionIds } from '../auth/sessions';
import { sessionRoom, userRoom } from '../market/socket-auth';

export interface SessionSockets {
  /** one session ended (logout): its sockets are disconnected */
  endSession(userId: number, sessionId: number): void;
  /** all of a user's sessions ended, except `keepSessionId` when given (the device that made the change) */
  endUserSessions(userId: number, keepSessionId?: number): void;
  /** disconnects this node's sockets whose session is no longer live; returns how many */
  sweep(): Promise<number>;
  close(): void;
}

const SWEEP_MS = 60_000;

export function createSessionSockets(opts: {
  io: Server;
  db: Kysely<Database>;
  life: SessionLifetime;
  sweepMs?: number;
  log: { warn(obj: object, msg?: string): void };
}): SessionSockets {
  const { io, db, life } = opts;

  async function sweep(): Promise<number> {
    // Only sockets still in a private room (a socket whose auth was dropped holds no session).
    const held = [...io.of('/').sockets.values()].filter(
      (s) =>
        typeof s.data.sessionId === 'number' &&
        s.data.userId !== undefined &&
        s.rooms.has(userRoom(s.data.userId as number)),
    );
    if (!held.length) return 0;
    const live = await liveSessionIds(db, [...new Set(held.map((s) => s.data.sessionId as number))], life);
    const dead = held.filter((s) => !live.has(s.data.sessionId as number));
    for (const s of dead) s.disconnect();
    return dead.length;
  }

  const timer = setInterval(() => {
    sweep().catch((err: unknown) => opts.log.warn({ err }, 'session sockets: sweep failed'));
  }, opts.sweepMs ?? SWEEP_MS);
  timer.unref?.();

  return {
    // the session room alone names its sockets
    endSession(_userId, sessionId) {
      io.in(sessionRoom(sessionId)).disconnectSockets();
    },
    endUserSessions(userId, keepSessionId) {
      const members = io.in(userRoom(userId));
      (keepSessionId === undefined ? members : members.except(sessionRoom(keepSessionId))).disconnectSockets();
    },
    sweep,
    close() {
      clearInterval(timer);
    },
  };
}
