/**
 * The gaps between consecutive `tickers` deliveries at a socket client that runs in a process of its
 * own, as a phone watching the market is not the phone sending transfers: a client on the load
 * generator's event loop would count, in the server's gaps, the time that loop spent on its own 20
 * HTTP clients. bench/db-engine.ts measures the feed's smoothness with it, idle and under load.
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { io } from 'socket.io-client';

type ToChild = { kind: 'start' } | { kind: 'stop' };
type FromChild = { kind: 'ready' } | { kind: 'gaps'; gaps: number[] };

/** Records the gaps between `tickers` deliveries, in a child process, while `during` runs. */
export async function tickGapsApart(base: string, settleMs: number, during: () => Promise<void>): Promise<number[]> {
  const child = fork(fileURLToPath(import.meta.url), [], {
    env: { ...process.env, TICKER_GAPS_CHILD: base },
    execArgv: ['--import', 'tsx'],
  });
  // One exit watcher for the child's whole life: an exit before the answer asked for is a failure,
  // and the child never exits by itself (the parent kills it once it has the gaps), so an exit can
  // no longer overtake the gaps' message on the way.
  let exited: ((code: number | null) => void) | undefined;
  child.once('exit', (code) => exited?.(code));
  const next = (kind: FromChild['kind']) =>
    new Promise<FromChild>((resolve, reject) => {
      const onMsg = (m: FromChild) => {
        if (m.kind !== kind) return;
        child.off('message', onMsg);
        exited = undefined;
        resolve(m);
      };
      child.on('message', onMsg);
      exited = (code) => reject(new Error(`ticker client exited (${code}) before '${kind}'`));
    });
  try {
    await next('ready');
    // past the snapshot and the first deliveries
    await new Promise((r) => setTimeout(r, settleMs));
    child.send({ kind: 'start' } satisfies ToChild);
    await during();
    const answer = next('gaps');
    child.send({ kind: 'stop' } satisfies ToChild);
    const m = await answer;
    return m.kind === 'gaps' ? m.gaps : [];
  } finally {
    child.kill();
  }
}

/** The child: one socket on `tickers`, gaps kept between start and stop. */
async function childMain(base: string): Promise<void> {
  const sock = io(base, { path: '/socket.io', transports: ['websocket'] });
  await new Promise<void>((r) => sock.on('connect', () => r()));
  await new Promise((r) => sock.emit('subscribe', { channels: ['tickers'] }, r));
  let last = 0;
  let on = false;
  const gaps: number[] = [];
  sock.on('tickers', () => {
    const now = performance.now();
    if (on && last) gaps.push(now - last);
    last = now;
  });
  process.on('message', (m: ToChild) => {
    if (m.kind === 'start') on = true;
    else {
      on = false;
      sock.close();
      process.send?.({ kind: 'gaps', gaps } satisfies FromChild);
    }
  });
  process.send?.({ kind: 'ready' } satisfies FromChild);
}

if (process.env.TICKER_GAPS_CHILD) void childMain(process.env.TICKER_GAPS_CHILD);
