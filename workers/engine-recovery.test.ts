import { describe, expect, it } from 'vitest';
import type { Snapshot } from './api-types';
import { MarketEngine } from './engine';
import { FakeClock } from './clock.fixture';
import { FakeSocket } from './socket.fixture';

/** A server going away and coming back: a deploy (graceful stop), a crash, a network drop. */
function setup() {
  const clock = new FakeClock();
  const socket = new FakeSocket();
  const engine = new MarketEngine({ openSocket: () => socket, clock, fetchHistory: () => new Promise(() => {}) });
  return { clock, socket, engine };
}

const tuple = (symbol: string, seq: number, last: string) => [
  symbol,
  seq,
  1_700_000_000_000 + seq,
  last,
  '100',
  '200',
  '50',
  '10',
];
const flushMicro = () => new Promise((r) => setTimeout(r, 0));

async function watching() {
  const t = setup();
  await t.engine.start({ origin: 'o', apiBase: '/api' });
  const snaps: Snapshot[] = [];
  t.engine.watch({ symbols: ['BTC/USDT'] }, (s) => void snaps.push(s));
  t.socket.serverConnect();
  const last = () => {
    for (let i = snaps.length - 1; i >= 0; i--) {
      const row = snaps[i].tickers?.find((r) => r.symbol === 'BTC/USDT');
      if (row) return row.last;
    }
    return undefined;
  };
  const settle = async () => {
    t.clock.advance(200);
    await flushMicro();
    t.clock.advance(200);
  };
  return { ...t, snaps, last, settle };
}

describe('MarketEngine after the server goes away', () => {
  it('dials again after a server-initiated disconnect (a deploy), with backoff, until the server answers; then resubscribes', async () => {
    const { socket, clock } = await watching();
    socket.down = true;
    socket.emitted = [];
    socket.serverDisconnect();
    expect(socket.dials).toBe(0);
    clock.advance(1600); // first attempt within 1 s ± 50 %
    expect(socket.dials).toBe(1);
    clock.advance(60_000); // keeps trying, never faster than 0.5 s, never slower than 7.5 s
    expect(socket.dials).toBeGreaterThan(8);
    expect(socket.dials).toBeLessThan(60_000 / 500);
    const before = socket.dials;
    socket.down = false;
    clock.advance(7600);
    expect(socket.dials).toBe(before + 1);
    expect(socket.connected).toBe(true);
    expect(socket.subs()).toEqual(['tickers:BTC/USDT']);
    clock.advance(60_000); // connected: no more dialling
    expect(socket.dials).toBe(before + 1);
  });

  it('leaves a lost connection to socket.io-client’s own reconnection, and a stopped engine does not dial', async () => {
    const { socket, clock, engine } = await watching();
    socket.serverDrop();
    clock.advance(30_000);
    expect(socket.dials).toBe(0);
    socket.serverConnect();
    socket.serverDisconnect();
    engine.stop();
    clock.advance(30_000);
    expect(socket.dials).toBe(0);
  });

  it('a new stream epoch whose seq starts again is shown, not discarded as old', async () => {
    const { socket, last, settle } = await watching();
    socket.fire('hello', { epoch: 1 });
    socket.fire('tickers', [tuple('BTC/USDT', 5000, '101')]);
    await settle();
    expect(last()).toBe('101');
    // The feed restarted behind the same connection: a new epoch, seq from the start.
    socket.fire('hello', { epoch: 2 });
    socket.fire('tickers', [tuple('BTC/USDT', 1, '102')]);
    await settle();
    expect(last()).toBe('102');
    // Within one epoch an older seq is still old.
    socket.fire('tickers', [tuple('BTC/USDT', 2, '103')]);
    socket.fire('tickers', [tuple('BTC/USDT', 1, '99')]);
    await settle();
    expect(last()).toBe('103');
  });

  it('after a restart (reconnect, new epoch) the fresh lower-seq prices are shown and nothing is stale', async () => {
    const { socket, last, settle, snaps, clock } = await watching();
    socket.fire('hello', { epoch: 1 });
    socket.fire('tickers', [tuple('BTC/USDT', 9000, '101')]);
    await settle();
    socket.serverDisconnect();
    await settle();
    expect(snaps.at(-1)?.status.connected).toBe(false);
    clock.advance(2000);
    socket.fire('hello', { epoch: 2 });
    socket.fire('tickers', [tuple('BTC/USDT', 3, '105')]);
    await settle();
    expect(last()).toBe('105');
    const status = snaps.at(-1)!.status;
    expect(status.connected).toBe(true);
    expect(status.stale).toEqual([]);
  });
});
