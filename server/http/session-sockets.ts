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
 * The same two calls drop the ended sessions from the session cache (auth/session-cache.ts) that
 * authenticate reads: in this process at once, on the cluster's other nodes by a server-side
 * event through the same adapter, so a revoked token is refused on every node.
 */
import type { Server } from 'socket.io';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { SessionLifetime } from '../config';
import { liveSessionIds } from '../auth/sessions';
import { sessionRoom, userRoom } from '../market/socket-auth';
import type { SessionCache } from '../auth/session-cache';

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
/** the server-side event that carries a revocation to the other nodes' session caches */
const ENDED = 'h5:sessions-ended';

interface Ended {
  userId: number;
  /** one session, or (absent) all of the user's but `keep` */
  sessionId?: number;
  keep?: number;
}

export function createSessionSockets(opts: {
  io: Server;
  db: Kysely<Database>;
  life: SessionLifetime;
  sweepMs?: number;
  log: { warn(obj: object, msg?: string): void };
  /** the cache authenticate reads */
  cache?: SessionCache;
  /** several nodes share the adapter (Redis): revocations are sent to the others' caches */
  clustered?: boolean;
}): SessionSockets {
  const { io, db, life, cache } = opts;
  const drop = (e: Ended) => {
    if (!cache) return;
    if (e.sessionId !== undefined) cache.dropSession(e.sessionId);
    else cache.dropUser(e.userId, e.keep);
  };
  const ended = (e: Ended) => {
    drop(e);
    if (opts.clustered) io.serverSideEmit(ENDED, e);
  };
  // another node's revocation (serverSideEmit never comes back to its sender)
  if (opts.clustered) io.on(ENDED, (e: Ended) => drop(e));

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
    endSession(userId, sessionId) {
      ended({ userId, sessionId });
      io.in(sessionRoom(sessionId)).disconnectSockets();
    },
    endUserSessions(userId, keepSessionId) {
      ended({ userId, keep: keepSessionId });
      const members = io.in(userRoom(userId));
      (keepSessionId === undefined ? members : members.except(sessionRoom(keepSessionId))).disconnectSockets();
    },
    sweep,
    close() {
      clearInterval(timer);
    },
  };
}
