/**
 * The fan-out bench's client process (bench/fanout.ts forks this file): FANOUT_CHILD clients subscribe
 * to `tickers` on FANOUT_ORIGINS (round-robin from FANOUT_OFFSET), connecting in waves of FANOUT_WAVE
 * (each wave is awaited before the next, as a crowd of phones arriving, not one burst), then measure
 * between the parent's `start` and `stop` times: the delivery delay of every tuple (receive time − the
 * tick's server time; one machine, one clock), which batches each client got, and this process's CPU.
 * A batch belongs to the window when its newest tick's time lies in it; after `stop` the clients
 * listen FANOUT_GRACE_MS more, so a batch still on its way is late, not lost.
 */
import { io as connect, type Socket } from 'socket.io-client';
import { WebSocket } from 'ws';

/** delay histogram: 1 ms buckets up to this, the rest in the last one */
export const MAX_MS = 10_000;
/** a delivery later than this makes its client a late one */
export const LATE_MS = 1_000;

export type ClientKind = 'socket.io' | 'ws';

export interface ChildReady {
  ready: number;
  failed: number;
  /** from the first connection opened to the last wave settled */
  connectMs: number;
}

export interface ChildReport {
  /** clients connected when measuring started */
  atStart: number;
  /** of those, still connected when it stopped */
  atEnd: number;
  /** batches delivered in the window */
  events: number;
  histogram: number[];
  /** the batches seen per origin (`symbol:seq` of their first tuple): what each of its clients should have had */
  keys: string[][];
  /** per client connected at start: [origin index, batches received, deliveries later than LATE_MS, still connected] */
  clients: [number, number, number, number][];
  /** this process's CPU while measuring, ms */
  cpuMs: number;
}

type TickerRow = [string, number, number];
type OnTickers = (batch: TickerRow[]) => void;

/** one subscribed client: connected once it has sent `subscribe` */
interface BenchClient {
  readonly connected: boolean;
  /** connected, or failed for good */
  readonly settled: boolean;
  close(): void;
}

/** socket.io-client, as our market worker connects */
function socketIoClient(origin: string, onTickers: OnTickers): BenchClient {
  const s: Socket = connect(origin, { transports: ['websocket'], reconnection: false, forceNew: true });
  let failed = false;
  s.on('tickers', onTickers);
  s.on('connect', () => s.emit('subscribe', { channels: ['tickers'] }));
  s.on('connect_error', () => (failed = true));
  return {
    get connected() {
      return s.connected;
    },
    get settled() {
      return s.connected || failed;
    },
    close: () => s.disconnect(),
  };
}

const EVENT = 0x34; // '4' of "42…": an Engine.IO message carrying a socket.io event

/**
 * A bare WebSocket speaking just enough of Engine.IO 4 / socket.io 5 (open, namespace connect,
 * ping → pong, events) to subscribe and read `tickers`; no UTF-8 check, no deflate offered. A
 * fraction of socket.io-client's CPU per message, so that at 10,000 clients on a 2-core machine the
 * delay measured is more the servers' sending than the clients' receiving. Not what a phone runs.
 */
function wsClient(origin: string, onTickers: OnTickers): BenchClient {
  const ws = new WebSocket(`${origin.replace(/^http/, 'ws')}/socket.io/?EIO=4&transport=websocket`, {
    perMessageDeflate: false,
    skipUTF8Validation: true,
  });
  let connected = false;
  let failed = false;
  ws.on('message', (data: Buffer) => {
    if (data[0] === EVENT && data[1] === 0x32) {
      // 42["tickers",[…],offset?] — the offset a recovering server appends is ignored
      const [event, payload] = JSON.parse(data.toString('latin1', 2)) as [string, unknown];
      if (event === 'tickers') onTickers(payload as TickerRow[]);
      return;
    }
    const text = data.toString();
    if (text === '2') ws.send('3');
    else if (text.startsWith('0')) ws.send('40');
    else if (text.startsWith('40')) {
      ws.send('42["subscribe",{"channels":["tickers"]}]');
      connected = true;
    } else if (text.startsWith('44')) failed = true;
  });
  const down = () => {
    connected = false;
    failed = true;
  };
  ws.on('close', down);
  ws.on('error', down);
  return {
    get connected() {
      return connected;
    },
    get settled() {
      return connected || failed;
    },
    close: () => ws.close(),
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** what one process measures: the window, the histogram, the batches per origin */
class Window {
  start = Infinity;
  stop = Infinity;
  events = 0;
  readonly histogram = new Array<number>(MAX_MS + 1).fill(0);
  readonly keys: Set<string>[];
  constructor(origins: number) {
    this.keys = Array.from({ length: origins }, () => new Set<string>());
  }

  /** counts a batch for a client of `origin`; returns its latest delivery's delay, or -1 outside the window */
  take(origin: number, batch: TickerRow[], now: number): number {
    let newest = 0;
    for (const t of batch) if (t[2] > newest) newest = t[2];
    if (newest < this.start || newest > this.stop || batch.length === 0) return -1;
    this.events++;
    let worst = 0;
    for (const t of batch) {
      const d = Math.min(MAX_MS, Math.max(0, now - t[2]));
      this.histogram[d]++;
      if (d > worst) worst = d;
    }
    this.keys[origin].add(`${batch[0][0]}:${batch[0][1]}`);
    return worst;
  }
}

interface Tracked {
  origin: number;
  client: BenchClient;
  received: number;
  late: number;
}

async function openInWaves(
  origins: string[],
  n: number,
  kind: ClientKind,
  w: Window,
): Promise<{ tracked: Tracked[]; ready: ChildReady }> {
  const open = kind === 'ws' ? wsClient : socketIoClient;
  const offset = Number(process.env.FANOUT_OFFSET ?? 0);
  const wave = Math.max(1, Number(process.env.FANOUT_WAVE ?? 250));
  const waveLimitMs = Number(process.env.FANOUT_WAVE_MS ?? 30_000);
  const tracked: Tracked[] = [];
  const t0 = Date.now();
  for (let i = 0; i < n; i += wave) {
    const batch: Tracked[] = [];
    for (let j = i; j < Math.min(n, i + wave); j++) {
      const origin = (offset + j) % origins.length;
      const t: Tracked = { origin, client: undefined as unknown as BenchClient, received: 0, late: 0 };
      t.client = open(origins[origin], (b) => {
        const worst = w.take(origin, b, Date.now());
        if (worst < 0) return;
        t.received++;
        if (worst > LATE_MS) t.late++;
      });
      batch.push(t);
    }
    tracked.push(...batch);
    const until = Date.now() + waveLimitMs;
    while (batch.some((t) => !t.client.settled) && Date.now() < until) await sleep(50);
  }
  const ready = tracked.filter((t) => t.client.connected).length;
  return { tracked, ready: { ready, failed: n - ready, connectMs: Date.now() - t0 } };
}

/** The client process: connects, reports ready, measures between `start` and `stop`, reports. */
export async function clientsChild(origins: string[], n: number, kind: ClientKind): Promise<void> {
  const w = new Window(origins.length);
  const { tracked, ready } = await openInWaves(origins, n, kind, w);
  process.send?.(ready);
  let atStart: Tracked[] = [];
  let cpu0 = process.cpuUsage();
  let cpuMs = 0;
  const grace = Number(process.env.FANOUT_GRACE_MS ?? 3000);
  // the window's ends are the parent's clock readings, the same for every process (one machine, one clock)
  process.on('message', (m: { start?: number; stop?: number }) => {
    if (m.start) {
      atStart = tracked.filter((t) => t.client.connected);
      cpu0 = process.cpuUsage();
      w.start = m.start;
    }
    if (m.stop) {
      w.stop = m.stop;
      const cpu = process.cpuUsage(cpu0);
      cpuMs = (cpu.user + cpu.system) / 1000;
      setTimeout(() => report(w, atStart, cpuMs, tracked), grace);
    }
  });
}

function report(w: Window, atStart: Tracked[], cpuMs: number, all: Tracked[]): void {
  const r: ChildReport = {
    atStart: atStart.length,
    atEnd: atStart.filter((t) => t.client.connected).length,
    events: w.events,
    histogram: w.histogram,
    keys: w.keys.map((s) => [...s]),
    clients: atStart.map((t) => [t.origin, t.received, t.late, t.client.connected ? 1 : 0]),
    cpuMs,
  };
  process.send?.(r);
  for (const t of all) t.client.close();
  setTimeout(() => process.exit(0), 500);
}

if (process.env.FANOUT_CHILD)
  clientsChild(
    (process.env.FANOUT_ORIGINS ?? '').split(','),
    Number(process.env.FANOUT_CHILD),
    process.env.FANOUT_KIND === 'ws' ? 'ws' : 'socket.io',
  ).catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
