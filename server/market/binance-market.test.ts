import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DbHandle } from '../db/connect';
import { createTestDb } from '../testing/db';
import { startReplay } from '../testing/binance-replay';
import { BinanceFeed } from './feed/binance/feed';
import { CompositeFeed } from './feed/composite';
import { SimulatorFeed } from './feed/simulator';
import { currentPrice, type TradeContext } from '../areas/trade/domain';
import { createMarket } from './index';

const FIX = path.join(__dirname, 'feed/binance/fixtures');
const M0 = Date.UTC(2025, 0, 6, 12, 0, 0);
const MIN = 60_000;

let h: DbHandle;
beforeAll(async () => {
  h = await createTestDb();
});
afterAll(async () => {
  await h?.close();
});

async function until(ok: () => boolean, ms = 5000): Promise<void> {
  const t0 = Date.now();
  while (!ok()) {
    if (Date.now() - t0 > ms) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 5));
  }
}

it('MARKET_FEED=binance: venue pairs from the streams, stocks simulated; a dropped connection leaves no 1m candle missing', async () => {
  const replay = await startReplay(path.join(FIX, 'drop.ndjson'), path.join(FIX, 'rest.ndjson'));
  let now = M0 + 500;
  const m = await createMarket({
    db: h.db,
    now: () => now,
    config: {
      feed: 'binance',
      binance: {
        wsUrl: replay.wsUrl,
        restUrl: replay.restUrl,
        only: ['BTC/USDT'],
        backoffBaseMs: 20,
        random: () => 0.5,
        firstBackfillMinutes: 2,
        staleMs: 1000,
      },
      tickRate: 0,
      seed: 1,
      backfill: false,
      persistMs: 60_000,
    },
  });
  try {
    const feed = m.feed as CompositeFeed;
    const venue = feed.feedOf('BTC/USDT') as BinanceFeed;
    expect(venue).toBeInstanceOf(BinanceFeed);
    expect(feed.feedOf('ETH/USDT')).toBeInstanceOf(SimulatorFeed); // kept off the venue by `only`
    expect(feed.feedOf('AAPL/USDT')).toBeInstanceOf(SimulatorFeed); // no venue symbol
    const engine: string[] = [];
    m.onTick((ticks) => engine.push(...ticks.map((t) => t.price)));
    m.onTick((ticks) => {
      if (ticks.some((t) => t.price === '67010')) now = M0 + 3 * MIN + 5000;
    });
    await until(() => m.lastPrice('BTC/USDT')?.price === '67105');
    await venue.settled();
    await m.flush();

    const bars = await m.history('BTC/USDT', '1min', M0 - 10 * MIN, M0 + 10 * MIN);
    expect(bars.map((b) => b.time)).toEqual([-2, -1, 0, 1, 2, 3].map((k) => M0 + k * MIN));
    expect(bars[2]).toEqual({ time: M0, open: '67000.5', high: '67050', low: '66990', close: '67020', volume: '1.2' });
    expect(bars[5]).toEqual({
      time: M0 + 3 * MIN,
      open: '67100',
      high: '67105',
      low: '67100',
      close: '67105',
      volume: '0.07',
    });
    // engines (orders, options) hear only the venue's real trades, never the rebuilt history
    expect(engine).toEqual(['67000.5', '67010', '67100', '67105']);
    const ticker = m.tickers().find((t) => t.symbol === 'BTC/USDT');
    expect(ticker).toMatchObject({ last: '67105', open: '66950', high: '67120', low: '66940' });

    // the venue goes quiet: its last price no longer opens or closes anything
    const trading = { market: m } as unknown as TradeContext;
    expect(currentPrice(trading, 'BTC/USDT').price).toBe('67105');
    now += 5000;
    await until(() => m.priceStale('BTC/USDT'));
    expect(() => currentPrice(trading, 'BTC/USDT')).toThrow(expect.objectContaining({ key: 'trade_no_price' }));
    expect(m.books.book('BTC/USDT').venue('ask')).toEqual([]);
    expect(m.priceStale('AAPL/USDT')).toBe(false);
  } finally {
    await m.close();
    await replay.close();
  }
});
