/**
 * User events across nodes on a real Redis: two socket.io nodes share the streams
 * adapter. A node whose Redis connection is cut for a moment — on the emitting side or the
 * receiving side — still delivers the event once Redis is back (pub/sub would have dropped it).
 * A phone whose connection blips gets its rooms and the missed event back; a phone whose login was
 * revoked meanwhile connects fresh and gets neither.
 */
import { createServer, type Server as HttpServer } from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { Server } from 'socket.io';
import { io as connect, type Socket as ClientSocket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { attachStreamsAdapter, recoveryOptions } from './socket-adapter';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/** A TCP hop between a node and Redis that the test can cut and restore (a Redis blip). */
class CuttableProxy {
  private server?: net.Server;
  private readonly open = new Set<net.Socket>();
  port = 0;
  constructor(private readonly target: { host: string; port: number }) {}
  async start(port = 0): Promise<void> {
    this.server = net.createServer((inbound) => {
      const outbound = net.connect(this.target.port, this.target.host);
      for (const s of [inbound, outbound]) {
        this.open.add(s);
        s.on('close', () => this.open.delete(s));
        s.on('error', () => s.destroy());
      }
      inbound.pipe(outbound).pipe(inbound);
    });
    await new Promise<void>((resolve) => this.server?.listen(port, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
  }
  /** drops every connection and refuses new ones */
  async cut(): Promise<void> {
    for (const s of this.open) s.destroy();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
  async restore(): Promise<void> {
    await this.start(this.port);
  }
}

interface Node {
  io: Server;
  http: HttpServer;
  redis: Redis;
  url: string;
  close(): Promise<void>;
}

const prefix = `sa-test-${randomBytes(4).toString('hex')}`;
let live = new Set<number>([7]);
const nodes: Node[] = [];
const clients: ClientSocket[] = [];
const proxies: CuttableProxy[] = [];

async function startNode(redisUrl: string): Promise<Node> {
  const http = createServer();
  const io = new Server(http, { ...recoveryOptions, transports: ['websocket'] });
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 3, retryStrategy: () => 100 });
  redis.on('error', () => undefined);
  const detach = attachStreamsAdapter(io, redis, {
    prefix,
    liveSessions: async (ids) => new Set(ids.filter((id) => live.has(id))),
  });
  // as socket-auth.ts does: an authenticated socket joins its user's room and remembers its session
  io.on('connection', (socket) => {
    socket.on('auth', (sessionId: number, ack: () => void) => {
      socket.data.userId = 1;
      socket.data.sessionId = sessionId;
      void socket.join('user:1');
      ack();
    });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const node: Node = {
    io,
    http,
    redis,
    url: `http://127.0.0.1:${(http.address() as AddressInfo).port}`,
    async close() {
      await new Promise<void>((resolve) => io.close(() => resolve()));
      await detach();
      redis.disconnect();
    },
  };
  nodes.push(node);
  // the stream readers start after the adapter's clients connect
  await new Promise((r) => setTimeout(r, 300));
  return node;
}

/** A client on `node`, logged in with `sessionId`, collecting its `user` events. */
async function phone(node: Node, sessionId = 7): Promise<{ socket: ClientSocket; got: unknown[] }> {
  const socket = connect(node.url, { transports: ['websocket'], reconnectionDelay: 100, reconnectionDelayMax: 200 });
  clients.push(socket);
  const got: unknown[] = [];
  socket.on('user', (e: unknown) => got.push(e));
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  await socket.timeout(2000).emitWithAck('auth', sessionId);
  return { socket, got };
}

async function eventually(check: () => boolean, ms = 8000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function viaProxy(): Promise<{ url: string; proxy: CuttableProxy }> {
  const u = new URL(REDIS_URL);
  const proxy = new CuttableProxy({ host: u.hostname, port: Number(u.port || 6379) });
  await proxy.start();
  proxies.push(proxy);
  return { url: `redis://127.0.0.1:${proxy.port}`, proxy };
}

beforeAll(async () => {
  // fail fast with a clear reason when Redis is not there
  const r = new Redis(REDIS_URL, { maxRetriesPerRequest: 1, lazyConnect: true });
  await r.connect();
  await r.quit();
});

afterEach(async () => {
  for (const c of clients.splice(0)) c.disconnect();
  for (const n of nodes.splice(0)) await n.close();
  for (const p of proxies.splice(0)) await p.cut();
  live = new Set([7]);
});

afterAll(async () => {
  const r = new Redis(REDIS_URL);
  const keys = await r.keys(`${prefix}*`);
  if (keys.length) await r.del(...keys);
  await r.quit();
});

describe('user events across nodes on Redis streams', () => {
  it('an event emitted on node A reaches the phone on node B', async () => {
    const a = await startNode(REDIS_URL);
    const b = await startNode(REDIS_URL);
    const { got } = await phone(b);
    a.io.to('user:1').emit('user', { kind: 'order', id: 1 });
    await eventually(() => got.length === 1);
    expect(got).toEqual([{ kind: 'order', id: 1 }]);
  });

  it("the receiving node's Redis blips: the event emitted meanwhile still arrives, once", async () => {
    const a = await startNode(REDIS_URL);
    const hop = await viaProxy();
    const b = await startNode(hop.url);
    const { got } = await phone(b);
    // B has read the stream once (a running node always has: heartbeats pass through it every 5 s);
    // a reader that has read nothing yet resumes at "the newest entry", the library's start
    a.io.to('user:1').emit('user', { kind: 'hello' });
    await eventually(() => got.length === 1);
    await hop.proxy.cut();
    a.io.to('user:1').emit('user', { kind: 'deposit', amount: '100.5' });
    await new Promise((r) => setTimeout(r, 800));
    expect(got).toHaveLength(1);
    await hop.proxy.restore();
    await eventually(() => got.length === 2);
    await new Promise((r) => setTimeout(r, 500));
    expect(got).toEqual([{ kind: 'hello' }, { kind: 'deposit', amount: '100.5' }]);
  });

  it("the emitting node's Redis blips: the event waits for Redis and is then delivered", async () => {
    const hop = await viaProxy();
    const a = await startNode(hop.url);
    const b = await startNode(REDIS_URL);
    const { got } = await phone(b);
    await hop.proxy.cut();
    a.io.to('user:1').emit('user', { kind: 'withdraw', id: 9 });
    await new Promise((r) => setTimeout(r, 800));
    await hop.proxy.restore();
    await eventually(() => got.length === 1);
    expect(got).toEqual([{ kind: 'withdraw', id: 9 }]);
  });

  it('a node closed while Redis is away (a deploy during an outage) leaves no rejection behind to kill the process', async () => {
    const unhandled: unknown[] = [];
    const note = (e: unknown) => unhandled.push(e);
    process.on('unhandledRejection', note);
    try {
      const hop = await viaProxy();
      await hop.proxy.cut();
      const a = await startNode(hop.url);
      // the adapter's subscription and a cross-node fetch wait in the client's queue for Redis
      const fetched = a.io.in('user:1').fetchSockets();
      await a.close();
      nodes.splice(nodes.indexOf(a), 1);
      await fetched.catch(() => undefined);
      await new Promise((r) => setTimeout(r, 300));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', note);
    }
  });
});

/** Two nodes, a logged-in phone on B that has seen one event (a client resumes from the last offset it saw), then its connection dropped. */
async function phoneThatDropped(): Promise<{ a: Node; b: Node; socket: ClientSocket; got: unknown[] }> {
  const a = await startNode(REDIS_URL);
  const b = await startNode(REDIS_URL);
  const { socket, got } = await phone(b);
  a.io.to('user:1').emit('user', { n: 1 });
  await eventually(() => got.length === 1);
  socket.io.engine.close();
  await eventually(() => !socket.connected);
  return { a, b, socket, got };
}

describe('connection-state recovery', () => {
  it('a phone whose connection blips gets its room and the event it missed, without logging in again', async () => {
    const { a, socket, got } = await phoneThatDropped();
    a.io.to('user:1').emit('user', { n: 2 });
    await eventually(() => socket.connected && got.length === 2);
    expect(socket.recovered).toBe(true);
    expect(got).toEqual([{ n: 1 }, { n: 2 }]);
    // still in its room on the new connection
    a.io.to('user:1').emit('user', { n: 3 });
    await eventually(() => got.length === 3);
  });

  it('a phone whose login was revoked while it was away comes back with no private room and no missed event', async () => {
    const { a, b, socket, got } = await phoneThatDropped();
    live.delete(7);
    a.io.to('user:1').emit('user', { secret: true });
    await eventually(() => socket.connected);
    expect(socket.recovered).toBe(false);
    a.io.to('user:1').emit('user', { secret: 'again' });
    await new Promise((r) => setTimeout(r, 600));
    expect(got).toEqual([{ n: 1 }]);
    const sockets = await b.io.in('user:1').fetchSockets();
    expect(sockets).toHaveLength(0);
  });
});
