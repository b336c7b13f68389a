/**
 * A loopback stand-in for Binance (tests only): one HTTP server answering the REST calls from an
 * NDJSON file of canned answers, and a WebSocket server on /stream replaying an NDJSON session of
 * combined-stream frames (server/market/feed/binance/fixtures/README.md has the format).
 *
 * Session directives (lines with a `replay` key) script the connection:
 *   {"replay":"connection"}                 what follows is sent on the next connection
 *   {"replay":"drop"}                       cut the connection (no close frame)
 *   {"replay":"hold"}                       wait for release() (or for the connection to close)
 *   {"replay":"ping","payload":"…"}         send a ping; pongs are collected in `pongs`
 *   {"replay":"waitFor","path":"…","count":n} wait until n REST requests to path were answered
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';

interface RestAnswer {
  path: string;
  symbol: string;
  body: unknown;
}

export interface Replay {
  wsUrl: string;
  restUrl: string;
  /** every REST request, as path?query */
  requests: string[];
  /** the stream lists of each connection, in order */
  connections: string[][];
  /** connections the client closed (index into connections) */
  clientClosed: number[];
  pongs: string[];
  /** lets every connection waiting at a hold go on */
  release(): void;
  close(): Promise<void>;
}

const readNdjson = (file: string): Record<string, unknown>[] =>
  fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as Record<string, unknown>);

export async function startReplay(sessionFile: string, restFile: string): Promise<Replay> {
  const sections: Record<string, unknown>[][] = [[]];
  for (const line of readNdjson(sessionFile)) {
    if (line.replay === 'connection') sections.push([]);
    else sections[sections.length - 1].push(line);
  }
  const answers = readNdjson(restFile) as unknown as RestAnswer[];
  const served = new Map<string, number>();
  const pathServed = new Map<string, number>();
  const waiters = new Set<() => void>();
  const notify = () => {
    for (const w of [...waiters]) w();
  };
  const requests: string[] = [];

  const server = http.createServer((req, res) => {
    const u = new URL(req.url ?? '/', 'http://x');
    requests.push(u.pathname + u.search);
    const symbol = u.searchParams.get('symbol') ?? '';
    const list = answers.filter((a) => a.path === u.pathname && a.symbol === symbol);
    if (list.length === 0) {
      res
        .writeHead(400, { 'content-type': 'application/json' })
        .end(JSON.stringify({ code: -1121, msg: 'Invalid symbol.' }));
      return;
    }
    const key = `${u.pathname} ${symbol}`;
    const n = served.get(key) ?? 0;
    served.set(key, n + 1);
    let body = list[Math.min(n, list.length - 1)].body;
    if (u.pathname === '/api/v3/klines') {
      const start = Number(u.searchParams.get('startTime') ?? 0);
      const end = Number(u.searchParams.get('endTime') ?? Number.MAX_SAFE_INTEGER);
      const limit = Number(u.searchParams.get('limit') ?? 500);
      body = (body as [number][]).filter((row) => row[0] >= start && row[0] <= end).slice(0, limit);
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body), () => {
      pathServed.set(u.pathname, (pathServed.get(u.pathname) ?? 0) + 1);
      notify();
    });
  });
  const wss = new WebSocketServer({ noServer: true });
  const connections: string[][] = [];
  const clientClosed: number[] = [];
  const pongs: string[] = [];
  const sockets = new Set<WebSocket>();
  /** sockets this side cut (a drop, close()): their close is not the client's */
  const cut = new Set<WebSocket>();
  let holdGen = 0;

  const until = (ok: () => boolean, ws: WebSocket) =>
    new Promise<void>((resolve) => {
      const check = () => {
        if (ok() || ws.readyState !== ws.OPEN) {
          waiters.delete(check);
          resolve();
        }
      };
      waiters.add(check);
      ws.once('close', check);
      check();
    });

  async function play(ws: WebSocket, lines: Record<string, unknown>[]): Promise<void> {
    for (const line of lines) {
      if (ws.readyState !== ws.OPEN) return;
      switch (line.replay) {
        case undefined:
          ws.send(JSON.stringify(line));
          break;
        case 'drop':
          cut.add(ws);
          ws.terminate();
          return;
        case 'hold': {
          const gen = holdGen;
          await until(() => holdGen !== gen, ws);
          break;
        }
        case 'ping':
          ws.ping(String(line.payload));
          break;
        case 'waitFor':
          await until(() => (pathServed.get(String(line.path)) ?? 0) >= Number(line.count), ws);
          break;
        default:
          throw new Error(`unknown replay directive ${String(line.replay)}`);
      }
    }
  }

  server.on('upgrade', (req, socket, head) => {
    const u = new URL(req.url ?? '/', 'http://x');
    if (u.pathname !== '/stream') return socket.destroy();
    wss.handleUpgrade(req, socket, head, (ws) => {
      const index = connections.length;
      connections.push((u.searchParams.get('streams') ?? '').split('/'));
      sockets.add(ws);
      ws.on('pong', (data) => pongs.push(data.toString('utf8')));
      ws.on('close', () => {
        sockets.delete(ws);
        if (!cut.has(ws)) clientClosed.push(index);
      });
      void play(ws, sections[index] ?? []);
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    wsUrl: `ws://127.0.0.1:${port}`,
    restUrl: `http://127.0.0.1:${port}`,
    requests,
    connections,
    clientClosed,
    pongs,
    release() {
      holdGen++;
      notify();
    },
    async close() {
      for (const ws of sockets) {
        cut.add(ws);
        ws.terminate();
      }
      wss.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
