/**
 * socket.io across processes on Redis *streams* (@socket.io/redis-streams-adapter), not pub/sub:
 * each node reads the stream from its own last offset, so a node whose Redis connection drops for
 * a moment catches up on the user events it missed instead of losing them (pub/sub delivers only
 * to whoever is subscribed at that instant). The adapter's client waits out an outage (no retry
 * limit), so an event emitted meanwhile is queued and published once Redis is back.
 *
 * Connection-state recovery rides on the same stream: a phone whose connection blips for up to
 * RECOVERY_MS gets its rooms back and the cross-node events it missed. Market data is emitted
 * `local` (server/market/socket.ts) and never enters the stream, so a recovered socket is not
 * flooded with stale ticks; the worker resyncs those by seq as before.
 *
 * A recovered socket must not outlive its login: recovery is refused when the restored session
 * was revoked or expired while the phone was away (it then connects fresh, with no private rooms),
 * and operator sockets always start fresh.
 */
import type { Server, ServerOptions } from 'socket.io';
import type { Redis } from 'ioredis';
import { createAdapter } from '@socket.io/redis-streams-adapter';
import { closeRedis } from './redis-close';

/** How long a dropped connection keeps its rooms and missed events. */
const RECOVERY_MS = 2 * 60_000;

export const recoveryOptions: Partial<ServerOptions> = {
  connectionStateRecovery: { maxDisconnectionDuration: RECOVERY_MS, skipMiddlewares: true },
};

/** What a recovered socket carried (socket.data as socket-auth.ts and the service chat set it). */
interface RestoredData {
  userId?: number;
  sessionId?: number;
  operatorId?: number;
}

interface RestorableAdapter {
  restoreSession(pid: string, offset: string): Promise<{ data?: RestoredData } | null | undefined>;
}

export interface SocketAdapterOptions {
  /** cluster name: two clusters on one Redis keep apart (undefined: one process, default keys) */
  prefix?: string;
  /** which of these auth sessions are still live */
  liveSessions(ids: number[]): Promise<Set<number>>;
}

/** Installs the streams adapter on `io`; returns its cleanup. */
export function attachStreamsAdapter(io: Server, redis: Redis, opts: SocketAdapterOptions): () => Promise<void> {
  // its own connection, patient during an outage (the app's client gives up after 3 retries)
  const conns: Connections = { clients: [], pending: new Set() };
  const client = handledCommands(redis.duplicate({ maxRetriesPerRequest: null }), conns);
  // ioredis retries on its own; without a listener each failed attempt is printed as unhandled
  client.on('error', () => undefined);
  const p = opts.prefix ? `${opts.prefix}:` : '';
  io.adapter(
    createAdapter(client, {
      streamName: `${p}socket.io`,
      channelPrefix: `${p}socket.io`,
      sessionKeyPrefix: `${p}sio:session:`,
    }),
  );
  guardRecovery(io.of('/').adapter as unknown as RestorableAdapter, opts.liveSessions);
  return async () => {
    // Each namespace's adapter says goodbye to the other nodes; once all are closed the library
    // stops its stream readers and subscriber (io.close() would do it, but the app closes its http
    // server itself). Then the last publishes get their bounded while.
    await Promise.allSettled([...io._nsps.values()].map(async (nsp) => nsp.adapter.close()));
    await closeRedis(client);
    // what still waits is dropped, and the library's own connections end with it. A command queued
    // while ioredis waits to reconnect is not settled by disconnect() (redis/ioredis#2169): its
    // caller (a cross-node fetch, a stream read) would wait for ever, so it is failed here.
    for (const c of conns.clients) c.disconnect();
    for (const command of conns.pending) command.reject(new Error('Redis connection closed'));
  };
}

type Command = Parameters<Redis['sendCommand']>[0];

/** The adapter's connections (its client and the library's duplicates) and their unsettled commands. */
interface Connections {
  clients: Redis[];
  pending: Set<Command>;
}

/**
 * Gives every command of `client`, and of each duplicate the library makes of it, a no-op rejection
 * handler, and records each connection and unsettled command in `conns`. The adapter (0.3.1) leaves
 * some command promises unawaited (its SUBSCRIBE, the PUBLISH of a cross-node fetch or emit): a
 * disconnect while Redis is away rejects them, and an unhandled rejection ends a Node process.
 * Whoever awaits a command still gets its error.
 */
function handledCommands(client: Redis, conns: Connections): Redis {
  conns.clients.push(client);
  const send = client.sendCommand.bind(client);
  client.sendCommand = ((command: Command, stream?: Parameters<Redis['sendCommand']>[1]) => {
    conns.pending.add(command);
    const settled = () => void conns.pending.delete(command);
    command.promise.then(settled, settled);
    return send(command, stream);
  }) as Redis['sendCommand'];
  const duplicate = client.duplicate.bind(client);
  client.duplicate = ((...args: Parameters<Redis['duplicate']>) => {
    const copy = duplicate(...args);
    copy.on('error', () => undefined);
    return handledCommands(copy, conns);
  }) as Redis['duplicate'];
  return client;
}

/** Wraps the adapter's restoreSession so a dead login comes back as a fresh connection. */
function guardRecovery(adapter: RestorableAdapter, liveSessions: (ids: number[]) => Promise<Set<number>>): void {
  const restore = adapter.restoreSession.bind(adapter);
  adapter.restoreSession = async (pid, offset) => {
    const session = await restore(pid, offset);
    const data = session?.data;
    if (!session || !data) return session;
    if (data.operatorId !== undefined) return null;
    if (data.sessionId === undefined) return session;
    return (await liveSessions([data.sessionId])).has(data.sessionId) ? session : null;
  };
}
