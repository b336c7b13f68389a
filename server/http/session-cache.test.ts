/**
 * The session cache keeps revocation instant: a token refused the moment its session ends, though
 * authenticate answers from memory — on the node that ended it, and on another api node (two nodes
 * on the streams adapter over a real Redis, sharing one database).
 */
import { createServer, type Server as HttpServer } from 'node:http';
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { Server } from 'socket.io';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, envelope, get, post, registerAndLogin, type TestApp } from '../testing/app';
import { createTestDb } from '../testing/db';
import type { DbHandle } from '../db/connect';
import { attachStreamsAdapter } from '../scale/socket-adapter';
import { createSessionSockets, type SessionSockets } from './session-sockets';
import { DEFAULT_SESSION_LIFETIMES } from '../config';
import { SessionCache } from '../auth/session-cache';
import { createSession, hashToken } from '../auth/sessions';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const life = DEFAULT_SESSION_LIFETIMES.user;

describe('a cached session is refused as soon as it ends', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  const info = async (token: string) => envelope(await get(t.app, '/api/user/info', { authorization: token }));

  it('logout: the next request with the token is refused', async () => {
    const token = await registerAndLogin(t.app, 'cache-logout@example.com');
    expect((await info(token)).type).toBe('ok');
    expect((await info(token)).type).toBe('ok'); // answered from the cache
    expect(envelope(await get(t.app, '/api/user/logout', { authorization: token })).type).toBe('ok');
    expect((await info(token)).type).toBe('999');
  });

  it('a device ended from another device, and a password change, sign the other device out at once', async () => {
    const email = 'cache-devices@example.com';
    const phone = await registerAndLogin(t.app, email);
    const laptop = envelope(await post(t.app, '/api/user/login', { user_string: email, password: 'secret123' }))
      .message as string;
    expect((await info(laptop)).type).toBe('ok');
    const sessions = envelope(await get(t.app, '/api/user/sessions', { authorization: phone })).message as {
      id: number;
      current: boolean;
    }[];
    const other = sessions.find((s) => !s.current);
    expect(other).toBeDefined();
    const end = await post(t.app, '/api/user/sessions/end', { id: other?.id ?? 0 }, { authorization: phone });
    expect(envelope(end).type).toBe('ok');
    expect((await info(laptop)).type).toBe('999');
    expect((await info(phone)).type).toBe('ok');

    // a new laptop login, cached; the payment password set on the phone signs it out
    const tablet = envelope(await post(t.app, '/api/user/login', { user_string: email, password: 'secret123' }))
      .message as string;
    expect((await info(tablet)).type).toBe('ok');
    const set = await post(
      t.app,
      '/api/safe/update_password',
      { password: 'paypass123', re_password: 'paypass123', oldPasswd: 'secret123' },
      { authorization: phone },
    );
    expect(envelope(set).type).toBe('ok');
    expect((await info(tablet)).type).toBe('999');
    expect((await info(phone)).type).toBe('ok');
  });
});

interface Node {
  io: Server;
  http: HttpServer;
  cache: SessionCache;
  sockets: SessionSockets;
  close(): Promise<void>;
}

describe('across api nodes', () => {
  const prefix = `sc-test-${randomBytes(4).toString('hex')}`;
  const nodes: Node[] = [];
  let h: DbHandle;

  async function startNode(): Promise<Node> {
    const http = createServer();
    const io = new Server(http, { transports: ['websocket'] });
    const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 3 });
    const detach = attachStreamsAdapter(io, redis, { prefix, liveSessions: async (ids) => new Set(ids) });
    const cache = new SessionCache();
    const sockets = createSessionSockets({
      io,
      db: h.db,
      life,
      log: { warn: () => undefined },
      cache,
      clustered: true,
    });
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    return {
      io,
      http,
      cache,
      sockets,
      async close() {
        sockets.close();
        await new Promise((r) => io.close(r));
        await detach();
        redis.disconnect();
      },
    };
  }

  beforeAll(async () => {
    h = await createTestDb();
    nodes.push(await startNode(), await startNode());
  });
  afterAll(async () => {
    for (const n of nodes) await n.close();
    await h?.close();
  });

  /** Waits until `cond` holds (polling; 10 s at most): the other node hears it through Redis. */
  async function until(cond: () => boolean, ms = 10_000): Promise<boolean> {
    for (const end = Date.now() + ms; !cond() && Date.now() < end;) await new Promise((r) => setTimeout(r, 20));
    return cond();
  }

  async function user(email: string): Promise<number> {
    const u = await h.db
      .insertInto('users')
      .values({ email, password_hash: 'x', invite_code: `SC${randomBytes(4).toString('hex')}` } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    return u.id;
  }

  it('a session ended on one node leaves the other node’s cache; a user’s sessions too, but the kept one', async () => {
    const [a, b] = nodes;
    const uid = await user('cache-nodes@example.com');
    const t1 = await createSession(h.db, uid);
    const t2 = await createSession(h.db, uid);
    const on = (n: Node, token: string) => n.cache.lookup(h.db, hashToken(token), life);
    expect((await on(b, t1)).ok).toBe(true);
    const s2 = await on(b, t2);
    expect(s2.ok).toBe(true);
    expect(b.cache.size).toBe(2);

    // The sessions table is left as it is, so only the message can empty node b's cache.
    const s1 = await on(a, t1);
    if (!s1.ok || !s2.ok) throw new Error('live sessions expected');
    a.sockets.endSession(uid, s1.sessionId);
    expect(a.cache.size).toBe(0); // at once where it was ended
    expect(await until(() => b.cache.size === 1)).toBe(true);

    expect((await on(b, t1)).ok).toBe(true); // read again from the table (still live there)
    a.sockets.endUserSessions(uid, s2.sessionId);
    expect(await until(() => b.cache.size === 1 && !!b.cache.has(hashToken(t2)))).toBe(true);
    a.sockets.endUserSessions(uid);
    expect(await until(() => b.cache.size === 0)).toBe(true);
  });
});
