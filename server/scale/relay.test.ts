/**
 * The feed relay carries staleness, on a real Redis: a symbol the source cannot vouch
 * for (a quiet Binance stream) is stale on every relaying process too, so the engine there refuses
 * to trade on its last price; a relay that joins late learns it from the heartbeat; and a relay
 * that hears nothing from the feed process for SILENT_MS counts every symbol stale until it does.
 */
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Tick } from '../../core';
import type { MarketService } from '../market';
import { TickListeners } from '../market/feed/listeners';
import type { MarketFeed, TicksListener, VenueBook } from '../market/feed/types';
import { eventually } from '../testing/jobs-kit';
import { publishFeed, RelayFeed, SILENT_MS } from './relay';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/** The source's side of the contract, driven by the test: ticks, and a venue going quiet per symbol. */
class SourceFeed implements MarketFeed {
  private readonly ticks = new TickListeners();
  private readonly status = new Set<(symbol: string, stale: boolean) => void>();
  private readonly stale = new Set<string>();
  private seq = 0;
  start(): void {}
  stop(): void {}
  onTicks(l: TicksListener): () => void {
    return this.ticks.add(l);
  }
  onStatus(l: (symbol: string, stale: boolean) => void): () => void {
    this.status.add(l);
    return () => void this.status.delete(l);
  }
  lastPrice(): string | undefined {
    return undefined;
  }
  book(): VenueBook | undefined {
    return undefined;
  }
  isStale(symbol: string): boolean {
    return this.stale.has(symbol);
  }
  tick(symbol: string, price: string): void {
    const t: Tick = { symbol, price, qty: '1', seq: ++this.seq, ts: Date.now() };
    this.ticks.emit([t]);
  }
  setStale(symbol: string, stale: boolean): void {
    if (stale) this.stale.add(symbol);
    else this.stale.delete(symbol);
    for (const l of this.status) l(symbol, stale);
  }
}

let redis: Redis;
const channel = `relay-test-${randomBytes(4).toString('hex')}:feed`;
const log = { error: (obj: object, msg?: string) => console.error(msg, obj) };
const PAIRS = ['BTC/USDT', 'ETH/USDT', 'SOL/USDT'].map((symbol) => ({ symbol }));
const marketOf = (feed: MarketFeed) =>
  ({ feed, keepTicks: () => undefined, pairs: () => PAIRS }) as unknown as MarketService;

beforeAll(async () => {
  redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
});
afterAll(() => redis.disconnect());

it('a quiet venue symbol is stale on the relaying process too, a late relay learns it, and a silent feed process makes every symbol stale', async () => {
  const source = new SourceFeed();
  let unpublish = publishFeed(marketOf(source), redis, channel, log);
  const clock = { now: Date.now() };
  const relay = new RelayFeed(
    redis,
    channel,
    (err) => console.error(err),
    () => clock.now,
  );
  relay.start();
  try {
    // ticks arrive (the subscription takes a moment: keep ticking until one lands)
    await eventually(async () => {
      source.tick('BTC/USDT', '50000');
      return relay.lastPrice('BTC/USDT') === '50000';
    });
    expect(relay.isStale('BTC/USDT')).toBe(false);

    // the venue goes quiet for BTC: stale here too, ETH is not; then live again
    source.setStale('BTC/USDT', true);
    await eventually(async () => relay.isStale('BTC/USDT'));
    expect(relay.isStale('ETH/USDT')).toBe(false);
    source.setStale('BTC/USDT', false);
    await eventually(async () => !relay.isStale('BTC/USDT'));

    // a relay that starts while ETH is stale learns it from the heartbeat, with no status change
    source.setStale('ETH/USDT', true);
    const late = new RelayFeed(redis, channel, (err) => console.error(err));
    late.start();
    try {
      await eventually(async () => late.isStale('ETH/USDT'));
      expect(late.isStale('BTC/USDT')).toBe(false);
    } finally {
      late.stop();
    }

    // the feed process stops: once the relay has heard nothing for SILENT_MS, nothing is vouched for
    unpublish();
    clock.now += SILENT_MS + 1;
    expect(relay.isStale('BTC/USDT')).toBe(true);
    expect(relay.isStale('SOL/USDT')).toBe(true);
    // it is back (a new publisher, which asks the source what is stale now): the next heartbeat clears it, ETH stays stale
    unpublish = publishFeed(marketOf(source), redis, channel, log);
    await eventually(async () => !relay.isStale('BTC/USDT'));
    expect(relay.isStale('ETH/USDT')).toBe(true);
  } finally {
    unpublish();
    relay.stop();
  }
}, 30_000);
