/**
 * A feed for tests: the test decides every price. `push`/`pushMany` emit synchronously, so after the
 * call returns every listener (aggregator, tickers, fan-out buffers) has seen the ticks.
 */
import type { Tick } from '../../../core';
import { TickListeners } from './listeners';
import type { FeedResume, MarketFeed, TicksListener } from './types';

export interface ScriptedTick {
  symbol: string;
  price: string;
  qty?: string;
  ts?: number;
}

const DECIMAL = /^\d+(\.\d+)?$/;

export class ScriptedFeed implements MarketFeed {
  private readonly listeners = new TickListeners();
  private readonly seqs = new Map<string, number>();
  private readonly prices = new Map<string, string>();
  private readonly now: () => number;

  constructor(opts: { resume?: ReadonlyMap<string, FeedResume>; now?: () => number } = {}) {
    this.now = opts.now ?? Date.now;
    for (const [symbol, r] of opts.resume ?? []) {
      this.seqs.set(symbol, r.seq);
      this.prices.set(symbol, r.price);
    }
  }

  start(): void {}
  stop(): void {}

  onTicks(listener: TicksListener): () => void {
    return this.listeners.add(listener);
  }

  lastPrice(symbol: string): string | undefined {
    return this.prices.get(symbol);
  }

  lastSeq(symbol: string): number | undefined {
    return this.seqs.get(symbol);
  }

  push(symbol: string, price: string, qty = '1', ts?: number): Tick {
    return this.pushMany([{ symbol, price, qty, ts }])[0];
  }

  pushMany(items: readonly ScriptedTick[]): Tick[] {
    const ticks = items.map((it) => {
      if (!DECIMAL.test(it.price) || !DECIMAL.test(it.qty ?? '1')) throw new Error(`bad scripted tick ${it.price} × ${it.qty}`);
      const seq = (this.seqs.get(it.symbol) ?? 0) + 1;
      this.seqs.set(it.symbol, seq);
      this.prices.set(it.symbol, it.price);
      return { symbol: it.symbol, price: it.price, qty: it.qty ?? '1', seq, ts: it.ts ?? this.now() };
    });
    if (ticks.length) this.listeners.emit(ticks);
    return ticks;
  }
}
