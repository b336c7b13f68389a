/**
 * Candles in memory (core's aggregator, all nine periods) and on disk (batched upserts).
 *
 * Per tick the store only marks the symbol dirty; a timer (default 1 s) upserts every bar that
 * changed since the last flush — the open bar, plus any bar that closed in between — and the
 * symbol's market_state row. Synthetic bench symbols are never persisted.
 */
import { PERIODS, type Candle, type KlineAggregator, type Period, type Tick } from '../../../core';
import type { CandleRow, MarketRepo, StateRow } from './repo';
import { FlushTimer } from './flush-timer';

export interface CandleStoreOptions {
  aggregator: KlineAggregator;
  repo: MarketRepo;
  /** symbols whose candles are written to the database */
  persisted: (symbol: string) => boolean;
  persistMs?: number;
  log: { warn(obj: object, msg?: string): void; error(obj: object, msg?: string): void };
}

export class CandleStore {
  private readonly dirty = new Set<string>();
  private readonly latest = new Map<string, Tick>();
  /** per symbol, per period: time of the bar written last (bars from there on are re-written) */
  private readonly flushedTime = new Map<string, Partial<Record<Period, number>>>();
  private readonly beat: FlushTimer;

  constructor(private readonly opts: CandleStoreOptions) {
    this.beat = new FlushTimer(() => this.flushNow(), opts.persistMs ?? 1000);
  }

  get aggregator(): KlineAggregator {
    return this.opts.aggregator;
  }

  /** Applies one tick; true if it changed any series. */
  apply(tick: Tick): boolean {
    const r = this.opts.aggregator.apply(tick);
    if (r.gap) this.opts.log.warn({ gap: r.gap }, 'market: feed skipped seqs');
    if (r.outcome !== 'applied') return false;
    if (this.opts.persisted(tick.symbol)) {
      this.dirty.add(tick.symbol);
      this.latest.set(tick.symbol, tick);
    }
    return true;
  }

  /** Seeds history already in the database; later flushes rewrite from the newest loaded bar on. */
  load(symbol: string, period: Period, candles: Candle[]): void {
    if (candles.length === 0) return;
    this.opts.aggregator.load(symbol, period, candles);
    this.markFlushed(symbol, period, candles[candles.length - 1].time);
  }

  start(): void {
    this.beat.start();
  }

  stop(): Promise<void> {
    return this.beat.stop();
  }

  /** Writes every changed bar and state row; concurrent calls run one after the other. */
  flush(): Promise<void> {
    return this.beat.flush();
  }

  private async flushNow(): Promise<void> {
    if (this.dirty.size === 0) return;
    // Take the dirty set first: ticks arriving while we await mark the next flush.
    const symbols = [...this.dirty];
    this.dirty.clear();
    const rows: CandleRow[] = [];
    const states: StateRow[] = [];
    for (const symbol of symbols) {
      for (const period of PERIODS) rows.push(...this.changedBars(symbol, period));
      const t = this.latest.get(symbol);
      if (t) states.push({ symbol, last_seq: t.seq, last_price: t.price, last_ts: t.ts });
    }
    try {
      await this.opts.repo.upsertCandles(rows);
      await this.opts.repo.upsertState(states);
    } catch (err) {
      // Keep the data: mark the symbols dirty again so the next flush retries them.
      for (const s of symbols) this.dirty.add(s);
      this.opts.log.error({ err }, 'market: candle flush failed');
    }
  }

  private changedBars(symbol: string, period: Period): CandleRow[] {
    const agg = this.opts.aggregator;
    const last = agg.last(symbol, period);
    if (!last) return [];
    const since = this.flushedTime.get(symbol)?.[period];
    // Never written (no history loaded for it): write the whole series once; else from the last
    // written bar on, which catches a bar that closed since the previous flush.
    const bars =
      since === last.time ? [last] : agg.series(symbol, period).filter((c) => since === undefined || c.time >= since);
    this.markFlushed(symbol, period, last.time);
    return bars.map((c) => ({ ...c, symbol, period }));
  }

  private markFlushed(symbol: string, period: Period, time: number): void {
    let m = this.flushedTime.get(symbol);
    if (!m) this.flushedTime.set(symbol, (m = {}));
    m[period] = time;
  }
}
