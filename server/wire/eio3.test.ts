/**
 * An old client of the family (WIRE.md "Socket"): their apps bundle socket.io-client 2.x
 * (Engine.IO 3). The server's `allowEIO3` lets such a client connect; this test connects with the
 * real 2.5.0 client — long-polling first, then the websocket upgrade, as it does by default — and
 * checks the family's events reach it: daymarket; market_depth and kline with no `watch` (the pair
 * rooms) and after one; and the private lever_trade only after a login with the token.
 */
import io from 'socket.io-client-v2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_TYPES } from '../../core';
import { createKit, type Kit } from '../testing/trade-kit';

type V2 = ReturnType<typeof io>;
type Msg = Record<string, unknown>;
const USDT = 4;
let k: Kit;
let url: string;
let alice: { id: number; token: string };
const clients: V2[] = [];

beforeAll(async () => {
  k = await createKit();
  alice = await k.user('old-client@example.com');
  await k.fund(alice.id, USDT, ACCOUNT_TYPES.lever, '10000');
  await k.tick('BTC/USDT', '50000');
  await k.app.listen({ port: 0, host: '127.0.0.1' });
  const addr = k.app.server.address();
  if (!addr || typeof addr === 'string') throw new Error('no port');
  url = `http://127.0.0.1:${addr.port}`;
});
afterAll(async () => {
  for (const c of clients) c.close();
  await k.t.close();
});

async function oldClient(): Promise<V2> {
  const c = io(url, { reconnection: false, forceNew: true });
  clients.push(c);
  await new Promise<void>((resolve, reject) => {
    c.once('connect', () => resolve());
    c.once('connect_error', (e: never) => reject(e));
  });
  return c;
}
/** emit with an ack, the 2.x way (a trailing callback) */
const ask = (c: V2, event: string, payload: unknown) =>
  new Promise<unknown>((resolve) => c.emit(event, payload, (ack: unknown) => resolve(ack)));
const next = (c: V2, event: string, pred: (p: Msg) => boolean = () => true, ms = 3000) =>
  new Promise<Msg>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${ms} ms`)), ms);
    const on = (p: never) => {
      if (!pred(p)) return;
      clearTimeout(timer);
      c.off(event, on);
      resolve(p);
    };
    c.on(event, on);
  });

describe('a socket.io 2.x client (Engine.IO 3)', () => {
  it('connects and gets daymarket, then market_depth and kline for the pair it watches', async () => {
    const c = await oldClient();
    expect(await ask(c, 'login', String(alice.id))).toEqual({ ok: true });
    const day = next(c, 'daymarket', (p) => p.symbol === 'BTC/USDT' && p.now_price === '50100');
    await k.tick('BTC/USDT', '50100');
    expect(await day).toMatchObject({
      type: 'daymarket',
      currency_id: 1,
      legal_id: USDT,
      currency_name: 'BTC',
      legal_name: 'USDT',
    });

    // (until it watches, the socket is in the pair rooms too: its events name their pair)
    const depth = next(c, 'market_depth', (p) => p.symbol === 'BTC/USDT');
    const kline = next(c, 'kline', (p) => p.symbol === 'BTC/USDT');
    expect(await ask(c, 'watch', { symbol: 'BTC/USDT', period: '1min' })).toEqual({ ok: true });
    expect(await depth).toMatchObject({
      type: 'market_depth',
      currency_id: 1,
      legal_id: USDT,
      bids: expect.any(Array),
      asks: expect.any(Array),
    });
    expect(await kline).toMatchObject({ type: 'kline', symbol: 'BTC/USDT', period: '1min' });
    const live = next(c, 'kline', (p) => p.close === '50200');
    await k.tick('BTC/USDT', '50200');
    expect(await live).toMatchObject({ symbol: 'BTC/USDT', period: '1min' });
  });

  it('the token (not a bare user id) gets lever_trade in the family’s position names', async () => {
    const c = await oldClient();
    expect(await ask(c, 'login', alice.token)).toEqual({ ok: true });
    const trade = next(c, 'lever_trade');
    const res = await k.app.inject({
      method: 'POST',
      url: '/api/lever/submit',
      headers: { authorization: alice.token, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'share=1&multiple=10&legal_id=4&currency_id=1&type=2&status=1&target_price=999&password=',
    });
    expect(res.json()).toMatchObject({ type: 'ok' });
    const t = await trade;
    expect(JSON.parse(t['trades_BTC/USDT'] as string)[0]).toMatchObject({
      type: 2,
      status: 1,
      share: '1',
      price: '50200',
    });
  });

  it('logs in the family way and never watches: market_depth (5 levels a side, [price, qty]) and the 1min kline of BTC/USDT within 2 s', async () => {
    const level = (p: number, q: number): [string, string] => [String(p), String(q)];
    k.feed.setBook('BTC/USDT', {
      bids: [1, 2, 3, 4, 5, 6, 7].map((i) => level(50_200 - 10 * i, i)),
      asks: [1, 2, 3, 4, 5, 6, 7].map((i) => level(50_200 + 10 * i, i)),
    });
    const c = await oldClient();
    const depth = next(c, 'market_depth', (p) => p.symbol === 'BTC/USDT', 2000);
    const kline = next(c, 'kline', (p) => p.symbol === 'BTC/USDT', 2000);
    c.emit('login', String(alice.id)); // as the clients do: no ack awaited, nothing else emitted
    const d = await depth;
    expect(d).toMatchObject({
      type: 'market_depth',
      currency_id: 1,
      legal_id: USDT,
      currency_name: 'BTC',
      legal_name: 'USDT',
    });
    expect(d.bids).toEqual([1, 2, 3, 4, 5].map((i) => level(50_200 - 10 * i, i)));
    expect(d.asks).toEqual([1, 2, 3, 4, 5].map((i) => level(50_200 + 10 * i, i)));
    expect(await kline).toMatchObject({
      type: 'kline',
      symbol: 'BTC/USDT',
      period: '1min',
      currency_name: 'BTC',
      legal_name: 'USDT',
      close: expect.any(String),
      time: expect.any(Number),
    });
  });
});
